import {
  type Colour,
  type GameState,
  type Hex,
  type HexKey,
  type Seat,
  type TileColour,
  energyRichTiles,
  hexKey,
  hexToPixel,
  occupant,
  occupiedHexes,
} from '../../engine/index.js';

/** What the board draws on one hex: a projection of the state, nothing the engine does not say. */
export interface TileView {
  readonly key: HexKey;
  readonly hex: Hex;
  /** Centre in board pixels (pointy-top, y down). */
  readonly x: number;
  readonly y: number;
  readonly kind: 'heart' | 'land' | 'portal';
  /** The land's colour, or the portal owner's; null for the Heart. */
  readonly colour: TileColour | null;
  /** The portal's seat. */
  readonly seat: Seat | null;
  readonly energyRich: boolean;
  /** Troops on the tile and its frontiers, with their owner. */
  readonly troops: { readonly owner: Seat; readonly colour: Colour; readonly count: number } | null;
  /** Sum of the wild-territory markers; 0 when there are none. */
  readonly wild: number;
}

export interface BoardView {
  readonly tiles: readonly TileView[];
  /** SVG viewBox enclosing every tile with a margin. */
  readonly viewBox: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

export function tileViews(state: GameState, size: number): TileView[] {
  const rich = new Set(energyRichTiles(state));
  return occupiedHexes(state).map((hex) => {
    const key = hexKey(hex);
    const { x, y } = hexToPixel(hex, size);
    const o = occupant(state, hex);
    const t = state.territories[key];
    const troops =
      t && t.owner !== null ? { owner: t.owner, colour: state.seats[t.owner]!.colour, count: t.troops + sum(t.frontier) } : null;
    const base = { key, hex, x, y, energyRich: rich.has(key), troops, wild: t ? sum(t.wild) : 0 };
    if (o?.kind === 'portal') return { ...base, kind: 'portal', colour: o.colour, seat: o.seat };
    if (o?.kind === 'land') return { ...base, kind: 'land', colour: o.colour, seat: null };
    return { ...base, kind: 'heart', colour: null, seat: null };
  });
}

export function boardView(state: GameState, size: number): BoardView {
  const tiles = tileViews(state, size);
  const margin = size * 1.2;
  const xs = tiles.map((t) => t.x);
  const ys = tiles.map((t) => t.y);
  const minX = Math.min(...xs) - margin;
  const minY = Math.min(...ys) - margin;
  return {
    tiles,
    viewBox: { x: minX, y: minY, width: Math.max(...xs) + margin - minX, height: Math.max(...ys) + margin - minY },
  };
}

/** Corners of a pointy-top hex of circumradius `size` around (x, y), as an SVG points list. */
export function hexCorners(x: number, y: number, size: number): string {
  const out: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    out.push(`${(x + size * Math.cos(a)).toFixed(2)},${(y + size * Math.sin(a)).toFixed(2)}`);
  }
  return out.join(' ');
}

/** Players are shown numbered from 1; seats are numbered from 0. */
export const seatLabel = (seat: Seat): string => `P${seat + 1}`;

/** Black or white, whichever reads better on `rgb` (WCAG contrast). */
export function inkOn(rgb: string): '#000' | '#fff' {
  const digits = rgb.slice(1);
  const n = parseInt(digits.length === 3 ? digits.replace(/./g, '$&$&') : digits, 16);
  const channel = (c: number): number => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000' : '#fff';
}
