import { type Hex, distance } from '../hex/index.js';
import { type RuleError, ruleError } from '../core/errors.js';
import type { GameState } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { HEART, boardKey, connectedWithout, distanceToNearestPortal, isOccupied, nonBlackNeighbourCount, touchesMap } from './board.js';

/** Minimum grid distances of 004's placement constraints ("at least k tiles between" = distance >= k + 1, ruling 2). */
export const PORTAL_HEART_MIN_DISTANCE = 4;
export const PORTAL_PORTAL_MIN_DISTANCE = 5;
export const TILE_PORTAL_MIN_DISTANCE = 4;
export const PORTAL_MAX_NON_BLACK_NEIGHBOURS = 2;

/** Why a land tile (drawn, face-up or black) cannot go on `at`, or null if it can (M6, M10; black tiles of a fenced-in fallback skip M10, ruling M14b). */
export function landPlacementError(state: GameState, at: Hex, fenced = false): RuleError | null {
  if (isOccupied(state, at)) return ruleError('CellOccupied', 'M6', 'a tile already stands there');
  if (!touchesMap(state, at)) return ruleError('NotTouchingMap', 'M6', 'a tile must touch a tile of the map');
  if (!fenced && distanceToNearestPortal(state, at) < TILE_PORTAL_MIN_DISTANCE)
    return ruleError('TileNearPortal', 'M10', 'there must be at least 3 tiles between the tile placed and every portal on the map');
  return null;
}

/** Non-black tiles (colours, the Heart, portals) touching a hex; `except` leaves a seat's portal out. */
export const nonBlackNeighbours = (state: GameState, at: Hex, except?: Seat): number => nonBlackNeighbourCount(state, at, except);

/**
 * The placement constraints of a portal on an empty cell, touching the map or not (M7, M8, M9).
 * `seat`'s own portal is left out, as it is removed before being added elsewhere.
 */
export function portalSiteError(state: GameState, seat: Seat, at: Hex): RuleError | null {
  if (distance(at, HEART) < PORTAL_HEART_MIN_DISTANCE)
    return ruleError('PortalNearHeart', 'M7', 'there must be at least 3 tiles between a portal and the Heart of Eden');
  if (distanceToNearestPortal(state, at, seat) < PORTAL_PORTAL_MIN_DISTANCE) return ruleError('PortalNearPortal', 'M8', 'there must be at least 4 tiles between two portals');
  if (nonBlackNeighbours(state, at, seat) > PORTAL_MAX_NON_BLACK_NEIGHBOURS)
    return ruleError('PortalCrowded', 'M9', 'a portal may touch at most 2 non-black tiles');
  return null;
}

/** Why `seat`'s portal cannot go on `at`, or null if it can (M6-M9). */
export function portalPlacementError(state: GameState, seat: Seat, at: Hex): RuleError | null {
  if (isOccupied(state, at, seat)) return ruleError('CellOccupied', 'M6', 'a tile already stands there');
  if (!touchesMap(state, at, seat)) return ruleError('NotTouchingMap', 'M6', 'a tile must touch a tile of the map');
  return portalSiteError(state, seat, at);
}

/**
 * M11a (ruling): a portal may not leave its place if the map would fall apart without it
 * (possible only after fenced-in black tiles touch a portal, M14b).
 */
export function portalHoldsMap(state: GameState, seat: Seat): boolean {
  if (state.seats[seat]?.portal == null) return false;
  // A walk over the map, asked by each portal option of one state: kept per state object and seat.
  const key = boardKey(state);
  let known = holdsCache.get(key);
  if (!known) holdsCache.set(key, (known = new Map()));
  let holds = known.get(seat);
  if (holds === undefined) known.set(seat, (holds = !connectedWithout(state, seat)));
  return holds;
}
const holdsCache = new WeakMap<object, Map<Seat, boolean>>();
