import {
  DIRECTIONS,
  type GameState,
  type HexKey,
  type Seat,
  TILE_COLOURS,
  type TileColour,
  hexKey,
  hexToPixel,
  neighbour,
  parseHexKey,
} from '../../engine/index.js';
import { HEART_STYLE, TERRAIN, inkOn, tint } from '../display/index.js';
import { type BadgeChar, type BadgeKind, type BadgeToken, BADGE_PX, badgeText } from './badges.js';
import { type TileView, tileViews } from '../board/tiles.js';
import type { Highlights } from '../board/types.js';

/**
 * The 3D board as plain numbers: what each instanced layer draws for one state and its highlights.
 * DOM-free and WebGL-free, so it is tested alone; the scene writes it into instanced meshes.
 * World: x = board x, z = board y (pointy-top hexes of circumradius 1), y up.
 */

export const TILE_HEIGHT = 0.22;
export const APOTHEM = Math.sqrt(3) / 2;

/** Atlas cells: digits 0-9 (white, tinted to the badge's ink), the seven terrain glyphs, the Heart, the energy bolt, the portal arch, a plus sign. */
export const CELL = {
  digit: (d: number): number => d,
  glyph: (c: TileColour): number => 10 + TILE_COLOURS.indexOf(c),
  heart: 17,
  bolt: 18,
  arch: 19,
  plus: 20,
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
export interface PieceInstance {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly colour: string;
  /** Rotation about y (arrows, markers, props). */
  readonly angle: number;
  readonly scale?: number;
  /** The troop stack it shows (owner rims, frontier markers): its hex, and its frontier's direction. */
  readonly stack?: string;
  /** The tile it stands on (props fall with their tile). */
  readonly key?: HexKey;
}
export interface RimInstance {
  readonly x: number;
  readonly z: number;
  readonly colour: string;
  readonly y: number;
  readonly scale?: number;
  readonly stack?: string;
}
/**
 * A count badge (badges.ts): anchored at a point of the board, drawn at a constant size on the
 * screen where the layout puts it. `key` names what it counts: "q,r" (a territory's troops),
 * "q,r/d" (a frontier's), "q,r/wild".
 */
export interface BadgeInstance {
  readonly key: string;
  readonly kind: BadgeKind;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  /** The frontier's direction on the board (x, z), for the layout's first try when the anchor is taken. */
  readonly toward?: { readonly x: number; readonly z: number };
  readonly value: number;
  /** The owner's colour, whose glyph a territory's badge shows first. */
  readonly glyph: TileColour | null;
  /** Troops on frontiers whose own badges found no room, shown after a plus sign (territories only). */
  readonly folded: number;
  readonly fill: string;
  readonly ink: string;
  readonly dashed: boolean;
  readonly width: number;
  readonly height: number;
  readonly chars: readonly BadgeChar[];
}

/** The terrains told by the shape of their props. */
export const PROP_KINDS = TILE_COLOURS;
export type PropKind = TileColour;

export interface BoardScene {
  readonly tiles: readonly TileInstance[];
  readonly decals: readonly DecalInstance[];
  /** Every count: troops on territories and frontiers, wild markers. */
  readonly badges: readonly BadgeInstance[];
  /** Territories' owners: a band in the owner's colour. */
  readonly owners: readonly RimInstance[];
  /** Frontier troops: a wedge in the owner's colour on the edge they guard, pointing across. */
  readonly markers: readonly PieceInstance[];
  /** Staged steps. */
  readonly arrows: readonly PieceInstance[];
  readonly discs: readonly PieceInstance[];
  /** The terrains' props, by kind (one instanced mesh each). */
  readonly props: Readonly<Record<PropKind, readonly PieceInstance[]>>;
  /** Empty legal cells (tint) and the ghost of what Confirm would place. */
  readonly plates: readonly (RimInstance & { readonly ghost: boolean })[];
  readonly rims: readonly RimInstance[];
  readonly dashed: readonly RimInstance[];
  /** The tiles of the combat being resolved (the attacked territory, or both sides of the frontier): rims in the combat colour. */
  readonly combat: readonly RimInstance[];
  /** Troops in each stack (keyed as PieceInstance.stack): the scene pulses the stacks whose count changed. */
  readonly stacks: ReadonlyMap<string, number>;
  /** Centres of everything drawn, for fitting the camera. */
  readonly bounds: Bounds;
  /** Centres of the focused seat's territories (the part of the map that concerns him), or null. */
  readonly focus: Bounds | null;
}

export interface Bounds {
  readonly minX: number;
  readonly maxX: number;
  readonly minZ: number;
  readonly maxZ: number;
}

const LEGAL = '#F5C400';
const SELECTED = '#111111';
const LAST = '#6E6E6E';
/** Wild markers' badges: white with a dashed border, as on the flat map. */
const WILD_FILL = '#FFFFFF';
/** Where a frontier's marker and its badge stand, as a fraction of the way to the neighbour's centre (the edge is at 0.5). */
const MARKER_AT = 0.41;
const FRONTIER_BADGE_AT = 0.3;
const BADGE_Y = TILE_HEIGHT + 0.12;

const digits = (n: number): BadgeToken[] => String(n).split('').map((d) => ({ cell: CELL.digit(Number(d)), wide: false }));

function badge(key: string, kind: BadgeKind, x: number, y: number, z: number, value: number, fill: string, glyph: TileColour | null, toward?: { x: number; z: number }): BadgeInstance {
  const text = badgeText([...(glyph === null ? [] : [{ cell: CELL.glyph(glyph), wide: true }]), ...digits(value)]);
  return { key, kind, x, y, z, value, glyph, folded: 0, fill, ink: inkOn(fill), dashed: kind === 'wild', width: text.width, height: BADGE_PX, chars: text.chars, ...(toward ? { toward } : {}) };
}

/**
 * A territory's badge that also counts `folded` troops of its frontiers ("▲3+2"), for when the
 * frontiers' own badges find no room on the screen: no count is ever lost from sight.
 */
export function withFolded(b: BadgeInstance, folded: number): BadgeInstance {
  if (b.kind !== 'territory' || folded <= 0) return b;
  const text = badgeText([...(b.glyph === null ? [] : [{ cell: CELL.glyph(b.glyph), wide: true }]), ...digits(b.value), { cell: CELL.plus, wide: false }, ...digits(folded)]);
  return { ...b, folded, width: text.width, chars: text.chars };
}

/**
 * Where a terrain's props stand on a tile (offsets from its centre, and a scale), clear of the
 * glyph (top), the count badge (centre) and the rims (edge). A small turn per tile, from its
 * coordinates, so that neighbours do not look stamped.
 */
const PROP_SLOTS: Readonly<Record<PropKind, readonly (readonly [number, number, number])[]>> = {
  forest: [[-0.44, -0.02, 1], [0.44, 0.02, 0.9], [-0.02, 0.5, 0.85]],
  mountain: [[-0.38, 0.02, 1], [0.4, 0.06, 0.8]],
  lake: [[0.02, 0.4, 1]],
  plain: [[-0.45, 0.0, 1], [0.45, 0.04, 0.9], [0.02, 0.52, 0.85]],
  desert: [[-0.36, 0.04, 1], [0.38, 0.2, 0.8]],
  marsh: [[-0.45, 0.02, 1], [0.44, 0.04, 1], [0.0, 0.5, 0.9]],
  black: [[-0.42, 0.0, 1], [0.42, 0.08, 1.1], [0.0, 0.5, 0.9]],
};

export function boardScene(state: GameState, hl: Highlights, pointer: HexKey | null, focusSeat: Seat | null = null): BoardScene {
  const views = tileViews(state, 1);
  const hover = pointer ?? hl.cursor ?? null;
  const tiles: TileInstance[] = [];
  const decals: DecalInstance[] = [];
  const badges: BadgeInstance[] = [];
  const owners: RimInstance[] = [];
  const markers: PieceInstance[] = [];
  const arrows: PieceInstance[] = [];
  const discs: PieceInstance[] = [];
  const props = Object.fromEntries(PROP_KINDS.map((k) => [k, [] as PieceInstance[]])) as Record<PropKind, PieceInstance[]>;
  const plates: (RimInstance & { ghost: boolean })[] = [];
  const rims: RimInstance[] = [];
  const dashed: RimInstance[] = [];
  const stacks = new Map<string, number>();
  const last = new Set(hl.last);
  const top = TILE_HEIGHT + 0.003;
  const box = boundsGrower();
  const focus = boundsGrower();

  for (const v of views) {
    const x = v.x;
    const z = v.y;
    box.grow(x, z);
    const lift = v.key === hover ? 0.06 : 0;
    const base = tileColour(v);
    tiles.push({ key: v.key, x, z, colour: base, lift });
    const y = top + lift;
    if (v.kind === 'land') {
      decals.push({ key: v.key, x: x - 0.18, y, z: z - 0.4, size: 0.4, cell: CELL.glyph(v.colour!), colour: inkOn(base) });
      const turn = ((v.hex.q * 7 + v.hex.r * 13) % 6) * 0.5;
      for (const [dx, dz, scale] of PROP_SLOTS[v.colour!]) props[v.colour!].push({ key: v.key, x: x + dx, y: y - 0.003, z: z + dz, colour: '#FFFFFF', angle: turn + dx * 3, scale });
    }
    if (v.kind === 'heart') {
      decals.push({ key: v.key, x, y, z: z - 0.38, size: 0.6, cell: CELL.heart, colour: '#FFFFFF' });
      rims.push({ x, z, y, colour: HEART_STYLE.rim });
    }
    if (v.kind === 'portal') {
      decals.push({ key: v.key, x: x - 0.3, y, z: z - 0.3, size: 0.62, cell: CELL.arch, colour: '#FFFFFF' });
      decals.push({ key: v.key, x: x - 0.3, y: y + 0.001, z: z - 0.28, size: 0.28, cell: CELL.glyph(v.colour!), colour: '#000000' });
    }
    if (v.energyRich) decals.push({ key: v.key, x: x + 0.22, y, z: z - 0.4, size: 0.36, cell: CELL.bolt, colour: '#FFFFFF' });
    if (v.troops) {
      const owner = TERRAIN[v.troops.colour].rgb;
      if (v.troops.owner === focusSeat) focus.grow(x, z);
      owners.push({ x, z, y: y + 0.001, colour: owner, stack: v.key });
      badges.push(badge(v.key, 'territory', x, BADGE_Y + lift, z + 0.12, v.troops.count, owner, v.troops.colour));
      stacks.set(v.key, v.troops.count);
      v.troops.frontier.forEach((n, d) => {
        const stack = `${v.key}/${d}`;
        stacks.set(stack, n);
        if (n <= 0) return;
        const dir = hexToPixel(DIRECTIONS[d]!, 1);
        const angle = Math.atan2(-dir.y, dir.x);
        markers.push({ x: x + dir.x * MARKER_AT, y, z: z + dir.y * MARKER_AT, colour: owner, angle, stack });
        badges.push(badge(stack, 'frontier', x + dir.x * FRONTIER_BADGE_AT, BADGE_Y + lift, z + dir.y * FRONTIER_BADGE_AT, n, owner, null, { x: dir.x, z: dir.y }));
      });
    }
    if (v.wild > 0) {
      const [wx, wz] = v.troops ? [x - 0.4, z + 0.42] : [x, z + 0.12];
      discs.push({ x: wx, y: TILE_HEIGHT + 0.02 + lift, z: wz, colour: '#9A9A9A', angle: 0 });
      badges.push(badge(`${v.key}/wild`, 'wild', wx, BADGE_Y + lift, wz, v.wild, WILD_FILL, null));
    }
    if (hl.selected === v.key) rims.push({ x, z, y, colour: SELECTED });
    else if (hl.legal.has(v.key)) dashed.push({ x, z, y, colour: LEGAL });
    else if (last.has(v.key)) rims.push({ x, z, y, colour: LAST });
  }

  const occupied = new Set(views.map((v) => v.key));
  for (const key of hl.legal) {
    if (occupied.has(key)) continue;
    const { x, y: z } = hexToPixel(parseHexKey(key), 1);
    box.grow(x, z);
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
  // Territories first: when the screen is crowded, their badges keep their places.
  const order: Record<BadgeKind, number> = { territory: 0, frontier: 1, wild: 2 };
  badges.sort((a, b) => order[a.kind] - order[b.kind]);
  return { tiles, decals, badges, owners, markers, arrows, discs, props, plates, rims, dashed, combat, stacks, bounds: box.bounds() ?? ORIGIN, focus: focus.bounds() };
}

const ORIGIN: Bounds = { minX: 0, maxX: 0, minZ: 0, maxZ: 0 };

function boundsGrower(): { grow(x: number, z: number): void; bounds(): Bounds | null } {
  let b: { minX: number; maxX: number; minZ: number; maxZ: number } | null = null;
  return {
    grow(x, z) {
      if (!b) b = { minX: x, maxX: x, minZ: z, maxZ: z };
      else b = { minX: Math.min(b.minX, x), maxX: Math.max(b.maxX, x), minZ: Math.min(b.minZ, z), maxZ: Math.max(b.maxZ, z) };
    },
    bounds: () => b,
  };
}

/** Arrows of staged steps, and the combat's tiles: vermillion (Okabe-Ito). */
const STAGED = '#D55E00';
const COMBAT = STAGED;

/** The tiles of the combat under way: the attacked territory, or the two tiles of the frontier. */
export function combatTiles(state: GameState): HexKey[] {
  const p = state.phase;
  if (p.name !== 'conquest' || !('battle' in p.stage)) return [];
  const c = p.stage.battle.combat;
  if (c.kind === 'territory') return [c.at];
  return [c.at, hexKey(neighbour(parseHexKey(c.at), c.dir))];
}

/** A tile's top: its terrain's colour tinted 25 % to white, so that the owner's band and badges (full colour, outlined) read even on their own terrain; the Heart's pearl. */
export const tileFill = (colour: TileColour | null): string => (colour === null ? HEART_STYLE.fill : tint(TERRAIN[colour].rgb, 0.25));

const tileColour = (v: TileView): string => tileFill(v.kind === 'heart' ? null : v.colour!);
