import { type Remote, wrap } from 'comlink';
import type { BotPlayer } from './types.js';
import type { BotWorkerApi } from './botWorker.js';

/** A bot player running in a Worker, and its disposal. */
export function makeWorkerBot(): { bot: BotPlayer; dispose: () => void } {
  const worker = new Worker(new URL('./botWorker.ts', import.meta.url), { type: 'module' });
  const remote: Remote<BotWorkerApi> = wrap<BotWorkerApi>(worker);
  return {
    bot: (state, seat, vault) => remote.choose(state, seat, vault),
    dispose: () => worker.terminate(),
  };
}
