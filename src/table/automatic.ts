import { type GameState, type Seat, type SeatAction, type SeatActionKind, type Vault, legalOptions } from '../../engine/index.js';

/** Actions that leave a person no choice (committing a shuffled pile or deck, revealing a sealed choice). */
const AUTOMATIC: ReadonlySet<SeatActionKind> = new Set<SeatActionKind>(['commitTiles', 'commitCards', 'revealSecret']);

/**
 * The action a table plays for a person's `seat` now because it is his only one and leaves him no
 * choice, or null. It reads the structured options, not their expansion: expanding a shop or
 * feints seals every choice (a secretbox each), which late in a game is most of what a page does
 * per position.
 */
export function automaticAction(state: GameState, seat: Seat, vault: Vault): SeatAction | null {
  const options = legalOptions(state, seat, vault);
  const only = options.length === 1 && options[0]!.kind === 'one' ? options[0]!.action : null;
  return only && AUTOMATIC.has(only.kind) ? only : null;
}
