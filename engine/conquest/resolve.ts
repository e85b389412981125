import { type Direction, type HexKey, DIRECTION_INDICES, parseHexKey } from '../hex/index.js';
import type { Take } from '../core/actions.js';
import type { Emit } from '../core/events.js';
import { type RuleError, ruleError } from '../core/errors.js';
import { err, ok, type Result } from '../core/result.js';
import type { Next } from '../core/stages.js';
import type { Battle, Camp, GameState, PendingLoss, PendingRefill, Stage, Territory } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { compareCamps, involvedSeats, seatStrength, wildStrength } from './battle.js';
import { settleEmpty } from './expansion.js';
import { type Fighter, lossReckonings, opposingChoices } from './losses.js';
import { turnOrder } from './order.js';
import { go, patchPhase, phaseOf, replenish } from './phase.js';
import { setFrontier, withTerritories } from './territory.js';
import { deriveVassals } from './vassals.js';

/**
 * Resolving a combat once the armies are complete (B5-B14): strengths, the strongest opposing
 * camp where tied ones differ (B8, the players' choice), losses taken at once (B6-B10), the
 * frontiers that pay missing troops (B11, the players' choice), emptied territories refilled
 * (B12a, the players' choice) or lost, territories taken (B12b) and vassals made (B13).
 */

/** One fighter of the combat (S2d: a seat on k frontiers is k fighters): where its troops stand. */
interface Side {
  readonly fighter: Fighter;
  readonly seat: Seat | 'wild';
  /** The tile its involved troops stand on, and their frontier (null: the defender's territory). */
  readonly at: HexKey;
  readonly dir: Direction | null;
}

const campText = (c: Camp): string => (c === 'defender' ? 'defender' : `seat${c}`);
const campOf = (text: string): Camp => (text === 'defender' ? 'defender' : Number(text.slice(4)));

function sides(state: GameState, b: Battle): Side[] {
  const out: Side[] = [];
  for (const seat of involvedSeats(b)) {
    const strength = seatStrength(state, b, seat);
    const camp = campText(b.camps[seat]!);
    for (const s of b.stacks[seat] ?? []) {
      const involved = state.territories[s.at]!.frontier[s.dir];
      out.push({ seat, at: s.at, dir: s.dir, fighter: { id: String(out.length), camp, strength, involved, atFrontier: true, undefended: b.target !== null } });
    }
    if (b.defender === seat) out.push({ seat, at: b.target!, dir: null, fighter: { id: String(out.length), camp: 'defender', strength, involved: state.territories[b.target!]!.troops, atFrontier: false, undefended: false } });
  }
  if (b.defender === 'wild') out.push({ seat: 'wild', at: b.target!, dir: null, fighter: { id: String(out.length), camp: 'defender', strength: wildStrength(state, b), involved: 0, atFrontier: false, undefended: false } });
  return out;
}

/** Seats in turn order from the combat's chooser (B14, E14a). */
const fromChooser = (state: GameState, b: Battle, seats: readonly Seat[]): Seat[] => turnOrder(state, b.chooser).filter((s) => seats.includes(s));

/** B8: the tied strongest opposing camps a seat chooses between (empty: nothing to choose). */
export function opposingCamps(state: GameState, b: Battle, seat: Seat, all: readonly Side[] = sides(state, b)): Camp[] {
  const mine = all.find((s) => s.seat === seat);
  if (!mine) return [];
  return opposingChoices(mine.fighter.strength, all.filter((o) => o.fighter.camp !== mine.fighter.camp).map((o) => o.fighter)).map(campOf).sort(compareCamps);
}

/** B5: the strengths are worked out; seats facing tied strongest camps choose (B8), then losses are taken. */
export function strengths(state: GameState, b: Battle, then: Stage, emit: Emit): Next {
  const strength: Record<number, number> = {};
  for (const seat of involvedSeats(b)) strength[seat] = seatStrength(state, b, seat);
  emit({ kind: 'strengths', strengths: strength, wild: b.defender === 'wild' ? wildStrength(state, b) : null });
  if (b.combat.kind === 'exercise') return afterLosses(state, b, then);
  const all = sides(state, b);
  const waiting = fromChooser(state, b, involvedSeats(b)).filter((s) => opposingCamps(state, b, s, all).length > 0);
  return waiting.length > 0 ? go(state, { kind: 'opposing', battle: b, then, waiting }) : takeLosses(state, b, then, emit, all);
}

/**
 * B6-B10: every fighter's losses, worked out from the same strengths and taken at once: its
 * involved troops, then missing troops from its tile's territory; what its territory cannot pay
 * is the seat's to allocate among the tile's other frontiers (B11) when the choice is real.
 */
export function takeLosses(state: GameState, b: Battle, then: Stage, emit: Emit, all: readonly Side[] = sides(state, b)): Next {
  const chosen: Record<string, string> = {};
  for (const s of all) {
    if (typeof s.seat !== 'number') continue;
    // B8: the seat's choice; a seat that made none (it forfeited) counts the first in canonical order.
    const camp = b.opposing[s.seat] ?? opposingCamps(state, b, s.seat, all)[0];
    if (camp !== undefined) chosen[s.fighter.id] = campText(camp);
  }
  // The losses and their arithmetic, worked out once (the table reads the steps): a fighter's id is its place in `all`.
  const reckonings = lossReckonings(
    all.map((s) => s.fighter),
    chosen,
  );
  let current = state;
  const pending: PendingLoss[] = [];
  const order = fromChooser(state, b, involvedSeats(b));
  const ordered = [...all].sort((x, y) => (x.seat === 'wild' ? 1 : y.seat === 'wild' ? -1 : order.indexOf(x.seat) - order.indexOf(y.seat)));
  const seatOf = (id: string): Seat | 'wild' => all[Number(id)]!.seat;
  emit({
    kind: 'lossesWorkedOut',
    fighters: ordered.map((side) => {
      const r = reckonings[side.fighter.id]!;
      return {
        seat: side.seat,
        at: parseHexKey(side.at),
        dir: side.dir,
        strength: side.fighter.strength,
        involved: side.fighter.involved,
        rule: r.rule,
        camp: r.camp === null ? null : campOf(r.camp),
        gaps: r.gaps.map((g) => ({ seat: seatOf(g.id), strength: g.strength, loss: g.loss })),
        stronger: r.stronger.map(seatOf),
        owed: r.owed,
        short: r.short,
        lost: r.lost,
        missing: r.missing,
      };
    }),
  });
  for (const side of ordered) {
    const loss = reckonings[side.fighter.id]!;
    const t = current.territories[side.at]!;
    if (side.seat === 'wild') {
      // S1, S1b: a defeated wild territory loses its markers and becomes empty.
      if (loss.lost > 0 || loss.missing > 0) {
        current = withTerritories(current, { [side.at]: { ...t, wild: [], owner: null, troops: 0 } });
        emit({ kind: 'wildDefeated', at: parseHexKey(side.at) });
      }
      continue;
    }
    const seat = side.seat;
    let next: Territory = side.dir === null ? { ...t, troops: t.troops - loss.lost } : { ...t, frontier: setFrontier(t.frontier, side.dir, t.frontier[side.dir] - loss.lost) };
    if (loss.lost > 0) emit({ kind: 'troopsLost', seat, at: parseHexKey(side.at), dir: side.dir, count: loss.lost });
    // B10 case ii: the missing troops come from the tile's territory first ...
    const fromTerritory = Math.min(loss.missing, next.troops);
    if (fromTerritory > 0) {
      next = { ...next, troops: next.troops - fromTerritory };
      emit({ kind: 'troopsLost', seat, at: parseHexKey(side.at), dir: null, count: fromTerritory });
    }
    current = withTerritories(current, { [side.at]: next });
    // ... then from its other frontiers, "in no particular order": the seat chooses where a choice exists (B11).
    const rest = loss.missing - fromTerritory;
    if (rest === 0) continue;
    const p: PendingLoss = { seat, at: side.at, count: rest, skip: side.dir };
    const stacks = lossStacks(current, p);
    const available = stacks.reduce((n, s) => n + s.count, 0);
    if (available <= rest || stacks.length === 1) current = takeFrom(current, p, forcedTake(stacks, rest), emit);
    else pending.push(p);
  }
  return pending.length > 0 ? go(current, { kind: 'losses', battle: b, then, pending }) : go(current, { kind: 'consequences', battle: b, then });
}

/** B11: the tile's frontiers that may pay a pending loss: those with troops, but the involved one. */
export function lossStacks(state: GameState, p: PendingLoss): Take[] {
  const t = state.territories[p.at]!;
  return DIRECTION_INDICES.filter((d) => d !== p.skip && t.frontier[d] > 0).map((dir) => ({ dir, count: t.frontier[dir] }));
}

/** Everything, or as much as the only stack holds: no choice to make. */
const forcedTake = (stacks: readonly Take[], need: number): Take[] => {
  let left = need;
  return stacks.map((s) => {
    const n = Math.min(left, s.count);
    left -= n;
    return { dir: s.dir, count: n };
  }).filter((s) => s.count > 0);
};

/** The passive allocation (T5): the frontiers in direction order, east then clockwise (the former ruling B11). */
export const passiveTake = forcedTake;

/** Checks a `take` against stacks: directions increasing, each within its stack, total in [min, max]. */
export function takeError(stacks: readonly Take[], take: readonly Take[], min: number, max: number, rule: string): RuleError | null {
  let last = -1;
  let total = 0;
  for (const t of take) {
    const s = stacks.find((x) => x.dir === t.dir);
    if (!s) return ruleError('BadFrontier', rule, `no troops to take at frontier ${t.dir} of that tile`);
    if (t.dir <= last) return ruleError('IllegalChoice', rule, 'list each frontier once, in increasing direction');
    if (t.count < 1 || t.count > s.count) return ruleError('NotEnoughTroops', rule, `take between 1 and ${s.count} troops at frontier ${t.dir}`);
    last = t.dir;
    total += t.count;
  }
  if (total < min || total > max) return ruleError('IllegalChoice', rule, min === max ? `take exactly ${min} troops` : `take between ${min} and ${max} troops`);
  return null;
}

function takeFrom(state: GameState, p: PendingLoss, take: readonly Take[], emit: Emit): GameState {
  const t = state.territories[p.at]!;
  let frontier = t.frontier;
  for (const x of take) {
    frontier = setFrontier(frontier, x.dir, frontier[x.dir] - x.count);
    emit({ kind: 'troopsLost', seat: p.seat, at: parseHexKey(p.at), dir: x.dir, count: x.count });
  }
  return withTerritories(state, { [p.at]: { ...t, frontier } });
}

/** B11: the seat's allocation of a pending loss. */
export function allocate(state: GameState, p: PendingLoss, take: readonly Take[], emit: Emit): Result<GameState, RuleError> {
  const bad = takeError(lossStacks(state, p), take, p.count, p.count, 'B11');
  return bad ? err(bad) : ok(takeFrom(state, p, take, emit));
}

/** B12a, B14: emptied territories whose owner still has troops on the tile are his to refill; the others are lost. */
export function consequences(state: GameState, b: Battle, then: Stage, emit: Emit): Next {
  const order = fromChooser(state, b, involvedSeats(b));
  const tiles = new Set<HexKey>();
  if (b.target) tiles.add(b.target);
  for (const seat of involvedSeats(b)) for (const s of b.stacks[seat] ?? []) tiles.add(s.at);
  const emptied = [...tiles]
    .filter((k) => {
      const t = state.territories[k]!;
      return t.owner !== null && t.troops === 0;
    })
    .sort((x, y) => order.indexOf(state.territories[x]!.owner!) - order.indexOf(state.territories[y]!.owner!) || (x < y ? -1 : x > y ? 1 : 0));
  let current = state;
  const pending: PendingRefill[] = [];
  for (const key of emptied) {
    const t = current.territories[key]!;
    const stacks = refillStacks(current, key);
    const seat = t.owner!;
    if (stacks.length === 0) {
      current = withTerritories(current, { [key]: { ...t, owner: null } });
      emit({ kind: 'territoryLost', seat, at: parseHexKey(key) });
    } else if (stacks.length === 1 && stacks[0]!.count === 1) {
      current = refillWith(current, { seat, at: key }, stacks, emit);
    } else pending.push({ seat, at: key });
  }
  return pending.length > 0 ? go(current, { kind: 'refill', battle: b, then, pending }) : afterConsequences(current, b, then, emit);
}

/** The frontiers of an emptied tile that can refill its territory. */
export function refillStacks(state: GameState, key: HexKey): Take[] {
  const t = state.territories[key]!;
  return DIRECTION_INDICES.filter((d) => t.frontier[d] > 0).map((dir) => ({ dir, count: t.frontier[dir] }));
}

function refillWith(state: GameState, p: PendingRefill, take: readonly Take[], emit: Emit): GameState {
  const t = state.territories[p.at]!;
  let frontier = t.frontier;
  let moved = 0;
  for (const x of take) {
    frontier = setFrontier(frontier, x.dir, frontier[x.dir] - x.count);
    moved += x.count;
  }
  emit({ kind: 'territoryRefilled', seat: p.seat, at: parseHexKey(p.at), count: moved });
  return withTerritories(state, { [p.at]: { ...t, troops: t.troops + moved, frontier } });
}

/** B12a: the seat's refill of an emptied territory: as many troops as it likes, at least 1. */
export function refill(state: GameState, p: PendingRefill, take: readonly Take[], emit: Emit): Result<GameState, RuleError> {
  const stacks = refillStacks(state, p.at);
  const bad = takeError(stacks, take, 1, stacks.reduce((n, s) => n + s.count, 0), 'B12a');
  return bad ? err(bad) : ok(refillWith(state, p, take, emit));
}

/** The passive refill (T5): 1 troop from the frontier holding the most, the first in direction order on a tie. */
export function passiveRefill(state: GameState, p: PendingRefill): Take[] {
  const stacks = refillStacks(state, p.at);
  const best = stacks.reduce((a, s) => (s.count > a.count ? s : a), stacks[0]!);
  return [{ dir: best.dir, count: 1 }];
}

/** B12b, B13: territories taken, vassals made; the participants took part (E13); then the end of the combat (B15). */
export function afterConsequences(state: GameState, b: Battle, then: Stage, emit: Emit): Next {
  const settled = deriveVassals(settleEmpty(state, emit), emit);
  return afterLosses(settled, b, then);
}

function afterLosses(state: GameState, b: Battle, then: Stage): Next {
  const marked: GameState = { ...state, players: state.players.map((p, i) => (b.participants.includes(i) ? { ...p, fought: true } : p)) };
  if (phaseOf(marked).winner !== null) return go(marked, { kind: 'over' });
  const waiting = fromChooser(marked, b, b.participants);
  return go(marked, { kind: 'abilities', window: 'postCombat', waiting, battle: b, then: { kind: 'returnUnits', waiting, battle: b, then } });
}

/** The seats of a combat's participants in turn order from its chooser. */
export const participantsInOrder = (state: GameState, b: Battle): Seat[] => fromChooser(state, b, b.participants);



/** E14, K6: after a combat its participants replenish their hands; a resolved combat leaves the list (E9). */
export function endCombat(state: GameState, b: Battle, then: Stage, emit: Emit): Next {
  const next = b.combat.kind === 'exercise' ? state : patchPhase(state, { resolved: [...phaseOf(state).resolved, b.combat] });
  emit({ kind: 'combatEnded', combat: b.combat, participants: b.participants });
  return replenish(
    next,
    b.participants.filter((s) => !next.players[s]!.forfeited),
    then,
  );
}
