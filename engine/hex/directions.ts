import { type Hex, hexAdd } from './coords.js';

/**
 * The six directions, clockwise from east (pointy-top hexes, screen y downward).
 * Direction d and (d + 3) % 6 are opposite: the frontier of a tile in direction d
 * is the frontier of its neighbour in direction opposite(d).
 */
export const DIRECTIONS: readonly Hex[] = [
  { q: 1, r: 0 },
  { q: 0, r: 1 },
  { q: -1, r: 1 },
  { q: -1, r: 0 },
  { q: 0, r: -1 },
  { q: 1, r: -1 },
];

export type Direction = 0 | 1 | 2 | 3 | 4 | 5;
export const DIRECTION_INDICES: readonly Direction[] = [0, 1, 2, 3, 4, 5];

export const opposite = (d: Direction): Direction => ((d + 3) % 6) as Direction;

export const neighbour = (h: Hex, d: Direction): Hex => hexAdd(h, DIRECTIONS[d]!);

export const neighbours = (h: Hex): Hex[] => DIRECTIONS.map((d) => hexAdd(h, d));

/** The direction from a to its neighbour b, or undefined if they do not touch. */
export function directionTo(a: Hex, b: Hex): Direction | undefined {
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  const i = DIRECTIONS.findIndex((d) => d.q === dq && d.r === dr);
  return i < 0 ? undefined : (i as Direction);
}
