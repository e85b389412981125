// Bots: agents choose among the engine's legal options, like any player (T8, T9).
export { type Agent, optionLabel } from './agent.js';
export { randomAgent } from './random.js';
export { greedyAgent } from './greedy.js';
