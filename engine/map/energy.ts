import { type HexKey, parseHexKey } from '../hex/index.js';
import type { GameState } from '../core/state.js';
import type { Colour } from '../core/vocabulary.js';
import { neighbourOccupants } from './board.js';

/** A tile touching this many colours is energy-rich (M12). */
export const ENERGY_RICH_COLOURS = 4;

/**
 * The energy-rich tiles (M12): ordinary tiles, whatever their own colour, touching tiles of at
 * least 4 colours; portals count with their owner's colour, black tiles and the Heart do not.
 * Derived from the map, so it is always up to date after any add or remove.
 */
export function energyRichTiles(state: GameState): HexKey[] {
  return Object.keys(state.map)
    .filter((key) => isEnergyRich(state, key))
    .sort();
}

export function isEnergyRich(state: GameState, key: HexKey): boolean {
  const tile = state.map[key];
  if (!tile || tile.kind !== 'land') return false;
  const colours = new Set<Colour>();
  for (const o of neighbourOccupants(state, parseHexKey(key))) {
    if (!o) continue;
    if (o.kind === 'portal') colours.add(o.colour);
    else if (o.kind === 'land' && o.colour !== 'black') colours.add(o.colour);
  }
  return colours.size >= ENERGY_RICH_COLOURS;
}
