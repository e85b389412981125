import {
  DIRECTIONS,
  type GameState,
  type HexKey,
  TILE_COLOURS,
  type TileColour,
  hexKey,
  hexToPixel,
  neighbour,
  parseHexKey,
} from '../../engine/index.js';
import { HEART_STYLE, TERRAIN, inkOn, tint } from '../display/index.js';
import { type TileView, tileViews } from '../board/tiles.js';
import type { Highlights } from '../board/types.js';

/**
 * The 3D board as plain numbers: what each instanced layer draws for one state and its highlights.
 * DOM-free and WebGL-free, so it is tested alone; the scene writes it into instanced meshes.
 * World: x = board x, z = board y (pointy-top hexes of circumradius 1), y up.
 */

export const TILE_HEIGHT = 0.22;
export const APOTHEM = Math.sqrt(3) / 2;

/** Atlas cells: digits 0-9, the seven terrain glyphs, the Heart, the energy bolt, the portal arch. */
export const CELL = {
  digit: (d: number): number => d,
  glyph: (c: TileColour): number => 10 + TILE_COLOURS.indexOf(c),
  heart: 17,
  bolt: 18,
  arch: 19,
} as const;

export interface TileInstance {
  readonly key: HexKey;
  readonly x: number;
  readonly z: number;
  readonly colour: string;
  readonly lift: number;
}
/** A flat picture on a tile top. */
export interface DecalInstance {
  /** The tile it lies on (it falls with the tile when the tile is placed). */
  readonly key: HexKey;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly size: number;
  readonly cell: number;
  readonly colour: string;
}
/** A camera-facing character of constant pixel size (numbers). */
export interface LabelInstance {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly cell: number;
  /** Offset in CSS pixels from the anchor, for multi-digit numbers. */
  readonly dx: number;
}
export interface PieceInstance {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly colour: string;
  /** Rotation about y (arrows). */
  readonly angle: number;
  /** The troop stack it belongs to (troop cubes): its hex, and its frontier's direction. */
  readonly stack?: string;
}
export interface RimInstance {
  readonly x: number;
  readonly z: number;
  readonly colour: string;
  readonly y: number;
  readonly scale?: number;
}

export interface BoardScene {
  readonly tiles: readonly TileInstance[];
  readonly decals: readonly DecalInstance[];
  readonly labels: readonly LabelInstance[];
  readonly troops: readonly PieceInstance[];
  readonly arrows: readonly PieceInstance[];
  readonly discs: readonly PieceInstance[];
  /** Empty legal cells (tint) and the ghost of what Confirm would place. */
  readonly plates: readonly (RimInstance & { readonly ghost: boolean })[];
  readonly rims: readonly RimInstance[];
  readonly dashed: readonly RimInstance[];
  /** The tiles of the combat being resolved (the attacked territory, or both sides of the frontier): rims in the combat colour. */
  readonly combat: readonly RimInstance[];
  /** Troops in each stack (keyed as PieceInstance.stack): the scene pulses the stacks whose count changed. */
  readonly stacks: ReadonlyMap<string, number>;
  /** Centres of everything drawn, for fitting the camera. */
  readonly bounds: { readonly minX: number; readonly maxX: number; readonly minZ: number; readonly maxZ: number };
}

const LEGAL = '#F5C400';
const SELECTED = '#111111';
const LAST = '#6E6E6E';
const DIGIT_PX = 10;

function number(out: LabelInstance[], n: number, x: number, y: number, z: number): void {
  const s = String(n);
  for (let i = 0; i < s.length; i++) out.push({ x, y, z, cell: CELL.digit(Number(s[i])), dx: (i - (s.length - 1) / 2) * DIGIT_PX });
}

/** Up to 3 cubes in a row, plus the count as a number above them. */
function stack(troops: PieceInstance[], labels: LabelInstance[], count: number, x: number, z: number, colour: string, angle: number, lift: number, key: string): void {
  const shown = Math.min(count, 3);
  const ax = Math.cos(angle);
  const az = -Math.sin(angle);
  for (let i = 0; i < shown; i++) {
    const off = (i - (shown - 1) / 2) * 0.24;
    troops.push({ x: x + off * az, y: TILE_HEIGHT + 0.1 + lift, z: z - off * ax, colour, angle: 0, stack: key });
  }
  number(labels, count, x, TILE_HEIGHT + 0.42 + lift, z);
}

/** Arrows of staged steps, and the combat's tiles: vermillion (Okabe-Ito). */
const STAGED = '#D55E00';
const COMBAT = STAGED;

export function boardScene(state: GameState, hl: Highlights, pointer: HexKey | null): BoardScene {
  const views = tileViews(state, 1);
  const hover = pointer ?? hl.cursor ?? null;
  const tiles: TileInstance[] = [];
  const decals: DecalInstance[] = [];
  const labels: LabelInstance[] = [];
  const troops: PieceInstance[] = [];
  const arrows: PieceInstance[] = [];
  const discs: PieceInstance[] = [];
  const plates: (RimInstance & { ghost: boolean })[] = [];
  const rims: RimInstance[] = [];
  const dashed: RimInstance[] = [];
  const stacks = new Map<string, number>();
  const last = new Set(hl.last);
  const top = TILE_HEIGHT + 0.003;
  let minX = 0, maxX = 0, minZ = 0, maxZ = 0;
  const grow = (x: number, z: number): void => {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minZ = Math.min(minZ, z);
    maxZ = Math.max(maxZ, z);
  };

  for (const v of views) {
    const x = v.x;
    const z = v.y;
    grow(x, z);
    const lift = v.key === hover ? 0.06 : 0;
    const base = tileColour(v);
    tiles.push({ key: v.key, x, z, colour: base, lift });
    const y = top + lift;
    if (v.kind === 'land') decals.push({ key: v.key, x, y, z: z - 0.28, size: 0.55, cell: CELL.glyph(v.colour!), colour: inkOn(base) });
    if (v.kind === 'heart') {
      decals.push({ key: v.key, x, y, z: z - 0.2, size: 0.75, cell: CELL.heart, colour: '#FFFFFF' });
      rims.push({ x, z, y, colour: HEART_STYLE.rim });
    }
    if (v.kind === 'portal') {
      decals.push({ key: v.key, x, y, z: z - 0.22, size: 0.8, cell: CELL.arch, colour: '#FFFFFF' });
      decals.push({ key: v.key, x, y: y + 0.001, z: z - 0.2, size: 0.34, cell: CELL.glyph(v.colour!), colour: '#000000' });
    }
    if (v.energyRich) decals.push({ key: v.key, x: x + 0.5, y, z: z - 0.3, size: 0.42, cell: CELL.bolt, colour: '#FFFFFF' });
    if (v.troops) {
      const colour = TERRAIN[v.troops.colour].rgb;
      if (v.troops.count > 0) stack(troops, labels, v.troops.count, x, z + 0.3, colour, Math.PI / 2, lift, v.key);
      stacks.set(v.key, v.troops.count);
      v.troops.frontier.forEach((n, d) => {
        stacks.set(`${v.key}/${d}`, n);
        if (n <= 0) return;
        const dir = hexToPixel(DIRECTIONS[d]!, 1);
        // On the shared edge, shifted 30 % of the apothem toward its own hex; the arrow points across.
        const k = 0.5 * 0.7;
        const angle = Math.atan2(-dir.y, dir.x);
        stack(troops, labels, n, x + dir.x * k, z + dir.y * k, colour, angle, lift, `${v.key}/${d}`);
        arrows.push({ x: x + dir.x * 0.47, y: TILE_HEIGHT + 0.03 + lift, z: z + dir.y * 0.47, colour: '#111111', angle });
      });
    }
    if (v.wild > 0) {
      discs.push({ x: x - 0.3, y: TILE_HEIGHT + 0.02 + lift, z: z + 0.3, colour: '#9A9A9A', angle: 0 });
      number(labels, v.wild, x - 0.3, TILE_HEIGHT + 0.22 + lift, z + 0.3);
    }
    if (hl.selected === v.key) rims.push({ x, z, y, colour: SELECTED });
    else if (hl.legal.has(v.key)) dashed.push({ x, z, y, colour: LEGAL });
    else if (last.has(v.key)) rims.push({ x, z, y, colour: LAST });
  }

  const occupied = new Set(views.map((v) => v.key));
  for (const key of hl.legal) {
    if (occupied.has(key)) continue;
    const { x, y: z } = hexToPixel(parseHexKey(key), 1);
    grow(x, z);
    const ghost = hl.ghost?.at === key ? hl.ghost.colour : null;
    plates.push({ x, z, y: 0.01, colour: ghost ? tint(TERRAIN[ghost].rgb, 0.25) : '#FFF3B0', ghost: ghost !== null });
    if (hl.selected === key) rims.push({ x, z, y: 0.02, colour: SELECTED });
    else dashed.push({ x, z, y: 0.02, colour: key === hover ? SELECTED : LEGAL });
  }
  if (hover !== null && !occupied.has(hover) && !hl.legal.has(hover)) {
    const { x, y: z } = hexToPixel(parseHexKey(hover), 1);
    dashed.push({ x, z, y: 0.02, colour: SELECTED });
  }
  for (const key of hl.last) {
    if (occupied.has(key)) continue;
    const { x, y: z } = hexToPixel(parseHexKey(key), 1);
    rims.push({ x, z, y: 0.02, colour: LAST });
  }
  // Staged steps: three arrowheads along the way, above the pieces, in vermillion (Okabe-Ito).
  for (const step of hl.arrows ?? []) {
    const a = hexToPixel(parseHexKey(step.from), 1);
    const b = hexToPixel(parseHexKey(step.to), 1);
    const angle = Math.atan2(-(b.y - a.y), b.x - a.x);
    for (const f of [0.3, 0.5, 0.7]) arrows.push({ x: a.x + (b.x - a.x) * f, y: TILE_HEIGHT + 0.5, z: a.y + (b.y - a.y) * f, colour: STAGED, angle });
  }
  // The combat being resolved: its tiles ringed, a little outside the other rims.
  const combat: RimInstance[] = [];
  for (const key of combatTiles(state)) {
    const { x, y: z } = hexToPixel(parseHexKey(key), 1);
    combat.push({ x, z, y: top + 0.004, colour: COMBAT, scale: 1.08 });
  }
  return { tiles, decals, labels, troops, arrows, discs, plates, rims, dashed, combat, stacks, bounds: { minX, maxX, minZ, maxZ } };
}

/** The tiles of the combat under way: the attacked territory, or the two tiles of the frontier. */
export function combatTiles(state: GameState): HexKey[] {
  const p = state.phase;
  if (p.name !== 'conquest' || !('battle' in p.stage)) return [];
  const c = p.stage.battle.combat;
  if (c.kind === 'territory') return [c.at];
  return [c.at, hexKey(neighbour(parseHexKey(c.at), c.dir))];
}

/** Terrain colour tinted 25 % to white, so full-colour troop cubes read even on their own terrain. */
function tileColour(v: TileView): string {
  if (v.kind === 'heart') return HEART_STYLE.fill;
  return tint(TERRAIN[v.colour!].rgb, 0.25);
}
