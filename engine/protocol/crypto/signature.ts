import nacl from 'tweetnacl';
import { toBase64Url, toHex, utf8 } from './bytes.js';
import { PROTOCOL } from './digest.js';
import { hasCanonicalS, publicKeyProblem, signatureRProblem } from './ed25519.js';

/**
 * Ed25519 signing and verification behind one interface, with three interchangeable
 * implementations that produce identical signatures (Ed25519 is deterministic):
 * tweetnacl (pure JS, everywhere), the WebCrypto SubtleCrypto API (browsers on secure
 * origins, Node >= 20) and Node's `node:crypto` (built outside the engine, scripts/node/crypto.ts).
 * Whatever the implementation, `verifySignatures` applies the pinned rule first.
 */

/** A seat's signing key: the 32-byte seed, the public key and tweetnacl's 64-byte secret key. */
export interface KeyPair {
  readonly seed: Uint8Array;
  readonly publicKey: Uint8Array;
  readonly secretKey: Uint8Array;
}

export const keyPairFromSeed = (seed: Uint8Array): KeyPair => {
  const kp = nacl.sign.keyPair.fromSeed(seed);
  return { seed: seed.slice(), publicKey: kp.publicKey, secretKey: kp.secretKey };
};

export interface SignatureCheck {
  readonly publicKey: Uint8Array;
  readonly message: Uint8Array;
  readonly signature: Uint8Array;
}

export type SchemeName = 'tweetnacl' | 'subtle' | 'node' | 'native';

export interface SignatureScheme {
  readonly name: SchemeName;
  sign(key: KeyPair, message: Uint8Array): Promise<Uint8Array>;
  /** The library's own answer, without the pinned rule: use `verifySignatures`. */
  verifyRaw(checks: readonly SignatureCheck[]): Promise<boolean[]>;
}

/** The bytes a signature covers: a purpose tag and a digest, never a raw message. */
export const signatureMessage = (purpose: 'genesis' | 'entry' | 'echo', digest: string): Uint8Array =>
  utf8(`${PROTOCOL}/signature/${purpose}\n${digest}`);

/**
 * The pinned rule (ed25519.ts): S < L, R a canonical encoding of a point not of small order, and a
 * valid prime-order public key. Cheap: byte tests decide S and almost every R; keys are cached.
 */
export const meetsPinnedRule = (c: SignatureCheck): boolean =>
  c.signature.length === 64 && hasCanonicalS(c.signature) && signatureRProblem(c.signature) === null && publicKeyProblem(c.publicKey) === null;

/** Pinned rule, then the library: a signature that breaks the rule is false whatever the library says. */
export async function verifySignatures(scheme: SignatureScheme, checks: readonly SignatureCheck[]): Promise<boolean[]> {
  const result = checks.map(meetsPinnedRule);
  const todo = checks.filter((_, i) => result[i]);
  if (todo.length === 0) return result;
  const raw = await scheme.verifyRaw(todo);
  let j = 0;
  return result.map((r) => (r ? raw[j++]! : false));
}

export const verifySignature = async (scheme: SignatureScheme, check: SignatureCheck): Promise<boolean> =>
  (await verifySignatures(scheme, [check]))[0]!;

// ---------------------------------------------------------------- tweetnacl

export const naclScheme: SignatureScheme = {
  name: 'tweetnacl',
  sign: async (key, message) => nacl.sign.detached(message, key.secretKey),
  verifyRaw: async (checks) =>
    checks.map((c) => {
      try {
        return nacl.sign.detached.verify(c.message, c.signature, c.publicKey);
      } catch {
        return false;
      }
    }),
};

// ---------------------------------------------------------------- WebCrypto (SubtleCrypto)

interface SubtleLike {
  importKey(format: string, keyData: unknown, algorithm: { name: string }, extractable: boolean, usages: string[]): Promise<unknown>;
  sign(algorithm: { name: string }, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  verify(algorithm: { name: string }, key: unknown, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
}

const ED = { name: 'Ed25519' };

export const jwk = (key: { publicKey: Uint8Array; seed?: Uint8Array }) => ({
  kty: 'OKP',
  crv: 'Ed25519',
  x: toBase64Url(key.publicKey),
  ...(key.seed ? { d: toBase64Url(key.seed) } : {}),
});

/** A SubtleCrypto scheme, or undefined where SubtleCrypto or its Ed25519 is missing (e.g. a page over plain http). */
export async function subtleScheme(): Promise<SignatureScheme | undefined> {
  const subtle = (globalThis as { crypto?: { subtle?: SubtleLike } }).crypto?.subtle;
  if (!subtle) return undefined;
  const publicKeys = new Map<string, Promise<unknown>>();
  const privateKeys = new Map<string, Promise<unknown>>();
  const publicKey = (pk: Uint8Array) => {
    const id = toHex(pk);
    let k = publicKeys.get(id);
    if (!k) {
      k = subtle.importKey('raw', pk, ED, false, ['verify']);
      publicKeys.set(id, k);
    }
    return k;
  };
  const privateKey = (kp: KeyPair) => {
    const id = toHex(kp.publicKey);
    let k = privateKeys.get(id);
    if (!k) {
      k = subtle.importKey('jwk', jwk(kp), ED, false, ['sign']);
      privateKeys.set(id, k);
    }
    return k;
  };
  const scheme: SignatureScheme = {
    name: 'subtle',
    sign: async (key, message) => new Uint8Array(await subtle.sign(ED, await privateKey(key), message)),
    verifyRaw: (checks) =>
      Promise.all(
        checks.map(async (c) => {
          try {
            return await subtle.verify(ED, await publicKey(c.publicKey), c.signature, c.message);
          } catch {
            return false;
          }
        }),
      ),
  };
  return (await selfTest(scheme)) ? scheme : undefined;
}

/** A scheme is used only if it signs exactly as tweetnacl does and verifies its own signature. */
export async function selfTest(scheme: SignatureScheme): Promise<boolean> {
  try {
    const key = keyPairFromSeed(new Uint8Array(32).fill(1));
    const message = utf8(`${PROTOCOL}/self-test`);
    const sig = await scheme.sign(key, message);
    const expected = nacl.sign.detached(message, key.secretKey);
    if (toHex(sig) !== toHex(expected)) return false;
    const [good] = await scheme.verifyRaw([{ publicKey: key.publicKey, message, signature: sig }]);
    return good === true;
  } catch {
    return false;
  }
}

let best: Promise<SignatureScheme> | undefined;

/**
 * The fastest scheme this platform offers through web standards: SubtleCrypto (browsers on a
 * secure origin, Node >= 20), else tweetnacl (a LAN page over plain http). Node's own
 * `node:crypto`, faster one signature at a time, is outside the engine: scripts/node/crypto.ts
 * builds it and installs it (`useScheme`). See docs/protocol.md, "Speed".
 */
export function bestScheme(): Promise<SignatureScheme> {
  best ??= (async () => (await subtleScheme()) ?? naclScheme)();
  return best;
}

/** Makes `scheme` what bestScheme() answers from now on (Node's, installed by scripts/node/crypto.ts). */
export function useScheme(scheme: SignatureScheme): void {
  best = Promise.resolve(scheme);
}
