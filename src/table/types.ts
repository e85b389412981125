import type { Awaiting, GameState, Result, RuleError, Seat, Vault } from '../../engine/index.js';
import type { End } from '../../engine/protocol/index.js';

/**
 * What the UI reads of a game: the subset of the peer session's PeerView (engine/protocol/peer/session.ts) that a
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
  /** What the log says of absent players (a game played through the protocol with a timer); none for a local game, where nobody is ever absent. */
  readonly absence?: TableAbsence;
}

/**
 * Absent players as the log shows them: the seats declared absent and not back, the absences
 * that rest on a minority's word, this page's own seat away, a split of the table.
 */
export interface TableAbsence {
  /** Seats declared absent and not back since, by seat: the table answers their decisions at once. This page's seat only while `away`. */
  readonly gone: readonly GoneSeat[];
  /** The absences settled without a strict majority of the seats still in the game, in log order: the game rests on their word from the first one. */
  readonly minority: readonly Settled[];
  /** This page's seat was declared absent and its player has not said it is back. */
  readonly away: boolean;
  /** Seats that went on without this page, on another branch of the game (PeerView.split); null: none. */
  readonly split: Split | null;
}

export interface GoneSeat {
  readonly seat: Seat;
  /** The position of the absence that made it gone (the first of its decisions answered for it since it last played). */
  readonly since: number;
  /** The game day then (null before the conquest: the map creation). */
  readonly day: number | null;
}

/** An absence the log settled: who was declared absent, by whom (the seats whose claims settled it), where. */
export interface Settled {
  readonly seq: number;
  readonly seats: readonly Seat[];
  readonly claimers: readonly Seat[];
}

/** Seats that went on, on another branch of the game, from position `seq`: this page cannot join them. */
export interface Split {
  readonly seq: number;
  readonly seats: readonly Seat[];
}

/**
 * The game as every screen reads it (a local, hot-seat, online or watched game): its views, a
 * person's choices, and what only the page's own seats may see. makeSessionTable (a game played
 * through the protocol's sessions) and makeSpectatorTable (a watched one) make it.
 */
export interface GameTable {
  view(): TableView;
  /** Called once per new view, in order; returns an unsubscribe function. */
  subscribe(listener: (view: TableView) => void): () => void;
  /** A person's choice. Refused with the engine's error if illegal or not awaited now; nothing changes then. */
  submit(action: unknown): Promise<Result<void, RuleError>>;
  /** This page's player is at the page (a click, a key): a seat declared absent tells the table it is back. None where nobody is ever absent. */
  here?(): void;
  dispose(): void;
  /** The vault of a person's seat (its drawn tile, its hand): the screens read it for the viewer only. */
  vaultOf(seat: Seat): Vault | null;
  /** Every input applied so far, in order: enough to restore the game with the same config. */
  inputs(): readonly unknown[];
  /** Every state so far (index = seq), for the log and the replay of a moment. */
  states(): readonly GameState[];
}

/** A bot: given its seat's public state and vault only, an action (asynchronously: a Worker in the page). */
export type BotPlayer = (state: GameState, seat: Seat, vault: Vault) => Promise<unknown>;
