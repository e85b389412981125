import type { ActionKind, ActionOf, SeatAction } from '../core/actions.js';
import type { Emit } from '../core/events.js';
import type { RuleError } from '../core/errors.js';
import type { Result } from '../core/result.js';
import type { AnyStage, GameState, StageKind, StageOf } from '../core/state.js';
import type { Vault } from '../core/vault.js';
import type { Seat } from '../core/vocabulary.js';
import type { Option } from './options.js';

/**
 * The shape of the game's flow: every stage kind says who it awaits, which actions it accepts,
 * how each is checked, applied and offered, and what the table does for an absent seat. The
 * registry (registry.ts) is a mapped type over these declarations, so a stage kind or an action
 * kind added without its rules fails the type check.
 */

/** Who the engine waits for: one seat, a random event, or nobody (the game is over). */
export type Awaiting = { readonly kind: 'seat'; readonly seat: Seat } | { readonly kind: 'random' } | { readonly kind: 'over' };

/** Where the flow goes next: the state, and the stage to enter (the flow runs transient stages through). */
export interface Next {
  readonly state: GameState;
  readonly stage: AnyStage;
}

export type Step = Result<Next, RuleError>;

/** Stages that are run through at once, never awaited. */
export type TransientKind = 'built' | 'production' | 'combats' | 'strengths' | 'consequences' | 'endCombat' | 'troops' | 'endDay';
/** Stages where the game waits for a seat or a random event. */
export type DecisionKind = Exclude<StageKind, TransientKind>;

/** The actions each decision stage accepts (its one home: the registry must give a rule for each). */
export interface Accepts {
  pile: 'commitTiles';
  take: 'drawTile' | 'placeTile' | 'setAsideTile';
  draw: 'random';
  place: 'placeTile' | 'setAsideTile';
  blacks: 'placeBlack';
  portal: 'placePortal' | 'removePortal' | 'endTurn';
  finalRound: 'placePortal' | 'endTurn';
  deal: 'commitCards';
  reshuffle: 'commitCards';
  drawing: 'random';
  moves: 'moveTroops' | 'done';
  spread: 'spread' | 'done';
  secretCommit: 'commitSecret';
  secretReveal: 'revealSecret';
  choose: 'chooseCombat';
  camps: 'joinCamp' | 'withdraw' | 'done';
  proposal: 'answer';
  discards: 'discardExtra';
  armies: 'playUnit' | 'done';
  abilities: 'activate' | 'done';
  peek: 'putBack';
  ignore: 'ignoreEffect';
  opposing: 'chooseOpposing';
  losses: 'allocateLosses';
  refill: 'refill';
  returnUnits: 'returnUnits';
  keepOrAccount: 'keepHand' | 'accountHand';
  exercise: 'exercise' | 'done';
  vassalTroops: 'placeTroops';
  requests: 'request' | 'done';
  vacate: 'vacate';
  over: never;
}

export interface Expects {
  readonly rule: string;
  readonly text: string;
}

/** One action kind at one stage: its check-and-apply, and its legal options, built from the same checks. */
export interface ActionRule<K extends DecisionKind, A extends ActionKind> {
  /** The next state, or the rule the action breaks. Never mutates `state`. */
  apply(state: GameState, stage: StageOf<K>, action: ActionOf<A>, emit: Emit): Step;
  /** What `seat` may do of this kind now; with its vault, choices that reveal or commit secrets. */
  options(state: GameState, stage: StageOf<K>, seat: Seat, vault?: Vault): Option[];
}

/** What the table does for an absent seat (T5): an action it applies for him, or a step of its own where no action of his can express it. */
export type Passive = { readonly kind: 'action'; readonly action: SeatAction } | { readonly kind: 'table'; readonly next: Next; readonly action: SeatAction | null };

export interface DecisionRules<K extends DecisionKind> {
  /** What the stage waits for, in words, and its rule: for the error an action of another kind gets. */
  readonly expects: Expects | ((stage: StageOf<K>) => Expects);
  awaits(state: GameState, stage: StageOf<K>): Awaiting;
  readonly actions: { readonly [A in Accepts[K]]: ActionRule<K, A> };
  /**
   * The passive choice for the awaited seat (T5); null where nobody can be absent (random events,
   * the end). A step of the table's own reports its events to `emit`, as an action would.
   */
  passive(state: GameState, stage: StageOf<K>, seat: Seat, emit: Emit): Passive | null;
  /** Entering the stage: stay (null) or go on at once (nobody can act, or nothing to choose). */
  enter?(state: GameState, stage: StageOf<K>, emit: Emit): Next | null;
}

export type TransientRule<K extends TransientKind> = (state: GameState, stage: StageOf<K>, emit: Emit) => Next;

export type Decisions = { readonly [K in DecisionKind]: DecisionRules<K> };
export type Transients = { readonly [K in TransientKind]: TransientRule<K> };

/** True when every action kind but the table's `absent` is accepted by some stage: used as a type-level check. */
export type EveryActionAccepted<Kinds extends string = ActionKind, Table extends Accepts = Accepts> = [Exclude<Kinds, Table[DecisionKind] | 'absent'>] extends [never] ? true : false;

export const next = (state: GameState, stage: AnyStage): Next => ({ state, stage });
