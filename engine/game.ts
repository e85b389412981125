// Until the protocol moves to engine/game/play.ts (its own stream is reshaping engine/protocol).
export { applyAction, awaiting, legalActions, legalOptions, stateHash, play } from './game/play.js';
export type { Awaiting } from './core/stages.js';
