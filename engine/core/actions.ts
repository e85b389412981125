import type { Direction, Hex } from '../hex/index.js';
import type { CardId, Technology } from '../cards/catalogue.js';
import type { Digest, Ref } from './state.js';
import type { Seat, TileColour } from './vocabulary.js';

/** What opens a committed reference: its content and salt. */
export interface TileOpening {
  readonly ref: Ref;
  readonly value: TileColour;
  /** 16 random bytes as 32 hex characters. */
  readonly salt: string;
}

export type TileSource = 'faceUp' | 'drawn';

/** What opens a committed card reference. */
export interface CardOpening {
  readonly ref: Ref;
  readonly value: CardId;
  readonly salt: string;
}

/** Frontier troops called back as a feint (E5). */
export interface Feint {
  readonly at: Hex;
  readonly dir: Direction;
  readonly count: number;
}

/** A secret simultaneous choice (ruling 5): feints (E5) or purchases (L1-L5). */
export type SecretChoice =
  | { readonly purpose: 'feint'; readonly feints: readonly Feint[] }
  | { readonly purpose: 'purchase'; readonly cards: readonly CardId[]; readonly technologies: readonly Technology[] };

/** Every action, as plain data. `random` is the only one no seat writes: it carries a random event's value. */
export type Action =
  | { readonly kind: 'commitTiles'; readonly seat: Seat; readonly commitments: readonly Digest[] }
  | { readonly kind: 'drawTile'; readonly seat: Seat }
  /** `absent`: seats whose beacon link was withheld at this event (T5b): absent at it, with its passive consequence. */
  | { readonly kind: 'random'; readonly value: string; readonly absent?: readonly Seat[] }
  | { readonly kind: 'placeTile'; readonly seat: Seat; readonly from: TileSource; readonly at: Hex; readonly opening?: TileOpening }
  | { readonly kind: 'setAsideTile'; readonly seat: Seat; readonly from: TileSource; readonly opening?: TileOpening }
  | { readonly kind: 'placeBlack'; readonly seat: Seat; readonly at: Hex }
  | { readonly kind: 'placePortal'; readonly seat: Seat; readonly at: Hex }
  | { readonly kind: 'removePortal'; readonly seat: Seat }
  | { readonly kind: 'endTurn'; readonly seat: Seat }
  // The conquest
  | { readonly kind: 'commitCards'; readonly seat: Seat; readonly commitments: readonly Digest[] }
  | { readonly kind: 'moveTroops'; readonly seat: Seat; readonly from: Hex; readonly to: Hex; readonly count: number }
  | { readonly kind: 'spread'; readonly seat: Seat; readonly at: Hex; readonly dir: Direction; readonly count: number }
  | { readonly kind: 'done'; readonly seat: Seat }
  | { readonly kind: 'commitSecret'; readonly seat: Seat; readonly digest: Digest }
  | { readonly kind: 'revealSecret'; readonly seat: Seat; readonly choice: SecretChoice; readonly salt: string }
  | { readonly kind: 'chooseCombat'; readonly seat: Seat; readonly combat: string }
  | { readonly kind: 'joinCamp'; readonly seat: Seat; readonly camp: string }
  | { readonly kind: 'answer'; readonly seat: Seat; readonly accept: boolean }
  | { readonly kind: 'withdraw'; readonly seat: Seat; readonly at: Hex; readonly dir: Direction; readonly count: number }
  | { readonly kind: 'playUnit'; readonly seat: Seat; readonly opening: CardOpening }
  | { readonly kind: 'afterCombat'; readonly seat: Seat; readonly toWorld: readonly CardId[]; readonly account: readonly CardOpening[] | null }
  | { readonly kind: 'exercise'; readonly seat: Seat; readonly from: Hex; readonly to: Hex }
  | { readonly kind: 'placeTroops'; readonly seat: Seat; readonly at: Hex }
  /** S2a: a player on several frontiers of one combat discards cards and replenishes, once per extra frontier. */
  | { readonly kind: 'cycleHand'; readonly seat: Seat; readonly discards: readonly CardOpening[] }
  /** L9: a suzerain asks a direct vassal to make room on one of the vassal's territories. */
  | { readonly kind: 'request'; readonly seat: Seat; readonly vassal: Seat; readonly at: Hex }
  /** The seat the game waits for is absent (T4, ruling 9): the engine makes its passive choice. Written by the table, not by the seat. */
  | { readonly kind: 'absent'; readonly seat: Seat };

export type ActionKind = Action['kind'];
export const ACTION_KINDS = [
  'commitTiles',
  'drawTile',
  'random',
  'placeTile',
  'setAsideTile',
  'placeBlack',
  'placePortal',
  'removePortal',
  'endTurn',
  'commitCards',
  'moveTroops',
  'spread',
  'done',
  'commitSecret',
  'revealSecret',
  'chooseCombat',
  'joinCamp',
  'answer',
  'withdraw',
  'playUnit',
  'afterCombat',
  'exercise',
  'placeTroops',
  'cycleHand',
  'request',
  'absent',
] as const satisfies readonly ActionKind[];

/** Actions a seat writes itself. */
export type SeatAction = Exclude<Action, { kind: 'random' } | { kind: 'absent' }>;
