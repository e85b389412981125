/**
 * Type-level test (checked by `npm run typecheck`, run by `npm test`): the UI's table of
 * controllers (src/game/turn/controllers.ts) is a mapped type over the engine's decision stages,
 * as the engine's table of rules is (test/types/registry.ts), so a stage without its controller
 * does not compile. Each `@ts-expect-error` below must meet an error: if one of these
 * declarations compiled, the type check would fail on the unused directive.
 */
import type { ConquestControllers, Controllers, MapControllers } from '../../src/game/turn/types.js';
import { CONTROLLERS } from '../../src/game/turn/controllers.js';
import { CONQUEST_CONTROLLERS } from '../../src/game/turn/conquest.js';
import { MAP_CONTROLLERS } from '../../src/game/turn/mapCreation.js';

// A table without the controller of one of the conquest's decision stages.
const { moves: _moves, ...withoutMoves } = CONTROLLERS;
// @ts-expect-error the 'moves' stage has no controller
export const missingStage: Controllers = withoutMoves;

// A stage the engine awaits with nothing for the person to do still says so (a controller whose view is null).
const { drawing: _drawing, ...withoutDrawing } = CONQUEST_CONTROLLERS;
// @ts-expect-error the 'drawing' stage has no controller
export const missingQuietStage: ConquestControllers = withoutDrawing;

// Map creation's family, without one of its stages.
const { portal: _portal, ...withoutPortal } = MAP_CONTROLLERS;
// @ts-expect-error the 'portal' stage has no controller
export const missingMapStage: MapControllers = withoutPortal;

// A controller under another stage's kind: it reads a stage it is not given.
// @ts-expect-error the 'vacate' controller reads a request, which the 'moves' stage has not
export const wrongStage: Controllers = { ...CONTROLLERS, moves: CONTROLLERS.vacate };

// A transient stage (run through by the engine, never awaited) is no key of the table.
// @ts-expect-error 'endDay' is not a decision stage
export const transient: Controllers = { ...CONTROLLERS, endDay: CONTROLLERS.over };

// The real tables pass the same checks.
export const complete: Controllers = CONTROLLERS;
export const conquest: ConquestControllers = CONQUEST_CONTROLLERS;
export const map: MapControllers = MAP_CONTROLLERS;
