import { CanvasTexture, SRGBColorSpace } from 'three';
import {
  TILE_COLOURS,
} from '../../engine/index.js';
import { TERRAIN } from '../display/index.js';
import { CELL } from './projection.js';

/** The atlas: an 8 x 4 grid of square cells, drawn once at 2x so that it stays crisp at the clamped zoom. */
export const ATLAS_COLUMNS = 8;
export const ATLAS_ROWS = 4;
const CELL_PX = 128;

/** The cell's rectangle in texture coordinates (v up, as three.js flips canvases). */
export function cellRect(cell: number): [number, number, number, number] {
  const col = cell % ATLAS_COLUMNS;
  const row = Math.floor(cell / ATLAS_COLUMNS);
  return [col / ATLAS_COLUMNS, 1 - (row + 1) / ATLAS_ROWS, 1 / ATLAS_COLUMNS, 1 / ATLAS_ROWS];
}

const FONT = `'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols 2', sans-serif`;

export function makeAtlasTexture(): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = ATLAS_COLUMNS * CELL_PX;
  canvas.height = ATLAS_ROWS * CELL_PX;
  const g = canvas.getContext('2d')!;
  const at = (cell: number): [number, number] => [(cell % ATLAS_COLUMNS) * CELL_PX + CELL_PX / 2, Math.floor(cell / ATLAS_COLUMNS) * CELL_PX + CELL_PX / 2];
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.lineJoin = 'round';
  // Digits in white: a badge tints them with the ink that reads on its fill (black or white).
  for (let d = 0; d <= 9; d++) {
    const [x, y] = at(CELL.digit(d));
    g.font = `bold ${CELL_PX * 0.8}px ${FONT}`;
    g.fillStyle = '#FFFFFF';
    g.fillText(String(d), x, y + 5);
  }
  // Terrain glyphs in white: the mesh tints each with the ink that reads on its tile or badge.
  for (const c of TILE_COLOURS) {
    const [x, y] = at(CELL.glyph(c));
    g.font = `bold ${CELL_PX * 0.7}px ${FONT}`;
    g.fillStyle = '#FFFFFF';
    g.fillText(TERRAIN[c].glyph, x, y);
  }
  {
    // The plus of a territory's badge that also counts frontier troops ("▲3+2").
    const [x, y] = at(CELL.plus);
    g.font = `bold ${CELL_PX * 0.8}px ${FONT}`;
    g.fillStyle = '#FFFFFF';
    g.fillText('+', x, y + 3);
  }
  {
    const [x, y] = at(CELL.heart);
    g.font = `${CELL_PX * 0.8}px ${FONT}`;
    g.fillStyle = '#D55E00';
    g.fillText('♥', x, y + 4);
  }
  {
    // The energy-rich bolt: white, black outline (as the flat map's).
    const [x, y] = at(CELL.bolt);
    const s = CELL_PX / 22;
    g.save();
    g.translate(x, y);
    g.scale(s, s);
    g.beginPath();
    g.moveTo(2, -9);
    g.lineTo(-5, 1);
    g.lineTo(-0.5, 1);
    g.lineTo(-2, 9);
    g.lineTo(5, -1.5);
    g.lineTo(0.5, -1.5);
    g.closePath();
    g.fillStyle = '#FFFFFF';
    g.fill();
    g.lineWidth = 1.6;
    g.strokeStyle = '#000000';
    g.stroke();
    g.restore();
  }
  {
    // The portal: a white arch outlined in black.
    const [x, y] = at(CELL.arch);
    const r = CELL_PX * 0.36;
    g.beginPath();
    g.moveTo(x - r, y + r);
    g.lineTo(x - r, y);
    g.arc(x, y, r, Math.PI, 0);
    g.lineTo(x + r, y + r);
    g.lineWidth = CELL_PX * 0.2;
    g.strokeStyle = '#000000';
    g.stroke();
    g.lineWidth = CELL_PX * 0.11;
    g.strokeStyle = '#FFFFFF';
    g.stroke();
  }
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  texture.anisotropy = 4;
  return texture;
}
