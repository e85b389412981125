import { type Direction, type Hex, type HexKey, DIRECTION_INDICES, hexKey, opposite, parseHexKey } from '../hex/index.js';
import type { Feint } from '../core/actions.js';
import { compareCodeUnits } from '../core/canonical.js';
import type { Emit } from '../core/events.js';
import { type RuleError, ruleError } from '../core/errors.js';
import { err, ok, type Result } from '../core/result.js';
import type { CombatRef, Frontier, GameState, Territory } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { adjacency, connectedFrom, frontierTroops, neighbourKey, sameGroup, setFrontier, territoriesOf, withTerritories } from './territory.js';

// ---------------------------------------------------------------- E1: moves

/** E1: the most troops `seat` may move from `from` to `to` (at least 1 stays), or why none may. */
export function moveBound(state: GameState, seat: Seat, from: HexKey, to: HexKey): Result<number, RuleError> {
  const ta = state.territories[from];
  const tb = state.territories[to];
  if (!ta || ta.owner !== seat || !tb || tb.owner !== seat) return err(ruleError('NotYourTerritory', 'E1', 'troops move between territories you control'));
  if (from === to) return err(ruleError('NotConnected', 'E1', 'a move goes to another territory'));
  if (!connectedFrom(state, seat, from).has(to)) return err(ruleError('NotConnected', 'E1', 'the two territories are not connected through territories of your group'));
  if (ta.troops < 2) return err(ruleError('NotEnoughTroops', 'E1', 'at least 1 troop must stay on every territory you control'));
  return ok(ta.troops - 1);
}

export function moveTroops(state: GameState, seat: Seat, from: Hex, to: Hex, count: number, emit: Emit): Result<GameState, RuleError> {
  const a = hexKey(from);
  const b = hexKey(to);
  const max = moveBound(state, seat, a, b);
  if (!max.ok) return max;
  if (count < 1 || count > max.value) return err(ruleError('NotEnoughTroops', 'E1', `move between 1 and ${max.value} troops: at least 1 must stay`));
  const ta = state.territories[a]!;
  const tb = state.territories[b]!;
  emit({ kind: 'troopsMoved', seat, from, to, count });
  return ok(withTerritories(state, { [a]: { ...ta, troops: ta.troops - count }, [b]: { ...tb, troops: tb.troops + count } }));
}

/** The moves `seat` may make: each pair of its territories with troops to spare, and the most it may move. */
export function moveOptions(state: GameState, seat: Seat): { from: HexKey; to: HexKey; max: number }[] {
  const out: { from: HexKey; to: HexKey; max: number }[] = [];
  for (const from of territoriesOf(state, seat)) {
    if (state.territories[from]!.troops < 2) continue;
    const reach = [...connectedFrom(state, seat, from)].filter((k) => k !== from && state.territories[k]!.owner === seat).sort(compareCodeUnits);
    for (const to of reach) {
      const max = moveBound(state, seat, from, to);
      if (max.ok) out.push({ from, to, max: max.value });
    }
  }
  return out;
}

// ---------------------------------------------------------------- E3: spreading

/** Can `seat` hold troops at the frontier (key, dir)? A neighbour on the map, not controlled by its group (E3, E3b, S3b). */
export function frontierOpen(state: GameState, seat: Seat, key: HexKey, dir: Direction): boolean {
  const n = neighbourKey(state, key, dir);
  if (!n) return false;
  const owner = state.territories[n]!.owner;
  return owner === null || !sameGroup(state, seat, owner);
}

/** E3: what the frontier (key, dir) of `seat`'s tile may hold: from 0 to `max` troops (it holds `current`). */
export function spreadBounds(state: GameState, seat: Seat, key: HexKey, dir: Direction): Result<{ current: number; max: number }, RuleError> {
  const t = state.territories[key];
  if (!t || t.owner !== seat) return err(ruleError('NotYourTerritory', 'E3', 'you can spread troops only on tiles you control'));
  const current = t.frontier[dir];
  // E3a: at least 1 troop stays on the territory; E3b: only frontiers facing another group.
  return ok({ current, max: frontierOpen(state, seat, key, dir) ? current + t.troops - 1 : 0 });
}

/** E3: set the troops at the frontier (at, dir) of one of `seat`'s tiles to `count`, moving them from or to its territory. */
export function spread(state: GameState, seat: Seat, at: Hex, dir: Direction, count: number, emit: Emit): Result<GameState, RuleError> {
  const key = hexKey(at);
  const bounds = spreadBounds(state, seat, key, dir);
  if (!bounds.ok) return bounds;
  const { current, max } = bounds.value;
  if (count === current) return err(ruleError('IllegalChoice', 'E3', `that frontier already holds ${count} troops`));
  if (count > max) {
    if (!frontierOpen(state, seat, key, dir)) return err(ruleError('BadFrontier', 'E3', 'troops go only to frontiers facing a territory outside your vassal group, on the map'));
    return err(ruleError('NotEnoughTroops', 'E3', 'at least 1 troop must stay on the territory'));
  }
  const t = state.territories[key]!;
  emit({ kind: 'troopsSpread', seat, at, dir, before: current, after: count });
  return ok(withTerritories(state, { [key]: { ...t, troops: t.troops - (count - current), frontier: setFrontier(t.frontier, dir, count) } }));
}

// ---------------------------------------------------------------- E5: feints

/** Every stack of frontier troops a seat holds, in canonical order (by hex key, then direction). */
export function stacksOf(state: GameState, seat: Seat): { at: HexKey; dir: Direction; count: number }[] {
  const out: { at: HexKey; dir: Direction; count: number }[] = [];
  for (const key of territoriesOf(state, seat)) {
    const t = state.territories[key]!;
    for (const d of DIRECTION_INDICES) if (t.frontier[d] > 0) out.push({ at: key, dir: d, count: t.frontier[d] });
  }
  return out;
}

export function applyFeints(state: GameState, seat: Seat, feints: readonly Feint[]): GameState {
  const changes: Record<HexKey, Territory> = {};
  for (const f of feints) {
    const key = hexKey(f.at);
    const t = changes[key] ?? state.territories[key]!;
    changes[key] = { ...t, troops: t.troops + f.count, frontier: setFrontier(t.frontier, f.dir, t.frontier[f.dir] - f.count) };
  }
  return withTerritories(state, changes);
}

// ---------------------------------------------------------------- E7: the combats

/** The frontier combat at (key, dir), named by its side with the smaller key. */
export function frontierCombat(state: GameState, key: HexKey, dir: Direction): CombatRef | null {
  const n = neighbourKey(state, key, dir);
  if (!n) return null;
  return compareCodeUnits(key, n) < 0 ? { kind: 'frontier', at: key, dir } : { kind: 'frontier', at: n, dir: opposite(dir) };
}

export const sameCombat = (a: CombatRef, b: CombatRef): boolean => a.kind === b.kind && a.at === b.at && (a.kind === 'territory' || a.dir === (b as { dir: Direction }).dir);

const combatKey = (c: CombatRef): string => (c.kind === 'territory' ? `t|${c.at}` : `${c.kind === 'frontier' ? 'f' : 'x'}|${c.at}|${c.dir}`);
export const compareCombats = (a: CombatRef, b: CombatRef): number => compareCodeUnits(combatKey(a), combatKey(b));

/**
 * E7: the combats to resolve: one at each frontier with troops on both sides, one at each
 * territory with a frontier attacked but not defended. In canonical order.
 */
export function determineCombats(state: GameState): CombatRef[] {
  const out = new Map<string, CombatRef>();
  const adj = adjacency(state);
  for (const key of Object.keys(state.territories)) {
    const t = state.territories[key]!;
    if (frontierTroops(t) === 0) continue;
    for (const d of DIRECTION_INDICES) {
      if (t.frontier[d] === 0) continue;
      const n = adj[key]![d]!;
      if (!n) continue;
      const back = state.territories[n]!.frontier[opposite(d)];
      const c: CombatRef = back > 0 ? frontierCombat(state, key, d)! : { kind: 'territory', at: n };
      out.set(combatKey(c), c);
    }
  }
  return [...out.values()].sort(compareCombats);
}

/** The stacks attacking a territory through undefended frontiers (E7, E8), by seat. */
export function attackersOf(state: GameState, target: HexKey): Record<number, Frontier[]> {
  const out: Record<number, Frontier[]> = {};
  const t = state.territories[target]!;
  adjacency(state)[target]!.forEach((n, d) => {
    if (!n) return;
    const nt = state.territories[n]!;
    const back = opposite(d as Direction);
    if (nt.owner === null || nt.frontier[back] === 0 || t.frontier[d as Direction] > 0) return;
    (out[nt.owner] ??= []).push({ at: n, dir: back });
  });
  return out;
}

/**
 * B12b, E6: each uncontrolled and empty territory faced by exactly one player's frontier troops
 * is taken by that player, who moves all of those troops onto it. Repeats until stable.
 */
export function settleEmpty(state: GameState, emit: Emit): GameState {
  let current = state;
  for (let guard = 0; guard < 64; guard++) {
    let changed = false;
    for (const key of Object.keys(current.territories).sort()) {
      const t = current.territories[key]!;
      if (t.owner !== null || t.wild.length > 0) continue;
      const facing = attackersOf(current, key);
      const seats = Object.keys(facing).map(Number);
      if (seats.length !== 1) continue;
      const seat = seats[0]!;
      const changes: Record<HexKey, Territory> = {};
      let moved = 0;
      for (const s of facing[seat]!) {
        const from = changes[s.at] ?? current.territories[s.at]!;
        moved += from.frontier[s.dir];
        changes[s.at] = { ...from, frontier: setFrontier(from.frontier, s.dir, 0) };
      }
      changes[key] = { ...t, owner: seat, troops: moved };
      emit({ kind: 'territoryTaken', seat, at: parseHexKey(key), troops: moved });
      current = withTerritories(current, changes);
      changed = true;
    }
    if (!changed) return current;
  }
  return current;
}
