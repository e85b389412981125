import { type Direction, type HexKey, opposite, parseHexKey } from '../hex/index.js';
import { unitStrength } from './abilities/permanent.js';
import type { Emit } from '../core/events.js';
import { type RuleError, ruleError } from '../core/errors.js';
import { err, ok, type Result } from '../core/result.js';
import type { Battle, BattleUnit, Camp, CombatRef, Frontier, GameState } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { attackersOf } from './expansion.js';
import { firstInOrder } from './order.js';
import { neighbourKey, overlord, setFrontier, withTerritories } from './territory.js';

/**
 * A combat as units and camps (E8-E13, B2-B5): who fights with which troops, how the camps stand,
 * the units in play and the strengths they give.
 */

/** Camps in a canonical order: the attacked territory's first, then seats' camps by seat. */
export const compareCamps = (a: Camp, b: Camp): number => (a === b ? 0 : a === 'defender' ? -1 : b === 'defender' ? 1 : a - b);

/** E11b: the arrangement of camps as a key, to remember which were reached or proposed. */
export const arrangement = (camps: Readonly<Record<number, Camp>>): string =>
  Object.keys(camps)
    .map(Number)
    .sort((a, b) => a - b)
    .map((s) => `${s}:${camps[s]}`)
    .join(',');

/** The battle a combat would start now, or null if it has fewer than two camps (E9b, E10). */
export function openBattle(state: GameState, combat: CombatRef, chooser: Seat): Battle | null {
  let stacks: Record<number, Frontier[]> = {};
  let target: HexKey | null = null;
  let defender: Battle['defender'] = null;
  if (combat.kind === 'frontier') {
    const n = neighbourKey(state, combat.at, combat.dir);
    if (!n) return null;
    const ta = state.territories[combat.at]!;
    const tb = state.territories[n]!;
    const back = opposite(combat.dir);
    if (ta.owner === null || tb.owner === null || ta.frontier[combat.dir] === 0 || tb.frontier[back] === 0) return null;
    stacks = { [ta.owner]: [{ at: combat.at, dir: combat.dir }] };
    (stacks[tb.owner] ??= []).push({ at: n, dir: back });
  } else if (combat.kind === 'territory') {
    target = combat.at;
    const t = state.territories[target];
    if (!t) return null;
    stacks = attackersOf(state, target);
    defender = t.owner !== null ? t.owner : t.wild.length > 0 ? 'wild' : null;
  } else return null;
  const camps: Record<number, Camp> = {};
  for (const s of Object.keys(stacks).map(Number)) camps[s] = overlord(state, s);
  if (typeof defender === 'number') camps[defender] = 'defender';
  const battle: Battle = { combat, target, chooser, stacks, defender, camps, seen: [arrangement(camps)], units: [], aside: [], cycles: {}, opposing: {}, participants: [] };
  return campCount(battle) < 2 ? null : battle;
}

/** A military exercise (E16): one seat, one camp, all its troops on the two tiles involved. */
export function openExercise(seat: Seat, at: HexKey, dir: Direction): Battle {
  return {
    combat: { kind: 'exercise', at, dir },
    target: null,
    chooser: seat,
    stacks: {},
    defender: null,
    camps: { [seat]: seat },
    seen: [],
    units: [],
    aside: [],
    cycles: {},
    opposing: {},
    participants: [seat],
  };
}

export const involvedSeats = (b: Battle): Seat[] => Object.keys(b.camps).map(Number);

/** Camps still facing each other (E12); the wild territory is a camp of its own (S1a). */
export function campCount(b: Battle): number {
  return new Set<Camp>([...Object.values(b.camps), ...(b.defender === 'wild' ? ['defender' as const] : [])]).size;
}

/** A seat's involved troops (E8): its stacks, and the territory's troops for the defender; an exercise's two tiles (E16a). */
export function involvedTroops(state: GameState, b: Battle, seat: Seat): number {
  let n = 0;
  for (const s of b.stacks[seat] ?? []) n += state.territories[s.at]!.frontier[s.dir];
  if (b.defender === seat && b.target) n += state.territories[b.target]!.troops;
  if (b.combat.kind === 'exercise' && b.camps[seat] !== undefined) {
    for (const k of [b.combat.at, neighbourKey(state, b.combat.at, b.combat.dir)!]) {
      const t = state.territories[k]!;
      n += t.troops + t.frontier.reduce((x, y) => x + y, 0);
    }
  }
  return n;
}


/** B5: the units in a seat's army plus 1 per involved troop of every seat of its camp. */
export function seatStrength(state: GameState, b: Battle, seat: Seat): number {
  let n = 0;
  for (const u of b.units) if (u.owner === seat) n += unitStrength(state, b, u);
  const camp = b.camps[seat];
  for (const s of involvedSeats(b)) if (b.camps[s] === camp) n += involvedTroops(state, b, s);
  return n;
}

/** S1: the wild territory's strength, from its markers. */
export const wildStrength = (state: GameState, b: Battle): number => (b.defender === 'wild' && b.target ? state.territories[b.target]!.wild.reduce((x, y) => x + y, 0) : 0);

// ---------------------------------------------------------------- negotiation (E10, E11, ruling 6)

/**
 * What joining `camp` means for `seat` (E10, E11, S3i): a unilateral change (the new camps), a
 * proposal needing the members' consent, or the rule it breaks.
 */
export function campChange(state: GameState, b: Battle, seat: Seat, camp: Camp): Result<{ kind: 'join'; camps: Record<number, Camp> } | { kind: 'propose' }, RuleError> {
  if (b.camps[seat] === undefined) return err(ruleError('NotInvolved', 'E10', 'you are not involved in this combat'));
  if (b.defender === seat) return err(ruleError('BadCamp', 'E10', 'the defender stays in the attacked territory\'s camp'));
  const top = overlord(state, seat);
  if (top !== seat && involvedSeats(b).includes(top)) return err(ruleError('BadCamp', 'S3i', 'a vassal stays in his suzerain\'s camp'));
  if (b.camps[seat] === camp) return err(ruleError('BadCamp', 'E10', 'you are in that camp already'));
  const unilateral = camp === 'defender' || camp === seat;
  if (camp === 'defender' && b.defender === null)
    return err(b.combat.kind === 'frontier' ? ruleError('BadCamp', 'E10a', 'a frontier combat has no attacked territory\'s camp') : ruleError('BadCamp', 'E10', 'the attacked territory is empty: it forms no camp'));
  if (!unilateral && !involvedSeats(b).some((s) => b.camps[s] === camp)) return err(ruleError('BadCamp', 'E10', `there is no camp ${String(camp)}`));
  const camps = followers(state, b, seat, { ...b.camps, [seat]: camp });
  if (b.seen.includes(arrangement(camps))) return err(ruleError('ArrangementSeen', 'E11b', 'the camps were already arranged or proposed this way in this negotiation'));
  return ok(unilateral ? { kind: 'join', camps } : { kind: 'propose' });
}

/** S3i: a suzerain's vassals in the combat follow him. */
export function followers(state: GameState, b: Battle, seat: Seat, camps: Record<number, Camp>): Record<number, Camp> {
  const out = { ...camps };
  for (const s of involvedSeats(b)) if (s !== seat && overlord(state, s) === seat && b.defender !== s) out[s] = camps[seat]!;
  return out;
}

/** The camps a seat may join now, in canonical order. */
export function campChoices(state: GameState, b: Battle, seat: Seat): Camp[] {
  const camps = new Set<Camp>([...Object.values(b.camps), seat]);
  if (b.defender !== null) camps.add('defender');
  return [...camps].sort(compareCamps).filter((c) => campChange(state, b, seat, c).ok);
}

/** The members of `camp` who must answer a proposal, in turn order from the proposer. */
export function proposalMembers(state: GameState, b: Battle, proposer: Seat, camp: Camp): Seat[] {
  const members = involvedSeats(b).filter((s) => b.camps[s] === camp);
  const out: Seat[] = [];
  for (let s = firstInOrder(state, (proposer + 1) % state.seats.length, members); s !== undefined && !out.includes(s); s = firstInOrder(state, (s + 1) % state.seats.length, members)) out.push(s);
  return out;
}

/** E10: the most troops `seat` may withdraw from one of its involved stacks, or why it may not. */
export function withdrawBound(state: GameState, b: Battle, seat: Seat, at: HexKey, dir: Direction): Result<number, RuleError> {
  const stack = (b.stacks[seat] ?? []).find((s) => s.at === at && s.dir === dir);
  if (!stack) return err(ruleError('NotInvolved', 'E10', 'that frontier is not involved in this combat'));
  return ok(state.territories[at]!.frontier[dir]);
}

/** Withdraws troops from one of the seat's involved stacks to its territory (E10); a seat with none left is out. */
export function withdraw(state: GameState, b: Battle, seat: Seat, at: HexKey, dir: Direction, count: number, emit: Emit): Result<{ state: GameState; battle: Battle }, RuleError> {
  const max = withdrawBound(state, b, seat, at, dir);
  if (!max.ok) return max;
  if (count < 1 || count > max.value) return err(ruleError('NotEnoughTroops', 'E10', 'withdraw between 1 and the troops at that frontier'));
  const t = state.territories[at]!;
  const next = withTerritories(state, { [at]: { ...t, troops: t.troops + count, frontier: setFrontier(t.frontier, dir, t.frontier[dir] - count) } });
  emit({ kind: 'troopsWithdrawn', seat, at: parseHexKey(at), dir, count });
  let stacks = b.stacks;
  let camps = b.camps;
  if (count === max.value) {
    const left = (b.stacks[seat] ?? []).filter((s) => !(s.at === at && s.dir === dir));
    stacks = { ...b.stacks, [seat]: left };
    if (left.length === 0 && b.defender !== seat) {
      const { [seat]: _, ...rest } = b.stacks;
      stacks = rest;
      const { [seat]: __, ...campsLeft } = b.camps;
      camps = campsLeft;
    }
  }
  return ok({ state: next, battle: { ...b, stacks, camps } });
}

// ---------------------------------------------------------------- armies (B2, B3, S2a)

/** S2a: extra discards a seat may still make: one per frontier beyond the first. */
export const cyclesLeft = (b: Battle, seat: Seat): number => Math.max(0, (b.stacks[seat]?.length ?? 0) - 1 - (b.cycles[seat] ?? 0));

/** B2: a unit joins its owner's army at the bottom of his column. */
export function addUnit(b: Battle, owner: Seat, card: BattleUnit['card']): { battle: Battle; unit: BattleUnit } {
  const rows = b.units.filter((u) => u.owner === owner).reduce((n, u) => Math.max(n, u.row + 1), 0);
  const id = [...b.units, ...b.aside].reduce((n, u) => Math.max(n, u.id + 1), 0);
  const unit: BattleUnit = { id, card, owner, row: rows, column: 0, face: 'up' };
  return { battle: { ...b, units: [...b.units, unit] }, unit };
}

export type { Frontier };
