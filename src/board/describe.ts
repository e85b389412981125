import type { GameState, Hex } from '../../engine/index.js';
import {
  hexKey,
  neighbour,
} from '../../engine/index.js';
import { HEART_STYLE, type Language, TERRAIN, playerLabel, playerName } from '../display/index.js';
import { textIn } from '../i18n/index.js';
import { type TileView, tileViews } from './tiles.js';

/** "(2,-1)": how a hex is written for people (axial q, r). */
export const hexLabel = (h: Hex): string => `(${h.q},${h.r})`;

/**
 * A tile in words, as hover, tapping, screen readers and the board-as-list read it: its terrain,
 * its owner (always said, "no owner" too), its troops and each frontier's, energy, wild markers.
 */
export function describeTile(tile: TileView, lang: Language): string {
  const what =
    tile.kind === 'heart'
      ? HEART_STYLE.name[lang]
      : tile.kind === 'portal'
        ? `${textIn(lang, 'terrain.portal', { player: playerName(tile.seat!, lang) })} ${TERRAIN[tile.colour!].glyph}`
        : `${TERRAIN[tile.colour!].glyph} ${TERRAIN[tile.colour!].name[lang]}`;
  const parts = [`${what} ${textIn(lang, 'tile.at', { at: hexLabel(tile.hex) })}`];
  if (tile.troops) {
    parts.push(textIn(lang, 'tile.owner', { player: playerLabel(tile.troops.owner, tile.troops.colour, lang) }));
    parts.push(textIn(lang, 'tile.troops', { count: tile.troops.count }));
    tile.troops.frontier.forEach((n, d) => {
      if (n > 0) parts.push(textIn(lang, 'tile.frontier', { count: n, dir: DIRECTION_NAME[lang][d]! }));
    });
  } else parts.push(textIn(lang, 'tile.noOwner'));
  if (tile.energyRich) parts.push(textIn(lang, 'tile.energyRich'));
  if (tile.wild > 0) parts.push(textIn(lang, 'tile.wild', { value: tile.wild }));
  return parts.join(', ');
}

/** The six directions, clockwise from east, as a person names them on a pointy-top map. */
export const DIRECTION_NAME: Readonly<Record<Language, readonly string[]>> = {
  en: ['east', 'south-east', 'south-west', 'west', 'north-west', 'north-east'],
  fr: ['l’est', 'le sud-est', 'le sud-ouest', 'l’ouest', 'le nord-ouest', 'le nord-est'],
};

/** What stands on a hex in words, or "empty space". */
export function describeHex(state: GameState, at: Hex, lang: Language): string {
  const key = hexKey(at);
  const tile = tileViews(state, 1).find((t) => t.key === key);
  return tile ? describeTile(tile, lang) : `${textIn(lang, 'terrain.empty')} ${textIn(lang, 'tile.at', { at: hexLabel(at) })}`;
}

/** An arrow for each of the six directions, clockwise from east, as a pointy-top map draws them. */
export const DIRECTION_ARROW: readonly string[] = ['→', '↘', '↙', '←', '↖', '↗'];

/**
 * A hex's short name: its terrain, and who holds it or its wild markers ("∴ plain held by Player 2",
 * "♣ forest, wild 4", "Heart of Eden"), as a panel names the neighbour a frontier faces.
 */
export function hexName(state: GameState, at: Hex, lang: Language): string {
  const key = hexKey(at);
  const tile = tileViews(state, 1).find((t) => t.key === key);
  if (!tile) return textIn(lang, 'terrain.empty');
  const what =
    tile.kind === 'heart'
      ? HEART_STYLE.name[lang]
      : tile.kind === 'portal'
        ? `${TERRAIN[tile.colour!].glyph} ${textIn(lang, 'terrain.portal', { player: playerName(tile.seat!, lang) })}`
        : `${TERRAIN[tile.colour!].glyph} ${TERRAIN[tile.colour!].name[lang]}`;
  if (tile.troops) return textIn(lang, 'tile.heldBy', { what, player: playerName(tile.troops.owner, lang) });
  return tile.wild > 0 ? textIn(lang, 'tile.wildShort', { what, value: tile.wild }) : what;
}

/** The hex a frontier faces: the neighbour of `at` in direction `dir`, by name ("↘ ∴ plain held by Player 2"). */
export function facingName(state: GameState, at: Hex, dir: number, lang: Language): { readonly arrow: string; readonly target: string; readonly hex: Hex } {
  const hex = neighbour(at, dir as Parameters<typeof neighbour>[1]);
  return { arrow: DIRECTION_ARROW[dir] ?? '', target: hexName(state, hex, lang), hex };
}
