import type { Action, ActionKind, SeatAction } from '../core/actions.js';
import { canonicalJson } from '../core/canonical.js';
import type { Emit, GameEvent } from '../core/events.js';
import { type RuleError, ruleError } from '../core/errors.js';
import { frozen } from '../core/freeze.js';
import { hashText } from '../core/hash.js';
import { type Option, expandOption } from '../core/options.js';
import { parseAction } from '../core/parse.js';
import { err, ok, type Result } from '../core/result.js';
import type { ActionRule, Awaiting, DecisionKind, DecisionRules, Next, Step } from '../core/stages.js';
import type { AnyStage, GameState } from '../core/state.js';
import type { Vault } from '../core/vault.js';
import type { Seat } from '../core/vocabulary.js';
import { deriveVassals } from '../conquest/vassals.js';
import { enterStage, rulesOf, stageOf } from './flow.js';

/** A state and what happened to reach it. */
export interface Played {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

type AnyRules = DecisionRules<DecisionKind>;
const ruleFor = (rules: AnyRules, kind: ActionKind): ActionRule<DecisionKind, ActionKind> | undefined =>
  (rules.actions as Readonly<Record<string, ActionRule<DecisionKind, ActionKind>>>)[kind];

/** Each stage's action rules in the order of its table (the order of its options), listed once per stage kind rather than per call. */
const ruleLists = new Map<AnyRules, readonly ActionRule<DecisionKind, ActionKind>[]>();
function actionRules(rules: AnyRules): readonly ActionRule<DecisionKind, ActionKind>[] {
  let list = ruleLists.get(rules);
  if (!list) ruleLists.set(rules, (list = (Object.keys(rules.actions) as ActionKind[]).map((kind) => ruleFor(rules, kind)!)));
  return list;
}

/** Actions whose rule has its own word for coming at the wrong moment. */
const OUT_OF_PLACE: Partial<Record<ActionKind, RuleError>> = {
  placeBlack: ruleError('BlackTileNotOwed', 'M14', 'black tiles are given only when the portal has no valid position'),
};

/**
 * An emitter appending to `events`. A function of its own because a closure assigned to a named
 * binding gets a `name` property set at every call under esbuild's keepNames (tsx, the bench),
 * which cost a few percent of an action; a returned closure is anonymous.
 */
const collector = (events: GameEvent[]): Emit => (e) => void events.push(e);

/** Who the engine waits for now. */
export function awaiting(state: GameState): Awaiting {
  const stage = stageOf(state);
  return (rulesOf(stage.kind) as AnyRules).awaits(state, stage as never);
}

/**
 * The one entry point that changes a game: parses `input`, checks it against the rules and returns
 * the next state with the events of what happened, or the error naming the broken rule. Never
 * throws on bad input and never changes `state`.
 */
export function play(state: GameState, input: unknown): Result<Played, RuleError> {
  const parsed = parseAction(input);
  if (!parsed.ok) return parsed;
  const action = parsed.value;
  const stage = stageOf(state);
  const rules = rulesOf(stage.kind) as AnyRules;
  const who = rules.awaits(state, stage as never);
  if (who.kind === 'over') return err(ruleError('GameOver', 'A2', 'the game is over'));
  const events: GameEvent[] = [];
  const emit = collector(events);
  let step: Step;
  if (action.kind === 'absent') {
    if (who.kind !== 'seat' || who.seat !== action.seat) return err(ruleError('NotAbsent', 'T5', `seat ${action.seat} is not the seat the game waits for`));
    step = passiveStep(state, stage, rules, action.seat, emit);
  } else if (action.kind === 'random') {
    if (who.kind !== 'random') return err(ruleError('WrongStep', 'A3', 'no random event is expected now'));
    const unknown = action.absent?.find((s) => s >= state.seats.length);
    if (unknown !== undefined) return err(ruleError('UnknownSeat', 'T5b', `there is no seat ${unknown}`));
    step = ruleFor(rules, 'random')!.apply(state, stage as never, action as never, emit);
  } else {
    if (action.seat >= state.seats.length) return err(ruleError('UnknownSeat', 'A2', `there is no seat ${action.seat}`));
    if (who.kind !== 'seat' || who.seat !== action.seat)
      return err(ruleError('NotYourTurn', 'A2', who.kind === 'seat' ? `it is seat ${who.seat}'s turn, not seat ${action.seat}'s` : 'a random event is awaited'));
    const rule = ruleFor(rules, action.kind);
    if (!rule) {
      const expects = typeof rules.expects === 'function' ? rules.expects(stage as never) : rules.expects;
      return err(OUT_OF_PLACE[action.kind] ?? ruleError('WrongStep', expects.rule, `cannot ${action.kind} now: ${expects.text}`));
    }
    step = rule.apply(actedToday(state, stage, action.seat), stage as never, action as never, emit);
  }
  if (!step.ok) return step;
  const next = settle(state, step.value, emit);
  return ok({ state: frozen({ ...next, seq: state.seq + 1 }), events });
}

/** The same as `play`, without the events. */
export function applyAction(state: GameState, input: unknown): Result<GameState, RuleError> {
  const r = play(state, input);
  return r.ok ? ok(r.value.state) : r;
}

/** After a step: vassals follow portals (one place derives them), the flow runs on to the next decision, and seats that forfeited answer at once (T7a). */
function settle(before: GameState, next: Next, emit: Emit): GameState {
  // Portals change hands only with the territories: when those are the same object, so are the vassals.
  const derived = next.state.territories === before.territories ? next.state : deriveVassals(next.state, emit);
  const entered = enterStage({ state: derived, stage: next.stage }, emit);
  let state = entered.territories === derived.territories ? entered : deriveVassals(entered, emit);
  for (let guard = 0; guard < 10_000; guard++) {
    // Forfeits and victories exist only in the conquest: map creation asks nothing more.
    if (state.phase.name !== 'conquest') return state;
    if (state.phase.winner !== null && state.phase.stage.kind !== 'over') state = enterStage({ state, stage: state.phase.stage }, emit);
    const who = awaiting(state);
    if (who.kind !== 'seat' || !state.players[who.seat]?.forfeited) return state;
    const stage = stageOf(state);
    const step = passiveStep(state, stage, rulesOf(stage.kind) as AnyRules, who.seat, emit);
    if (!step.ok) return state;
    state = deriveVassals(enterStage(step.value, emit), emit);
  }
  return state;
}

/** T6: a seat's own action in the conquest counts as acting today (the deal comes before day 1). */
const actedToday = (state: GameState, stage: AnyStage, seat: Seat): GameState =>
  state.phase.name === 'conquest' && stage.kind !== 'deal' && !state.players[seat]!.actedToday
    ? { ...state, players: state.players.map((p, i) => (i === seat ? { ...p, actedToday: true } : p)) }
    : state;

/** T5: the table's passive choice for an absent seat; he is marked absent first (T6), which the choice may end the day with. */
function passiveStep(state: GameState, stage: AnyStage, rules: AnyRules, seat: Seat, emit: Emit): Step {
  const before = state.phase.name === 'conquest' ? { ...state, players: state.players.map((p, i) => (i === seat ? { ...p, absentToday: true } : p)) } : state;
  // The table's own step reports its events after the passive choice is said.
  const stepEvents: GameEvent[] = [];
  const passive = rules.passive(before, stage as never, seat, (e) => stepEvents.push(e));
  if (!passive) return err(ruleError('NotAbsent', 'T5', 'no passive choice exists here'));
  if (passive.kind === 'table') {
    emit({ kind: 'passiveChoice', seat, action: passive.action });
    for (const e of stepEvents) emit(e);
    return ok(passive.next);
  }
  emit({ kind: 'passiveChoice', seat, action: passive.action });
  return ruleFor(rules, passive.action.kind)!.apply(before, stage as never, passive.action as never, emit);
}

/**
 * What `seat` may do now, as structured options (a count with its bounds, troops taken from
 * frontiers, a subset, a secret choice within a budget), in a canonical order. With the seat's
 * vault, choices that reveal or commit its secrets are complete; without it they are left out.
 */
export function legalOptions(state: GameState, seat: Seat, vault?: Vault): Option[] {
  const who = awaiting(state);
  if (who.kind !== 'seat' || who.seat !== seat) return [];
  const stage = stageOf(state);
  const rules = rulesOf(stage.kind) as AnyRules;
  const out: Option[] = [];
  for (const rule of actionRules(rules)) for (const option of rule.options(state, stage as never, seat, vault)) out.push(option);
  return out;
}

/** Every concrete action `seat` may take now: the options' expansions, in order. */
export function legalActions(state: GameState, seat: Seat, vault?: Vault): SeatAction[] {
  return legalOptions(state, seat, vault).flatMap(expandOption);
}

/** The passive action the table would take for the awaited seat now (T5), if one action expresses it. */
export function passiveAction(state: GameState): SeatAction | null {
  const who = awaiting(state);
  if (who.kind !== 'seat') return null;
  const stage = stageOf(state);
  const passive = (rulesOf(stage.kind) as AnyRules).passive(state, stage as never, who.seat, () => undefined);
  return passive?.kind === 'action' ? passive.action : null;
}

/** The hash of the public state's canonical serialisation: equal everywhere for equal states. */
export const stateHash = (state: GameState): string => hashText(canonicalJson(state));

export type { Action, Option };
