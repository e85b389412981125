import { engineInputs, parseGenesisText, parseReplayText, type Verdict, verdictOf, type VerifyResult, verifyReplay } from '../../engine/protocol/index.js';
import type { GameSetup } from '../../engine/index.js';

export interface VerifiedReplay {
  readonly result: VerifyResult;
  /** What the file proves, by the function `npm run verify` uses (its exit status says the same). */
  readonly verdict: Verdict;
  /** The game's set-up and engine inputs, to step through (read from the file whatever the verdict). */
  readonly setup: GameSetup | null;
  readonly inputs: readonly unknown[];
}

/**
 * A replay file's text verified as `npm run verify` verifies it (scripts/verify.ts): the same
 * checks, the same verdict. Returns a verdict and the inputs, never states (the Worker sends it
 * to the page).
 */
export async function verifyReplayText(text: string, onProgress?: (done: number, total: number) => void): Promise<VerifiedReplay> {
  const parsed = parseReplayText(text);
  if (!parsed.ok) {
    const v = parsed.error;
    const result: VerifyResult = { valid: false, failure: { entry: null, element: null, seat: v.seat ?? null, code: v.code, message: v.message } };
    return { result, verdict: verdictOf(result), setup: null, inputs: [] };
  }
  const result = await verifyReplay(parsed.value, onProgress ? { onProgress } : {});
  const genesis = parseGenesisText(parsed.value.genesis);
  let inputs: unknown[] = [];
  try {
    inputs = engineInputs(parsed.value);
  } catch {
    inputs = [];
  }
  return { result, verdict: verdictOf(result), setup: genesis.ok ? genesis.value.genesis.setup : null, inputs };
}
