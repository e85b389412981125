import type { Ability, ConditionName } from '../../cards/abilities.js';
import type { ActionOf, Target } from '../../core/actions.js';
import type { Emit, GameEvent } from '../../core/events.js';
import { type RuleError, ruleError } from '../../core/errors.js';
import type { Option } from '../../core/options.js';
import { err, ok, type Result } from '../../core/result.js';
import type { Battle, BattleUnit, GameState, Stage, StageOf } from '../../core/state.js';
import type { Vault } from '../../core/vault.js';
import type { Seat } from '../../core/vocabulary.js';
import { turnOrder } from '../order.js';
import { type Ctx, HIDDEN, type Listed, type Resolved, type Wait, effectTargets, resolveEffect, targetError } from './effects.js';
import { abilitiesOf, abilityKey, effectsOf, finished, unitById, withEffects } from './records.js';

/**
 * Activating abilities (K15-K17): which abilities a seat may activate now, the ways to activate
 * each (every effect resolvable in full, in order), and the activation itself.
 */

type Window = StageOf<'abilities'>;

/** An ability a seat may consider now: its unit and its place on the card. */
export interface Open {
  readonly unit: BattleUnit;
  readonly index: number;
  readonly ability: Ability;
}

/** K16, K17: whether an ability's timing lets it be activated now (its effects aside). */
function timely(stage: Window, unit: BattleUnit, index: number, ability: Ability): boolean {
  const b = stage.battle;
  const e = effectsOf(b);
  const key = abilityKey(unit.id, index);
  const inPlay = b.units.some((u) => u.id === unit.id);
  if (unit.face === 'down') return false;
  const passed = (stage.passed ?? []).includes(unit.owner);
  switch (ability.type) {
    case 'immediate':
      return inPlay && e.fresh.includes(unit.id) && !e.used.includes(key);
    case 'delayed':
      return inPlay && stage.window === 'delayed' && !passed && !e.used.includes(key);
    case 'postCombat':
      return inPlay && stage.window === 'postCombat' && !passed && !e.used.includes(key);
    case 'event':
    case 'condition':
      return e.armed.includes(key);
  }
}

/** The abilities of `seat`'s units whose timing is open now. */
function timelyAbilities(stage: Window, seat: Seat): Open[] {
  const b = stage.battle;
  return [...b.units, ...b.aside]
    .filter((u) => u.owner === seat)
    .sort((x, y) => x.id - y.id)
    .flatMap((unit) => abilitiesOf(unit).flatMap((ability, index) => (timely(stage, unit, index, ability) ? [{ unit, index, ability }] : [])));
}

const silent: Emit = () => undefined;

/**
 * Every way to resolve the ability's effects in full (K15), each a list of one target per effect.
 * Without the vault, a target in the hidden hand stops the walk with HIDDEN: resolvable as far as
 * the public state shows.
 */
function ways(ctx: Ctx, ability: Ability, vault?: Vault): Listed[][] {
  const out: Listed[][] = [];
  const walk = (at: Ctx, k: number, acc: Listed[]) => {
    if (k === ability.effects.length) return void out.push(acc);
    const effect = ability.effects[k]!;
    for (const target of effectTargets(at, effect, vault)) {
      if (target === HIDDEN) {
        out.push([...acc, HIDDEN]);
        continue;
      }
      const r = resolveEffect(at, effect, target as Target | null, silent);
      if (!r.ok) continue;
      walk({ ...at, state: r.value.state, battle: r.value.battle }, k + 1, [...acc, target]);
    }
  };
  walk(ctx, 0, []);
  return out;
}

const contextOf = (state: GameState, b: Battle, open: Open): Ctx => ({ state, battle: b, seat: open.unit.owner, source: open.unit });

/** K15: the abilities `seat` may activate now, as far as the public state shows. */
export const activatable = (state: GameState, stage: Window, seat: Seat): Open[] => timelyAbilities(stage, seat).filter((o) => ways(contextOf(state, stage.battle, o), o.ability).length > 0);

/** Every activation `seat` may make now, one option each (with its vault: hand targets by their openings). */
export function activationOptions(state: GameState, stage: Window, seat: Seat, vault?: Vault): Option[] {
  return timelyAbilities(stage, seat).flatMap((o) =>
    ways(contextOf(state, stage.battle, o), o.ability, vault)
      .filter((targets) => !targets.includes(HIDDEN))
      .map((targets): Option => ({ kind: 'one', action: { kind: 'activate', seat, unit: o.unit.id, ability: o.index, targets: targets as (Target | null)[] } })),
  );
}

/** The activation checked and resolved: the state and combat after it, and what it waits for. */
export function activate(state: GameState, stage: Window, a: ActionOf<'activate'>, emit: Emit): Result<Resolved, RuleError> {
  const unit = unitById(stage.battle, a.unit);
  if (!unit || unit.owner !== a.seat) return err(ruleError('IllegalChoice', 'K15', 'activate an ability of one of your own units in this combat'));
  const ability = abilitiesOf(unit)[a.ability];
  if (!ability) return err(ruleError('IllegalChoice', 'K15', `${unit.card} has no ability ${a.ability}`));
  if (!timely(stage, unit, a.ability, ability)) return err(ruleError('IllegalChoice', 'K16', `this ${ability.type} ability cannot be activated now`));
  if (a.targets.length !== ability.effects.length) return err(ruleError('MalformedAction', 'K15', `this ability takes ${ability.effects.length} target(s), one per effect`));
  const events: GameEvent[] = [];
  let ctx = contextOf(state, stage.battle, { unit, index: a.ability, ability });
  let wait: Wait | undefined;
  for (let k = 0; k < ability.effects.length; k++) {
    const effect = ability.effects[k]!;
    const bad = targetError(ctx, effect, a.targets[k]!);
    if (bad) return err(bad);
    const r = resolveEffect(ctx, effect, a.targets[k]!, (e) => events.push(e));
    if (!r.ok) return r;
    ctx = { ...ctx, state: r.value.state, battle: r.value.battle };
    wait = r.value.wait;
  }
  emit({ kind: 'abilityActivated', seat: a.seat, unit: a.unit, ability: a.ability });
  for (const e of events) emit(e);
  return ok({ state: ctx.state, battle: spend(ctx.battle, unit.id, a.ability, ability), ...(wait ? { wait } : {}) });
}

/** Once-only abilities are used; a reaction uses one of the times it was armed (K16). A unit its own ability destroyed keeps no record (K8). */
function spend(b: Battle, unit: number, index: number, ability: Ability): Battle {
  if (!unitById(b, unit)) return b;
  const e = effectsOf(b);
  const key = abilityKey(unit, index);
  if (ability.type === 'event' || ability.type === 'condition') {
    const i = e.armed.indexOf(key);
    return withEffects(b, { armed: e.armed.filter((_, j) => j !== i) });
  }
  return withEffects(b, { used: [...e.used, key] });
}

// ---------------------------------------------------------------- conditions and turns

/** A condition reaction's condition (K16). */
function holds(state: GameState, seat: Seat, condition: ConditionName): boolean {
  switch (condition) {
    case 'handEmpty':
      return state.players[seat]!.cards.hand.length === 0;
  }
}

/**
 * K16: a condition reaction is armed each time its condition becomes true, and when its unit enters
 * while the condition holds: looked at on entering every ability window, after every step.
 */
export function lookAtConditions(state: GameState, b: Battle): Battle {
  const e = effectsOf(b);
  const held: string[] = [];
  const armed = [...e.armed];
  for (const unit of b.units) {
    if (unit.face === 'down') continue;
    abilitiesOf(unit).forEach((a, i) => {
      if (a.type !== 'condition') return;
      const key = abilityKey(unit.id, i);
      if (!holds(state, unit.owner, a.on as ConditionName)) return;
      held.push(key);
      if (!e.held.includes(key)) armed.push(key);
    });
  }
  const same = held.length === e.held.length && held.every((k, i) => k === e.held[i]) && armed.length === e.armed.length;
  return same ? b : withEffects(b, { held, armed });
}

/**
 * K17 (ruling K17a): who acts in the window and in which order: the seat whose turn it is keeps it
 * while it has something to activate; then the others with something to activate, in turn order
 * from the combat's chooser, among those still waiting and those to whom something was opened
 * (a unit added, a reaction armed). Seats with nothing left are finished.
 */
export function whoActs(state: GameState, stage: Window): { battle: Battle; waiting: Seat[] } {
  let b = stage.battle;
  const e = effectsOf(b);
  const opened = new Set<Seat>();
  for (const id of e.fresh) {
    const unit = unitById(b, id);
    if (unit) opened.add(unit.owner);
  }
  for (const key of e.armed) {
    const unit = unitById(b, Number(key.split(':')[0]));
    if (unit) opened.add(unit.owner);
  }
  const current = stage.waiting[0];
  const order = turnOrder(state, b.chooser).filter((s) => b.participants.includes(s) && s !== current && (stage.waiting.includes(s) || opened.has(s)));
  const waiting: Seat[] = [];
  for (const seat of current === undefined ? order : [current, ...order]) {
    if (!state.players[seat]!.forfeited && activatable(state, { ...stage, battle: b }, seat).length > 0) waiting.push(seat);
    else b = finished(b, seat);
  }
  return { battle: b, waiting };
}

/** Goes on after a window, the combat as the window left it. */
export const afterWindow = (stage: Window, battle: Battle): Stage => ('battle' in stage.then ? ({ ...stage.then, battle } as Stage) : stage.then);
