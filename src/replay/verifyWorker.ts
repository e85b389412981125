/// <reference lib="webworker" />
import { expose } from 'comlink';
import { installFastHash } from '../app/fastHash.js';
import { type VerifiedReplay, verifyReplayText } from './verify.js';

export type { VerifiedReplay };

/** This Worker's own engine hashes with WebAssembly too (a Worker is a realm of its own). */
const fast = installFastHash();

/**
 * The replay checks in a Worker: the page stays responsive while every signature, commitment and
 * rule is checked (verify.ts: the verdict `npm run verify` gives).
 */
const api = {
  async verify(text: string, onProgress?: (done: number, total: number) => void): Promise<VerifiedReplay> {
    await fast;
    return verifyReplayText(text, onProgress);
  },
};
export type VerifyWorkerApi = typeof api;
expose(api);
