import type { Hex } from './coords.js';
import { hexRound } from './round.js';

const SQRT3 = Math.sqrt(3);

/** Centre of a pointy-top hex of circumradius `size`, in a plane whose y grows downward. */
export function hexToPixel(h: Hex, size: number): { x: number; y: number } {
  return { x: size * SQRT3 * (h.q + h.r / 2), y: size * 1.5 * h.r };
}

/** The hex under a point of the plane (inverse of hexToPixel, then cube rounding). */
export function pixelToHex(x: number, y: number, size: number): Hex {
  const q = ((SQRT3 / 3) * x - y / 3) / size;
  const r = ((2 / 3) * y) / size;
  return hexRound(q, r);
}
