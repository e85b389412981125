import { type Direction, type HexKey, DIRECTION_INDICES, hexKey, neighbour, opposite, parseHexKey } from '../hex/index.js';
import type { GameState, Territory } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { HEART_KEY } from '../map/board.js';

/**
 * Territories during the conquest: adjacency over the tiles of the map, control, vassal groups
 * and connection (C6-C8, S3a).
 */

type Frontier = Territory['frontier'];
export const NO_FRONTIER: Frontier = [0, 0, 0, 0, 0, 0];

/** For each territory, its neighbour in each direction (or null off the map). Fixed once the map is built. */
export type Adjacency = Readonly<Record<HexKey, readonly (HexKey | null)[]>>;

const adjacencies = new WeakMap<object, Adjacency>();

export function adjacency(state: GameState): Adjacency {
  // Keyed by the map object, which never changes once the conquest has begun.
  let adj = adjacencies.get(state.map);
  if (adj) return adj;
  const out: Record<HexKey, (HexKey | null)[]> = {};
  for (const key of Object.keys(state.territories)) {
    const h = parseHexKey(key);
    out[key] = DIRECTION_INDICES.map((d) => {
      const n = hexKey(neighbour(h, d));
      return n in state.territories ? n : null;
    });
  }
  adj = out;
  adjacencies.set(state.map, adj);
  return adj;
}

export const neighbourKey = (state: GameState, key: HexKey, dir: Direction): HexKey | null => adjacency(state)[key]?.[dir] ?? null;

export const frontierTroops = (t: Territory): number => t.frontier.reduce((a, b) => a + b, 0);
export const tileTroops = (t: Territory): number => t.troops + frontierTroops(t);

/** The top of a seat's vassal chain. */
export function overlord(state: GameState, seat: Seat): Seat {
  let s = seat;
  for (let guard = 0; guard < 8; guard++) {
    const up = state.players[s]?.suzerain;
    if (up === null || up === undefined) return s;
    s = up;
  }
  return s;
}

/** Two seats are of one vassal group (S3g). */
export const sameGroup = (state: GameState, a: Seat, b: Seat): boolean => a === b || overlord(state, a) === overlord(state, b);

/** Where a seat's portal stands. */
export const portalKey = (state: GameState, seat: Seat): HexKey => hexKey(state.seats[seat]!.portal!);

/** Territories reachable from `from` through territories controlled by `seat`'s group (C8, S3a). */
export function connectedFrom(state: GameState, seat: Seat, from: HexKey): Set<HexKey> {
  const top = overlord(state, seat);
  const inGroup = (key: HexKey) => {
    const owner = state.territories[key]?.owner;
    return owner !== null && owner !== undefined && overlord(state, owner) === top;
  };
  const seen = new Set<HexKey>();
  if (!inGroup(from)) return seen;
  seen.add(from);
  const todo = [from];
  const adj = adjacency(state);
  while (todo.length > 0) {
    for (const n of adj[todo.pop()!]!) {
      if (n && !seen.has(n) && inGroup(n)) {
        seen.add(n);
        todo.push(n);
      }
    }
  }
  return seen;
}

/** The seat's territories connected to its portal (P4, P4a): none if the portal is not held by its group. */
export function connectedToPortal(state: GameState, seat: Seat): HexKey[] {
  return [...connectedFrom(state, seat, portalKey(state, seat))].filter((k) => state.territories[k]!.owner === seat);
}

export const controls = (state: GameState, seat: Seat, key: HexKey): boolean => state.territories[key]?.owner === seat;

export const controlsHeart = (state: GameState, seat: Seat): boolean => controls(state, seat, HEART_KEY);

/**
 * P2, P2a: a territory of the seat's colour: a tile of its colour, its own portal, or the Heart of
 * Eden (all colours). A portal taken from another seat keeps its owner's colour.
 */
export function ofOwnColour(state: GameState, seat: Seat, key: HexKey): boolean {
  const land = state.map[key];
  if (land?.kind === 'heart') return true;
  if (land?.kind === 'land') return land.colour === state.seats[seat]!.colour;
  const portal = state.seats[seat]!.portal;
  return portal !== null && hexKey(portal) === key;
}

/** The territories a seat controls, in canonical (key) order. */
export const territoriesOf = (state: GameState, seat: Seat): HexKey[] =>
  Object.keys(state.territories)
    .filter((k) => state.territories[k]!.owner === seat)
    .sort();

/** Replaces some territories. */
export const withTerritories = (state: GameState, changes: Readonly<Record<HexKey, Territory>>): GameState => ({
  ...state,
  territories: { ...state.territories, ...changes },
});

/** The frontier stack on the other side of (key, dir), as [neighbour key, its direction back]. */
export function across(state: GameState, key: HexKey, dir: Direction): [HexKey, Direction] | null {
  const n = neighbourKey(state, key, dir);
  return n ? [n, opposite(dir)] : null;
}

export const setFrontier = (f: Frontier, dir: Direction, n: number): Frontier => f.map((x, i) => (i === dir ? n : x)) as unknown as Frontier;
