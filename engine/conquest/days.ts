import { type Direction, type HexKey, DIRECTION_INDICES, parseHexKey } from '../hex/index.js';
import type { Emit } from '../core/events.js';
import type { Next } from '../core/stages.js';
import type { Battle, CombatRef, GameState, Stage, StageOf } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { involvedSeats, openBattle } from './battle.js';
import { determineCombats, sameCombat, settleEmpty } from './expansion.js';
import { activeSeats, firstInOrder, nextInOrder, turnOrder } from './order.js';
import { go, patchPhase, phaseOf } from './phase.js';
import { produce } from './production.js';
import { requestOptions } from './requests.js';
import { energyVictoryConditions } from './energyVictory.js';
import { extraTroops } from './abilities/permanent.js';
import { adjacency, connectedFrom, controlsHeart, portalKey, withTerritories } from './territory.js';
import { checkSupremacy, deriveVassals } from './vassals.js';

/**
 * A day of the conquest (D, P, E, L): the order of its steps and the transient stages the flow
 * runs through at once: production, working out the combats, the new troops, the end of the day.
 */

/** New troops each Logistics phase (L7). */
export const NEW_TROOPS = 2;
export const HEART_TROOPS = 1;

const firstActive = (state: GameState): Seat => firstInOrder(state, phaseOf(state).first, activeSeats(state))!;

/** P: everyone produces at once, then moves begin (E1) in turn order. */
export function production(state: GameState, emit: Emit): Next {
  const next = produce(state, emit);
  return go(next, { kind: 'moves', turn: firstActive(next), left: activeSeats(next).length });
}

/** A round of "done" declarations in turn order (E2, E4, L9): the next seat, or what follows once all declared. */
export const nextDeclarer = <S extends StageOf<'moves' | 'spread' | 'requests'>>(state: GameState, stage: S): S => ({
  ...stage,
  turn: nextInOrder(state, stage.turn, activeSeats(state)) ?? stage.turn,
  left: stage.left - 1,
});

export const secretRound = (state: GameState, purpose: 'feint' | 'purchase'): Stage => ({
  kind: 'secretCommit',
  round: { purpose, commits: {}, sealed: {}, reveals: {} },
  turn: firstActive(state),
});

/** E6, E7: empty territories taken, then the combats worked out once for the phase (E7a). */
export function workOutCombats(state: GameState, emit: Emit): Next {
  const settled = deriveVassals(settleEmpty(state, emit), emit);
  const combats = determineCombats(settled);
  emit({ kind: 'combatsListed', combats });
  return go(patchPhase(settled, { combats, resolved: [] }), { kind: 'choose', turn: phaseOf(settled).first });
}

/** Combats of the list, not resolved, that `seat` is involved in and that would start with two camps (E9, E9b). */
export function availableCombats(state: GameState, seat: Seat): { combat: CombatRef; battle: Battle }[] {
  const phase = phaseOf(state);
  const out: { combat: CombatRef; battle: Battle }[] = [];
  for (const combat of phase.combats) {
    if (phase.resolved.some((r) => sameCombat(r, combat))) continue;
    const battle = openBattle(state, combat, seat);
    if (battle && involvedSeats(battle).includes(seat) && (battle.stacks[seat]?.length ?? 0) + (battle.defender === seat ? 1 : 0) > 0) out.push({ combat, battle });
  }
  return out;
}

/** E9a: the next seat, in turn order from `from`, with a combat to choose; none: the combats are over. */
export const nextChooser = (state: GameState, from: Seat): Seat | undefined => turnOrder(state, from).find((s) => availableCombats(state, s).length > 0);

/** The exercises' round (E16): the seats who fought no combat, in turn order. */
export function exercises(state: GameState): Stage {
  const idle = activeSeats(state).filter((s) => !state.players[s]!.fought);
  return { kind: 'exercise', turn: firstInOrder(state, phaseOf(state).first, idle) ?? phaseOf(state).first, left: idle.length };
}

/** E16: pairs of adjacent territories a seat controls, each once, as a tile and the direction of the other. */
export function exercisePairs(state: GameState, seat: Seat): { at: HexKey; dir: Direction }[] {
  const adj = adjacency(state);
  const out: { at: HexKey; dir: Direction }[] = [];
  for (const key of Object.keys(state.territories).sort()) {
    if (state.territories[key]!.owner !== seat) continue;
    for (const d of DIRECTION_INDICES) {
      const n = adj[key]![d];
      if (n && n > key && state.territories[n]!.owner === seat) out.push({ at: key, dir: d });
    }
  }
  return out;
}

export function nextExercise(state: GameState, stage: StageOf<'exercise'>): Stage {
  const idle = activeSeats(state).filter((s) => !state.players[s]!.fought);
  const next = nextInOrder(state, stage.turn, idle);
  return { kind: 'exercise', turn: next ?? stage.turn, left: next === undefined || next === stage.turn ? 0 : stage.left - 1 };
}

// ---------------------------------------------------------------- logistics: new troops (L7, L8, S4)

const requestsRound = (state: GameState): Stage => ({ kind: 'requests', turn: firstActive(state), left: activeSeats(state).length });

/** S4: where a connected vassal may place his new troops: territories he controls, connected to his and his suzerain's portals. */
export function vassalSites(state: GameState, seat: Seat): HexKey[] {
  return [...connectedFrom(state, seat, portalKey(state, seat))].filter((k) => state.territories[k]!.owner === seat).sort();
}

/**
 * L7, L8, S4: new troops for every seat in turn order (T7a: those who forfeited too, as this step
 * is automatic); a connected vassal chooses where his go (L8a), which pauses the round.
 */
export function newTroops(state: GameState, turn: Seat, left: number, emit: Emit): Next {
  let current = state;
  let seat = turn;
  for (let k = 0; k < left; k++) {
    // L7, and the Portal Stabiliser's troops (K13a).
    const n = NEW_TROOPS + (controlsHeart(current, seat) ? HEART_TROOPS : 0) + extraTroops(current, seat);
    const me = current.players[seat]!;
    const portal = portalKey(current, seat);
    const t = current.territories[portal]!;
    const following = (seat + 1) % current.seats.length;
    if (me.suzerain === null) {
      // L7, L7a: on the portal, taken back if it was empty.
      if (t.owner === seat || t.owner === null) {
        current = withTerritories(current, { [portal]: { ...t, owner: seat, troops: t.troops + n } });
        emit({ kind: 'newTroops', seat, at: parseHexKey(portal), count: n });
      }
    } else if (!connectedFrom(current, me.suzerain, portal).has(portalKey(current, me.suzerain))) {
      // S4: a vassal cut off from his suzerain's portal takes his own back and is free.
      current = withTerritories(current, { [portal]: { ...t, owner: seat, troops: n, frontier: [0, 0, 0, 0, 0, 0] } });
      emit({ kind: 'newTroops', seat, at: parseHexKey(portal), count: n });
      current = deriveVassals(current, emit);
      if (phaseOf(current).winner !== null) return go(current, { kind: 'over' });
    } else if (vassalSites(current, seat).length > 0) {
      const rest = left - k - 1;
      const then: Stage = rest > 0 ? { kind: 'troops', turn: following, left: rest } : requestsRound(current);
      return go(current, { kind: 'vassalTroops', seat, troops: n, then });
    }
    seat = following;
  }
  return go(current, requestsRound(current));
}

/** L9: the suzerains' requests: the seat whose turn it is has one to make, or is skipped. */
export const hasRequests = (state: GameState, seat: Seat): boolean => requestOptions(state, seat).length > 0;

// ---------------------------------------------------------------- the end of the day

/** L10, W2, T6, T7, D3: the energy victory, absent days and forfeits, then the token passes and a new day begins. */
export function endDay(state: GameState, emit: Emit): Next {
  const phase = phaseOf(state);
  let current = checkEnergyVictory(state, emit);
  if (phaseOf(current).winner !== null) return go(current, { kind: 'over' });
  current = {
    ...current,
    players: current.players.map((p, seat) => {
      const absentDays = (p.absentToday && !p.actedToday) || p.withheldToday ? p.absentDays + 1 : 0;
      const forfeited = p.forfeited || absentDays >= 3;
      if (forfeited && !p.forfeited) emit({ kind: 'forfeited', seat });
      const { withheldToday: _withheld, ...rest } = p;
      return { ...rest, absentDays, forfeited, actedToday: false, absentToday: false, fought: false };
    }),
  };
  current = checkSupremacy(current, emit);
  if (phaseOf(current).winner !== null) return go(current, { kind: 'over' });
  const active = activeSeats(current);
  if (active.length === 0) return go(current, { kind: 'over' });
  // D3: the second player takes the first-player token.
  const first = nextInOrder(current, phase.first, active) ?? active[0]!;
  emit({ kind: 'dayBegan', day: phase.day + 1, first });
  return go(patchPhase(current, { day: phase.day + 1, first, combats: [], resolved: [] }), { kind: 'production' });
}

/** W2: Suprématie owned since an earlier day, the Heart controlled and connected to one's portal, not a vassal (energyVictory.ts). */
function checkEnergyVictory(state: GameState, emit: Emit): GameState {
  const phase = phaseOf(state);
  for (const seat of turnOrder(state, phase.first)) {
    if (!energyVictoryConditions(state, seat)?.wouldWin) continue;
    emit({ kind: 'won', seat, how: 'energy' });
    return patchPhase(state, { winner: seat });
  }
  return state;
}
