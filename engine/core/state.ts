import type { Direction, Hex, HexKey } from '../hex/index.js';
import type { CardCounts, CardId, Technology } from '../cards/catalogue.js';
import type { SecretChoice } from './actions.js';
import type { Civilisation, Colour, Seat, TileColour } from './vocabulary.js';

/** An opaque public name for a hidden object (a face-down tile, a card). */
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

// ---------------------------------------------------------------- map creation (M)

/** Where map creation stands: each kind is one decision (or the random draw), with its own rules. */
export type MapStage =
  /** Each seat commits its face-down tile pile, in seat order (M2). */
  | { readonly kind: 'pile'; readonly awaiting: readonly Seat[] }
  /** Take a tile: draw from the pile or take the face-up tile (M5). */
  | { readonly kind: 'take'; readonly turn: Seat }
  /** A draw was asked for; the next input is a random event. */
  | { readonly kind: 'draw'; readonly turn: Seat }
  /** Place (or, with no valid position, set aside) the drawn tile (M6-M10, M16). */
  | { readonly kind: 'place'; readonly turn: Seat }
  /** Black tiles from the box must be placed so that the portal can be (M14); `fenced`: ruling M14b. */
  | { readonly kind: 'blacks'; readonly turn: Seat; readonly owed: number; readonly fenced: boolean }
  /** Optionally add, remove or move the portal; mandatory after the last tile (M11, M13). */
  | { readonly kind: 'portal'; readonly turn: Seat }
  /** The last round: each seat may move its portal once (M15). */
  | { readonly kind: 'finalRound'; readonly turn: Seat; readonly left: number }
  /** Transient: the map is built; the game goes on to the conquest (engine/game/phases.ts). */
  | { readonly kind: 'built' };

// ---------------------------------------------------------------- the conquest

/** Troops on a tile: its controller, the troops on the territory, and on each of its six frontiers. */
export interface Territory {
  readonly owner: Seat | null;
  readonly troops: number;
  readonly frontier: readonly [number, number, number, number, number, number];
  /** Wild-territory markers (values 2, 4, 6, 8), while nobody controls the tile. */
  readonly wild: readonly number[];
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
  /**
   * Cards put back on top of the draw pile in an order their owner chose (a card effect, K5c): drawn
   * first, in this order, before the random draws from the segments. Known to their owner, who saw
   * them; the others know only the references. Absent when empty.
   */
  readonly top?: readonly Ref[];
  /** Cards from the top of the draw pile revealed to their owner alone, awaiting his choice (a card effect). Absent when empty. */
  readonly peeked?: readonly Ref[];
}

export interface PlayerState {
  /** Energy stocks not set aside (P1). */
  readonly energy: number;
  /** Energy stocks set aside by accounting for the hand this Expansion (E15). */
  readonly setAside: number;
  /** Pure energy (P2). */
  readonly pure: number;
  readonly cards: Cards;
  /** Unit cards left in his World. */
  readonly world: CardCounts;
  /** The day Suprématie was bought (W2), or null. */
  readonly supremacyDay: number | null;
  /** Technologies bought, kept in front of him out of his deck (K13a), in catalogue order. Absent when none. */
  readonly technologies?: readonly Technology[];
  /** Days in a row in which he was absent (T6, T7). */
  readonly absentDays: number;
  /** He acted himself today / was declared absent today (T6). */
  readonly actedToday: boolean;
  readonly absentToday: boolean;
  /** He withheld his share of luck at a random event today (T5b): the day counts as absent however he acted (T6). Absent otherwise. */
  readonly withheldToday?: true;
  /** His suzerain if he is a vassal (S3): derived from who holds his portal, in one place (engine/game/vassals.ts). */
  readonly suzerain: Seat | null;
  /** He took part in a combat resolution this Expansion (E13, E16). */
  readonly fought: boolean;
  /** He forfeited after three whole days absent (T7): his troops stay, he no longer acts. */
  readonly forfeited: boolean;
}

/** A side of a tile: troops on tile `at`, along its frontier in direction `dir`. */
export interface Frontier {
  readonly at: HexKey;
  readonly dir: Direction;
}

/**
 * Which combat (E7): a frontier combat, named by its side with the smaller key; a territory
 * combat, by the attacked territory; a military exercise (E16), by one tile and the direction
 * of the other.
 */
export type CombatRef =
  | { readonly kind: 'frontier'; readonly at: HexKey; readonly dir: Direction }
  | { readonly kind: 'territory'; readonly at: HexKey }
  | { readonly kind: 'exercise'; readonly at: HexKey; readonly dir: Direction };

/** A camp (E10): the attacked territory's, or the one a seat formed. */
export type Camp = 'defender' | Seat;

/** A unit card in a combat (B2): an instance with its card, owner and place in its owner's army. */
export interface BattleUnit {
  /** Its number in this combat, in order of entry. */
  readonly id: number;
  readonly card: CardId;
  readonly owner: Seat;
  /** B2: its row in its owner's army, 0 at the top (the oldest). */
  readonly row: number;
  /** Its place in the row, 0 at the left (abilities may place units side by side). */
  readonly column: number;
  readonly face: 'up' | 'down';
}

/** One combat being resolved: who fights, how the camps stand, and the units in play. */
export interface Battle {
  readonly combat: CombatRef;
  /** The attacked territory (territory combats, exercises), or null (frontier combats). */
  readonly target: HexKey | null;
  /** The seat that chose the combat: turns go in turn order from him (B3, B14, E14a). */
  readonly chooser: Seat;
  /** Frontier stacks involved, by seat (E8). */
  readonly stacks: Readonly<Record<number, readonly Frontier[]>>;
  /** The defending seat of the attacked territory, 'wild', or null (empty territory or frontier combat). */
  readonly defender: Seat | 'wild' | null;
  /** The camp of every involved seat. */
  readonly camps: Readonly<Record<number, Camp>>;
  /** E11b: every arrangement of camps reached or proposed in this negotiation (never again). */
  readonly seen: readonly string[];
  /** Units in play (B2), and those removed from the combat, kept aside until its end (B2a). */
  readonly units: readonly BattleUnit[];
  readonly aside: readonly BattleUnit[];
  /** Extra discards made by seats on several frontiers (S2a). */
  readonly cycles: Readonly<Record<number, number>>;
  /** B8: the strongest opposing camp a seat chose among tied ones. */
  readonly opposing: Readonly<Record<number, Camp>>;
  /** Who takes part (E13), fixed when the camps are settled. */
  readonly participants: readonly Seat[];
  /** What card effects keep track of in this combat (K14-K18); absent while there is nothing. */
  readonly effects?: BattleEffects;
}

/** Strength given for the rest of the combat (K14): to one unit, or to every unit of a seat's army. */
export interface Boost {
  readonly seat: Seat;
  /** The unit, or null for every unit of the seat's army. */
  readonly unit: number | null;
  readonly amount: number;
}

/** The combat's card-effect records. An ability is named "unit:index" (the unit's number, the ability's place on its card). */
export interface BattleEffects {
  /** Once-only abilities (immediate, delayed, post-combat) already activated. */
  readonly used: readonly string[];
  /** Units whose immediate abilities are open: added since their owner last finished activating (K16, K17). */
  readonly fresh: readonly number[];
  /** Reactions whose event happened or whose condition became true, once per time, until their owner finishes activating (K16, K17). */
  readonly armed: readonly string[];
  /** Condition reactions whose condition held when last looked at. */
  readonly held: readonly string[];
  readonly boosts: readonly Boost[];
  /** K18: each negative effect's count suffered and caused, by effect kind, then by seat. */
  readonly suffered: Readonly<Record<string, Readonly<Record<number, number>>>>;
  readonly caused: Readonly<Record<string, Readonly<Record<number, number>>>>;
  /** Seats that used their Energy Shield in this combat (its first negative effect ignored). Absent when none. */
  readonly shielded?: readonly Seat[];
}

/** A negative effect on opponents being inflicted (K18): the targets still to reach, the first asked whether he ignores it. */
export interface Inflicting {
  readonly by: Seat;
  readonly unit: number;
  readonly effect: 'neutralise' | 'removeRow';
  readonly targets: readonly { readonly seat: Seat; readonly units: readonly number[] }[];
}

/** Troops a seat must still lose from a tile (B10 case ii) beyond its territory: it chooses which frontiers pay (B11). */
export interface PendingLoss {
  readonly seat: Seat;
  readonly at: HexKey;
  readonly count: number;
  /** The frontier whose troops were involved (already lost), which pays nothing more. */
  readonly skip: Direction | null;
}

/** An emptied territory whose owner still has frontier troops on the tile (B12a): he refills it. */
export interface PendingRefill {
  readonly seat: Seat;
  readonly at: HexKey;
}

/** Where an ability may be activated (K16): immediate (after a unit enters), delayed (before strengths), post-combat. */
export const ABILITY_WINDOWS = ['immediate', 'delayed', 'postCombat'] as const;
export type AbilityWindow = (typeof ABILITY_WINDOWS)[number];

export interface PendingDraws {
  /** Cards to draw, by seat, in order. */
  readonly draws: readonly { readonly seat: Seat; readonly count: number }[];
  /** Where the cards go: the hand (absent), or revealed to their owner alone (a card effect's reveal). */
  readonly into?: 'peeked';
  /** What comes after the draws. */
  readonly then: Stage;
}

/** A secret simultaneous choice (ruling 5): commitments in turn order, then reveals in turn order. */
export interface SecretRound {
  readonly purpose: 'feint' | 'purchase';
  readonly commits: Readonly<Record<number, Digest>>;
  /** Each commitment's sealed memo, for its writer's vault (core/secret.ts). */
  readonly sealed: Readonly<Record<number, string>>;
  readonly reveals: Readonly<Record<number, SecretChoice>>;
}

/** A suzerain's request (L9), once made: the vassal vacates `at`, then the suzerain moves in. */
export interface Request {
  readonly suzerain: Seat;
  readonly vassal: Seat;
  readonly at: HexKey;
  readonly from: HexKey;
  readonly count: number;
}

/** Stages of a combat carry it, and what comes after it. */
interface InBattle {
  readonly battle: Battle;
  readonly then: Stage;
}

/**
 * Where the conquest stands. Decision stages await one seat (or a random event); transient
 * stages are run through at once by the flow (engine/game/registry.ts lists both).
 */
export type Stage =
  /** Each player commits his starting deck, in turn order (K5). */
  | { readonly kind: 'deal'; readonly awaiting: readonly Seat[] }
  /** A seat commits his discard pile, shuffled, as a new segment under his deck (K5). */
  | { readonly kind: 'reshuffle'; readonly seat: Seat; readonly pending: PendingDraws }
  /** A random event draws the pending cards (K2). */
  | { readonly kind: 'drawing'; readonly pending: PendingDraws }
  /** Troop moves, "done" declared in turn order (E1, E2). */
  | { readonly kind: 'moves'; readonly turn: Seat; readonly left: number }
  /** Spreading troops to frontiers, "done" declared in turn order (E3, E4). */
  | { readonly kind: 'spread'; readonly turn: Seat; readonly left: number }
  /** A secret choice (feints E5, purchases L1): commitments in turn order (ruling 5). */
  | { readonly kind: 'secretCommit'; readonly round: SecretRound; readonly turn: Seat }
  /** Then the reveals, in turn order. */
  | { readonly kind: 'secretReveal'; readonly round: SecretRound; readonly turn: Seat }
  /** Choosing combats in turn order until none is left (E9). */
  | { readonly kind: 'choose'; readonly turn: Seat }
  /** Camps and negotiation (E10, E11): join, propose, withdraw or declare ready, in turn order. */
  | ({ readonly kind: 'camps'; readonly turn: Seat; readonly ready: readonly Seat[] } & InBattle)
  /** A proposal to join a camp waits for its members' answers (ruling 6). */
  | ({ readonly kind: 'proposal'; readonly turn: Seat; readonly ready: readonly Seat[]; readonly proposer: Seat; readonly camp: Camp; readonly accepted: readonly Seat[] } & InBattle)
  /** S2a: a seat on several frontiers may discard cards, once per extra frontier, before army building. */
  | ({ readonly kind: 'discards'; readonly turn: Seat } & InBattle)
  /** Building the armies (B3): a unit or "complete", in turn order. */
  | ({ readonly kind: 'armies'; readonly turn: Seat; readonly complete: readonly Seat[] } & InBattle)
  /** An ability window (K16, K17): each seat in turn order may activate abilities, then passes; `passed`: those who finished (absent when none). */
  | ({ readonly kind: 'abilities'; readonly window: AbilityWindow; readonly waiting: readonly Seat[]; readonly passed?: readonly Seat[] } & InBattle)
  /** A seat chooses what to do with the cards revealed to that seat alone (a card effect's reveal, K5c); `then` is the ability window. */
  | ({ readonly kind: 'peek'; readonly seat: Seat } & InBattle)
  /** K18: the first target of a negative effect chooses whether to ignore it (K18b); `then` is the ability window. */
  | ({ readonly kind: 'ignore'; readonly pending: Inflicting } & InBattle)
  /** B8: seats facing tied strongest opposing camps choose which one they count, in turn order. */
  | ({ readonly kind: 'opposing'; readonly waiting: readonly Seat[] } & InBattle)
  /** B11: missing troops to take beyond the territory; each seat chooses the frontiers that pay. */
  | ({ readonly kind: 'losses'; readonly pending: readonly PendingLoss[] } & InBattle)
  /** B12a: emptied territories refilled from their own frontiers, as many troops as their owner likes. */
  | ({ readonly kind: 'refill'; readonly pending: readonly PendingRefill[] } & InBattle)
  /** B15: each participant returns units to his World, the others are discarded, in turn order. */
  | ({ readonly kind: 'returnUnits'; readonly waiting: readonly Seat[] } & InBattle)
  /** E14, E15: each participant keeps or accounts for his hand, in turn order. */
  | ({ readonly kind: 'keepOrAccount'; readonly waiting: readonly Seat[] } & InBattle)
  /** Military exercises for those who fought no combat (E16), in turn order. */
  | { readonly kind: 'exercise'; readonly turn: Seat; readonly left: number }
  /** A vassal places his new troops (S4, L8). */
  | { readonly kind: 'vassalTroops'; readonly seat: Seat; readonly troops: number; readonly then: Stage }
  /** Suzerains' requests to their vassals, in turn order (L9). */
  | { readonly kind: 'requests'; readonly turn: Seat; readonly left: number }
  /** A request made: the vassal chooses where his troops go (L9). */
  | { readonly kind: 'vacate'; readonly request: Request; readonly left: number }
  /** The game is over. */
  | { readonly kind: 'over' }
  // Transient stages: run through at once.
  | { readonly kind: 'production' }
  | { readonly kind: 'combats' }
  | ({ readonly kind: 'strengths' } & InBattle)
  | ({ readonly kind: 'consequences' } & InBattle)
  | ({ readonly kind: 'endCombat' } & InBattle)
  | { readonly kind: 'troops'; readonly turn: Seat; readonly left: number }
  | { readonly kind: 'endDay' };

/** Every place the game can stand, map creation and conquest. */
export type AnyStage = MapStage | Stage;
export type StageKind = AnyStage['kind'];
export type StageOf<K extends StageKind> = Extract<AnyStage, { kind: K }>;

export interface ConquestPhase {
  readonly name: 'conquest';
  readonly day: number;
  /** The holder of the first-player token (D1). */
  readonly first: Seat;
  readonly stage: Stage;
  /** The combats to resolve this Expansion (E7a), and those resolved or dropped. */
  readonly combats: readonly CombatRef[];
  readonly resolved: readonly CombatRef[];
  /** The winner, once the game is over (W1-W3); null while it goes on. */
  readonly winner: Seat | null;
}

export interface MapPhase {
  readonly name: 'mapCreation';
  readonly stage: MapStage;
}

export type Phase = MapPhase | ConquestPhase;

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
