import { type Hex, type HexKey, hexKey, neighbours, parseHexKey } from '../hex/index.js';
import type { Emit } from '../core/events.js';
import type { Next } from '../core/stages.js';
import type { GameState, PlayerState, Territory } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { fullWorld, isUnitCard, startingDeck } from '../cards/catalogue.js';
import { addCounts, emptyCards } from './cards.js';
import { HEART_KEY, occupiedHexes, portalsOnMap } from '../map/board.js';

/** Troops placed at the start of the conquest (C2). */
export const PORTAL_TROOPS = 1;
export const PORTAL_NEIGHBOUR_TROOPS = 2;
/** Wild-marker values by distance from the cubes, the last for every tile farther away (C3). */
export const WILD_LAYERS = [2, 4, 6] as const;
export const WILD_FAR = 8;
export const HEART_EXTRA_MARKER = 4;
export const HEART_NEIGHBOUR_EXTRA_MARKER = 2;

const NO_FRONTIER = [0, 0, 0, 0, 0, 0] as const;

/**
 * The conquest's set-up (C1-C3): the first player is the one who placed his portal at its
 * final position first; 1 troop on each portal and 2 on each tile touching it; wild markers
 * 2, 4, 6 by adjacency over the tiles of the map from the tiles with cubes, 8 beyond;
 * an extra 4 on the Heart and an extra 2 on each of its neighbours. Then each player's World,
 * and his starting deck to commit (C4, C5, K4).
 */
export function startConquest(state: GameState, emit: Emit): Next {
  const portals = portalsOnMap(state);
  const first = portals.reduce((a, b) => (state.seats[b.seat]!.portalPlacedAt! < state.seats[a.seat]!.portalPlacedAt! ? b : a)).seat;
  const onMap = new Set(occupiedHexes(state).map(hexKey));
  // Who holds a tile and with how many troops, then its wild markers, each worked out on its own:
  // the territories are then written once each, in key order, instead of rewritten step by step.
  const cubes = new Map<HexKey, { owner: Seat; troops: number }>();
  for (const p of portals) {
    cubes.set(hexKey(p.at), { owner: p.seat, troops: PORTAL_TROOPS });
    for (const n of neighbours(p.at)) {
      const key = hexKey(n);
      if (onMap.has(key)) cubes.set(key, { owner: p.seat, troops: PORTAL_NEIGHBOUR_TROOPS });
    }
  }
  const wild = wildMarkers(onMap, [...cubes.keys()]);
  wild.set(HEART_KEY, [...(wild.get(HEART_KEY) ?? []), HEART_EXTRA_MARKER]);
  for (const n of neighbours(parseHexKey(HEART_KEY))) {
    const nk = hexKey(n);
    if (onMap.has(nk) && !cubes.has(nk)) wild.set(nk, [...(wild.get(nk) ?? []), HEART_NEIGHBOUR_EXTRA_MARKER]);
  }
  const territories: Record<HexKey, Territory> = {};
  for (const key of [...onMap].sort()) {
    const cube = cubes.get(key);
    territories[key] = { owner: cube?.owner ?? null, troops: cube?.troops ?? 0, frontier: NO_FRONTIER, wild: wild.get(key) ?? [] };
  }
  const n = state.seats.length;
  const players: PlayerState[] = state.seats.map((s) => ({
    energy: 0,
    setAside: 0,
    pure: 0,
    cards: emptyCards,
    world: addCounts(fullWorld(s.civilisation), startingDeck(s.civilisation).filter(isUnitCard), -1),
    supremacyDay: null,
    absentDays: 0,
    actedToday: false,
    absentToday: false,
    suzerain: null,
    fought: false,
    forfeited: false,
  }));
  const dealOrder = Array.from({ length: n }, (_, k) => (first + k) % n);
  emit({ kind: 'conquestBegan', first });
  const stage = { kind: 'deal', awaiting: dealOrder } as const;
  return { state: { ...state, territories, players, phase: { name: 'conquest', day: 1, first, stage, combats: [], resolved: [], winner: null } }, stage };
}

/** Wild markers 2, 4, 6 by breadth-first layers over the tiles of the map from the tiles with cubes, 8 beyond (C3, ruling 2); none on the tiles with cubes. */
function wildMarkers(onMap: ReadonlySet<HexKey>, withCubes: readonly HexKey[]): Map<HexKey, number[]> {
  const wild = new Map<HexKey, number[]>();
  let layer = withCubes.map(parseHexKey);
  const seen = new Set(withCubes);
  for (const value of WILD_LAYERS) {
    const next: Hex[] = [];
    for (const h of layer) {
      for (const n of neighbours(h)) {
        const nk = hexKey(n);
        if (!onMap.has(nk) || seen.has(nk)) continue;
        seen.add(nk);
        next.push(n);
        wild.set(nk, [value]);
      }
    }
    layer = next;
  }
  for (const key of onMap) if (!seen.has(key)) wild.set(key, [WILD_FAR]);
  return wild;
}
