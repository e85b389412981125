import { bytesToBigLE } from './bytes.js';

/**
 * The one Ed25519 verification rule every platform applies (docs/protocol.md, "Signatures"):
 * libraries differ at the edges (tweetnacl accepts S + L where Node and browsers refuse it),
 * so the protocol checks those edges itself before any library sees a signature or a key.
 *
 * - A signature's S must be canonical: S < L.
 * - A public key must be a canonical encoding (y < p, no "negative zero") of a point on the
 *   curve in the prime-order subgroup: not of small order, no torsion component.
 * A non-canonical R never verifies anywhere (each library re-encodes R and compares bytes).
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
