import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fromHex,
  hashText,
  toHex,
} from '../../engine/index.js';
import { type KeyPair, keyPairFromSeed, naclScheme, type SignatureCheck, type SignatureScheme, signatureMessage, subtleScheme, useReferenceHash, verifySignatures } from '../../engine/protocol/index.js';
import { curve, type CurvePoint, hasCanonicalS, L, publicKeyProblem, rProblemByCurve, signatureRProblem, SMALL_ORDER_Y } from '../../engine/protocol/crypto/ed25519.js';
import { digestText } from '../../engine/protocol/crypto/digest.js';
import { meetsPinnedRule } from '../../engine/protocol/crypto/signature.js';
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

/** Ed25519 by hand, to build signatures no honest signer makes (RFC 8032, section 5.1.6). */
const sha512 = (...parts: Uint8Array[]) => new Uint8Array(createHash('sha512').update(Buffer.concat(parts)).digest());
const secretScalar = (k: KeyPair): bigint => {
  const h = sha512(k.seed).subarray(0, 32);
  h[0]! &= 248;
  h[31]! &= 127;
  h[31]! |= 64;
  return fromLe(h);
};
const challenge = (r: Uint8Array, k: KeyPair, m: Uint8Array): bigint => fromLe(sha512(r, k.publicKey, m)) % L;
/** A signature with the given R bytes and S = r + k a: valid for cofactorless verification exactly when R = [r]B. */
const forge = (k: KeyPair, m: Uint8Array, r: Uint8Array, rScalar: bigint): Uint8Array =>
  new Uint8Array([...r, ...le((rScalar + challenge(r, k, m) * secretScalar(k)) % L)]);
/** Cofactored verification, [8]([S]B - [k]A - R) = O, with the curve code: what some verifiers (ZIP 215) do. */
function cofactored(k: KeyPair, m: Uint8Array, sig: Uint8Array): boolean {
  const R = curve.decode(sig.subarray(0, 32));
  const A = curve.decode(k.publicKey);
  if (typeof R === 'string' || typeof A === 'string') return false;
  const sB = curve.multiply(curve.base, fromLe(sig.subarray(32)));
  const kA = curve.multiply(A, challenge(sig.subarray(0, 32), k, m));
  return curve.isIdentity(curve.multiply(curve.add(curve.add(sB, curve.negate(kA)), curve.negate(R)), 8n));
}
const withSign = (y: Uint8Array, sign: number) => Uint8Array.from(y, (b, i) => (i === 31 ? (b & 0x7f) | (sign << 7) : b));

describe('the signature R under the pinned rule', () => {
  const key = keyPairFromSeed(fromHex(hashText('R key'))!);
  const m = signatureMessage('entry', hashText('R message'));
  const all = async (): Promise<SignatureScheme[]> => [naclScheme, await nodeScheme(), (await subtleScheme())!];

  it('the five y values of the small-order points are those the curve code finds', () => {
    // Every point of small order is [L]P for some P; collect the y of [L]P over many points.
    const found = new Set<string>();
    for (let y = 2n; y < 60n; y++) {
      const p = curve.decode(le(y));
      if (typeof p === 'string') continue;
      for (const q of [p, curve.add(p, curve.decode(SMALL_ORDER_Y[3]!) as CurvePoint)]) {
        const t = curve.multiply(q, L);
        found.add(toHex(curve.encode(t)).slice(0, 62) + (curve.encode(t)[31]! & 0x7f).toString(16).padStart(2, '0'));
      }
    }
    expect([...found].sort()).toEqual(SMALL_ORDER_Y.map(toHex).sort());
    for (const y of SMALL_ORDER_Y) for (const sign of [0, 1]) {
      const r = withSign(y, sign);
      const problem = rProblemByCurve(r);
      expect(problem === 'smallOrder' || (problem === 'nonCanonical' && (y[0] === 1 || y[0] === 0xec))).toBe(true);
    }
  });

  it('the fast R test answers exactly as the curve code, on edge cases and random bytes', async () => {
    const rs: Uint8Array[] = [];
    for (const y of SMALL_ORDER_Y) for (const sign of [0, 1]) rs.push(withSign(y, sign));
    for (let y = P; y < 1n << 255n; y++) for (const sign of [0, 1]) rs.push(withSign(le(y), sign)); // y >= p: the 19 non-canonical y, both signs
    for (const y of [P - 2n, P - 20n, 2n, 0xedn, (1n << 255n) - 20n]) rs.push(le(y));
    for (let i = 0; i < 2000; i++) rs.push(fromHex(hashText(`random R ${i}`))!);
    for (let i = 0; i < 20; i++) rs.push((await naclScheme.sign(key, signatureMessage('entry', hashText(`real ${i}`)))).subarray(0, 32));
    // Random bytes that start like a suspect R (so the byte comparisons, not the table, decide).
    for (let i = 0; i < 300; i++) rs.push(Uint8Array.from(fromHex(hashText(`suspect ${i}`))!, (b, j) => (j === 0 ? [0x01, 0xec, 0x00, 0x26, 0xc7, 0xed, 0xff][i % 7]! : b)));
    let refused = 0;
    for (const r of rs) {
      const sig = new Uint8Array([...r, ...new Uint8Array(32)]);
      expect(signatureRProblem(sig)).toBe(rProblemByCurve(r));
      if (signatureRProblem(sig)) refused++;
    }
    expect(refused).toBe(10 + 38 + 1); // the small-order encodings, y >= p with either sign, and p - 1 once more
  });

  it('a small-order R (the identity, S = k a) verifies in every library here, never under the rule', async () => {
    const identity = curve.encode(curve.identity);
    const sig = forge(key, m, identity, 0n);
    const check = { publicKey: key.publicKey, message: m, signature: sig };
    expect(signatureRProblem(sig)).toBe('smallOrder');
    const raw = await Promise.all((await all()).map(async (s) => [s.name, (await s.verifyRaw([check]))[0]] as const));
    // Every library here accepts it (libsodium, for one, blocklists it): the rule is what refuses it.
    expect(raw).toEqual([['tweetnacl', true], ['node', true], ['subtle', true]]);
    for (const s of await all()) expect(await verifySignatures(s, [check])).toEqual([false]);
    expect(meetsPinnedRule(check)).toBe(false);
    // Without the R test the pinned rule would let it through to the library.
    expect(hasCanonicalS(sig) && publicKeyProblem(key.publicKey) === null).toBe(true);
  });

  it('the other small-order R and non-canonical R encodings are refused by the rule before any library sees them', async () => {
    const cases: Uint8Array[] = [];
    for (const y of SMALL_ORDER_Y) for (const sign of [0, 1]) cases.push(forge(key, m, withSign(y, sign), 0n));
    cases.push(forge(key, m, le(P + 1n), 0n)); // the identity's y + p
    cases.push(forge(key, m, withSign(le(1n), 1), 0n)); // the identity with the sign bit: "negative zero"
    for (const sig of cases) {
      expect(signatureRProblem(sig)).not.toBeNull();
      const check = { publicKey: key.publicKey, message: m, signature: sig };
      for (const s of await all()) expect(await verifySignatures(s, [check])).toEqual([false]);
    }
  });

  it('a mixed-order R ([r]B plus a point of order 8): cofactored verification accepts it, every library here and the rule refuse it', async () => {
    const r = fromLe(sha512(new TextEncoder().encode('nonce'))) % L;
    const t8 = curve.decode(SMALL_ORDER_Y[3]!) as CurvePoint;
    const R = curve.encode(curve.add(curve.multiply(curve.base, r), t8));
    const sig = forge(key, m, R, r);
    const check = { publicKey: key.publicKey, message: m, signature: sig };
    expect(signatureRProblem(sig)).toBeNull(); // not of small order: the rule leaves it to the library
    expect(cofactored(key, m, sig)).toBe(true);
    for (const s of await all()) {
      expect(await s.verifyRaw([check])).toEqual([false]);
      expect(await verifySignatures(s, [check])).toEqual([false]);
    }
    // The same construction with R = [r]B is an ordinary valid signature, accepted everywhere.
    const honest = forge(key, m, curve.encode(curve.multiply(curve.base, r)), r);
    for (const s of await all()) expect(await verifySignatures(s, [{ publicKey: key.publicKey, message: m, signature: honest }])).toEqual([true]);
  });
});
