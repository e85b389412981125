import { ACTION_KINDS, type ActionKind } from '../core/actions.js';
import type { Decisions, EveryActionAccepted, Transients } from '../core/stages.js';
import { endDay, newTroops, production, workOutCombats } from '../conquest/days.js';
import { startConquest } from '../conquest/setup.js';
import { CONQUEST_STAGES } from '../conquest/stages.js';
import { consequences, endCombat, strengths } from '../conquest/resolve.js';
import { MAP_STAGES } from '../map/stages.js';

/**
 * The game's one table of rules: every stage kind of map creation and of the conquest, with who it
 * awaits, the actions it accepts (each checked and offered by one rule), the table's passive choice,
 * and the transient stages the flow runs through. Both tables are mapped types over the stage kinds,
 * so a stage or an action kind added without its rules does not compile (test/types/registry.ts).
 * The phase order (map creation, then the conquest) is owned here: the map's last transient stage
 * starts the conquest.
 */
export const DECISIONS: Decisions = { ...MAP_STAGES, ...CONQUEST_STAGES };

export const TRANSIENTS: Transients = {
  built: (state, _stage, emit) => startConquest(state, emit),
  production: (state, _stage, emit) => production(state, emit),
  combats: (state, _stage, emit) => workOutCombats(state, emit),
  strengths: (state, stage, emit) => strengths(state, stage.battle, stage.then, emit),
  consequences: (state, stage, emit) => consequences(state, stage.battle, stage.then, emit),
  endCombat: (state, stage, emit) => endCombat(state, stage.battle, stage.then, emit),
  troops: (state, stage, emit) => newTroops(state, stage.turn, stage.left, emit),
  endDay: (state, _stage, emit) => endDay(state, emit),
};

/** Every action kind is accepted by some stage (or is the table's `absent`). */
export const EVERY_ACTION_ACCEPTED: EveryActionAccepted = true;
/** ACTION_KINDS lists every action kind. */
export const ACTION_KINDS_COMPLETE: [Exclude<ActionKind, (typeof ACTION_KINDS)[number]>] extends [never] ? true : false = true;

export const isTransient = (kind: string): kind is keyof Transients => kind in TRANSIENTS;
