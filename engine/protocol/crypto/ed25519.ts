import { bigToBytesLE, bytesToBigLE } from './bytes.js';

/**
 * The one Ed25519 verification rule every platform applies (docs/protocol.md, "Signatures"):
 * libraries differ at the edges (tweetnacl accepts S + L where Node and browsers refuse it),
 * so the protocol checks those edges itself before any library sees a signature or a key.
 *
 * - A signature's S must be canonical: S < L.
 * - A signature's R must be a canonical encoding (y < p, no "negative zero") and not a point of
 *   small order ([8]R = O): some libraries blocklist small-order R, others accept it.
 * - A public key must be a canonical encoding of a point on the curve in the prime-order
 *   subgroup: not of small order, no torsion component.
 * Every library this project uses then verifies cofactorlessly (it recomputes R and compares
 * bytes), so they all give the same answer; a cofactored verifier would accept an R with a
 * small-order component that they refuse (docs/protocol.md, "Signatures").
 */

/** The order of the prime-order subgroup. */
export const L = (1n << 252n) + 27742317777372353535851937790883648493n;
const P = (1n << 255n) - 19n;

const mod = (a: bigint): bigint => {
  const r = a % P;
  return r >= 0n ? r : r + P;
};

function pow(base: bigint, exp: bigint): bigint {
  let result = 1n;
  let b = mod(base);
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
    e >>= 1n;
  }
  return result;
}

const inv = (a: bigint): bigint => pow(a, P - 2n);
const D = mod(-121665n * inv(121666n));
const SQRT_M1 = pow(2n, (P - 1n) / 4n);

/** Extended twisted Edwards coordinates (X : Y : Z : T), x = X/Z, y = Y/Z, xy = T/Z. */
interface Point {
  readonly x: bigint;
  readonly y: bigint;
  readonly z: bigint;
  readonly t: bigint;
}

const IDENTITY: Point = { x: 0n, y: 1n, z: 1n, t: 0n };

function add(p: Point, q: Point): Point {
  const a = mod((p.y - p.x) * (q.y - q.x));
  const b = mod((p.y + p.x) * (q.y + q.x));
  const c = mod(2n * D * p.t * q.t);
  const d = mod(2n * p.z * q.z);
  const e = b - a;
  const f = d - c;
  const g = d + c;
  const h = b + a;
  return { x: mod(e * f), y: mod(g * h), z: mod(f * g), t: mod(e * h) };
}

function multiply(p: Point, n: bigint): Point {
  let result = IDENTITY;
  let base = p;
  let k = n;
  while (k > 0n) {
    if (k & 1n) result = add(result, base);
    base = add(base, base);
    k >>= 1n;
  }
  return result;
}

const isIdentity = (p: Point): boolean => mod(p.x) === 0n && mod(p.y - p.z) === 0n;

function encodePoint(p: Point): Uint8Array {
  const zi = inv(p.z);
  const x = mod(p.x * zi);
  const y = mod(p.y * zi);
  return bigToBytesLE(y | ((x & 1n) << 255n), 32);
}

const BASE_Y = mod(4n * inv(5n));

export type KeyProblem = 'length' | 'nonCanonical' | 'notOnCurve' | 'smallOrder' | 'torsion';

/** Decodes a point, or says why its encoding is refused. */
function decodePoint(bytes: Uint8Array): Point | KeyProblem {
  if (bytes.length !== 32) return 'length';
  const sign = bytes[31]! >> 7;
  const y = bytesToBigLE(bytes) & ((1n << 255n) - 1n);
  if (y >= P) return 'nonCanonical';
  const y2 = (y * y) % P;
  const u = mod(y2 - 1n);
  const v = mod(D * y2 + 1n);
  // x = sqrt(u / v) = u v^3 (u v^7)^((p - 5) / 8), fixed up by sqrt(-1) if needed.
  const v3 = (v * v * v) % P;
  let x = mod(u * v3 * pow(u * v3 * v3 * v, (P - 5n) / 8n));
  const vx2 = mod(v * x * x);
  if (vx2 === u) {
    // x is a root
  } else if (vx2 === mod(-u)) {
    x = mod(x * SQRT_M1);
  } else return 'notOnCurve';
  if (x === 0n && sign === 1) return 'nonCanonical';
  if (Number(x & 1n) !== sign) x = P - x;
  return { x, y, z: 1n, t: mod(x * y) };
}

const BASE = decodePoint(bigToBytesLE(BASE_Y, 32)) as Point;

/**
 * The curve arithmetic behind the rule, for tests that build edge-case signatures (small-order
 * and mixed-order R) and check the rule against it. Slow (BigInt): never on a hot path.
 */
export const curve = {
  decode: (bytes: Uint8Array): Point | KeyProblem => decodePoint(bytes),
  encode: encodePoint,
  add,
  negate: (p: Point): Point => ({ x: mod(-p.x), y: p.y, z: p.z, t: mod(-p.t) }),
  multiply,
  isIdentity,
  base: BASE,
  identity: IDENTITY,
};
export type CurvePoint = Point;

const keyProblems = new Map<string, KeyProblem | null>();

/** Why a public key is refused, or null if it is a valid key of the prime-order subgroup. Cached per key. */
export function publicKeyProblem(key: Uint8Array): KeyProblem | null {
  const id = Array.from(key, (b) => b.toString(16).padStart(2, '0')).join('');
  const cached = keyProblems.get(id);
  if (cached !== undefined) return cached;
  const point = decodePoint(key);
  let problem: KeyProblem | null;
  if (typeof point === 'string') problem = point;
  else if (isIdentity(multiply(point, 8n))) problem = 'smallOrder';
  else if (!isIdentity(multiply(point, L))) problem = 'torsion';
  else problem = null;
  if (keyProblems.size > 1024) keyProblems.clear();
  keyProblems.set(id, problem);
  return problem;
}

/** S (the signature's last 32 bytes, little-endian) is below L: the only S every library accepts. */
export function hasCanonicalS(signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  const top = signature[63]!;
  if (top < 0x10) return true; // S < 2^252 < L
  if (top > 0x10) return false; // S >= 2^253 > L
  return bytesToBigLE(signature.subarray(32)) < L;
}

export type RProblem = 'length' | 'nonCanonical' | 'smallOrder';

/**
 * The y-coordinates of the 8 points of small order, as 32 little-endian bytes: 1 (the identity),
 * p - 1 (order 2), 0 (order 4, both signs of x) and the two y of the order-8 points (both signs of
 * x each). crypto.test.ts finds them again with the curve code.
 */
export const SMALL_ORDER_Y: readonly Uint8Array[] = [
  '0100000000000000000000000000000000000000000000000000000000000000',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  '0000000000000000000000000000000000000000000000000000000000000000',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
].map((h) => Uint8Array.from(h.match(/../g)!, (b) => parseInt(b, 16)));

/** First bytes worth a closer look: those of a small-order y, and 0xed and up (y >= p starts with ed..ff, then 30 bytes ff). */
const SUSPECT_FIRST = (() => {
  const t = new Uint8Array(256);
  for (const y of SMALL_ORDER_Y) t[y[0]!] = 1;
  for (let b = 0xed; b <= 0xff; b++) t[b] = 1;
  return t;
})();

/** R's y (its first 32 bytes, sign bit masked) equals `y`. */
function sameY(sig: Uint8Array, y: Uint8Array): boolean {
  for (let i = 0; i < 31; i++) if (sig[i] !== y[i]) return false;
  return (sig[31]! & 0x7f) === y[31];
}

/**
 * Why a signature's R (its first 32 bytes) is refused, or null. Exact and cheap: an R is of small
 * order exactly when its y is one of five values, and its encoding is non-canonical exactly when
 * y >= p (y in ed ff…ff 7f and up) or x = 0 with the sign bit (y = ±1, among the five); so one
 * table look-up at R's first byte clears almost every R (24 first bytes in 256 go on), a few byte
 * comparisons clear the rest, and only R whose y matches is decoded and multiplied by 8 with the
 * curve code (rProblemByCurve, which the tests check this against).
 */
export function signatureRProblem(sig: Uint8Array): RProblem | null {
  if (sig.length !== 64) return 'length';
  if (SUSPECT_FIRST[sig[0]!] === 0) return null;
  if ((sig[31]! & 0x7f) === 0x7f && sig[0]! >= 0xed) {
    let high = true;
    for (let i = 1; i < 31 && high; i++) high = sig[i] === 0xff;
    if (high) return 'nonCanonical';
  }
  for (const y of SMALL_ORDER_Y) if (sameY(sig, y)) return rProblemByCurve(sig.subarray(0, 32));
  return null;
}

/** The same question answered with the curve code alone: decode R, refuse a non-canonical encoding or [8]R = O. */
export function rProblemByCurve(r: Uint8Array): RProblem | null {
  const point = decodePoint(r);
  if (point === 'length') return 'length';
  if (point === 'nonCanonical') return 'nonCanonical';
  if (typeof point === 'string') return null; // not on the curve: no library's recomputed R can equal it
  return isIdentity(multiply(point, 8n)) ? 'smallOrder' : null;
}
