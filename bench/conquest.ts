import {
  COLOURS,
  CIVILISATIONS,
  type GameState,
  applyAction,
  newGame,
} from '../engine/index.js';
import { playLocal, startLocalGame } from '../engine/local/index.js';
import { greedyAgent } from '../engine/agents/index.js';
import type { Row } from './table.js';

const setup = (players: number) => ({ players: COLOURS.slice(0, players).map((colour, i) => ({ colour, civilisation: CIVILISATIONS[i]! })), firstSeat: 0 });

/** A complete greedy game (to victory or the day cap), its log and how long it took. */
export function greedyGame(players: number, seed: string, dayCap = 60): { log: unknown[]; ms: number; state: GameState } {
  const t0 = performance.now();
  const game = startLocalGame(setup(players), seed);
  playLocal(game, seed, game.vaults.map(() => greedyAgent()), (s) => s.phase.name === 'conquest' && s.phase.day > dayCap);
  return { log: game.log, ms: performance.now() - t0, state: game.state };
}

/** Engine actions applied per second: a recorded 4-player game's log replayed through applyAction alone. */
export function actionsPerSecond(ms = 3000): Row {
  const { log } = greedyGame(4, 'bench-actions');
  const replay = () => {
    const created = newGame(setup(4));
    if (!created.ok) throw new Error(created.error.message);
    let s = created.value;
    for (const a of log) {
      const r = applyAction(s, a);
      if (!r.ok) throw new Error(`bench replay: ${r.error.message}`);
      s = r.value;
    }
  };
  replay();
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    replay();
    n += log.length;
  }
  const seconds = (performance.now() - t0) / 1000;
  return { name: 'engine actions applied per second (4-player greedy game log)', value: n / seconds, unit: 'actions/s', target: { min: 20000 }, detail: `${log.length} actions a game` };
}

/** The wall time of one complete 4-player greedy game, agents and legal-move generation included (median of 3). */
export function greedyGameTime(): Row {
  const runs = [0, 1, 2].map((k) => greedyGame(4, `bench-greedy-${k}`));
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const r = runs[1]!;
  const phase = r.state.phase;
  const end = phase.name === 'conquest' ? (phase.winner !== null ? `won on day ${phase.day}` : `day cap ${phase.day - 1}`) : phase.name;
  return { name: 'one complete 4-player greedy game', value: times[1]!, unit: 'ms', detail: `median of 3; ${r.log.length} actions, ${end}` };
}
