import { describe, expect, it } from 'vitest';
import {
  fromHex,
  hashText,
  toHex,
} from '../../engine/index.js';
import { digestText, hasCanonicalS, keyPairFromSeed, L, naclScheme, publicKeyProblem, type SignatureCheck, type SignatureScheme, signatureMessage, subtleScheme, useReferenceHash, verifySignatures } from '../../engine/protocol/index.js';
import { useNodeHash, nodeScheme } from '../../scripts/node/crypto.js';
import { plusL } from './harness.js';

const P = (1n << 255n) - 19n;
const le = (n: bigint, len = 32) => Uint8Array.from({ length: len }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
const fromLe = (b: Uint8Array) => b.reduceRight((n, x) => (n << 8n) | BigInt(x), 0n);

describe('the protocol hash', () => {
  it('native SHA-512 and tweetnacl give the same digests', async () => {
    const texts = ['', 'a', 'bfe ✓ ünïcödé 🂡', 'x'.repeat(1000), ...Array.from({ length: 50 }, (_, i) => hashText(String(i)).repeat(i % 7))];
    useReferenceHash();
    const reference = texts.map(digestText);
    expect(useNodeHash()).toBe(true);
    expect(texts.map(digestText)).toEqual(reference);
    expect(reference).toEqual(texts.map(hashText));
  });
});

describe('Ed25519 under one pinned rule', () => {
  const messages = Array.from({ length: 24 }, (_, i) => signatureMessage('entry', hashText(`m${i}`)));
  const keys = Array.from({ length: 4 }, (_, i) => keyPairFromSeed(fromHex(hashText(`k${i}`))!));

  async function schemes(): Promise<SignatureScheme[]> {
    const out = [naclScheme];
    const node = await nodeScheme();
    const subtle = await subtleScheme();
    expect(node).toBeDefined();
    expect(subtle).toBeDefined();
    return [...out, node!, subtle!];
  }

  it('every scheme produces the same signature bytes', async () => {
    const all = await schemes();
    for (const k of keys)
      for (const m of messages) {
        const sigs = await Promise.all(all.map(async (s) => toHex(await s.sign(k, m))));
        expect(new Set(sigs).size).toBe(1);
      }
  });

  it('every scheme gives the same answer on good, tampered, malleated and foreign signatures', async () => {
    const all = await schemes();
    const checks: SignatureCheck[] = [];
    for (const [i, k] of keys.entries())
      for (const [j, m] of messages.slice(0, 6).entries()) {
        const sig = await naclScheme.sign(k, m);
        const flip = (at: number) => Uint8Array.from(sig, (b, x) => (x === at ? b ^ 1 : b));
        const other = keys[(i + 1) % keys.length]!;
        checks.push(
          { publicKey: k.publicKey, message: m, signature: sig },
          { publicKey: k.publicKey, message: m, signature: flip(j) },
          { publicKey: k.publicKey, message: m, signature: flip(32 + j) },
          { publicKey: other.publicKey, message: m, signature: sig },
          { publicKey: k.publicKey, message: messages[j + 6]!, signature: sig },
          { publicKey: k.publicKey, message: m, signature: fromHex(plusL(toHex(sig)))! },
          { publicKey: k.publicKey, message: m, signature: Uint8Array.from(sig, (b, x) => (x === 63 ? b | 0xf0 : b)) },
          { publicKey: k.publicKey, message: m, signature: new Uint8Array(64) },
          { publicKey: k.publicKey, message: m, signature: sig.subarray(0, 63) },
        );
      }
    const answers = await Promise.all(all.map((s) => verifySignatures(s, checks)));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]!.filter(Boolean)).toHaveLength(keys.length * 6);
  });

  it('S + L: tweetnacl alone accepts it, Node and WebCrypto refuse it, the pinned rule refuses it everywhere', async () => {
    const k = keys[0]!;
    const m = messages[0]!;
    const sig = fromHex(plusL(toHex(await naclScheme.sign(k, m))))!;
    const check = { publicKey: k.publicKey, message: m, signature: sig };
    expect(hasCanonicalS(sig)).toBe(false);
    expect(await naclScheme.verifyRaw([check])).toEqual([true]);
    expect(await (await nodeScheme())!.verifyRaw([check])).toEqual([false]);
    expect(await (await subtleScheme())!.verifyRaw([check])).toEqual([false]);
    for (const s of await schemes()) expect(await verifySignatures(s, [check])).toEqual([false]);
  });

  it('canonical S is S < L exactly', () => {
    const sig = (s: bigint) => new Uint8Array([...new Uint8Array(32), ...le(s)]);
    expect(hasCanonicalS(sig(0n))).toBe(true);
    expect(hasCanonicalS(sig(L - 1n))).toBe(true);
    expect(hasCanonicalS(sig(L))).toBe(false);
    expect(hasCanonicalS(sig((1n << 256n) - 1n))).toBe(false);
  });
});

describe('public key validation', () => {
  const good = keyPairFromSeed(fromHex(hashText('good key'))!).publicKey;
  const withBit = (y: bigint, sign: number) => {
    const b = le(y);
    b[31] = b[31]! | (sign << 7);
    return b;
  };

  it('accepts real keys', () => {
    for (let i = 0; i < 8; i++) expect(publicKeyProblem(keyPairFromSeed(fromHex(hashText(`key ${i}`))!).publicKey)).toBeNull();
  });

  it('refuses the small-order points', () => {
    expect(publicKeyProblem(withBit(1n, 0))).toBe('smallOrder'); // the identity
    expect(publicKeyProblem(withBit(P - 1n, 0))).toBe('smallOrder'); // order 2: (0, -1)
    expect(publicKeyProblem(withBit(0n, 0))).toBe('smallOrder'); // order 4: (±sqrt(-1), 0)
    expect(publicKeyProblem(withBit(0n, 1))).toBe('smallOrder');
  });

  it('refuses non-canonical encodings', () => {
    expect(publicKeyProblem(withBit(P, 0))).toBe('nonCanonical'); // y = p
    expect(publicKeyProblem(withBit(P + 1n, 0))).toBe('nonCanonical'); // y = 1 + p: the identity again
    expect(publicKeyProblem(withBit(1n, 1))).toBe('nonCanonical'); // x = 0 with the sign bit: "negative zero"
    expect(publicKeyProblem(good.subarray(0, 31))).toBe('length');
  });

  it('refuses points off the curve', () => {
    let y = 2n;
    while (publicKeyProblem(withBit(y, 0)) !== 'notOnCurve') y++;
    expect(y).toBeLessThan(100n);
  });

  it('refuses a key with a torsion component (a real key plus the point of order 2)', () => {
    // (x, y) + (0, -1) = (-x, -y): y' = p - y, and the sign of x flips.
    const y = fromLe(good) & ((1n << 255n) - 1n);
    const sign = good[31]! >> 7;
    expect(publicKeyProblem(withBit(P - y, 1 - sign))).toBe('torsion');
  });
});
