/// <reference lib="webworker" />
import { expose } from 'comlink';
import { type VerifyOptions, type VerifyResult, engineInputs, parseGenesisText, parseReplayText, verifyReplay } from '../../engine/protocol/index.js';
import type { GameSetup } from '../../engine/index.js';
import { installFastHash } from '../app/fastHash.js';

/** This Worker's own engine hashes with WebAssembly too (a Worker is a realm of its own). */
const fast = installFastHash();

export interface VerifiedReplay {
  readonly result: VerifyResult;
  /** The game's set-up and engine inputs, to step through (read from the file whatever the verdict). */
  readonly setup: GameSetup | null;
  readonly inputs: readonly unknown[];
}

/**
 * The replay checks in a Worker: the page stays responsive while every signature, commitment and
 * rule is checked. Returns a verdict and the inputs, never states.
 */
const api = {
  async verify(text: string, onProgress?: (done: number, total: number) => void): Promise<VerifiedReplay> {
    await fast;
    const parsed = parseReplayText(text);
    if (!parsed.ok) {
      const v = parsed.error;
      return { result: { valid: false, failure: { entry: null, element: null, seat: v.seat ?? null, code: v.code, message: v.message } }, setup: null, inputs: [] };
    }
    // `onProgress` is passed where the verifier takes it (issue 9 adds it); otherwise progress stays indeterminate.
    const options: VerifyOptions & { onProgress?: (done: number, total: number) => void } = onProgress ? { onProgress } : {};
    const result = await verifyReplay(parsed.value, options);
    const genesis = parseGenesisText(parsed.value.genesis);
    let inputs: unknown[] = [];
    try {
      inputs = engineInputs(parsed.value);
    } catch {
      inputs = [];
    }
    return { result, setup: genesis.ok ? genesis.value.genesis.setup : null, inputs };
  },
};
export type VerifyWorkerApi = typeof api;
expose(api);
