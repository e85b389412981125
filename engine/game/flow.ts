import type { Emit } from '../core/events.js';
import type { DecisionKind, DecisionRules, Next, TransientKind, TransientRule } from '../core/stages.js';
import type { AnyStage, GameState, MapStage, Stage } from '../core/state.js';
import { DECISIONS, TRANSIENTS, isTransient } from './registry.js';

/**
 * The flow: a stage entered is run through while it is transient or its rules say to go on
 * (nobody to act, nothing to choose); the first stage that awaits someone is written into the state.
 */

const MAP_KINDS: ReadonlySet<string> = new Set<MapStage['kind']>(['pile', 'take', 'draw', 'place', 'blacks', 'portal', 'finalRound', 'built']);

/** Where the game stands: always a decision stage in a stored state. */
export const stageOf = (state: GameState): AnyStage & { kind: DecisionKind } => state.phase.stage as AnyStage & { kind: DecisionKind };

export const rulesOf = <K extends DecisionKind>(kind: K): DecisionRules<K> => DECISIONS[kind] as DecisionRules<K>;

/** A bound on the stages one action may run through: far above any real sequence, it only catches a flow that loops. */
const MAX_STEPS = 100_000;

export function enterStage(next: Next, emit: Emit): GameState {
  let { state, stage } = next;
  for (let steps = 0; steps < MAX_STEPS; steps++) {
    if (state.phase.name === 'conquest' && state.phase.winner !== null && stage.kind !== 'over') {
      emit({ kind: 'gameOver', winner: state.phase.winner });
      stage = { kind: 'over' };
    }
    if (isTransient(stage.kind)) {
      ({ state, stage } = (TRANSIENTS[stage.kind] as TransientRule<TransientKind>)(state, stage as never, emit));
      continue;
    }
    const rules = rulesOf(stage.kind as DecisionKind);
    const moved = rules.enter?.(state, stage as never, emit) ?? null;
    if (moved) {
      ({ state, stage } = moved);
      continue;
    }
    return put(state, stage);
  }
  throw new Error(`flow: no stage to stop at after ${MAX_STEPS} steps (at ${stage.kind})`);
}

/** Writes the stage into the state's phase. */
function put(state: GameState, stage: AnyStage): GameState {
  if (MAP_KINDS.has(stage.kind)) return { ...state, phase: { name: 'mapCreation', stage: stage as MapStage } };
  if (state.phase.name !== 'conquest') throw new Error(`flow: stage ${stage.kind} outside the conquest`);
  return { ...state, phase: { ...state.phase, stage: stage as Stage } };
}
