import { describe, expect, it } from 'vitest';
import { TILE_COLOURS, occupiedHexes } from '../../engine/index.js';
import { HEART_KEY } from '../../engine/map/board.js';
import { boardView, hexCorners, tileViews, troopTotal } from '../../src/board/tiles.js';
import { TERRAIN, inkOn, playerLabel, playerName, playerShort, tint } from '../../src/display/index.js';
import { buildLocalMap, demoSetup } from '../../src/explorer/localMap.js';

// The board's projection of a state (src/board/tiles.ts) and the display data, without a browser.
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
      if (t.troops) expect(troopTotal(t)).toBe(territory.troops + territory.frontier.reduce((a, b) => a + b, 0));
    }
    // Each portal holds 1 troop of its own seat (conquest set-up).
    for (const p of tiles.filter((t) => t.kind === 'portal')) expect(p.troops).toEqual({ owner: p.seat, colour: p.colour, count: 1, frontier: [0, 0, 0, 0, 0, 0] });
  });

  it('encloses every tile and extra cell in the view box', () => {
    const { viewBox, cells } = boardView(map.state, 40, ['9,9', HEART_KEY]);
    expect(cells.map((c) => c.key)).toEqual(['9,9']);
    for (const t of [...tiles, ...cells]) {
      expect(t.x - 40).toBeGreaterThanOrEqual(viewBox.x);
      expect(t.y - 40).toBeGreaterThanOrEqual(viewBox.y);
      expect(t.x + 40).toBeLessThanOrEqual(viewBox.x + viewBox.width);
      expect(t.y + 40).toBeLessThanOrEqual(viewBox.y + viewBox.height);
    }
  });

  it('draws pointy-top corners', () => {
    expect(hexCorners(0, 0, 10)).toBe('8.66,-5.00 8.66,5.00 0.00,10.00 -8.66,5.00 -8.66,-5.00 -0.00,-10.00');
  });

  it('refuses player counts outside 2-6', () => {
    expect(() => demoSetup(1)).toThrow(RangeError);
    expect(() => demoSetup(7)).toThrow(RangeError);
    expect(demoSetup(6).players.length).toBe(6);
  });
});

describe('display data', () => {
  it('picks readable ink', () => {
    expect(inkOn('#FFFFFF')).toBe('#000');
    expect(inkOn('#fff')).toBe('#000');
    expect(inkOn('#000')).toBe('#fff');
    expect(inkOn(TERRAIN.black.rgb)).toBe('#fff');
    expect(inkOn(TERRAIN.desert.rgb)).toBe('#000');
  });

  it('tints toward white', () => {
    expect(tint('#000000', 0.25)).toBe('#404040');
    expect(tint('#FFFFFF', 0.25)).toBe('#ffffff');
    expect(tint('#009E73', 0)).toBe('#009e73');
  });

  it('has a distinct glyph, letter and both names for every tile colour', () => {
    const glyphs = TILE_COLOURS.map((c) => TERRAIN[c].glyph);
    const letters = TILE_COLOURS.map((c) => TERRAIN[c].letter);
    expect(new Set(glyphs).size).toBe(TILE_COLOURS.length);
    expect(new Set(letters).size).toBe(TILE_COLOURS.length);
    for (const c of TILE_COLOURS) expect(TERRAIN[c].name.en && TERRAIN[c].name.fr).toBeTruthy();
    expect(TERRAIN.forest).toEqual({ rgb: '#009E73', glyph: '♣', letter: 'F', name: { en: 'forest', fr: 'forêt' } });
  });

  it('names players from 1, in both languages, with the colour glyph', () => {
    expect(playerName(2)).toBe('Player 3');
    expect(playerName(2, 'fr')).toBe('Joueur 3');
    expect(playerLabel(0, 'lake', 'en')).toBe('≈ Player 1');
    expect(playerShort(5, 'fr')).toBe('J6');
  });
});
