/** Axial hex coordinates (pointy-top); the third cube coordinate is s = -q - r. */
export interface Hex {
  readonly q: number;
  readonly r: number;
}

/** Key of a hex in a sparse map: "q,r". */
export type HexKey = string;

export const hex = (q: number, r: number): Hex => ({ q, r });
export const hexKey = (h: Hex): HexKey => `${h.q},${h.r}`;

export function parseHexKey(key: HexKey): Hex {
  const comma = key.indexOf(',');
  return { q: Number(key.slice(0, comma)), r: Number(key.slice(comma + 1)) };
}

export const hexEquals = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;
export const hexAdd = (a: Hex, b: Hex): Hex => ({ q: a.q + b.q, r: a.r + b.r });
export const hexScale = (a: Hex, k: number): Hex => ({ q: a.q * k, r: a.r * k });
