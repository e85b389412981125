import type { Awaiting, GameState, Result, RuleError, Seat, Vault } from '../../engine/index.js';

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
  readonly awaiting: Awaiting;
  /** The engine input of the last element (an action, {absent} or {random}). */
  readonly lastInput: unknown;
  readonly outcome: { readonly kind: 'playing' } | { readonly kind: 'finished'; readonly winner: Seat | null };
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
