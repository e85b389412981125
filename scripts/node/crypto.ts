import { createHash, createPrivateKey, createPublicKey, hash, sign, verify } from 'node:crypto';
import { toHex } from '../../engine/index.js';
import { jwk, type KeyPair, selfTest, type SignatureScheme, subtleScheme, useFasterHash, useScheme } from '../../engine/protocol/index.js';

/**
 * Node's native crypto for the engine's protocol, which never imports `node:` modules itself:
 * the same SHA-512 and Ed25519 as tweetnacl, several times faster, each trusted only after it
 * agrees with tweetnacl. Used by the command-line tools, the benchmarks and the tests.
 */

/** Installs Node's SHA-512 as the engine's and the protocol's hash (checked against the reference first). */
export function useNodeHash(): boolean {
  const candidate = typeof hash === 'function'
    ? (t: string) => hash('sha512', t, 'hex').slice(0, 64)
    : (t: string) => createHash('sha512').update(t, 'utf8').digest('hex').slice(0, 64);
  return useFasterHash(candidate);
}

/** Node's synchronous Ed25519 behind the protocol's scheme interface (keys imported once each). */
export async function nodeScheme(): Promise<SignatureScheme> {
  const publicKeys = new Map<string, ReturnType<typeof createPublicKey>>();
  const privateKeys = new Map<string, ReturnType<typeof createPrivateKey>>();
  const publicKey = (pk: Uint8Array) => {
    const id = toHex(pk);
    let k = publicKeys.get(id);
    if (k === undefined) publicKeys.set(id, (k = createPublicKey({ key: jwk({ publicKey: pk }), format: 'jwk' })));
    return k;
  };
  const privateKey = (kp: KeyPair) => {
    const id = toHex(kp.publicKey);
    let k = privateKeys.get(id);
    if (k === undefined) privateKeys.set(id, (k = createPrivateKey({ key: jwk(kp), format: 'jwk' })));
    return k;
  };
  const scheme: SignatureScheme = {
    name: 'node',
    sign: async (key, message) => new Uint8Array(sign(null, message, privateKey(key))),
    verifyRaw: async (checks) =>
      checks.map((x) => {
        try {
          return verify(null, x.message, publicKey(x.publicKey), x.signature);
        } catch {
          return false;
        }
      }),
  };
  if (!(await selfTest(scheme))) throw new Error('node:crypto Ed25519 disagrees with tweetnacl');
  return scheme;
}

/** Batches at least this large go to SubtleCrypto, which verifies them in parallel (bench/protocol.ts). */
const BATCH = 16;

let best: Promise<SignatureScheme> | undefined;

/**
 * The fastest scheme in Node: node:crypto one signature at a time (what a peer does on receipt)
 * and SubtleCrypto for batches (what the verifier does). See docs/protocol.md, "Speed".
 */
export function nodeBestScheme(): Promise<SignatureScheme> {
  best ??= (async () => {
    const node = await nodeScheme();
    const subtle = await subtleScheme();
    if (!subtle) return node;
    return {
      name: 'native',
      sign: node.sign,
      verifyRaw: (checks) => (checks.length >= BATCH ? subtle.verifyRaw(checks) : node.verifyRaw(checks)),
    } satisfies SignatureScheme;
  })();
  return best;
}

/** Node's SHA-512 and Ed25519 installed as the protocol's defaults: call once at start in Node. */
export async function useNodeCrypto(): Promise<void> {
  useNodeHash();
  useScheme(await nodeBestScheme());
}
