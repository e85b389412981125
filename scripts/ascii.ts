import {
  type GameState,
  energyRichTiles,
  hexKey,
  occupiedHexes,
  occupant,
  type Hex,
} from '../engine/index.js';
import { TERRAIN, playerNumber } from '../src/display/index.js';

/** 256-colour ANSI backgrounds close to the Okabe-Ito palette of src/display's TERRAIN. */
const ANSI_BG: Record<string, number> = { forest: 36, mountain: 25, lake: 74, plain: 172, desert: 185, marsh: 175, black: 236, heart: 255, portal: 231 };

/**
 * The map as rows of hexes, 8 columns a cell, each row shifted half a cell (pointy-top axial layout).
 * A cell reads: terrain letter (H = Heart, @ = portal), '*' if energy-rich or the portal's player,
 * then after the conquest's set-up the troops with their player's number, or the wild markers' total with 'w'.
 */
export function renderMap(state: GameState, colour = false): string {
  const hexes = occupiedHexes(state);
  const rich = new Set(energyRichTiles(state));
  const xs = hexes.map((h) => 2 * h.q + h.r);
  const minX = Math.min(...xs);
  const minR = Math.min(...hexes.map((h) => h.r));
  const maxR = Math.max(...hexes.map((h) => h.r));
  const lines: string[] = [];
  for (let r = minR; r <= maxR; r++) {
    const row = hexes.filter((h) => h.r === r).sort((a, b) => a.q - b.q);
    let line = '';
    let col = 0;
    for (const h of row) {
      const x = (2 * h.q + h.r - minX) * 5;
      line += ' '.repeat(x - col);
      const text = cellText(state, h, rich);
      line += colour ? paint(state, h, text) : text;
      col = x + 9;
    }
    lines.push(line.replace(/\s+$/, ''));
  }
  return lines.join('\n');
}

function cellText(state: GameState, h: Hex, rich: Set<string>): string {
  const o = occupant(state, h);
  const key = hexKey(h);
  const head = o?.kind === 'heart' ? 'H' : o?.kind === 'portal' ? '@' : o ? TERRAIN[o.colour].letter : '?';
  const mark = o?.kind === 'portal' ? String(playerNumber(o.seat)) : rich.has(key) ? '*' : ' ';
  const t = state.territories[key];
  let tail = '     ';
  if (t?.owner != null) tail = `${String(t.troops + t.frontier.reduce((a, b) => a + b, 0)).padStart(3)}:${playerNumber(t.owner)}`;
  else if (t && t.wild.length > 0) tail = `${String(t.wild.reduce((a, b) => a + b, 0)).padStart(3)}w `;
  return `[${head}${mark}${tail}]`;
}

function paint(state: GameState, h: Hex, text: string): string {
  const o = occupant(state, h);
  const bg = o?.kind === 'heart' ? ANSI_BG['heart']! : o?.kind === 'portal' ? ANSI_BG[o.colour]! : o ? ANSI_BG[o.colour]! : 0;
  const fg = o?.kind === 'land' && (o.colour === 'black' || o.colour === 'mountain') ? 255 : 16;
  return `\x1b[48;5;${bg}m\x1b[38;5;${fg}m${text}\x1b[0m`;
}
