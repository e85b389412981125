import type { Action, SeatAction } from './core/actions.js';
import { canonicalJson } from './core/canonical.js';
import { type RuleError, ruleError } from './core/errors.js';
import { hashText } from './core/hash.js';
import { parseAction } from './core/parse.js';
import { err, ok, type Result } from './core/result.js';
import type { GameState } from './core/state.js';
import type { Vault } from './core/vault.js';
import type { Seat } from './core/vocabulary.js';
import { applyFinalRound, applyMapCreation, applySetup, mapLegalActions } from './map/flow.js';
import { applyConquest } from './conquest/apply.js';
import { conquestAwaits, conquestLegal } from './conquest/legal.js';
import { passiveFor } from './absent.js';

/** Who the engine waits for: one seat, a random event, or nobody (the game is over). */
export type Awaiting = { readonly kind: 'seat'; readonly seat: Seat } | { readonly kind: 'random' } | { readonly kind: 'over' };

export function awaiting(state: GameState): Awaiting {
  const phase = state.phase;
  switch (phase.name) {
    case 'setup':
      return { kind: 'seat', seat: phase.awaiting[0]! };
    case 'mapCreation':
      return phase.step === 'drawing' ? { kind: 'random' } : { kind: 'seat', seat: phase.turn };
    case 'finalRound':
      return { kind: 'seat', seat: phase.turn };
    case 'conquest':
      return phase.winner !== null ? { kind: 'over' } : conquestAwaits(state);
  }
}

/**
 * The one entry point that changes a game: parses `input`, checks it against the rules and
 * returns the next state, or the error naming the broken rule. Never throws on bad input and
 * never changes `state`.
 */
export function applyAction(state: GameState, input: unknown): Result<GameState, RuleError> {
  const parsed = parseAction(input);
  if (!parsed.ok) return parsed;
  const action = parsed.value;
  const who = awaiting(state);
  if (who.kind === 'over') return err(ruleError('GameOver', 'A2', 'the game is over'));
  if (action.kind === 'absent') {
    if (who.kind !== 'seat' || who.seat !== action.seat) return err(ruleError('NotAbsent', 'T5', `seat ${action.seat} is not the seat the game waits for`));
    // T6: marked absent before the passive choice, which may end the day; acting for him does not count as his acting.
    const seat = action.seat;
    const inConquest = state.phase.name === 'conquest';
    const before = inConquest ? { ...state, players: state.players.map((p, i) => (i === seat ? { ...p, absentToday: true } : p)) } : state;
    const passive = passiveFor(before, seat);
    if (!passive.ok) return passive;
    const next = 'kind' in passive.value ? dispatch(before, passive.value, true) : ok(passive.value);
    if (!next.ok) return next;
    return ok({ ...next.value, seq: state.seq + 1 });
  }
  if (action.kind === 'random') {
    if (who.kind !== 'random') return err(ruleError('WrongStep', 'A3', 'no random event is expected now'));
    const unknown = action.absent?.find((s) => s >= state.seats.length);
    if (unknown !== undefined) return err(ruleError('UnknownSeat', 'T5b', `there is no seat ${unknown}`));
  } else {
    if (action.seat >= state.seats.length) return err(ruleError('UnknownSeat', 'A2', `there is no seat ${action.seat}`));
    if (who.kind !== 'seat' || who.seat !== action.seat)
      return err(ruleError('NotYourTurn', 'A2', who.kind === 'seat' ? `it is seat ${who.seat}'s turn, not seat ${action.seat}'s` : 'a random event is awaited'));
  }
  const next = dispatch(state, action);
  return next.ok ? ok({ ...next.value, seq: state.seq + 1 }) : next;
}

function dispatch(state: GameState, action: Action, byTable = false): Result<GameState, RuleError> {
  const phase = state.phase;
  switch (phase.name) {
    case 'setup':
      return action.kind === 'random' || action.kind === 'absent' ? err(ruleError('WrongStep', 'A3', 'no random event is expected now')) : applySetup(state, action);
    case 'mapCreation':
      return applyMapCreation(state, phase, action);
    case 'finalRound':
      return applyFinalRound(state, phase, action);
    case 'conquest':
      return action.kind === 'absent' ? err(ruleError('NotAbsent', 'T5', 'absence is handled by the table')) : applyConquest(state, action, byTable);
  }
}

/**
 * Every action `seat` may take now, in a canonical order. With the seat's vault, actions that
 * reveal a hidden object carry its opening; without it they are listed without one.
 */
export function legalActions(state: GameState, seat: Seat, vault?: Vault): SeatAction[] {
  const who = awaiting(state);
  if (who.kind !== 'seat' || who.seat !== seat) return [];
  return state.phase.name === 'conquest' ? conquestLegal(state, seat, vault) : mapLegalActions(state, seat, vault);
}

/** The hash of the public state's canonical serialisation: equal everywhere for equal states. */
export const stateHash = (state: GameState): string => hashText(canonicalJson(state));

/** The canonical serialisation of a state. */
export const makeState = (state: GameState): string => canonicalJson(state);
