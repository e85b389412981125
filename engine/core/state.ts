import type { Direction, Hex, HexKey } from '../hex/index.js';
import type { CardCounts, CardId } from '../cards/catalogue.js';
import type { Civilisation, Colour, Seat, TileColour } from './vocabulary.js';

/** An opaque public name for a hidden object (a face-down tile, later a card). */
export type Ref = string;
/** A 32-byte digest as 64 hex characters. */
export type Digest = string;

/**
 * A committed pile (protocol.md, "Committed piles"): its references in no meaningful order,
 * each with a salted commitment to its content, and the public multiset of what the
 * unopened references can still hold.
 */
export interface TilePile {
  readonly refs: readonly Ref[];
  readonly commitments: Readonly<Record<Ref, Digest>>;
  readonly remaining: Readonly<Record<TileColour, number>>;
}

/** A tile on the map. Portals are not here: they are in their seat's `portal`. */
export type LandTile = { readonly kind: 'heart' } | { readonly kind: 'land'; readonly colour: TileColour };

export interface SeatState {
  readonly colour: Colour;
  readonly civilisation: Civilisation;
  /** Face-down tiles not yet drawn; null until the seat has committed them. */
  readonly pile: TilePile | null;
  /** The face-up tile of the seat's colour, until taken. */
  readonly faceUp: TileColour | null;
  /** The tile drawn this turn, known to its drawer alone until placed. */
  readonly drawn: Ref | null;
  /** Tiles an absent player drew and set aside unseen (T5a): still committed, opened at the end. */
  readonly unseen: readonly Ref[];
  /** Where the seat's portal stands, if on the map. */
  readonly portal: Hex | null;
  /** The sequence number of the action that last placed the portal (conquest's first player). */
  readonly portalPlacedAt: number | null;
}

export type MapStep =
  /** Take a tile: draw from the pile or take the face-up tile. */
  | 'take'
  /** A draw was asked for; the next input is a random event. */
  | 'drawing'
  /** Place (or, with no valid position, set aside) the drawn tile. */
  | 'place'
  /** Black tiles from the box must be placed so that the portal can be (M14). */
  | 'black'
  /** Optionally add, remove or move the portal; mandatory after the last tile (M13). */
  | 'portal';

export type Phase =
  | { readonly name: 'setup'; readonly awaiting: readonly Seat[] }
  | {
      readonly name: 'mapCreation';
      readonly turn: Seat;
      readonly step: MapStep;
      /** Black tiles still to place in the 'black' step. */
      readonly blacksOwed: number;
      /** The map is fenced in by portals: the black tiles owed ignore the 4th constraint (ruling M14b). */
      readonly fenced: boolean;
    }
  | { readonly name: 'finalRound'; readonly turn: Seat; readonly left: number }
  | ConquestPhase;

/** Troops on a tile: its controller, the troops on the territory, and on each of its six frontiers. */
export interface Territory {
  readonly owner: Seat | null;
  readonly troops: number;
  readonly frontier: readonly [number, number, number, number, number, number];
  /** Wild-territory markers (values 2, 4, 6, 8), while nobody controls the tile. */
  readonly wild: readonly number[];
}

export interface ConquestPhase {
  readonly name: 'conquest';
  readonly day: number;
  /** The holder of the first-player token (D1). */
  readonly first: Seat;
  readonly stage: Stage;
  /** The combats to resolve this Expansion (E7a), and those resolved or dropped, by combat id. */
  readonly combats: readonly string[];
  readonly resolved: readonly string[];
  /** The winner, once the game is over (W1-W3); null while it goes on. */
  readonly winner: Seat | null;
}

/** A committed card reference's public record: the deal (segment) it came from. */
export interface Segment {
  readonly id: string;
  /** Every reference of the deal and the cards dealt, sorted: public, and what the owner's vault deals from. */
  readonly deal: readonly Ref[];
  readonly values: readonly CardId[];
  /** The references still in the deck, in no meaningful order. */
  readonly refs: readonly Ref[];
  /** What the deal's references (in deck or in hand) can still hold: the public multiset (K2). */
  readonly remaining: CardCounts;
}

/** A player's cards (K1-K4): his deck as committed segments, his hidden hand, his public discard pile. */
export interface Cards {
  readonly segments: readonly Segment[];
  readonly hand: readonly Ref[];
  readonly discard: CardCounts;
  /** Every reference ever dealt to this player, with its commitment and the index of its segment (append-only). */
  readonly commitments: Readonly<Record<Ref, Digest>>;
  readonly origin: Readonly<Record<Ref, number>>;
}

export interface PlayerState {
  /** Energy stocks not set aside (P1). */
  readonly energy: number;
  /** Energy stocks set aside by accounting for the hand this Expansion (E9). */
  readonly setAside: number;
  /** Pure energy (P2). */
  readonly pure: number;
  readonly cards: Cards;
  /** Unit cards left in his World. */
  readonly world: CardCounts;
  /** The day Suprématie was bought (W2), or null. */
  readonly supremacyDay: number | null;
  /** Days in a row in which he was absent (T6, T7). */
  readonly absentDays: number;
  /** He acted himself today / was declared absent today (T6). */
  readonly actedToday: boolean;
  readonly absentToday: boolean;
  /** His suzerain if he is a vassal (S5). */
  readonly suzerain: Seat | null;
  /** He took part in a combat resolution this Expansion (E10). */
  readonly fought: boolean;
  /** He forfeited after three whole days absent (T2): his troops stay, he no longer acts. */
  readonly forfeited: boolean;
}

/** A side of a tile: troops on tile `at`, along its frontier in direction `dir`. */
export interface Stack {
  readonly at: HexKey;
  readonly dir: Direction;
}

/** One combat's fighters: every seat's stacks, the attacked territory's camp and how the camps stand. */
export interface Battle {
  readonly id: string;
  /** The attacked territory (territory combats), or null (frontier combats). */
  readonly target: HexKey | null;
  /** The seat that chose the combat: armies are built in turn order from him (B2). */
  readonly chooser: Seat;
  /** Frontier stacks involved, by seat. */
  readonly stacks: Readonly<Record<number, readonly Stack[]>>;
  /** The defending seat of the attacked territory, 'wild', or null (empty territory or frontier combat). */
  readonly defender: Seat | 'wild' | null;
  /** Camp of every involved seat: 'defender' or a camp name (a seat number as text). */
  readonly camps: Readonly<Record<number, string>>;
  /** A proposal to join a camp, waiting for its members' answers (ruling 6). */
  readonly proposal: { readonly seat: Seat; readonly camp: string; readonly accepted: readonly Seat[] } | null;
  /** Camp changes each seat made, bounded so that negotiation ends (E7). */
  readonly changes: Readonly<Record<number, number>>;
  readonly step: 'camps' | 'armies' | 'after';
  /** Whose turn it is within the step, and who is done with it. */
  readonly turn: Seat;
  readonly done: readonly Seat[];
  /** Unit cards played, by seat, in the order played (a single column: B1). */
  readonly armies: Readonly<Record<number, readonly CardId[]>>;
  /** A military exercise: one camp, no troops lost (E16). */
  readonly exercise: boolean;
  /** Hands cycled so far by players on several frontiers (S2a). */
  readonly cycles: Readonly<Record<number, number>>;
}

/** A secret simultaneous choice (ruling 5): commitments in turn order, then reveals in turn order. */
export interface SecretRound {
  readonly purpose: 'feint' | 'purchase';
  readonly step: 'commit' | 'reveal';
  readonly turn: Seat;
  readonly commits: Readonly<Record<number, Digest>>;
  readonly reveals: Readonly<Record<number, unknown>>;
}

export interface PendingDraws {
  /** Cards to draw, by seat, in order. */
  readonly draws: readonly { readonly seat: Seat; readonly count: number }[];
  /** What comes after the draws. */
  readonly then: Stage;
}

export type Stage =
  /** Each player commits his starting deck, in seat order (K5). */
  | { readonly kind: 'deal'; readonly awaiting: readonly Seat[] }
  /** A seat must commit his discard pile, shuffled, as a new segment under his deck (K3). */
  | { readonly kind: 'reshuffle'; readonly seat: Seat; readonly pending: PendingDraws }
  /** A random event draws the pending cards (K2). */
  | { readonly kind: 'drawing'; readonly pending: PendingDraws }
  /** Troop moves, "done" declared in turn order (E1). */
  | { readonly kind: 'moves'; readonly turn: Seat; readonly left: number }
  /** Spreading troops to frontiers, "done" declared in turn order (E2). */
  | { readonly kind: 'spread'; readonly turn: Seat; readonly left: number }
  | { readonly kind: 'secret'; readonly round: SecretRound }
  /** Choosing combats in turn order until none is left (E5). */
  | { readonly kind: 'choose'; readonly turn: Seat }
  /** A combat or a military exercise being resolved, and what comes after it. */
  | { readonly kind: 'battle'; readonly battle: Battle; readonly then: Stage }
  /** Military exercises for those who fought no combat (E16), in turn order. */
  | { readonly kind: 'exercise'; readonly turn: Seat; readonly left: number }
  /** Transient stages, run through at once by the flow: production, working out the combats, the logistics' troops, the end of the day. */
  | { readonly kind: 'production' }
  | { readonly kind: 'combats' }
  | { readonly kind: 'troops'; readonly turn: Seat; readonly left: number }
  | { readonly kind: 'endDay' }
  /** Suzerains' requests to their vassals, in turn order (L9). */
  | { readonly kind: 'requests'; readonly turn: Seat; readonly left: number }
  /** A vassal places his new troops (S4, L8). */
  | { readonly kind: 'vassalTroops'; readonly seat: Seat; readonly troops: number; readonly then: Stage }
  | { readonly kind: 'over' };

export interface GameSettings {
  /** The rules this engine implements; a replay names them. */
  readonly rules: string;
  readonly firstSeat: Seat;
}

export interface GameState {
  /** Each seat's conquest data, from the conquest's set-up on (empty before). */
  readonly players: readonly PlayerState[];
  readonly settings: GameSettings;
  /** Number of actions applied so far; every action, random events included, counts one. */
  readonly seq: number;
  /** Number of random events consumed so far. */
  readonly randomEvents: number;
  readonly seats: readonly SeatState[];
  /** The land tiles and the Heart, by hex key. */
  readonly map: Readonly<Record<HexKey, LandTile>>;
  /** Troops and wild markers by hex key, from the conquest on. */
  readonly territories: Readonly<Record<HexKey, Territory>>;
  readonly phase: Phase;
}
