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
  parseHexKey,
} from '../../engine/index.js';

/** What the board draws on one hex: a projection of the state, nothing the engine does not say. */
export interface TileView {
  readonly key: HexKey;
  readonly hex: Hex;
  /** Centre in board units (pointy-top, y down). */
  readonly x: number;
  readonly y: number;
  readonly kind: 'heart' | 'land' | 'portal';
  /** The land's colour, or the portal owner's; null for the Heart. */
  readonly colour: TileColour | null;
  /** The portal's seat. */
  readonly seat: Seat | null;
  readonly energyRich: boolean;
  /** The controller and the troops on the territory itself. */
  readonly troops: { readonly owner: Seat; readonly colour: Colour; readonly count: number; readonly frontier: readonly number[] } | null;
  /** Sum of the wild-territory markers; 0 when there are none. */
  readonly wild: number;
}

export interface BoardView {
  readonly tiles: readonly TileView[];
  /** Empty cells the board must also draw (legal places): centre only. */
  readonly cells: readonly { readonly key: HexKey; readonly hex: Hex; readonly x: number; readonly y: number }[];
  /** Box enclosing every tile and cell with a margin. */
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
    const troops = t && t.owner !== null ? { owner: t.owner, colour: state.seats[t.owner]!.colour, count: t.troops, frontier: t.frontier } : null;
    const base = { key, hex, x, y, energyRich: rich.has(key), troops, wild: t ? sum(t.wild) : 0 };
    if (o?.kind === 'portal') return { ...base, kind: 'portal', colour: o.colour, seat: o.seat };
    if (o?.kind === 'land') return { ...base, kind: 'land', colour: o.colour, seat: null };
    return { ...base, kind: 'heart', colour: null, seat: null };
  });
}

/** Total troops a tile's controller has on it and on its frontiers. */
export const troopTotal = (t: TileView): number => (t.troops ? t.troops.count + sum(t.troops.frontier) : 0);

export function boardView(state: GameState, size: number, extra: Iterable<HexKey> = []): BoardView {
  const tiles = tileViews(state, size);
  const occupied = new Set(tiles.map((t) => t.key));
  const cells = [...extra]
    .filter((k) => !occupied.has(k))
    .map((key) => {
      const hex = parseHexKey(key);
      return { key, hex, ...hexToPixel(hex, size) };
    });
  const margin = size * 1.2;
  const xs = [...tiles, ...cells].map((t) => t.x);
  const ys = [...tiles, ...cells].map((t) => t.y);
  const minX = Math.min(...xs) - margin;
  const minY = Math.min(...ys) - margin;
  return {
    tiles,
    cells,
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
