/**
 * Type-level test (checked by `npm run typecheck`, run by `npm test`): the game's one table of
 * rules is a mapped type, so a stage or an action without its rules does not compile. Each
 * `@ts-expect-error` below must meet an error: if one of these declarations compiled, the
 * type check would fail on the unused directive.
 */
import type { ActionKind } from '../../engine/core/actions.js';
import type { Decisions, DecisionRules, EveryActionAccepted, Transients } from '../../engine/core/stages.js';
import { DECISIONS, TRANSIENTS } from '../../engine/game/registry.js';

// A registry without one of its decision stages.
const { moves: _moves, ...withoutMoves } = DECISIONS;
// @ts-expect-error the 'moves' stage has no rules
export const missingStage: Decisions = withoutMoves;

// A stage whose rules leave out one of the actions it accepts.
const { done: _done, ...movesWithoutDone } = DECISIONS.moves.actions;
// @ts-expect-error 'done' is accepted at 'moves' but has no rule
export const missingAction: DecisionRules<'moves'> = { ...DECISIONS.moves, actions: movesWithoutDone };

// A stage whose rules say nothing of the table's passive choice for an absent seat.
const { passive: _passive, ...noPassive } = DECISIONS.moves;
// @ts-expect-error every stage says what an absent seat does
export const missingPassive: DecisionRules<'moves'> = noPassive;

// A transient stage without its step.
const { endDay: _endDay, ...withoutEndDay } = TRANSIENTS;
// @ts-expect-error the 'endDay' stage has no step
export const missingTransient: Transients = withoutEndDay;

// A new action kind that no stage accepts.
// @ts-expect-error 'surrender' is accepted by no stage
export const unaccepted: EveryActionAccepted<ActionKind | 'surrender'> = true;

// The real table passes the same checks.
export const complete: Decisions = DECISIONS;
export const everyAction: EveryActionAccepted = true;
