import { hashText, installTextHash } from '../core/hash.js';

/**
 * The protocol's hash is the engine's: SHA-512 truncated to 32 bytes, as 64 hex characters.
 * Every hash the protocol takes is domain-separated: `H(tag "\n" text)` with a tag from TAGS,
 * so that no value hashed for one purpose can be passed off as another.
 *
 * tweetnacl computes it everywhere; where Node's native SHA-512 can be reached (a guarded
 * dynamic import that browser bundles never follow) the same function runs natively, several
 * times faster. Both give the same bytes: test/protocol/crypto.test.ts checks it.
 */
export const PROTOCOL = 'bfe-protocol/1';

export const TAGS = {
  genesis: `${PROTOCOL}/genesis`,
  entry: `${PROTOCOL}/entry`,
  element: `${PROTOCOL}/element`,
  echo: `${PROTOCOL}/echo`,
  beaconLink: `${PROTOCOL}/beacon-link`,
  beaconValue: `${PROTOCOL}/beacon-value`,
  signatures: `${PROTOCOL}/signatures`,
  choice: `${PROTOCOL}/choice`,
  secrets: `${PROTOCOL}/secrets`,
  state: `${PROTOCOL}/state`,
} as const;
export type Tag = (typeof TAGS)[keyof typeof TAGS];

type TextHash = (text: string) => string;
let native: TextHash | undefined;

interface NodeCryptoHash {
  hash?: (algorithm: string, data: string, encoding: 'hex') => string;
  createHash?: (algorithm: string) => { update(data: string, enc: 'utf8'): { digest(enc: 'hex'): string } };
}

/** Whether this runtime is Node (where `node:` modules exist). */
export const isNode = (): boolean =>
  typeof (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node === 'string';

/** Loads Node's SHA-512 if this is Node; elsewhere, or if it fails, tweetnacl stays in use. */
export async function loadNativeHash(): Promise<boolean> {
  if (native) return true;
  if (!isNode()) return false;
  try {
    const spec = 'node:crypto';
    const mod = (await import(/* @vite-ignore */ spec)) as NodeCryptoHash;
    const h = mod.hash;
    const c = mod.createHash;
    const candidate: TextHash | undefined = h
      ? (t) => h('sha512', t, 'hex').slice(0, 64)
      : c
        ? (t) => c('sha512').update(t, 'utf8').digest('hex').slice(0, 64)
        : undefined;
    // Trust it only if it agrees with the reference on a known input; the engine then uses it too.
    if (candidate && candidate('bfe ✓') === hashText('bfe ✓')) {
      native = candidate;
      installTextHash(candidate);
    }
  } catch {
    native = undefined;
  }
  return native !== undefined;
}

/** Turns native hashing off (benchmarks and tests of the fallback). */
export const useReferenceHash = (): void => {
  native = undefined;
  installTextHash(undefined);
};

export const nativeHashLoaded = (): boolean => native !== undefined;

/** H(text): truncated SHA-512 of the UTF-8 text. */
export const digestText = (text: string): string => (native ? native(text) : hashText(text));

/** H(tag "\n" text): the only way the protocol hashes. */
export const taggedDigest = (tag: Tag, text: string): string => digestText(`${tag}\n${text}`);
