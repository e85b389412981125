import type { HexKey } from '../../hex/index.js';
import type { Battle, GameState } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import { HEART_KEY } from '../../map/index-internal.js';
import { adjacency, controls, ofOwnColour } from '../territory.js';

/**
 * Where a combat stands on the board, as card effects read it: the tiles of a seat's troops, its
 * terrain (Favourable Ground), the Heart of Eden (Opportunity).
 */

/** The tiles where a seat's involved troops stand (S2b: a seat on several frontiers picks one per effect). */
export function involvedTiles(state: GameState, b: Battle, seat: Seat): HexKey[] {
  const tiles = new Set<HexKey>((b.stacks[seat] ?? []).map((s) => s.at));
  if (b.defender === seat && b.target) tiles.add(b.target);
  if (b.combat.kind === 'exercise' && b.camps[seat] !== undefined) {
    tiles.add(b.combat.at);
    const other = adjacency(state)[b.combat.at]?.[b.combat.dir];
    if (other) tiles.add(other);
  }
  return [...tiles].sort();
}

/** The combat is on the seat's terrain: the attacked territory, or a tile of its involved troops, is of its colour (P2). */
export function onOwnTerrain(state: GameState, b: Battle, seat: Seat): boolean {
  if (b.target !== null && ofOwnColour(state, seat, b.target)) return true;
  return involvedTiles(state, b, seat).some((k) => ofOwnColour(state, seat, k));
}

/** The Heart of Eden is the attacked territory, or a player of a camp opposing the seat's controls it. */
export function heartAgainst(state: GameState, b: Battle, seat: Seat): boolean {
  if (b.target === HEART_KEY) return true;
  const mine = b.camps[seat];
  // The involved seats are those with a camp (battle.ts's involvedSeats, read here without importing the combat).
  return Object.keys(b.camps).map(Number).some((s) => b.camps[s] !== mine && controls(state, s, HEART_KEY));
}
