import type { RuleError } from '../../core/errors.js';
import type { Result } from '../../core/result.js';
import type { GameState } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import { applyAction, legalActions } from '../../game/play.js';

/**
 * Where the protocol meets the rules beyond applyAction/awaiting. Everything here is part of
 * the protocol version: peers and the verifier must answer identically.
 */

/** Action kinds the table writes (the protocol), never a seat: a signed entry carrying one is refused. */
export const TABLE_KINDS: readonly string[] = ['random', 'absent'];

/**
 * The awaited seat is absent (ruling 9): the engine makes its passive choice through its
 * `absent` action. An engine without that action falls back to ending the turn where that is
 * legal. An error means there is no passive choice here: the absent seat forfeits and the game ends.
 */
export function applyAbsence(state: GameState, seat: Seat): Result<GameState, RuleError> {
  const next = applyAction(state, { kind: 'absent', seat });
  if (next.ok || next.error.code !== 'UnknownAction') return next;
  const pass = legalActions(state, seat).find((a) => a.kind === 'endTurn');
  return pass ? applyAction(state, pass) : next;
}
