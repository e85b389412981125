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
import { HEART_STYLE } from '../../src/display/index.js';
import { APOTHEM, CELL, TILE_HEIGHT, boardScene } from '../../src/board3d/projection.js';

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

  it('puts frontier troops on the shared edge, 30 % of the apothem toward their own hex, with an arrow across', () => {
    let stacks = 0;
    for (const [key, t] of Object.entries(state.territories)) {
      const c = hexToPixel(parseHexKey(key), 1);
      t.frontier.forEach((n, d) => {
        if (n === 0) return;
        stacks++;
        const dir = hexToPixel(DIRECTIONS[d]!, 1);
        // The stack's centre: 0.7 of the way from the centre to the edge (the edge is at half the centre distance).
        const at = { x: c.x + dir.x * 0.35, z: c.y + dir.y * 0.35 };
        const cubes = scene.troops.filter((p) => Math.hypot(p.x - at.x, p.z - at.z) < 0.4);
        expect(cubes.length).toBeGreaterThanOrEqual(Math.min(n, 3));
        const dist = Math.hypot(at.x - c.x, at.z - c.y);
        expect(dist).toBeCloseTo(APOTHEM * 0.7, 5);
        expect(scene.arrows.some((a) => Math.hypot(a.x - (c.x + dir.x * 0.47), a.z - (c.y + dir.y * 0.47)) < 1e-9)).toBe(true);
      });
    }
    expect(stacks).toBeGreaterThan(0);
    expect(scene.arrows.length).toBe(stacks);
  });

  it('writes every troop count and wild value as digits', () => {
    const digits = (n: number) => String(n).length;
    let expected = 0;
    for (const t of Object.values(state.territories)) {
      if (t.owner !== null && t.troops > 0) expected += digits(t.troops);
      for (const n of t.frontier) if (n > 0) expected += digits(n);
      const wild = t.wild.reduce((a, b) => a + b, 0);
      if (wild > 0) expected += digits(wild);
    }
    expect(scene.labels.length).toBe(expected);
    expect(scene.labels.every((l) => l.cell >= 0 && l.cell <= 9)).toBe(true);
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
    // Every cube names its stack: 2 on the territory, 3 (of 5) at the frontier.
    expect(scene.troops.filter((p) => p.stack === '0,3')).toHaveLength(2);
    expect(scene.troops.filter((p) => p.stack === `0,3/${SE}`)).toHaveLength(3);
  });
});
