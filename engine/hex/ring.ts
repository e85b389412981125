import { type Hex, hexAdd, hexScale } from './coords.js';
import { DIRECTIONS, neighbour, type Direction } from './directions.js';

/** The hexes at exactly `radius` steps from `center`, clockwise from the south-west corner. */
export function ring(center: Hex, radius: number): Hex[] {
  if (radius === 0) return [center];
  const out: Hex[] = [];
  let h = hexAdd(center, hexScale(DIRECTIONS[4]!, radius));
  for (let side = 0; side < 6; side++) {
    for (let step = 0; step < radius; step++) {
      out.push(h);
      h = neighbour(h, side as Direction);
    }
  }
  return out;
}

/** Every hex within `radius` steps of `center`, ring by ring from the centre. */
export function spiral(center: Hex, radius: number): Hex[] {
  const out: Hex[] = [];
  for (let k = 0; k <= radius; k++) out.push(...ring(center, k));
  return out;
}
