import { describe, expect, it } from 'vitest';
import {
  COLOUR_STYLE,
  HEART_KEY,
  occupiedHexes,
} from '../../engine/index.js';
import { boardView, hexCorners, inkOn, seatLabel, tileViews } from '../../src/board/tiles.js';
import { buildLocalMap, demoSetup } from '../../src/demo/localMap.js';

// The board's projection of a state (src/board/tiles.ts), tested without a browser.
describe('board projection', () => {
  const map = buildLocalMap(4, 'seed-42');
  const tiles = tileViews(map.state, 40);

  it('has one tile per occupied hex, the Heart once and one portal per seat', () => {
    expect(tiles.length).toBe(occupiedHexes(map.state).length);
    expect(tiles.filter((t) => t.kind === 'heart').map((t) => t.key)).toEqual([HEART_KEY]);
    expect(tiles.filter((t) => t.kind === 'portal').map((t) => t.seat).sort()).toEqual([0, 1, 2, 3]);
  });

  it('shows troops with their owner and wild markers as totals, from the territories', () => {
    for (const t of tiles) {
      const territory = map.state.territories[t.key]!;
      expect(t.troops?.owner ?? null).toBe(territory.owner);
      expect(t.wild).toBe(territory.wild.reduce((a, b) => a + b, 0));
    }
    // Each portal holds 1 troop of its own seat (conquest set-up).
    for (const p of tiles.filter((t) => t.kind === 'portal')) expect(p.troops).toEqual({ owner: p.seat, colour: p.colour, count: 1 });
  });

  it('encloses every tile in the view box', () => {
    const { viewBox } = boardView(map.state, 40);
    for (const t of tiles) {
      expect(t.x - 40).toBeGreaterThanOrEqual(viewBox.x);
      expect(t.y - 40).toBeGreaterThanOrEqual(viewBox.y);
      expect(t.x + 40).toBeLessThanOrEqual(viewBox.x + viewBox.width);
      expect(t.y + 40).toBeLessThanOrEqual(viewBox.y + viewBox.height);
    }
  });

  it('draws pointy-top corners', () => {
    expect(hexCorners(0, 0, 10)).toBe('8.66,-5.00 8.66,5.00 0.00,10.00 -8.66,5.00 -8.66,-5.00 -0.00,-10.00');
  });

  it('picks readable ink', () => {
    expect(inkOn('#FFFFFF')).toBe('#000');
    expect(inkOn('#fff')).toBe('#000');
    expect(inkOn('#000')).toBe('#fff');
    expect(inkOn(COLOUR_STYLE.black.rgb)).toBe('#fff');
    expect(inkOn(COLOUR_STYLE.desert.rgb)).toBe('#000');
  });

  it('numbers players from 1', () => {
    expect(seatLabel(0)).toBe('P1');
  });

  it('refuses player counts outside 2-6', () => {
    expect(() => demoSetup(1)).toThrow(RangeError);
    expect(() => demoSetup(7)).toThrow(RangeError);
    expect(demoSetup(6).players.length).toBe(6);
  });
});
