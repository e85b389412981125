import { type Remote, wrap } from 'comlink';
import type { BotPlayer } from './types.js';
import type { BotWorkerApi } from './botWorker.js';
import type { LocalMap } from '../explorer/localMap.js';

/** The page's bots, all thinking in one Worker: the page never runs a bot's choice itself. */
export interface WorkerBots {
  /** A local game's bot: random while the map is built, greedy in the conquest. */
  readonly bot: BotPlayer;
  /** The engine's greedy choice: an online bot's, and a person's "let the bot play it". */
  readonly greedy: BotPlayer;
  /** Ends the Worker; a choice asked later is refused. */
  dispose(): void;
}

/**
 * One Worker for the page's bots, started when a bot is first asked (a page where no bot ever
 * plays starts none) and ended by dispose, with the game it serves.
 */
export function makeWorkerBots(): WorkerBots {
  let worker: Worker | null = null;
  let remote: Remote<BotWorkerApi> | null = null;
  let disposed = false;
  const api = (): Remote<BotWorkerApi> => {
    if (disposed) throw new Error('the bots’ Worker is disposed');
    if (!remote) {
      worker = new Worker(new URL('./botWorker.ts', import.meta.url), { type: 'module' });
      remote = wrap<BotWorkerApi>(worker);
    }
    return remote;
  };
  return {
    bot: async (state, seat, vault) => api().choose(state, seat, vault),
    greedy: async (state, seat, vault) => api().greedy(state, seat, vault),
    dispose() {
      disposed = true;
      worker?.terminate();
    },
  };
}

/**
 * The explorer's position at a conquest day (`#/map?day=5`), played by greedy agents in a Worker
 * of its own, ended once the position is back: the page never runs a bot's choice itself.
 */
export async function positionInWorker(players: number, seed: string, day: number): Promise<LocalMap> {
  const worker = new Worker(new URL('./botWorker.ts', import.meta.url), { type: 'module' });
  try {
    return await wrap<BotWorkerApi>(worker).position(players, seed, day);
  } finally {
    worker.terminate();
  }
}
