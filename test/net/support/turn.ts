// Shared with bench/ through scripts/node: bench/ imports nothing of test/.
export { NO_TURN, TURNSERVER, type TurnRelay, startTurn, turnInstalled } from '../../../scripts/node/turn.js';
