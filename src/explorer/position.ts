import { type GameState, stateHash } from '../../engine/index.js';
import { agentStream, playLocal, startLocalGame } from '../../engine/local/index.js';
import { greedyAgent, randomAgent } from '../../engine/agents/index.js';
import { type LocalMap, demoSetup, isShownDay } from './localMap.js';

/**
 * The explorer's map, then its conquest played by greedy agents (they spread out) to `day`,
 * stopped once that day's moves are over: troops on many territories and on frontiers, a position
 * for looking at the board (its browser test and benchmark use it). The greedy agent is a bot's
 * chooser, so the page computes this in the bots' Worker (src/table/botWorker.ts), never itself.
 */
export function buildLocalPosition(players: number, seed: string, day: number): LocalMap {
  if (!isShownDay(day)) throw new RangeError(`the explorer shows conquest days 1 to 12, not ${day}`);
  const setup = demoSetup(players);
  const game = startLocalGame(setup, seed);
  playLocal(game, seed, setup.players.map((_, seat) => randomAgent(agentStream(seed, seat))), (state) => state.phase.name === 'conquest');
  const movesOver = (state: GameState): boolean => {
    const p = state.phase;
    return p.name !== 'conquest' || (p.day >= day && (p.stage.kind === 'secretCommit' || p.stage.kind === 'choose'));
  };
  playLocal(game, seed, setup.players.map(() => greedyAgent()), movesOver);
  return { players, seed, day, state: game.state, hash: stateHash(game.state) };
}
