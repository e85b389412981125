import { describe, expect, it } from 'vitest';
import {
  CIVILISATIONS,
  COLOURS,
  DIRECTIONS,
  type GameState,
  hexToPixel,
  occupiedHexes,
  parseHexKey,
} from '../../engine/index.js';
import { HEART_KEY } from '../../engine/map/board.js';
import { playLocal, startLocalGame } from '../../engine/local/index.js';
import { greedyAgent } from '../../engine/agents/index.js';
import { NO_HIGHLIGHTS } from '../../src/board/types.js';
import { HEART_STYLE, TERRAIN } from '../../src/display/index.js';
import { CELL, TILE_HEIGHT, boardScene } from '../../src/board3d/projection.js';

/** A conquest position with troops on frontiers: a greedy 3-player game stopped once some are spread. */
function withFrontiers(): GameState {
  const setup = { players: COLOURS.slice(0, 3).map((colour, i) => ({ colour, civilisation: CIVILISATIONS[i]! })), firstSeat: 0 };
  const game = startLocalGame(setup, 'frontiers');
  const agents = setup.players.map(() => greedyAgent());
  playLocal(game, 'frontiers', agents, (s) => Object.values(s.territories).some((t) => t.frontier.some((n) => n > 0)));
  return game.state;
}

describe('3D board projection', () => {
  const state = withFrontiers();
  const scene = boardScene(state, NO_HIGHLIGHTS, null);

  it('has a tile instance per occupied hex, the Heart with its vermillion rim', () => {
    expect(scene.tiles.length).toBe(occupiedHexes(state).length);
    const heart = hexToPixel(parseHexKey(HEART_KEY), 1);
    expect(scene.rims).toContainEqual({ x: heart.x, z: heart.y, y: TILE_HEIGHT + 0.003, colour: HEART_STYLE.rim });
    expect(scene.decals.filter((d) => d.cell === CELL.heart).length).toBe(1);
    expect(scene.decals.filter((d) => d.cell === CELL.arch).length).toBe(3);
  });

  it('puts frontier troops on the edge they guard: a wedge in the owner’s colour pointing across, and a badge with their count', () => {
    let frontiers = 0;
    for (const [key, t] of Object.entries(state.territories)) {
      const c = hexToPixel(parseHexKey(key), 1);
      t.frontier.forEach((n, d) => {
        if (n === 0) return;
        frontiers++;
        const dir = hexToPixel(DIRECTIONS[d]!, 1);
        const marker = scene.markers.find((m) => m.stack === `${key}/${d}`)!;
        // Just inside the edge (the edge is at half the centre distance), pointing toward the neighbour.
        expect(Math.hypot(marker.x - c.x, marker.z - c.y) / Math.hypot(dir.x, dir.y)).toBeCloseTo(0.41, 5);
        expect(marker.angle).toBeCloseTo(Math.atan2(-dir.y, dir.x), 9);
        expect(marker.colour).toBe(TERRAIN[state.seats[t.owner!]!.colour].rgb);
        const badge = scene.badges.find((b) => b.key === `${key}/${d}`)!;
        expect(badge.kind).toBe('frontier');
        expect(badge.value).toBe(n);
        expect(badge.toward).toEqual({ x: dir.x, z: dir.y });
      });
    }
    expect(frontiers).toBeGreaterThan(0);
    expect(scene.markers.length).toBe(frontiers);
  });

  it('shows every owner without colour alone: a band in his colour, and a badge with his glyph and the troops’ count', () => {
    const owned = Object.entries(state.territories).filter(([, t]) => t.owner !== null);
    expect(owned.length).toBeGreaterThan(0);
    expect(scene.owners.length).toBe(owned.length);
    for (const [key, t] of owned) {
      const colour = state.seats[t.owner!]!.colour;
      const c = hexToPixel(parseHexKey(key), 1);
      expect(scene.owners).toContainEqual(expect.objectContaining({ x: c.x, z: c.y, colour: TERRAIN[colour].rgb, stack: key }));
      const badge = scene.badges.find((b) => b.key === key)!;
      expect(badge.kind).toBe('territory');
      expect(badge.fill).toBe(TERRAIN[colour].rgb);
      expect(badge.chars.map((ch) => ch.cell)).toEqual([CELL.glyph(colour), ...String(t.troops).split('').map((d) => CELL.digit(Number(d)))]);
    }
  });

  it('writes every count as a badge: troops, frontiers, wild markers (white, dashed), territories first', () => {
    let expected = 0;
    for (const t of Object.values(state.territories)) {
      if (t.owner !== null) expected++;
      expected += t.frontier.filter((n) => n > 0).length;
      if (t.wild.reduce((a, b) => a + b, 0) > 0) expected++;
    }
    expect(scene.badges.length).toBe(expected);
    const wild = scene.badges.filter((b) => b.kind === 'wild');
    expect(wild.length).toBeGreaterThan(0);
    expect(wild.every((b) => b.dashed && b.fill === '#FFFFFF' && b.ink === '#000')).toBe(true);
    const kinds = scene.badges.map((b) => b.kind);
    expect(kinds.lastIndexOf('territory')).toBeLessThan(kinds.indexOf('frontier'));
    expect(kinds.lastIndexOf('frontier')).toBeLessThan(kinds.indexOf('wild'));
  });

  it('stands the terrains’ props on their tiles, one list per kind', () => {
    for (const [kind, props] of Object.entries(scene.props)) {
      const tiles = scene.tiles.filter((t) => props.some((p) => p.key === t.key));
      for (const p of props) expect(Math.hypot(p.x - tiles.find((t) => t.key === p.key)!.x, p.z - tiles.find((t) => t.key === p.key)!.z)).toBeLessThan(0.6);
      const lands = Object.values(state.map).filter((o) => o.kind === 'land' && o.colour === kind).length;
      expect(new Set(props.map((p) => p.key)).size, kind).toBe(lands);
    }
  });

  it('draws highlights: legal empty cells as tinted plates with dashed rims, the selected one solid with its ghost, hover lifts', () => {
    const legal = new Set(['9,-9', '9,-8']);
    const hl = { legal, selected: '9,-9', last: [], ghost: { at: '9,-9', colour: 'lake' as const } };
    const s = boardScene(state, hl, HEART_KEY);
    expect(s.plates.length).toBe(2);
    expect(s.plates.filter((p) => p.ghost).length).toBe(1);
    expect(s.dashed.length).toBe(1);
    const sel = hexToPixel(parseHexKey('9,-9'), 1);
    expect(s.rims.some((r) => r.x === sel.x && r.z === sel.y && r.colour === '#111111')).toBe(true);
    expect(s.tiles.find((t) => t.key === HEART_KEY)!.lift).toBeGreaterThan(0);
    expect(s.bounds.maxX).toBeGreaterThanOrEqual(sel.x);
  });
});

describe('staged steps on the 3D board', () => {
  it('draw three arrowheads from one hex toward the other, above the pieces', async () => {
    const { boardScene } = await import('../../src/board3d/projection.js');
    const { conquestStart } = await import('../support/conquest.js');
    const state = conquestStart().state;
    const base = boardScene(state, { legal: new Set(), selected: null, last: [], ghost: null }, null);
    const staged = boardScene(state, { legal: new Set(), selected: null, last: [], ghost: null, arrows: [{ from: '0,0', to: '1,0' }] }, null);
    const added = staged.arrows.slice(base.arrows.length);
    expect(added).toHaveLength(3);
    // Toward east (+x): angle 0, x increasing along the way.
    expect(added.map((a) => Math.abs(a.angle))).toEqual([0, 0, 0]);
    expect(added[0]!.x).toBeLessThan(added[2]!.x);
  });
});

describe('the combat and the troop stacks on the 3D board', () => {
  it('rings the combat’s tiles in vermillion while it is resolved: the attacked territory, or both sides of a frontier', async () => {
    const { boardScene, combatTiles } = await import('../../src/board3d/projection.js');
    const { atStage, conquestStart, front, withTroops, SE } = await import('../support/conquest.js');
    const base = withTroops(conquestStart().state, { '0,3': { owner: 0, troops: 1, frontier: front(SE, 4) }, '0,4': { owner: 2, troops: 1 } });
    expect(boardScene(base, NO_HIGHLIGHTS, null).combat).toEqual([]);
    const battle = {
      combat: { kind: 'territory', at: '0,4' },
      target: '0,4',
      chooser: 0,
      stacks: { 0: [{ at: '0,3', dir: SE }] },
      defender: 2,
      camps: { 0: 0, 2: 'defender' },
      seen: [],
      units: [],
      aside: [],
      cycles: {},
      opposing: {},
      participants: [0, 2],
    } as const;
    const territory = atStage(base, { kind: 'armies', turn: 0, complete: [], battle, then: { kind: 'endDay' } } as never);
    expect(combatTiles(territory)).toEqual(['0,4']);
    const at = hexToPixel(parseHexKey('0,4'), 1);
    expect(boardScene(territory, NO_HIGHLIGHTS, null).combat).toEqual([{ x: at.x, z: at.y, y: TILE_HEIGHT + 0.007, colour: '#D55E00', scale: 1.08 }]);
    const frontier = atStage(base, { kind: 'armies', turn: 0, complete: [], battle: { ...battle, combat: { kind: 'frontier', at: '0,3', dir: SE }, target: null }, then: { kind: 'endDay' } } as never);
    // South-east of (0,3) is (0,4).
    expect(combatTiles(frontier)).toEqual(['0,3', '0,4']);
  });

  it('counts each stack’s troops, so the scene can swell those that changed', async () => {
    const { boardScene } = await import('../../src/board3d/projection.js');
    const { conquestStart, front, withTroops, SE } = await import('../support/conquest.js');
    const state = withTroops(conquestStart().state, { '0,3': { owner: 0, troops: 2, frontier: front(SE, 5) } });
    const scene = boardScene(state, NO_HIGHLIGHTS, null);
    expect(scene.stacks.get('0,3')).toBe(2);
    expect(scene.stacks.get(`0,3/${SE}`)).toBe(5);
    // The band and the frontier's marker name their stacks.
    expect(scene.owners.filter((p) => p.stack === '0,3')).toHaveLength(1);
    expect(scene.markers.filter((p) => p.stack === `0,3/${SE}`)).toHaveLength(1);
  });
});
