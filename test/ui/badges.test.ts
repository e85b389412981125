import { describe, expect, it } from 'vitest';
import { BADGE_PX, GAP_PX, HALO_PX, POINT_PX, badgeText, boxesTouch, layoutBadges, takenBox } from '../../src/board3d/badges.js';
import { RandomStream } from '../../engine/core/random.js';
import { NO_HIGHLIGHTS } from '../../src/board/types.js';
import { CELL, boardScene, withFolded } from '../../src/board3d/projection.js';
import { SE, conquestStart, front, withTroops } from '../support/conquest.js';
import { hashText } from '../../engine/core/hash.js';

const digit = (d: number): number => d;
const GLYPH = 12;

describe('count badges: their text', () => {
  it('lays its text out centred, the owner’s glyph wider than a digit, and is as wide as its text needs (never narrower than tall)', () => {
    const glyph = { cell: GLYPH, wide: true };
    const one = badgeText([glyph, { cell: 7, wide: false }]);
    const three = badgeText([glyph, ...[1, 2, 0].map((d) => ({ cell: digit(d), wide: false }))]);
    expect(one.chars.map((c) => c.cell)).toEqual([GLYPH, 7]);
    expect(three.chars.map((c) => c.cell)).toEqual([GLYPH, 1, 2, 0]);
    expect(three.width).toBeGreaterThan(one.width);
    // Centred: digits alone stand as far either side of the middle; the glyph takes more room than a digit.
    const plain = badgeText([1, 2, 0].map((d) => ({ cell: digit(d), wide: false })));
    expect(plain.chars[0]!.dx).toBeCloseTo(-plain.chars[2]!.dx, 9);
    expect(plain.chars[1]!.dx).toBeCloseTo(0, 9);
    expect(three.chars[1]!.dx - three.chars[0]!.dx).toBeGreaterThan(three.chars[2]!.dx - three.chars[1]!.dx);
    expect(badgeText([{ cell: 3, wide: false }]).width).toBe(BADGE_PX);
  });

  it('counts a territory’s frontier troops after a plus when their own badges find no room ("▲3+2")', () => {
    const state = withTroops(conquestStart().state, { '0,3': { owner: 1, troops: 3, frontier: front(SE, 2) } });
    const territory = boardScene(state, NO_HIGHLIGHTS, null).badges.find((b) => b.key === '0,3')!;
    const folded = withFolded(territory, 2);
    expect(folded.folded).toBe(2);
    expect(folded.chars.map((c) => c.cell)).toEqual([CELL.glyph('mountain'), CELL.digit(3), CELL.plus, CELL.digit(2)]);
    expect(folded.width).toBeGreaterThan(territory.width);
    expect(withFolded(territory, 0)).toBe(territory);
  });

  it('takes room for its halo, and for a frontier’s point on the side it points to', () => {
    expect(takenBox(30, 18, null)).toEqual({ dx: 0, dy: 0, w: 30 + 2 * HALO_PX, h: 18 + 2 * HALO_PX });
    const east = takenBox(18, 18, { x: 5, y: 0 });
    expect(east.w).toBeCloseTo(18 + POINT_PX + 2 * HALO_PX, 9);
    expect(east.dx).toBeCloseTo(POINT_PX / 2, 9);
    expect(east.dy).toBeCloseTo(0, 9);
    const north = takenBox(18, 18, { x: 0, y: -1 });
    expect(north.dy).toBeCloseTo(-POINT_PX / 2, 9);
  });
});

describe('count badges: their layout on the screen', () => {
  it('leaves a badge whose place is free at its anchor', () => {
    const placed = layoutBadges([
      { x: 100, y: 100, w: 30, h: 18, reach: 10 },
      { x: 200, y: 100, w: 30, h: 18, reach: 10 },
    ]);
    expect(placed).toEqual([
      { shown: true, x: 100, y: 100 },
      { shown: true, x: 200, y: 100 },
    ]);
  });

  it('keeps the first badge in place and moves a later one that would touch it, toward its preferred side, within its reach', () => {
    const [territory, frontier] = layoutBadges([
      { x: 100, y: 100, w: 30, h: 18, reach: 20 },
      { x: 112, y: 100, w: 18, h: 18, reach: 20, toward: { x: 1, y: 0 } },
    ]);
    expect(territory).toEqual({ shown: true, x: 100, y: 100 });
    expect(frontier!.shown).toBe(true);
    expect(frontier!.x).toBeGreaterThan(112);
    expect(Math.abs(frontier!.y - 100)).toBeLessThan(1e-9);
    expect(Math.hypot(frontier!.x - 112, frontier!.y - 100)).toBeLessThanOrEqual(20);
    expect(boxesTouch({ ...territory!, w: 30 + 2 * GAP_PX, h: 18 }, { ...frontier!, w: 18, h: 18 })).toBe(false);
  });

  it('hides a badge that finds no free place within its reach, rather than letting it touch another', () => {
    const placed = layoutBadges([
      { x: 100, y: 100, w: 60, h: 60, reach: 0 },
      { x: 100, y: 100, w: 18, h: 18, reach: 12 },
    ]);
    expect(placed[1]).toEqual({ shown: false, x: 100, y: 100 });
  });

  it('never lets two shown badges touch, however crowded (300 badges on 400 x 300 px)', () => {
    const random = new RandomStream(hashText('badge-layout'));
    const requests = Array.from({ length: 300 }, () => ({
      x: random.index(400),
      y: random.index(300),
      w: 18 + random.index(20),
      h: 18,
      reach: random.index(25),
      ...(random.index(2) === 0 ? { toward: { x: random.index(3) - 1, y: random.index(3) - 1 } } : {}),
    }));
    const placed = layoutBadges(requests);
    const shown = placed.flatMap((p, i) => (p.shown ? [{ x: p.x, y: p.y, w: requests[i]!.w + GAP_PX, h: requests[i]!.h + GAP_PX }] : []));
    expect(shown.length).toBeGreaterThan(100);
    for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) expect(boxesTouch(shown[i]!, shown[j]!), `badges ${i} and ${j}`).toBe(false);
    // None strays beyond its reach.
    placed.forEach((p, i) => expect(Math.hypot(p.x - requests[i]!.x, p.y - requests[i]!.y)).toBeLessThanOrEqual(requests[i]!.reach + 1e-9));
  });
});
