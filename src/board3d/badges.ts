/**
 * Count badges: every number on the 3D board (troops on a territory, on a frontier, wild markers)
 * is a badge of constant size in CSS pixels, laid out on the screen so that no two touch. Pure:
 * the scene projects the anchors and writes the placements; tests call it alone.
 */

/** What a badge counts: a territory's troops (with its owner's glyph), a frontier's, or wild markers. */
export type BadgeKind = 'territory' | 'frontier' | 'wild';

/** Height of every badge, in CSS pixels; characters are drawn in squares of CHAR_PX. */
export const BADGE_PX = 18;
export const CHAR_PX = 17;
const PAD_PX = 4;
/** Advance of a digit and of the owner's glyph (the glyph is wider than a digit). */
const DIGIT_PX = 8;
const GLYPH_PX = 12;
/** Free space kept between two badges, so that they never touch. */
export const GAP_PX = 2;

/** One character of a badge's text: an atlas cell and its centre's offset from the badge's centre. */
export interface BadgeChar {
  readonly cell: number;
  readonly dx: number;
}

/** A character to write: an atlas cell, wide (the owner's glyph) or not (a digit, a sign). */
export interface BadgeToken {
  readonly cell: number;
  readonly wide: boolean;
}

/** A badge's text laid out left to right, centred, and the width the badge needs for it (never narrower than tall). */
export function badgeText(tokens: readonly BadgeToken[]): { chars: BadgeChar[]; width: number } {
  const advances = tokens.map((t) => (t.wide ? GLYPH_PX : DIGIT_PX));
  const textWidth = advances.reduce((a, b) => a + b, 0);
  const chars: BadgeChar[] = [];
  let at = -textWidth / 2;
  tokens.forEach((t, i) => {
    chars.push({ cell: t.cell, dx: at + advances[i]! / 2 });
    at += advances[i]!;
  });
  return { chars, width: Math.max(BADGE_PX, textWidth + 2 * PAD_PX) };
}

/** A badge to place: its anchor on the screen (CSS px, y down), its size, how far it may move, and where it would rather go. */
export interface BadgeRequest {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** The farthest its centre may go from its anchor (px): beyond, a badge no longer reads as its place's. */
  readonly reach: number;
  /** A direction (any length) to try first when the anchor is taken: a frontier's, away from its territory. */
  readonly toward?: { readonly x: number; readonly y: number };
}

/** Where a badge goes: its centre, or not shown (no free place within its reach). */
export interface Placement {
  readonly shown: boolean;
  readonly x: number;
  readonly y: number;
}

const RING_STEP_PX = 3;
const ANGLES = 12;
const CELL_PX = 48;

/**
 * Places badges in the order given (the first have priority: territories before frontiers before
 * wild markers): each at its anchor if free, else at the nearest free spot within its reach
 * (rings of growing radius, its `toward` direction first), else hidden. Shown boxes never come
 * closer than GAP_PX. Boxes are kept in a grid of CELL_PX squares, so a layout costs about
 * (badges x candidates) box tests against near neighbours only.
 */
export function layoutBadges(requests: readonly BadgeRequest[]): Placement[] {
  const grid = new Map<number, { x: number; y: number; w: number; h: number }[]>();
  /** Calls `visit` with each grid cell's key a box (grown by the gap) covers, until it returns false. */
  const eachCell = (x: number, y: number, w: number, h: number, visit: (key: number) => boolean): boolean => {
    const [i0, i1] = [Math.floor((x - w / 2 - GAP_PX) / CELL_PX), Math.floor((x + w / 2 + GAP_PX) / CELL_PX)];
    const [j0, j1] = [Math.floor((y - h / 2 - GAP_PX) / CELL_PX), Math.floor((y + h / 2 + GAP_PX) / CELL_PX)];
    for (let i = i0; i <= i1; i++) for (let j = j0; j <= j1; j++) if (!visit(i * 65536 + j)) return false;
    return true;
  };
  const free = (x: number, y: number, w: number, h: number): boolean =>
    eachCell(x, y, w, h, (key) => (grid.get(key) ?? []).every((b) => Math.abs(b.x - x) >= (b.w + w) / 2 + GAP_PX || Math.abs(b.y - y) >= (b.h + h) / 2 + GAP_PX));
  return requests.map((r) => {
    let spot: [number, number] | null = null;
    for (const c of candidates(r)) {
      if (!free(c[0], c[1], r.w, r.h)) continue;
      spot = c;
      break;
    }
    if (!spot) return { shown: false, x: r.x, y: r.y };
    const box = { x: spot[0], y: spot[1], w: r.w, h: r.h };
    eachCell(box.x, box.y, box.w, box.h, (key) => {
      const list = grid.get(key);
      if (list) list.push(box);
      else grid.set(key, [box]);
      return true;
    });
    return { shown: true, x: box.x, y: box.y };
  });
}

/** The anchor, then rings around it out to the reach; on each ring, the preferred direction first, then alternately either side of it. */
function* candidates(r: BadgeRequest): Generator<[number, number]> {
  yield [r.x, r.y];
  const start = r.toward && (r.toward.x !== 0 || r.toward.y !== 0) ? Math.atan2(r.toward.y, r.toward.x) : -Math.PI / 2;
  for (let radius = RING_STEP_PX; radius <= r.reach; radius += RING_STEP_PX) {
    for (let k = 0; k < ANGLES; k++) {
      const side = k === 0 ? 0 : (k % 2 === 1 ? 1 : -1) * Math.ceil(k / 2);
      const a = start + (side * 2 * Math.PI) / ANGLES;
      yield [r.x + radius * Math.cos(a), r.y + radius * Math.sin(a)];
    }
  }
}

/** How far a frontier badge's point reaches beyond its box, in CSS pixels (the shader draws it so). */
export const POINT_PX = 7;
/** The white halo around a badge's border, antialiasing included (the shader draws 1.2 px, smoothed over 1 px). */
export const HALO_PX = 1.7;

/**
 * The box a badge takes on the screen, relative to its centre, halo included: its own, or for a
 * frontier's tag (a point toward `dir`, any length) the box around it and its point.
 */
export function takenBox(w: number, h: number, dir: { x: number; y: number } | null): { dx: number; dy: number; w: number; h: number } {
  const len = dir ? Math.hypot(dir.x, dir.y) : 0;
  if (!dir || len === 0) return { dx: 0, dy: 0, w: w + 2 * HALO_PX, h: h + 2 * HALO_PX };
  const [ux, uy] = [dir.x / len, dir.y / len];
  const reach = Math.abs(ux) * (w / 2) + Math.abs(uy) * (h / 2) + POINT_PX;
  const [tx, ty] = [ux * reach, uy * reach];
  const [minX, maxX] = [Math.min(-w / 2, tx), Math.max(w / 2, tx)];
  const [minY, maxY] = [Math.min(-h / 2, ty), Math.max(h / 2, ty)];
  return { dx: (minX + maxX) / 2, dy: (minY + maxY) / 2, w: maxX - minX + 2 * HALO_PX, h: maxY - minY + 2 * HALO_PX };
}

/** True when two boxes (centre and size) touch or overlap: the check tests make on the page's badges. */
export const boxesTouch = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }): boolean =>
  Math.abs(a.x - b.x) < (a.w + b.w) / 2 && Math.abs(a.y - b.y) < (a.h + b.h) / 2;
