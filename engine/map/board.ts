import { type Hex, type HexKey, distance, hexKey, neighbours, parseHexKey } from '../hex/index.js';
import type { GameState } from '../core/state.js';
import type { Colour, Seat } from '../core/vocabulary.js';

/** The Heart of Eden stands at the centre of the map (M3). */
export const HEART: Hex = { q: 0, r: 0 };
export const HEART_KEY: HexKey = hexKey(HEART);

export interface PlacedPortal {
  readonly seat: Seat;
  readonly at: Hex;
}

/** Portals on the map, by seat order; `except` leaves one seat's portal out (as when it moves). */
export function portalsOnMap(state: GameState, except?: Seat): PlacedPortal[] {
  const out: PlacedPortal[] = [];
  state.seats.forEach((s, seat) => {
    if (s.portal && seat !== except) out.push({ seat, at: s.portal });
  });
  return out;
}

/** What stands on a hex: a land tile, the Heart, a portal, or nothing. */
export type Occupant =
  | { readonly kind: 'heart' }
  | { readonly kind: 'land'; readonly colour: import('../core/vocabulary.js').TileColour }
  | { readonly kind: 'portal'; readonly seat: Seat; readonly colour: Colour }
  | null;

export function occupant(state: GameState, h: Hex, except?: Seat): Occupant {
  const tile = state.map[hexKey(h)];
  if (tile) return tile;
  for (let seat = 0; seat < state.seats.length; seat++) {
    const p = state.seats[seat]!.portal;
    if (p && seat !== except && p.q === h.q && p.r === h.r) return { kind: 'portal', seat, colour: state.seats[seat]!.colour };
  }
  return null;
}

export const isOccupied = (state: GameState, h: Hex, except?: Seat): boolean => occupant(state, h, except) !== null;

export const touchesMap = (state: GameState, h: Hex, except?: Seat): boolean =>
  neighbours(h).some((n) => isOccupied(state, n, except));

/** Every tile on the map (land, Heart and portals) as hexes, in canonical order. */
export function occupiedHexes(state: GameState, except?: Seat): Hex[] {
  const out = Object.keys(state.map).map(parseHexKey);
  for (const p of portalsOnMap(state, except)) out.push(p.at);
  return out.sort(compareHex);
}

/** Empty hexes touching the map, in canonical order (row, then column): the only places a tile can go. */
export function frontierCells(state: GameState, except?: Seat): Hex[] {
  const seen = new Set<HexKey>();
  const out: Hex[] = [];
  for (const h of occupiedHexes(state, except)) {
    for (const n of neighbours(h)) {
      const key = hexKey(n);
      if (seen.has(key)) continue;
      seen.add(key);
      if (!isOccupied(state, n, except)) out.push(n);
    }
  }
  return out.sort(compareHex);
}

/** Canonical order of hexes: by r, then q. Never depends on insertion order, so a state read back from JSON lists the same actions. */
export const compareHex = (a: Hex, b: Hex): number => a.r - b.r || a.q - b.q;

/** Distance from a hex to the nearest portal on the map (Infinity if none). */
export function distanceToNearestPortal(state: GameState, h: Hex, except?: Seat): number {
  let best = Infinity;
  for (const p of portalsOnMap(state, except)) best = Math.min(best, distance(h, p.at));
  return best;
}
