import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { MatchResult, MatchSpec } from './match.js';

/** A worker thread running worker.ts: its TypeScript loaded through tsx's loader, registered in the thread first. */
function startWorker(): Worker {
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./worker.ts', import.meta.url).href);
  return new Worker(`import(${tsx}).then((api) => { api.register(); return import(${entry}); });`, { eval: true });
}

/**
 * Plays the games on worker threads, as many as the machine has cores (or `workers`), each game
 * on one thread from start to end; results come back in the order of `specs`. A game the engine
 * stops (a bot's refused action) stops the tournament with its seed and seats.
 */
export async function playAll(specs: readonly MatchSpec[], workers = os.availableParallelism(), onResult?: (done: number) => void): Promise<MatchResult[]> {
  const results: MatchResult[] = new Array(specs.length);
  let next = 0;
  let done = 0;
  const threads = Math.max(1, Math.min(workers, specs.length));
  const run = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = startWorker();
      let current = -1;
      const send = (): void => {
        if (next >= specs.length) {
          void worker.terminate().then(() => resolve());
          return;
        }
        current = next++;
        worker.postMessage(specs[current]);
      };
      worker.on('message', (m: { ok: true; result: MatchResult } | { ok: false; error: string; spec: MatchSpec }) => {
        if (!m.ok) {
          void worker.terminate();
          reject(new Error(`${m.error} (seed ${m.spec.seed}, ${m.spec.civilisations.join(' v ')})`));
          return;
        }
        results[current] = m.result;
        onResult?.(++done);
        send();
      });
      worker.on('error', reject);
      send();
    });
  await Promise.all(Array.from({ length: threads }, run));
  return results;
}
