import { type Direction, type Hex, type HexKey, DIRECTION_INDICES, hexKey, opposite } from '../hex/index.js';
import type { Feint } from '../core/actions.js';
import { type RuleError, ruleError } from '../core/errors.js';
import { err, ok, type Result } from '../core/result.js';
import type { GameState, Territory } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { adjacency, connectedFrom, frontierTroops, neighbourKey, sameGroup, setFrontier, territoriesOf, withTerritories } from './territory.js';

/** E1: move `count` troops between two connected territories of `seat`, leaving at least 1 and never touching frontier troops. */
export function moveTroops(state: GameState, seat: Seat, from: Hex, to: Hex, count: number): Result<GameState, RuleError> {
  const a = hexKey(from);
  const b = hexKey(to);
  const ta = state.territories[a];
  const tb = state.territories[b];
  if (!ta || ta.owner !== seat || !tb || tb.owner !== seat) return err(ruleError('NotYourTerritory', 'E1', 'troops move between territories you control'));
  if (a === b) return err(ruleError('NotConnected', 'E1', 'a move goes to another territory'));
  if (!connectedFrom(state, seat, a).has(b)) return err(ruleError('NotConnected', 'E1', 'the two territories are not connected through territories of your group'));
  if (count < 1 || ta.troops - count < 1) return err(ruleError('NotEnoughTroops', 'E1', 'at least 1 troop must stay on every territory you control'));
  return ok(withTerritories(state, { [a]: { ...ta, troops: ta.troops - count }, [b]: { ...tb, troops: tb.troops + count } }));
}

/** Can `seat` hold troops at the frontier (key, dir)? A neighbour on the map, not controlled by its group (E3, E3b, S3b). */
export function frontierOpen(state: GameState, seat: Seat, key: HexKey, dir: Direction): boolean {
  const n = neighbourKey(state, key, dir);
  if (!n) return false;
  const owner = state.territories[n]!.owner;
  return owner === null || !sameGroup(state, seat, owner);
}

/** E3: set the troops at the frontier (at, dir) of one of `seat`'s tiles to `count`, moving them from or to its territory, at least 1 staying on it. */
export function spread(state: GameState, seat: Seat, at: Hex, dir: Direction, count: number): Result<GameState, RuleError> {
  const key = hexKey(at);
  const t = state.territories[key];
  if (!t || t.owner !== seat) return err(ruleError('NotYourTerritory', 'E3', 'you can spread troops only on tiles you control'));
  if (count > 0 && !frontierOpen(state, seat, key, dir))
    return err(ruleError('BadFrontier', 'E3', 'troops go only to frontiers facing a territory outside your vassal group, on the map'));
  const delta = count - t.frontier[dir];
  if (t.troops - delta < 1) return err(ruleError('NotEnoughTroops', 'E3', 'at least 1 troop must stay on the territory'));
  return ok(withTerritories(state, { [key]: { ...t, troops: t.troops - delta, frontier: setFrontier(t.frontier, dir, count) } }));
}

/** E5: a feint calls back troops from frontiers to their territory. Checks every stack of the choice. */
export function feintError(state: GameState, seat: Seat, feints: readonly Feint[]): RuleError | null {
  const seen = new Set<string>();
  for (const f of feints) {
    const key = hexKey(f.at);
    const id = `${key}/${f.dir}`;
    if (seen.has(id)) return ruleError('IllegalChoice', 'E5', 'a frontier appears twice in the feint');
    seen.add(id);
    const t = state.territories[key];
    if (!t || t.owner !== seat) return ruleError('NotYourTerritory', 'E5', 'a feint calls back your own frontier troops');
    if (f.count < 1 || f.count > t.frontier[f.dir]) return ruleError('NotEnoughTroops', 'E5', 'a feint calls back at most the troops at that frontier');
  }
  return null;
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

/** Every stack of frontier troops a seat holds, in canonical order. */
export function stacksOf(state: GameState, seat: Seat): { at: HexKey; dir: Direction; count: number }[] {
  const out: { at: HexKey; dir: Direction; count: number }[] = [];
  for (const key of territoriesOf(state, seat)) {
    const t = state.territories[key]!;
    for (const d of DIRECTION_INDICES) if (t.frontier[d] > 0) out.push({ at: key, dir: d, count: t.frontier[d] });
  }
  return out;
}

/** Combat ids: a frontier combat "f:A|B" (A < B), a territory combat "t:K". */
export const frontierCombatId = (a: HexKey, b: HexKey): string => (a < b ? `f:${a}|${b}` : `f:${b}|${a}`);
export const territoryCombatId = (k: HexKey): string => `t:${k}`;

/**
 * E7: the combats to resolve: one at each frontier with troops on both sides, one at each
 * territory with a frontier attacked but not defended. In canonical order.
 */
export function determineCombats(state: GameState): string[] {
  const out = new Set<string>();
  const adj = adjacency(state);
  for (const key of Object.keys(state.territories)) {
    const t = state.territories[key]!;
    if (frontierTroops(t) === 0) continue;
    for (const d of DIRECTION_INDICES) {
      if (t.frontier[d] === 0) continue;
      const n = adj[key]![d]!;
      if (!n) continue;
      const back = state.territories[n]!.frontier[opposite(d)];
      out.add(back > 0 ? frontierCombatId(key, n) : territoryCombatId(n));
    }
  }
  return [...out].sort();
}

/** The stacks attacking a territory through undefended frontiers (E7, E8), by seat. */
export function attackersOf(state: GameState, target: HexKey): Record<number, { at: HexKey; dir: Direction }[]> {
  const out: Record<number, { at: HexKey; dir: Direction }[]> = {};
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
export function settleEmpty(state: GameState): GameState {
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
      current = withTerritories(current, changes);
      changed = true;
    }
    if (!changed) return current;
  }
  return current;
}
