import { describe, expect, it } from 'vitest';
import { COLOURS, TILE_COLOURS } from '../../engine/index.js';
import { HEART_STYLE, TERRAIN, contrastRatio, inkOn } from '../../src/display/index.js';
import { OWNER_LINES } from '../../src/board3d/geometry.js';
import { tileFill } from '../../src/board3d/projection.js';
import { VISIONS, deltaE2000, deltaE2000Lab, lch, rgbOf, seenBy } from '../support/vision.js';

/** Every pair of player colours (a player's colour is his terrain's, ruling 1). */
const pairs = COLOURS.flatMap((a, i) => COLOURS.slice(i + 1).map((b) => [a, b] as const));
const rgb = (c: (typeof TILE_COLOURS)[number]) => rgbOf(TERRAIN[c].rgb);

describe('the colour science the palette is held to', () => {
  it('computes CIEDE2000 as its reference data does (Sharma, Wu & Dalal 2005, pairs 1, 7 and 17)', () => {
    expect(deltaE2000Lab([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 3);
    expect(deltaE2000Lab([50, 0, 0], [50, -1, 2])).toBeCloseTo(2.3669, 3);
    expect(deltaE2000Lab([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 3);
  });

  it('sees pure red as dark yellowish with protanopia, and leaves grey grey', () => {
    const red = seenBy([255, 0, 0], 'protanopia');
    expect(red[0]).toBeLessThan(120);
    expect(Math.abs(red[0] - red[1])).toBeLessThan(40);
    for (const v of VISIONS) expect(seenBy([128, 128, 128], v).map(Math.round)).toEqual([128, 128, 128]);
  });
});

describe('the players’ palette (ruling 1)', () => {
  it('never gives two players shades of one hue: hue angles 20° apart, or lightness 30 apart', () => {
    for (const [a, b] of pairs) {
      const [x, y] = [lch(rgb(a)), lch(rgb(b))];
      const hueGap = Math.min(Math.abs(x.h - y.h), 360 - Math.abs(x.h - y.h));
      expect(hueGap >= 20 || Math.abs(x.l - y.l) >= 30, `${a} (L ${x.l.toFixed(0)}, h ${x.h.toFixed(0)}°) and ${b} (L ${y.l.toFixed(0)}, h ${y.h.toFixed(0)}°)`).toBe(true);
    }
  });

  it('keeps every pair plainly different in normal vision (ΔE2000 ≥ 20) and with each colour blindness (≥ 10)', () => {
    for (const [a, b] of pairs) {
      expect(deltaE2000(rgb(a), rgb(b)), `${a}/${b}`).toBeGreaterThanOrEqual(20);
      for (const v of VISIONS) expect(deltaE2000(seenBy(rgb(a), v), seenBy(rgb(b), v)), `${a}/${b}, ${v}`).toBeGreaterThanOrEqual(10);
    }
  });

  it('keeps every player colour apart from barren land, the Heart and the vermillion of combats, for every vision', () => {
    for (const c of COLOURS)
      for (const other of [TERRAIN.black.rgb, HEART_STYLE.fill, HEART_STYLE.rim])
        for (const v of VISIONS) expect(deltaE2000(seenBy(rgb(c), v), seenBy(rgbOf(other), v)), `${c}/${other}, ${v}`).toBeGreaterThanOrEqual(10);
  });

  it('writes badges in an ink that reads on every player colour (WCAG AA, 4.5:1)', () => {
    for (const c of COLOURS) expect(contrastRatio(inkOn(TERRAIN[c].rgb), TERRAIN[c].rgb), c).toBeGreaterThanOrEqual(4.5);
  });

  it('outlines the owner’s band so that it reads on every tile, its own terrain and barren land included (3:1, WCAG non-text)', () => {
    for (const tile of [...TILE_COLOURS, null]) {
      const fill = tileFill(tile);
      const best = Math.max(...Object.values(OWNER_LINES).map((line) => contrastRatio(line, fill)));
      expect(best, `lines on ${tile ?? 'the Heart'} (${fill})`).toBeGreaterThanOrEqual(3);
    }
  });
});
