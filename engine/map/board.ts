import { type Hex, type HexKey, distance, hexKey, parseHexKey } from '../hex/index.js';
import type { GameState, LandTile } from '../core/state.js';
import type { Colour, Seat, TileColour } from '../core/vocabulary.js';

/** The Heart of Eden stands at the centre of the map (M3). */
export const HEART: Hex = { q: 0, r: 0 };
export const HEART_KEY: HexKey = hexKey(HEART);

export interface PlacedPortal {
  readonly seat: Seat;
  readonly at: Hex;
}

/** What stands on a hex: a land tile, the Heart, a portal, or nothing. */
export type Occupant =
  | { readonly kind: 'heart' }
  | { readonly kind: 'land'; readonly colour: TileColour }
  | { readonly kind: 'portal'; readonly seat: Seat; readonly colour: Colour }
  | null;

// Cells are indexed by a small integer so that lookups need no string building, row by row:
// cell(q, r) = (r + OFFSET) * STRIDE + (q + OFFSET); coordinates stay within ±OFFSET. Ascending
// cells are then the canonical order of hexes (by r, then q): lists sort as plain numbers.
const OFFSET = 512;
const STRIDE = 1024;
const cell = (q: number, r: number): number => (r + OFFSET) * STRIDE + (q + OFFSET);
const cellQ = (c: number): number => (c % STRIDE) - OFFSET;
const cellR = (c: number): number => Math.floor(c / STRIDE) - OFFSET;
const ascending = (a: number, b: number): number => a - b;
/** Hex keys met so far and their cells: a map has a few dozen keys, parsed once per process. */
const keyCells = new Map<HexKey, number>();
function keyCell(key: HexKey): number {
  let c = keyCells.get(key);
  if (c === undefined) {
    const h = parseHexKey(key);
    c = cell(h.q, h.r);
    if (keyCells.size < 100_000) keyCells.set(key, c);
  }
  return c;
}

/** Neighbour offsets in cell units, in the order of DIRECTIONS. */
const STEPS = [1, STRIDE, STRIDE - 1, -1, -STRIDE, -STRIDE + 1] as const;

/** The land tiles and the Heart, indexed once per map object (maps are immutable, so it never goes stale). */
interface MapIndex {
  readonly cells: Map<number, LandTile>;
  /** Empty cells touching a land tile or the Heart, ascending (in canonical order). */
  readonly frontier: readonly number[];
  /** Frontier hexes with portals, by the portal cells taken into account ("c1,c2,..."). */
  readonly withPortals: Map<string, readonly Hex[]>;
}

const mapIndexes = new WeakMap<GameState['map'], MapIndex>();

function mapIndex(map: GameState['map']): MapIndex {
  let idx = mapIndexes.get(map);
  if (idx) return idx;
  const cells = new Map<number, LandTile>();
  for (const key in map) cells.set(keyCell(key), map[key]!);
  const frontier = new Set<number>();
  for (const c of cells.keys()) for (const s of STEPS) if (!cells.has(c + s)) frontier.add(c + s);
  idx = { cells, frontier: [...frontier].sort(ascending), withPortals: new Map() };
  mapIndexes.set(map, idx);
  return idx;
}

/**
 * The map with one more land tile, its index derived from the old one's rather than rebuilt
 * (map creation adds a tile at almost every turn).
 */
export function withLandTile(map: GameState['map'], at: Hex, tile: LandTile): GameState['map'] {
  const key = hexKey(at);
  const next = { ...map, [key]: tile };
  const old = mapIndexes.get(map);
  if (old) {
    const c = cell(at.q, at.r);
    const cells = new Map(old.cells);
    cells.set(c, tile);
    const frontier = old.frontier.filter((f) => f !== c);
    for (const st of STEPS) if (!cells.has(c + st) && !frontier.includes(c + st)) insertAscending(frontier, c + st);
    mapIndexes.set(next, { cells, frontier, withPortals: new Map() });
  }
  return next;
}

/** Inserts `c` into the ascending list `xs` at its place. */
function insertAscending(xs: number[], c: number): void {
  let i = xs.length;
  while (i > 0 && xs[i - 1]! > c) i--;
  xs.splice(i, 0, c);
}

/** Per state: the portals' cells, and frontier lists by the seat whose portal is left out (-1: none). */
interface BoardIndex {
  readonly map: MapIndex;
  readonly portals: readonly PlacedPortal[];
  readonly portalCells: readonly number[];
  readonly frontiers: Map<number, readonly Hex[]>;
}

/** By map, then by seats record: a new state object with the same map and seats (a flow step, the sequence number) shares its index. */
const indexes = new WeakMap<GameState['map'], WeakMap<GameState['seats'], BoardIndex>>();

/** The last board asked about and its index: the rules ask many questions of one board in a row, and two WeakMap lookups per question showed in profiles. */
let last: { readonly map: GameState['map']; readonly seats: GameState['seats']; readonly idx: BoardIndex } | null = null;

function boardIndex(state: GameState): BoardIndex {
  if (last !== null && last.map === state.map && last.seats === state.seats) return last.idx;
  const idx = indexFor(state);
  last = { map: state.map, seats: state.seats, idx };
  return idx;
}

function indexFor(state: GameState): BoardIndex {
  let bySeats = indexes.get(state.map);
  if (!bySeats) indexes.set(state.map, (bySeats = new WeakMap()));
  let idx = bySeats.get(state.seats);
  if (idx) return idx;
  const portals: PlacedPortal[] = [];
  const portalCells: number[] = [];
  state.seats.forEach((s, seat) => {
    if (!s.portal) return;
    portals.push({ seat, at: s.portal });
    portalCells.push(cell(s.portal.q, s.portal.r));
  });
  idx = { map: mapIndex(state.map), portals, portalCells, frontiers: new Map() };
  bySeats.set(state.seats, idx);
  return idx;
}

/** An object that stands for the board (the map and where the portals are): a key for caches of what depends on nothing else. */
export const boardKey = (state: GameState): object => boardIndex(state);

function lookupIn(state: GameState, idx: BoardIndex, c: number, except: Seat | undefined): Occupant {
  const land = idx.map.cells.get(c);
  if (land) return land;
  const i = idx.portalCells.indexOf(c);
  if (i < 0) return null;
  const p = idx.portals[i]!;
  return p.seat === except ? null : { kind: 'portal', seat: p.seat, colour: state.seats[p.seat]!.colour };
}

/** Portals on the map, by seat order; `except` leaves one seat's portal out (as when it moves). */
export function portalsOnMap(state: GameState, except?: Seat): PlacedPortal[] {
  return boardIndex(state).portals.filter((p) => p.seat !== except);
}

export const occupant = (state: GameState, h: Hex, except?: Seat): Occupant => lookupIn(state, boardIndex(state), cell(h.q, h.r), except);

export const isOccupied = (state: GameState, h: Hex, except?: Seat): boolean => occupant(state, h, except) !== null;

/** How many of the six neighbours hold something other than a black tile (a colour, the Heart, a portal); `except` leaves a seat's portal out. Counted on the index without listing the occupants, as it is asked for every candidate portal site. */
export function nonBlackNeighbourCount(state: GameState, h: Hex, except?: Seat): number {
  const idx = boardIndex(state);
  const c = cell(h.q, h.r);
  let n = 0;
  for (const s of STEPS) {
    const land = idx.map.cells.get(c + s);
    if (land) {
      if (!(land.kind === 'land' && land.colour === 'black')) n++;
    } else {
      const seat = portalSeatAt(idx, c + s);
      if (seat !== null && seat !== except) n++;
    }
  }
  return n;
}

/** The seat whose portal stands on cell `c`, or null. */
function portalSeatAt(idx: BoardIndex, c: number): Seat | null {
  const i = idx.portalCells.indexOf(c);
  return i < 0 ? null : idx.portals[i]!.seat;
}

/** The six neighbours' occupants, in the order of DIRECTIONS. */
export function neighbourOccupants(state: GameState, h: Hex, except?: Seat): Occupant[] {
  const idx = boardIndex(state);
  const c = cell(h.q, h.r);
  return STEPS.map((s) => lookupIn(state, idx, c + s, except));
}

export const touchesMap = (state: GameState, h: Hex, except?: Seat): boolean => {
  const idx = boardIndex(state);
  const c = cell(h.q, h.r);
  for (const s of STEPS) if (lookupIn(state, idx, c + s, except) !== null) return true;
  return false;
};

/** Canonical order of hexes: by r, then q. Never depends on insertion order, so a state read back from JSON lists the same actions. */
export const compareHex = (a: Hex, b: Hex): number => a.r - b.r || a.q - b.q;
const toHex = (c: number): Hex => ({ q: cellQ(c), r: cellR(c) });

/** Hexes are immutable values: one object per cell, shared, so listing cells allocates nothing new. */
const hexes = new Map<number, Hex>();
function sharedHex(c: number): Hex {
  let h = hexes.get(c);
  if (!h) {
    h = Object.freeze(toHex(c));
    if (hexes.size < 100_000) hexes.set(c, h);
  }
  return h;
}

/** Every tile on the map (land, Heart and portals) as hexes, in canonical order. */
export function occupiedHexes(state: GameState, except?: Seat): Hex[] {
  const idx = boardIndex(state);
  const out = [...idx.map.cells.keys()];
  idx.portals.forEach((p, i) => p.seat !== except && out.push(idx.portalCells[i]!));
  return out.sort(ascending).map(toHex);
}

/** Empty hexes touching the map, in canonical order (row, then column): the only places a tile can go. */
export function frontierCells(state: GameState, except?: Seat): readonly Hex[] {
  const idx = boardIndex(state);
  if (except !== undefined && !state.seats[except]?.portal) except = undefined;
  const cached = idx.frontiers.get(except ?? -1);
  if (cached) return cached;
  const portalCells = idx.portalCells.filter((_, i) => idx.portals[i]!.seat !== except);
  const signature = portalCells.join(',');
  const shared = idx.map.withPortals.get(signature);
  if (shared) {
    idx.frontiers.set(except ?? -1, shared);
    return shared;
  }
  const out = frontierWith(idx.map, portalCells);
  idx.frontiers.set(except ?? -1, out);
  idx.map.withPortals.set(signature, out);
  return out;
}

/**
 * The map's frontier with portals on `portalCells`: without the portals' cells, with the empty
 * cells around them. Both lists ascend, so they are merged in canonical order without a sort.
 */
function frontierWith(map: MapIndex, portalCells: readonly number[]): Hex[] {
  const around: number[] = [];
  for (const p of portalCells) for (const s of STEPS) if (!map.cells.has(p + s) && !portalCells.includes(p + s)) around.push(p + s);
  around.sort(ascending);
  const base = map.frontier;
  const out: Hex[] = [];
  let last = -1;
  for (let i = 0, j = 0; i < base.length || j < around.length; ) {
    const c = j >= around.length || (i < base.length && base[i]! <= around[j]!) ? base[i++]! : around[j++]!;
    if (c === last || portalCells.includes(c)) continue;
    out.push(sharedHex(c));
    last = c;
  }
  return out;
}

/** Distance from a hex to the nearest portal on the map (Infinity if none). */
export function distanceToNearestPortal(state: GameState, h: Hex, except?: Seat): number {
  let best = Infinity;
  for (const p of boardIndex(state).portals) if (p.seat !== except) best = Math.min(best, distance(h, p.at));
  return best;
}

/** Is the map in one piece without `seat`'s portal? (M11a), on the cell index, cached per state. */
export function connectedWithout(state: GameState, seat: Seat): boolean {
  const idx = boardIndex(state);
  const key = -2 - seat;
  const cached = idx.frontiers.get(key);
  if (cached) return cached.length === 0;
  // If the portal's neighbours form a single arc around it, they touch each other and any path
  // through the portal goes round it: the map stays in one piece. Only several arcs need a search.
  const at = idx.portals.find((p) => p.seat === seat);
  if (at) {
    const c = cell(at.at.q, at.at.r);
    const around = STEPS.map((st) => lookupIn(state, idx, c + st, seat) !== null);
    let arcs = 0;
    for (let d = 0; d < 6; d++) if (around[d] && !around[(d + 5) % 6]) arcs++;
    if (arcs <= 1) {
      idx.frontiers.set(key, []);
      return true;
    }
  }
  const cells = new Set<number>(idx.map.cells.keys());
  idx.portals.forEach((p, i) => p.seat !== seat && cells.add(idx.portalCells[i]!));
  const start = cell(HEART.q, HEART.r);
  const seen = new Set<number>([start]);
  const todo = [start];
  while (todo.length > 0) {
    const c = todo.pop()!;
    for (const st of STEPS) {
      const n = c + st;
      if (cells.has(n) && !seen.has(n)) {
        seen.add(n);
        todo.push(n);
      }
    }
  }
  const whole = seen.size === cells.size;
  // Stored in the frontier cache under a negative key: an empty list means "in one piece".
  idx.frontiers.set(key, whole ? [] : [HEART]);
  return whole;
}
