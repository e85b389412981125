import { type Hex, type HexKey, distance, hexKey, neighbours } from '../hex/index.js';
import type { GameState } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { HEART, boardKey, distanceToNearestPortal, frontierCells, isOccupied, portalsOnMap, touchesMap } from './board.js';
import { PORTAL_HEART_MIN_DISTANCE, PORTAL_PORTAL_MIN_DISTANCE, TILE_PORTAL_MIN_DISTANCE, landPlacementError, nonBlackNeighbours, portalSiteError } from './constraints.js';

/** Beyond this many black tiles the search stops (file 000 gives more black tiles "etc."; none of 6 x 500 test maps needs more than 2). */
export const MAX_BLACK_TILES = 8;

/** Where `seat`'s portal could go now (M6-M9), in canonical order. */
export function portalSites(state: GameState, seat: Seat): Hex[] {
  // Frontier cells are empty and touch the map already; only M7-M9 remain to check.
  return frontierCells(state, seat).filter((h) => portalSiteError(state, seat, h) === null);
}

/** Where a land tile could go now (landPlacementError: M6, M10), in canonical order; `fenced` black tiles ignore M10 (ruling M14b). */
export function landSites(state: GameState, fenced = false): readonly Hex[] {
  // Only frontier cells (empty, touching the map) can be sites: the others are not asked.
  const cells = frontierCells(state);
  if (fenced) return cells.filter((h) => landPlacementError(state, h, true) === null);
  // Asked several times of one state (the options of each kind, the check of a set-aside): kept per state object.
  const key = boardKey(state);
  let sites = landSiteCache.get(key);
  if (!sites) landSiteCache.set(key, (sites = cells.filter((h) => landPlacementError(state, h) === null)));
  return sites;
}
const landSiteCache = new WeakMap<object, readonly Hex[]>();

/**
 * The fewest black tiles that, added to the map one by one under the placement constraints,
 * make a valid position for `seat`'s portal (M14): 0 if one exists already, Infinity if none
 * within MAX_BLACK_TILES. With `fenced` (ruling M14b), black tiles ignore the 4th constraint. Black tiles only help a site that is not touching the map yet; they
 * cannot make a site farther from the Heart or from portals, nor reduce its non-black neighbours.
 */
export function blackTilesNeeded(state: GameState, seat: Seat, fenced = false): number {
  if (portalSites(state, seat).length > 0) return 0;
  const others = portalsOnMap(state, seat);
  const isSite = (c: Hex) =>
    !isOccupied(state, c, seat) &&
    !touchesMap(state, c, seat) &&
    distance(c, HEART) >= PORTAL_HEART_MIN_DISTANCE &&
    others.every((p) => distance(c, p.at) >= PORTAL_PORTAL_MIN_DISTANCE) &&
    nonBlackNeighbours(state, c, seat) === 0;
  const blackAllowed = (c: Hex) =>
    !isOccupied(state, c, seat) && (fenced || distanceToNearestPortal(state, c, seat) >= TILE_PORTAL_MIN_DISTANCE);
  // Breadth-first over cells where black tiles may stand, from those touching the map.
  let layer = frontierCells(state, seat).filter(blackAllowed);
  const seen = new Set<HexKey>(layer.map(hexKey));
  for (let k = 1; k <= MAX_BLACK_TILES && layer.length > 0; k++) {
    for (const b of layer) if (neighbours(b).some((c) => !seen.has(hexKey(c)) && isSite(c))) return k;
    const next: Hex[] = [];
    for (const b of layer) {
      for (const c of neighbours(b)) {
        const key = hexKey(c);
        if (seen.has(key) || !blackAllowed(c)) continue;
        seen.add(key);
        next.push(c);
      }
    }
    layer = next;
  }
  return Infinity;
}
