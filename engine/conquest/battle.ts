import { type Direction, type HexKey, DIRECTION_INDICES } from '../hex/index.js';
import { type CardId, crystalValue, isUnitCard, strengthOf } from '../cards/catalogue.js';
import type { CardOpening } from '../core/actions.js';
import { type RuleError, ruleError } from '../core/errors.js';
import { err, ok, type Result } from '../core/result.js';
import type { Battle, GameState, PlayerState, Stack, Territory } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { addCounts, discard, revealFromHand, revealMany } from './cards.js';
import { attackersOf, settleEmpty } from './expansion.js';
import { type Fighter, troopLosses } from './losses.js';
import { firstInOrder, nextInOrder } from './order.js';
import { adjacency, overlord, portalKey, sameGroup, setFrontier, withTerritories } from './territory.js';

/** How many camp changes a seat may make in one negotiation (ruling E11: negotiation must end). */
export const MAX_CAMP_CHANGES = 3;

const campOfGroup = (state: GameState, seat: Seat): string => `c${overlord(state, seat)}`;

/** The battle a combat id would start now, or null if it has fewer than two camps (E9b, E10). */
export function openBattle(state: GameState, id: string, chooser: Seat): Battle | null {
  let stacks: Record<number, Stack[]> = {};
  let target: HexKey | null = null;
  let defender: Battle['defender'] = null;
  if (id.startsWith('f:')) {
    const [a, b] = id.slice(2).split('|') as [HexKey, HexKey];
    const adj = adjacency(state);
    const da = adj[a]?.indexOf(b) as Direction | undefined;
    const db = adj[b]?.indexOf(a) as Direction | undefined;
    if (da === undefined || db === undefined || da < 0 || db < 0) return null;
    const ta = state.territories[a]!;
    const tb = state.territories[b]!;
    if (ta.owner === null || tb.owner === null || ta.frontier[da] === 0 || tb.frontier[db] === 0) return null;
    stacks = { [ta.owner]: [{ at: a, dir: da }] };
    (stacks[tb.owner] ??= []).push({ at: b, dir: db });
  } else if (id.startsWith('t:')) {
    target = id.slice(2);
    const t = state.territories[target];
    if (!t) return null;
    stacks = attackersOf(state, target);
    defender = t.owner !== null ? t.owner : t.wild.length > 0 ? 'wild' : null;
  } else return null;
  const camps: Record<number, string> = {};
  for (const s of Object.keys(stacks).map(Number)) camps[s] = campOfGroup(state, s);
  if (typeof defender === 'number') camps[defender] = 'defender';
  const campCount = new Set([...Object.values(camps), ...(defender === 'wild' ? ['defender'] : [])]).size;
  if (campCount < 2) return null;
  const involved = Object.keys(camps).map(Number);
  return {
    id,
    target,
    chooser,
    stacks,
    defender,
    camps,
    proposal: null,
    changes: {},
    step: 'camps',
    turn: firstInOrder(state, chooser, involved)!,
    done: [],
    armies: {},
    exercise: false,
    cycles: {},
  };
}

/** A military exercise (E16): one seat, one camp, all its troops on the two tiles involved. */
export function openExercise(state: GameState, seat: Seat, from: HexKey, to: HexKey): Battle {
  return {
    id: `x:${from}|${to}`,
    target: to,
    chooser: seat,
    stacks: { [seat]: [] },
    defender: null,
    camps: { [seat]: `c${seat}` },
    proposal: null,
    changes: {},
    step: 'armies',
    turn: seat,
    done: [],
    armies: {},
    exercise: true,
    cycles: {},
  };
}

export const involvedSeats = (b: Battle): Seat[] => Object.keys(b.camps).map(Number);
/** Seats that build armies (B3a): every involved seat; the wild territory builds none. */
export const builders = (b: Battle): Seat[] => involvedSeats(b);

/** A seat's involved troops (E8): its stacks, and the territory's troops for the defender. */
export function involvedTroops(state: GameState, b: Battle, seat: Seat): number {
  let n = 0;
  for (const s of b.stacks[seat] ?? []) n += state.territories[s.at]!.frontier[s.dir];
  if (b.defender === seat && b.target) n += state.territories[b.target]!.troops;
  if (b.exercise && b.target) {
    const [from, to] = b.id.slice(2).split('|') as [HexKey, HexKey];
    for (const k of [from, to]) {
      const t = state.territories[k]!;
      n += t.troops + t.frontier.reduce((x, y) => x + y, 0);
    }
  }
  return n;
}

/** B5: units in the army plus 1 per involved troop of every seat of the camp. */
export function strengthOfSeat(state: GameState, b: Battle, seat: Seat): number {
  const army = (b.armies[seat] ?? []).reduce((sum, c) => sum + strengthOf(c), 0);
  const camp = b.camps[seat];
  let troops = 0;
  for (const s of involvedSeats(b)) if (b.camps[s] === camp) troops += involvedTroops(state, b, s);
  return army + troops;
}

// ---------------------------------------------------------------- negotiation (E10, E11, ruling 6)

export function joinCamp(state: GameState, b: Battle, seat: Seat, camp: string): Result<Battle, RuleError> {
  if (b.defender === seat) return err(ruleError('BadCamp', 'E10', 'the defender stays in the attacked territory\'s camp'));
  const top = overlord(state, seat);
  if (top !== seat && involvedSeats(b).includes(top)) return err(ruleError('BadCamp', 'S3i', 'a vassal stays in his suzerain\'s camp'));
  if ((b.changes[seat] ?? 0) >= MAX_CAMP_CHANGES) return err(ruleError('TooManyChanges', 'E11', `at most ${MAX_CAMP_CHANGES} camp changes in one negotiation`));
  if (b.camps[seat] === camp) return err(ruleError('BadCamp', 'E10', 'you are in that camp already'));
  const changed = (camps: Record<number, string>): Battle => ({ ...b, camps: followers(state, b, seat, camps), changes: { ...b.changes, [seat]: (b.changes[seat] ?? 0) + 1 }, done: [] });
  if (camp === 'defender') {
    if (b.defender === null) return err(ruleError('BadCamp', 'E10', 'there is no attacked territory\'s camp in a frontier combat'));
    return ok(changed({ ...b.camps, [seat]: 'defender' }));
  }
  if (camp === `c${seat}`) return ok(changed({ ...b.camps, [seat]: camp }));
  const members = involvedSeats(b).filter((s) => b.camps[s] === camp);
  if (members.length === 0) return err(ruleError('BadCamp', 'E10', `there is no camp "${camp}"`));
  return ok({ ...b, proposal: { seat, camp, accepted: [] } });
}

/** S3i: a suzerain's vassals in the combat follow him. */
function followers(state: GameState, b: Battle, seat: Seat, camps: Record<number, string>): Record<number, string> {
  const out = { ...camps };
  for (const s of involvedSeats(b)) if (s !== seat && overlord(state, s) === seat && b.defender !== s) out[s] = camps[seat]!;
  return out;
}

/** The member of the proposed camp whose answer is awaited, in turn order from the proposer. */
export function proposalAwaits(state: GameState, b: Battle): Seat | undefined {
  if (!b.proposal) return undefined;
  const members = involvedSeats(b).filter((s) => b.camps[s] === b.proposal!.camp && !b.proposal!.accepted.includes(s));
  return nextInOrder(state, b.proposal.seat, members);
}

export function answer(state: GameState, b: Battle, seat: Seat, accept: boolean): Battle {
  const p = b.proposal!;
  if (!accept) return { ...b, proposal: null };
  const accepted = [...p.accepted, seat];
  const next = { ...b, proposal: { ...p, accepted } };
  if (proposalAwaits(state, next) !== undefined) return next;
  return {
    ...b,
    proposal: null,
    camps: followers(state, b, p.seat, { ...b.camps, [p.seat]: p.camp }),
    changes: { ...b.changes, [p.seat]: (b.changes[p.seat] ?? 0) + 1 },
    done: [],
  };
}

/** Withdraws troops from one of the seat's involved stacks to its territory (E10); a seat with none left is out. */
export function withdraw(state: GameState, b: Battle, seat: Seat, at: HexKey, dir: Direction, count: number): Result<{ state: GameState; battle: Battle }, RuleError> {
  const stack = (b.stacks[seat] ?? []).find((s) => s.at === at && s.dir === dir);
  if (!stack) return err(ruleError('NotInvolved', 'E10', 'that frontier is not involved in this combat'));
  const t = state.territories[at]!;
  if (count < 1 || count > t.frontier[dir]) return err(ruleError('NotEnoughTroops', 'E10', 'withdraw between 1 and the troops at that frontier'));
  const next = withTerritories(state, { [at]: { ...t, troops: t.troops + count, frontier: setFrontier(t.frontier, dir, t.frontier[dir] - count) } });
  let stacks = b.stacks;
  let camps = b.camps;
  if (count === t.frontier[dir]) {
    const left = (b.stacks[seat] ?? []).filter((s) => s !== stack);
    stacks = { ...b.stacks, [seat]: left };
    if (left.length === 0 && b.defender !== seat) {
      const { [seat]: _, ...rest } = b.stacks;
      stacks = rest;
      const { [seat]: __, ...campsLeft } = b.camps;
      camps = campsLeft;
    }
  }
  return ok({ state: next, battle: { ...b, stacks, camps, done: [] } });
}

/** Camps still facing each other (E12). */
export function campCount(b: Battle): number {
  return new Set([...Object.values(b.camps), ...(b.defender === 'wild' ? ['defender'] : [])]).size;
}

// ---------------------------------------------------------------- armies (B2, B3)

/** S2a: cycles of the hand a seat may still make: one per frontier beyond the first, before its first unit. */
export const cyclesLeft = (b: Battle, seat: Seat): number =>
  (b.armies[seat]?.length ?? 0) > 0 ? 0 : Math.max(0, (b.stacks[seat]?.length ?? 0) - 1 - (b.cycles[seat] ?? 0));

export function cycleHand(state: GameState, b: Battle, seat: Seat, discards: readonly CardOpening[]): Result<{ state: GameState; battle: Battle }, RuleError> {
  if (cyclesLeft(b, seat) <= 0) return err(ruleError('WrongStep', 'S2', 'only a player on several frontiers of this combat may cycle his hand, once per extra frontier, before his first unit'));
  const revealed = revealMany(state.players[seat]!.cards, discards);
  if (!revealed.ok) return revealed;
  const cards = discard(revealed.value.cards, revealed.value.played);
  return ok({
    state: { ...state, players: state.players.map((p, i) => (i === seat ? { ...p, cards } : p)) },
    battle: { ...b, cycles: { ...b.cycles, [seat]: (b.cycles[seat] ?? 0) + 1 } },
  });
}

export function playUnit(state: GameState, b: Battle, seat: Seat, opening: CardOpening): Result<{ state: GameState; battle: Battle }, RuleError> {
  const player = state.players[seat]!;
  const revealed = revealFromHand(player.cards, opening);
  if (!revealed.ok) return revealed;
  if (!isUnitCard(revealed.value.card)) return err(ruleError('NotAUnit', 'B3', `${revealed.value.card} is not a unit card`));
  const players = state.players.map((p, i) => (i === seat ? { ...p, cards: revealed.value.cards } : p));
  return ok({ state: { ...state, players }, battle: { ...b, armies: { ...b.armies, [seat]: [...(b.armies[seat] ?? []), revealed.value.card] } } });
}

// ---------------------------------------------------------------- resolution (B5-B14)

/** Troop losses and consequences of a combat. Returns the new state and the seats that took part (E13). */
export function resolve(state: GameState, b: Battle): { state: GameState; participants: Seat[] } {
  const seats = involvedSeats(b);
  if (b.exercise) return { state, participants: seats };
  const fighters: Fighter[] = [];
  for (const seat of seats) {
    const strength = strengthOfSeat(state, b, seat);
    for (const s of b.stacks[seat] ?? [])
      fighters.push({ id: `${seat}@${s.at}/${s.dir}`, camp: b.camps[seat]!, strength, involved: state.territories[s.at]!.frontier[s.dir], atFrontier: true, undefended: b.target !== null });
    if (b.defender === seat) fighters.push({ id: `${seat}@defence`, camp: 'defender', strength, involved: state.territories[b.target!]!.troops, atFrontier: false, undefended: false });
  }
  if (b.defender === 'wild') {
    const markers = state.territories[b.target!]!.wild.reduce((x, y) => x + y, 0);
    fighters.push({ id: 'wild', camp: 'defender', strength: markers, involved: 0, atFrontier: false, undefended: false });
  }
  const losses = troopLosses(fighters);
  const changes: Record<HexKey, Territory> = {};
  const get = (k: HexKey) => changes[k] ?? state.territories[k]!;
  for (const f of fighters) {
    const loss = losses[f.id]!;
    if (f.id === 'wild') {
      if (loss.lost > 0 || loss.missing > 0) changes[b.target!] = { ...get(b.target!), wild: [], owner: null, troops: 0 };
      continue;
    }
    const [, where] = f.id.split('@') as [string, string];
    if (where === 'defence') {
      const t = get(b.target!);
      changes[b.target!] = takeMissing({ ...t, troops: t.troops - loss.lost }, loss.missing, null);
    } else {
      const [at, d] = where.split('/') as [HexKey, string];
      const dir = Number(d) as Direction;
      const t = get(at);
      changes[at] = takeMissing({ ...t, frontier: setFrontier(t.frontier, dir, t.frontier[dir] - loss.lost) }, loss.missing, dir);
    }
  }
  let next = withTerritories(state, changes);
  // B12a: an emptied territory is refilled from its own frontiers, else lost (B14: in turn order; order does not matter here).
  const refills: Record<HexKey, Territory> = {};
  for (const key of Object.keys(changes).sort()) {
    const t = next.territories[key]!;
    if (t.owner === null || t.troops > 0) continue;
    const best = DIRECTION_INDICES.reduce((a, d) => (t.frontier[d] > t.frontier[a] ? d : a), 0 as Direction);
    refills[key] = t.frontier[best] > 0 ? { ...t, troops: 1, frontier: setFrontier(t.frontier, best, t.frontier[best] - 1) } : { ...t, owner: null };
  }
  next = settleEmpty(withTerritories(next, refills));
  return { state: updateVassals(next), participants: seats.concat(typeof b.defender === 'number' && !seats.includes(b.defender) ? [b.defender] : []) };
}

/** B10 case ii: missing troops come from the tile's territory first, then its other frontiers in direction order. */
function takeMissing(t: Territory, missing: number, skip: Direction | null): Territory {
  let left = missing;
  const fromCentre = Math.min(left, t.troops);
  left -= fromCentre;
  const frontier = [...t.frontier] as number[];
  for (const d of DIRECTION_INDICES) {
    if (left === 0) break;
    if (d === skip) continue;
    const take = Math.min(left, frontier[d]!);
    frontier[d] = frontier[d]! - take;
    left -= take;
  }
  return { ...t, troops: t.troops - fromCentre, frontier: frontier as unknown as Territory['frontier'] };
}

/**
 * B13, S3, S3h: a seat whose portal another seat controls is that seat's vassal; one whose portal
 * is his own or empty has no suzerain. New groups call their frontier troops facing each other home (S3b).
 */
export function updateVassals(state: GameState): GameState {
  let players = state.players;
  let changed = false;
  state.seats.forEach((_, seat) => {
    const owner = state.territories[portalKey(state, seat)]!.owner;
    const suzerain = owner === null || owner === seat ? null : owner;
    if (players[seat]!.suzerain !== suzerain) {
      players = players.map((p, i) => (i === seat ? { ...p, suzerain } : p));
      changed = true;
    }
  });
  if (!changed) return state;
  // A chain that loops (two players holding each other's portals) is broken at the later seat, so groups stay trees.
  let next: GameState = { ...state, players };
  for (let seat = 0; seat < players.length; seat++) {
    const seen = new Set<number>([seat]);
    let s = next.players[seat]!.suzerain;
    while (s !== null) {
      if (seen.has(s)) {
        next = { ...next, players: next.players.map((p, i) => (i === seat ? { ...p, suzerain: null } : p)) };
        break;
      }
      seen.add(s);
      s = next.players[s]!.suzerain;
    }
  }
  return callBackGroupFrontiers(next);
}

/** S3b: troops at frontiers facing a territory of one's own group go back to their territory. */
function callBackGroupFrontiers(state: GameState): GameState {
  const changes: Record<HexKey, Territory> = {};
  const adj = adjacency(state);
  for (const key of Object.keys(state.territories)) {
    const t = state.territories[key]!;
    if (t.owner === null) continue;
    let back = 0;
    const frontier = t.frontier.map((n, d) => {
      const other = adj[key]![d];
      const o = other ? state.territories[other]!.owner : null;
      if (n > 0 && o !== null && sameGroup(state, t.owner!, o)) {
        back += n;
        return 0;
      }
      return n;
    });
    if (back > 0) changes[key] = { ...t, troops: t.troops + back, frontier: frontier as unknown as Territory['frontier'] };
  }
  return Object.keys(changes).length > 0 ? withTerritories(state, changes) : state;
}

// ---------------------------------------------------------------- after the combat (B15, E14, E15)

/**
 * One participant's end of combat: units returned to the World (K9) or discarded, then the hand
 * kept or accounted for (E15: discarded, crystals counted, stocks set aside up to that value).
 */
export function afterCombat(state: GameState, b: Battle, seat: Seat, toWorld: readonly CardId[], account: readonly CardOpening[] | null): Result<GameState, RuleError> {
  const player = state.players[seat]!;
  let army = [...(b.armies[seat] ?? [])];
  for (const c of toWorld) {
    const i = army.indexOf(c);
    if (i < 0) return err(ruleError('UnknownCard', 'B15', `${c} is not one of the units you played`));
    army.splice(i, 1);
  }
  let cards = discard(player.cards, army);
  let next: PlayerState = { ...player, world: addCounts(player.world, toWorld) };
  if (account) {
    if (account.length !== cards.hand.length) return err(ruleError('IllegalChoice', 'E15', 'accounting for the hand reveals every card in it'));
    const revealed = revealMany(cards, account);
    if (!revealed.ok) return revealed;
    cards = discard(revealed.value.cards, revealed.value.played);
    const value = revealed.value.played.reduce((sum, c) => sum + crystalValue(c), 0);
    // E15, E15a: top up the stocks set aside to the accounting's value, within the stocks owned.
    const target = Math.min(value, next.energy + next.setAside);
    if (target > next.setAside) next = { ...next, energy: next.energy - (target - next.setAside), setAside: target };
  }
  next = { ...next, cards };
  return ok({ ...state, players: state.players.map((p, i) => (i === seat ? next : p)) });
}

