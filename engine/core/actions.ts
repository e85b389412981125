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

/**
 * A secret simultaneous choice (ruling 5): feints (E5) or purchases (L1-L5). Written in its
 * canonical order (feints by hex then direction, cards and technologies sorted), so that one
 * choice has one text.
 */
export type SecretChoice =
  | { readonly purpose: 'feint'; readonly feints: readonly Feint[] }
  | { readonly purpose: 'purchase'; readonly cards: readonly CardId[]; readonly technologies: readonly Technology[] };

/** Troops taken from some frontiers of one tile (B11 losses, B12a refills): directions in increasing order, counts >= 1. */
export interface Take {
  readonly dir: Direction;
  readonly count: number;
}

/** A combat as an action names it (E9): a frontier by one of its sides, or an attacked territory. */
export type CombatChoice = { readonly kind: 'frontier'; readonly at: Hex; readonly dir: Direction } | { readonly kind: 'territory'; readonly at: Hex };

/** A camp as an action names it (E10): the attacked territory's, or the one a seat formed. */
export type CampChoice = 'defender' | Seat;

/**
 * What an ability's effect is given (K15): a card by its id (of the discard pile or the World), a
 * card revealed from the hand (and, to place it, a side of the ability's unit), an opposing camp
 * with a unit of each of its players where the effect picks one, a tile of the seat's involved
 * troops, or a unit of the seat's own army by its number.
 */
export type Target =
  | { readonly kind: 'card'; readonly card: CardId }
  | { readonly kind: 'hand'; readonly opening: CardOpening; readonly side?: 'left' | 'right' }
  | { readonly kind: 'camp'; readonly camp: CampChoice; readonly units: readonly number[] }
  | { readonly kind: 'tile'; readonly at: Hex }
  | { readonly kind: 'unit'; readonly unit: number };

/** Every action, as plain data. `random` and `absent` are written by the table, the others by the seat named. */
export type Action =
  // Map creation (M)
  | { readonly kind: 'commitTiles'; readonly seat: Seat; readonly commitments: readonly Digest[] }
  | { readonly kind: 'drawTile'; readonly seat: Seat }
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
  /** Finished with this step: moves, spreading, negotiation ("ready"), army ("complete"), an ability window, exercises, requests. */
  | { readonly kind: 'done'; readonly seat: Seat }
  /** Ruling 5: the digest of a secret choice, with its sealed memo (core/secret.ts) for the committing vault. */
  | { readonly kind: 'commitSecret'; readonly seat: Seat; readonly digest: Digest; readonly sealed: string }
  | { readonly kind: 'revealSecret'; readonly seat: Seat; readonly choice: SecretChoice; readonly salt: string }
  | { readonly kind: 'chooseCombat'; readonly seat: Seat; readonly combat: CombatChoice }
  | { readonly kind: 'joinCamp'; readonly seat: Seat; readonly camp: CampChoice }
  | { readonly kind: 'answer'; readonly seat: Seat; readonly accept: boolean }
  | { readonly kind: 'withdraw'; readonly seat: Seat; readonly at: Hex; readonly dir: Direction; readonly count: number }
  /** S2a: a player on several frontiers of one combat discards any cards (none included), once per extra frontier. */
  | { readonly kind: 'discardExtra'; readonly seat: Seat; readonly cards: readonly CardOpening[] }
  | { readonly kind: 'playUnit'; readonly seat: Seat; readonly opening: CardOpening }
  /** K15-K17: activate ability `ability` (its place on the card) of unit `unit`; `targets`: one per effect of the ability, null where it takes none. */
  | { readonly kind: 'activate'; readonly seat: Seat; readonly unit: number; readonly ability: number; readonly targets: readonly (Target | null)[] }
  /** After a reveal to himself: play or discard the first card (its opening), or keep it; the cards left go back on top, `order` first. */
  | { readonly kind: 'putBack'; readonly seat: Seat; readonly first: 'play' | 'discard' | 'keep'; readonly opening?: CardOpening; readonly order: readonly Ref[] }
  /** K18: the target of a negative effect he may ignore says whether he does. */
  | { readonly kind: 'ignoreEffect'; readonly seat: Seat; readonly ignore: boolean }
  /** B8: among tied strongest opposing camps, the one this seat counts. */
  | { readonly kind: 'chooseOpposing'; readonly seat: Seat; readonly camp: CampChoice }
  /** B11: which of the tile's other frontiers pay the troops its territory could not. */
  | { readonly kind: 'allocateLosses'; readonly seat: Seat; readonly at: Hex; readonly take: readonly Take[] }
  /** B12a: troops moved from the tile's frontiers onto its emptied territory (at least 1). */
  | { readonly kind: 'refill'; readonly seat: Seat; readonly at: Hex; readonly take: readonly Take[] }
  /** B15: the units (by their number in the combat) returned to the World; the others are discarded. */
  | { readonly kind: 'returnUnits'; readonly seat: Seat; readonly units: readonly number[] }
  /** E14: keep the rest of the hand. */
  | { readonly kind: 'keepHand'; readonly seat: Seat }
  /** E14, E15: account for the hand (every card revealed and discarded), then set aside up to its value: `setAside` is the new total. */
  | { readonly kind: 'accountHand'; readonly seat: Seat; readonly cards: readonly CardOpening[]; readonly setAside: number }
  | { readonly kind: 'exercise'; readonly seat: Seat; readonly from: Hex; readonly to: Hex }
  | { readonly kind: 'placeTroops'; readonly seat: Seat; readonly at: Hex }
  /** L9: a suzerain asks a direct vassal to vacate a territory, and will move `count` troops onto it from `from`. */
  | { readonly kind: 'request'; readonly seat: Seat; readonly vassal: Seat; readonly at: Hex; readonly from: Hex; readonly count: number }
  /** L9: the vassal moves his troops off the requested territory to `to`. */
  | { readonly kind: 'vacate'; readonly seat: Seat; readonly to: Hex }
  // Written by the table
  /** A random event's value; `absent`: seats whose beacon link was withheld at this event (T5b). */
  | { readonly kind: 'random'; readonly value: string; readonly absent?: readonly Seat[] }
  /** The seat the game waits for is absent (T5, ruling 9): the engine makes its passive choice. */
  | { readonly kind: 'absent'; readonly seat: Seat };

export type ActionKind = Action['kind'];
export type ActionOf<K extends ActionKind> = Extract<Action, { kind: K }>;

export const ACTION_KINDS = [
  'commitTiles',
  'drawTile',
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
  'discardExtra',
  'playUnit',
  'activate',
  'putBack',
  'ignoreEffect',
  'chooseOpposing',
  'allocateLosses',
  'refill',
  'returnUnits',
  'keepHand',
  'accountHand',
  'exercise',
  'placeTroops',
  'request',
  'vacate',
  'random',
  'absent',
] as const satisfies readonly ActionKind[];

/** Actions written by the table, not by a seat. */
export type TableAction = ActionOf<'random'> | ActionOf<'absent'>;
/** Actions a seat writes itself. */
export type SeatAction = Exclude<Action, TableAction>;
export type SeatActionKind = SeatAction['kind'];
