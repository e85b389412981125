import type { Awaiting, GameState, Result, RuleError, Seat, Vault } from '../../engine/index.js';
import type { End } from '../../engine/protocol/index.js';

/**
 * What the UI reads of a game: the subset of the peer session's PeerView (INTERFACES.md) that a
 * local table can give too, so that swapping the local table for protocol sessions changes
 * nothing in the screens.
 */
export interface TableView {
  /** The public state after the last applied input. */
  readonly state: GameState;
  /** Inputs applied so far. */
  readonly seq: number;
  /** Whom the game waits for: nobody ('over') once it has ended, even where the engine's state would go on (a day cap). */
  readonly awaiting: Awaiting;
  /** The engine input of the last element (an action, {absent} or {random}). */
  readonly lastInput: unknown;
  /** `end`: why a game played through the protocol ended (a win, a forfeit, its day cap...); none for a local game, which ends with the engine. */
  readonly outcome: { readonly kind: 'playing' } | { readonly kind: 'finished'; readonly winner: Seat | null; readonly end?: End };
}

/** The session interface the screens code against: PeerSession's view/subscribe/submit/dispose. */
export interface GameSession {
  view(): TableView;
  /** Called once per new view, in order; returns an unsubscribe function. */
  subscribe(listener: (view: TableView) => void): () => void;
  /** A person's choice. Refused with the engine's error if illegal or not awaited now; nothing changes then. */
  submit(action: unknown): Promise<Result<void, RuleError>>;
  dispose(): void;
}

/** A bot: given its seat's public state and vault only, an action (asynchronously: a Worker in the page). */
export type BotPlayer = (state: GameState, seat: Seat, vault: Vault) => Promise<unknown>;
