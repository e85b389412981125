import {
  type GameSetup,
  type GameState,
  CIVILISATIONS,
  COLOURS,
  MAX_PLAYERS,
  MIN_PLAYERS,
  stateHash,
} from '../../engine/index.js';
import { agentStream, playLocal, startLocalGame } from '../../engine/local/index.js';
// Not through engine/agents/index.ts: the bundler groups modules in chunks by the entries that
// reach them, and through that index the greedy agent would count as reached from this module,
// in a chunk the page loads. It ships only in the bots' Worker (test/table/mainThread.test.ts).
import { randomAgent } from '../../engine/agents/random.js';

/** A map built by the engine's random agents, from a seed: what the demo page shows. */
export interface LocalMap {
  readonly players: number;
  readonly seed: string;
  /** The state once map creation is over (the conquest's set-up done), or the conquest's day asked for (src/explorer/position.ts). */
  readonly state: GameState;
  /** The conquest's day shown (buildLocalPosition), or null: the map as map creation left it. */
  readonly day: number | null;
  readonly hash: string;
}

export const isPlayerCount = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= MIN_PLAYERS && (n as number) <= MAX_PLAYERS;

/** Seat i plays the i-th colour and civilisation; seat 0 starts. */
export function demoSetup(players: number): GameSetup {
  if (!isPlayerCount(players)) throw new RangeError(`a game has ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${players}`);
  return {
    players: Array.from({ length: players }, (_, i) => ({ colour: COLOURS[i]!, civilisation: CIVILISATIONS[i]! })),
    firstSeat: 0,
  };
}

/** Plays map creation to its end with random agents; the same (players, seed) gives the same map everywhere. */
export function buildLocalMap(players: number, seed: string): LocalMap {
  const setup = demoSetup(players);
  const game = startLocalGame(setup, seed);
  playLocal(
    game,
    seed,
    setup.players.map((_, seat) => randomAgent(agentStream(seed, seat))),
    (state) => state.phase.name === 'conquest',
  );
  return { players, seed, day: null, state: game.state, hash: stateHash(game.state) };
}

/** The conquest's days the explorer can show. */
export const isShownDay = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 12;
