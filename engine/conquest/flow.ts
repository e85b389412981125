import type { HexKey } from '../hex/index.js';
import type { RuleError } from '../core/errors.js';
import type { Result } from '../core/result.js';
import type { Battle, ConquestPhase, GameState, PendingDraws, Stage } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { HEART_KEY } from '../map/board.js';
import { HAND_SIZE, deckSize, needsReshuffle } from './cards.js';
import { involvedSeats, openBattle, updateVassals } from './battle.js';
import { determineCombats, settleEmpty } from './expansion.js';
import { activeSeats, firstInOrder, nextInOrder, turnOrder } from './order.js';
import { produce } from './production.js';
import { requestOptions } from './requests.js';
import { adjacency, connectedFrom, controlsHeart, portalKey, withTerritories } from './territory.js';

export type Step = Result<GameState, RuleError>;

export const phaseOf = (state: GameState): ConquestPhase => state.phase as ConquestPhase;
export const withPhase = (state: GameState, patch: Partial<ConquestPhase>): GameState => ({ ...state, phase: { ...phaseOf(state), ...patch } });

/** New troops each Logistics phase (L7). */
export const NEW_TROOPS = 2;
export const HEART_TROOPS = 1;

// ---------------------------------------------------------------- the flow: stages entered, transient ones run through

/** Enters a stage: transient stages (production, combats, troops, end of day) run at once; stages with nobody to act are skipped. */
export function enter(state: GameState, stage: Stage): GameState {
  const phase = phaseOf(state);
  if (phase.winner !== null) return withPhase(state, { stage: { kind: 'over' } });
  const active = activeSeats(state);
  if (active.length === 0) return withPhase(state, { stage: { kind: 'over' } });
  switch (stage.kind) {
    case 'production':
      return enter(produce(state), { kind: 'moves', turn: firstInOrder(state, phase.first, active)!, left: active.length });
    case 'moves':
    case 'spread':
      if (stage.left === 0)
        return stage.kind === 'moves'
          ? enter(state, { kind: 'spread', turn: firstInOrder(state, phase.first, active)!, left: active.length })
          : enter(state, secretRound('feint', state));
      return withPhase(state, { stage });
    case 'secret':
      return withPhase(state, { stage });
    case 'combats': {
      const settled = settleEmpty(state);
      return enter(withPhase(settled, { combats: determineCombats(settled), resolved: [] }), { kind: 'choose', turn: phase.first });
    }
    case 'choose': {
      const chooser = nextChooser(state, stage.turn);
      if (chooser === undefined) {
        const idle = active.filter((s) => !state.players[s]!.fought);
        return enter(state, { kind: 'exercise', turn: firstInOrder(state, phase.first, idle) ?? phase.first, left: idle.length });
      }
      return withPhase(state, { stage: { kind: 'choose', turn: chooser } });
    }
    case 'exercise': {
      if (stage.left === 0) return enter(state, secretRound('purchase', state));
      const idle = active.filter((s) => !state.players[s]!.fought);
      if (!idle.includes(stage.turn) || exercisePairs(state, stage.turn).length === 0) return enter(state, nextExercise(state, stage));
      return withPhase(state, { stage });
    }
    case 'troops':
      return newTroops(state, stage.turn, stage.left);
    case 'requests': {
      if (stage.left === 0) return enter(state, { kind: 'endDay' });
      if (requestOptions(state, stage.turn).length === 0)
        return enter(state, { kind: 'requests', turn: nextInOrder(state, stage.turn, active) ?? stage.turn, left: stage.left - 1 });
      return withPhase(state, { stage });
    }
    case 'endDay':
      return endDay(state);
    case 'drawing':
    case 'reshuffle':
      return startDraws(state, stage.pending);
    default:
      return withPhase(state, { stage });
  }
}

const secretRound = (purpose: 'feint' | 'purchase', state: GameState): Stage => ({
  kind: 'secret',
  round: { purpose, step: 'commit', turn: firstInOrder(state, phaseOf(state).first, activeSeats(state))!, commits: {}, reveals: {} },
});

/** E16: pairs of adjacent territories a seat controls, each pair once. */
export function exercisePairs(state: GameState, seat: Seat): [HexKey, HexKey][] {
  const adj = adjacency(state);
  const out: [HexKey, HexKey][] = [];
  for (const key of Object.keys(state.territories).sort()) {
    if (state.territories[key]!.owner !== seat) continue;
    for (const n of adj[key]!) if (n && n > key && state.territories[n]!.owner === seat) out.push([key, n]);
  }
  return out;
}

export function nextExercise(state: GameState, stage: Extract<Stage, { kind: 'exercise' }>): Stage {
  const idle = activeSeats(state).filter((s) => !state.players[s]!.fought);
  const next = nextInOrder(state, stage.turn, idle);
  const left = stage.left - 1;
  return { kind: 'exercise', turn: next ?? stage.turn, left: next === undefined || next === stage.turn ? 0 : left };
}

// ---------------------------------------------------------------- draws (K2, K5, K6)

/** Queues draws: a seat short of cards first commits its reshuffled discard pile; then one random event draws them all. */
function startDraws(state: GameState, pending: PendingDraws): GameState {
  const draws = pending.draws.filter((d) => d.count > 0);
  if (draws.length === 0) return enter(state, pending.then);
  const short = draws.find((d) => needsReshuffle(state.players[d.seat]!.cards, d.count));
  if (short) return withPhase(state, { stage: { kind: 'reshuffle', seat: short.seat, pending: { ...pending, draws } } });
  if (draws.every((d) => deckSize(state.players[d.seat]!.cards) === 0)) return enter(state, pending.then);
  return withPhase(state, { stage: { kind: 'drawing', pending: { ...pending, draws } } });
}

export const replenish = (state: GameState, seats: readonly Seat[], then: Stage): GameState =>
  startDraws(state, { draws: seats.map((seat) => ({ seat, count: Math.max(0, HAND_SIZE - state.players[seat]!.cards.hand.length) })), then });

// ---------------------------------------------------------------- choosing combats (E9)

/** Combats of the list, not resolved, that `seat` is involved in and that would start with two camps. */
export function availableCombats(state: GameState, seat: Seat): { id: string; battle: Battle }[] {
  const phase = phaseOf(state);
  const out: { id: string; battle: Battle }[] = [];
  for (const id of phase.combats) {
    if (phase.resolved.includes(id)) continue;
    const battle = openBattle(state, id, seat);
    if (battle && involvedSeats(battle).includes(seat) && (battle.stacks[seat]?.length ?? 0) + (battle.defender === seat ? 1 : 0) > 0) out.push({ id, battle });
  }
  return out;
}

function nextChooser(state: GameState, from: Seat): Seat | undefined {
  return turnOrder(state, from).find((s) => availableCombats(state, s).length > 0);
}

// ---------------------------------------------------------------- logistics (L6-L10) and the end of the day

/**
 * L7, L8, S4: new troops for every seat in turn order (T7a: those who forfeited too, as this step is
 * automatic); a connected vassal chooses where his go (L8a), which pauses the round.
 */
function newTroops(state: GameState, turn: Seat, left: number): GameState {
  let current = state;
  let seat = turn;
  for (let k = 0; k < left; k++) {
    const n = NEW_TROOPS + (controlsHeart(current, seat) ? HEART_TROOPS : 0);
    const me = current.players[seat]!;
    const portal = portalKey(current, seat);
    const t = current.territories[portal]!;
    const next = (seat + 1) % current.seats.length;
    if (me.suzerain === null) {
      // L7, L7a: on the portal, taken back if it was empty.
      if (t.owner === seat || t.owner === null) current = withTerritories(current, { [portal]: { ...t, owner: seat, troops: t.troops + n } });
    } else if (!connectedFrom(current, me.suzerain, portal).has(portalKey(current, me.suzerain))) {
      // S4: a vassal cut off from his suzerain's portal takes his own back and is free.
      current = checkSupremacy(updateVassals(withTerritories(current, { [portal]: { ...t, owner: seat, troops: n, frontier: [0, 0, 0, 0, 0, 0] } })));
    } else if (me.forfeited) {
      const site = vassalSites(current, seat)[0];
      if (site) current = withTerritories(current, { [site]: { ...current.territories[site]!, troops: current.territories[site]!.troops + n } });
    } else if (vassalSites(current, seat).length > 0) {
      const rest = left - k - 1;
      const then: Stage = rest > 0 ? { kind: 'troops', turn: next, left: rest } : requestsRound(current);
      return withPhase(current, { stage: { kind: 'vassalTroops', seat, troops: n, then } });
    }
    seat = next;
  }
  return enter(current, requestsRound(current));
}

const requestsRound = (state: GameState): Stage => {
  const active = activeSeats(state);
  return { kind: 'requests', turn: firstInOrder(state, phaseOf(state).first, active)!, left: active.length };
};

/** S4: where a connected vassal may place his new troops: territories he controls, connected to his and his suzerain's portals. */
export function vassalSites(state: GameState, seat: Seat): HexKey[] {
  return [...connectedFrom(state, seat, portalKey(state, seat))].filter((k) => state.territories[k]!.owner === seat).sort();
}

function endDay(state: GameState): GameState {
  const phase = phaseOf(state);
  let current = checkEnergyVictory(state);
  if (phaseOf(current).winner !== null) return withPhase(current, { stage: { kind: 'over' } });
  // T6, T7: a day spent absent at every decision counts; three in a row forfeit.
  current = {
    ...current,
    players: current.players.map((p) => {
      const absentDays = p.absentToday && !p.actedToday ? p.absentDays + 1 : 0;
      return { ...p, absentDays, forfeited: p.forfeited || absentDays >= 3, actedToday: false, absentToday: false, fought: false };
    }),
  };
  current = checkSupremacy(current);
  if (phaseOf(current).winner !== null) return withPhase(current, { stage: { kind: 'over' } });
  const active = activeSeats(current);
  if (active.length === 0) return withPhase(current, { stage: { kind: 'over' } });
  // D3: the second player takes the first-player token.
  const first = nextInOrder(current, phase.first, active) ?? active[0]!;
  return enter(withPhase(current, { day: phase.day + 1, first, combats: [], resolved: [] }), { kind: 'production' });
}

/** W1, W1a: a player wins when every other player still in the game is in his vassal chain; the last one left wins. */
export function checkSupremacy(state: GameState): GameState {
  const active = activeSeats(state);
  if (active.length === 0) return state;
  if (active.length === 1) return withPhase(state, { winner: active[0]! });
  const chainOf = (seat: Seat): Seat[] => {
    const out: Seat[] = [];
    for (let s = state.players[seat]!.suzerain; s !== null && !out.includes(s); s = state.players[s]!.suzerain) out.push(s);
    return out;
  };
  const winner = active.find((x) => active.every((s) => s === x || chainOf(s).includes(x)));
  return winner === undefined ? state : withPhase(state, { winner });
}

/** W2: Suprématie owned since an earlier day, the Heart controlled and connected to one's portal, not a vassal. */
function checkEnergyVictory(state: GameState): GameState {
  const phase = phaseOf(state);
  for (const seat of turnOrder(state, phase.first)) {
    const p = state.players[seat]!;
    if (p.supremacyDay === null || p.supremacyDay >= phase.day || p.suzerain !== null || p.forfeited) continue;
    if (!controlsHeart(state, seat)) continue;
    if (!connectedFrom(state, seat, portalKey(state, seat)).has(HEART_KEY)) continue;
    return withPhase(state, { winner: seat });
  }
  return state;
}

