import {
  COLOURS,
  CIVILISATIONS,
} from '../engine/index.js';
import { agentStream, playLocal, startLocalGame } from '../engine/local/index.js';
import { randomAgent } from '../engine/agents/index.js';
import type { Row } from './table.js';

const setup = (players: number) => ({ players: COLOURS.slice(0, players).map((colour, i) => ({ colour, civilisation: CIVILISATIONS[i]! })), firstSeat: 0 });

/** Complete map creations (to the conquest's set-up) with random agents, as many as fit in `ms` milliseconds (after a warm-up). */
export function mapCreationsPerSecond(players: number, ms = 3000): Row {
  const play = (k: number) => {
    const seed = `bench-${k}`;
    const game = startLocalGame(setup(players), seed);
    playLocal(game, seed, game.vaults.map((_, seat) => randomAgent(agentStream(seed, seat))), (s) => s.phase.name === 'conquest');
    return game.log.length;
  };
  for (let k = 0; k < 50; k++) play(-k - 1);
  let games = 0;
  let actions = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) actions += play(games++);
  const seconds = (performance.now() - t0) / 1000;
  return {
    name: `map creations per second, ${players} players, random agents`,
    value: games / seconds,
    unit: 'games/s',
    target: players === 4 ? { min: 500 } : undefined,
    detail: `${games} games, ${(actions / games).toFixed(0)} actions each, ${(actions / seconds).toFixed(0)} actions/s`,
  };
}
