import { parentPort } from 'node:worker_threads';
import { type MatchSpec, playMatch } from './match.js';

/** One of the tournament's workers: plays the games it is sent, one at a time, and sends back each result (or the error that stopped it). */
parentPort!.on('message', (spec: MatchSpec) => {
  try {
    parentPort!.postMessage({ ok: true, result: playMatch(spec) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e), spec });
  }
});
