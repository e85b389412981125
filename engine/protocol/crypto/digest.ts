import { hashText, installTextHash } from '../../core/hash.js';

/**
 * The protocol's hash is the engine's: SHA-512 truncated to 32 bytes, as 64 hex characters.
 * Every hash the protocol takes is domain-separated: `H(tag "\n" text)` with a tag from TAGS,
 * so that no value hashed for one purpose can be passed off as another.
 *
 * tweetnacl computes it everywhere; in Node the caller installs Node's native SHA-512
 * (`useFasterHash`, from scripts/node/crypto.ts), several times faster. Both give the same bytes: test/protocol/crypto.test.ts checks it.
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

/**
 * Installs a faster implementation of the same hash (Node's native SHA-512: scripts/node/crypto.ts),
 * trusted only if it agrees with the reference; the engine then uses it too. False if refused.
 */
export function useFasterHash(candidate: TextHash): boolean {
  native = installTextHash(candidate) ? candidate : undefined;
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
