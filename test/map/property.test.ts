import { describe, expect, it } from 'vitest';
import {
  type GameState,
  type HexKey,
  awaiting,
  hexKey,
  occupiedHexes,
  portalsOnMap,
  tilesLeft,
} from '../../engine/index.js';
import { HEART } from '../../engine/map/board.js';
import { distance, neighbours } from '../../engine/hex/index.js';
import { nonBlackNeighbours } from '../../engine/map/constraints.js';
import { agentStream, playLocal, startLocalGame } from '../../engine/local/index.js';
import { randomAgent } from '../../engine/agents/index.js';
import { atConquest, setupFor } from '../support/fixtures.js';

const SEEDS = 500;

/** Every constraint that must hold of a map at any time (M6-M9), and its connectedness. */
function checkMap(state: GameState): string | null {
  const portals = portalsOnMap(state);
  for (const p of portals) {
    if (distance(p.at, HEART) < 4) return `portal ${p.seat} too close to the Heart`;
    if (nonBlackNeighbours(state, p.at) > 2) return `portal ${p.seat} touches more than 2 non-black tiles`;
    for (const o of portals) if (o.seat < p.seat && distance(o.at, p.at) < 5) return `portals ${o.seat} and ${p.seat} too close`;
  }
  const all = occupiedHexes(state);
  const keys = new Set<HexKey>(all.map(hexKey));
  const seen = new Set<HexKey>([hexKey(HEART)]);
  const todo = [HEART];
  while (todo.length) for (const n of neighbours(todo.pop()!)) if (keys.has(hexKey(n)) && !seen.has(hexKey(n))) seen.add(hexKey(n)), todo.push(n);
  if (seen.size !== keys.size) return 'the map is not connected';
  return null;
}

describe('random legal agents always finish map creation', () => {
  const stats = { games: 0, blackFallbacks: 0, fenced: 0, setAside: 0 };
  for (let players = 2; players <= 6; players++) {
    it(`${players} players, ${SEEDS} seeds: never stuck, every map valid`, () => {
      for (let s = 0; s < SEEDS; s++) {
        const seed = `prop-${players}-${s}`;
        const game = startLocalGame(setupFor(players, s % players), seed);
        const agents = game.vaults.map((_, seat) => randomAgent(agentStream(seed, seat)));
        let fenced = false;
        playLocal(game, seed, agents, (state) => {
          if (state.phase.name === 'mapCreation' && state.phase.stage.kind === 'blacks' && state.phase.stage.fenced) fenced = true;
          const bad = checkMap(state);
          if (bad) throw new Error(`${seed}: ${bad}`);
          return atConquest(state);
        });
        const kinds = (game.log as { kind: string }[]).map((a) => a.kind);
        const count = (k: string) => kinds.filter((x) => x === k).length;
        const end = game.state;
        expect(end.phase.name).toBe('conquest');
        expect(awaiting(end)).toEqual({ kind: 'seat', seat: end.phase.name === 'conquest' ? end.phase.first : -1 });
        expect(portalsOnMap(end)).toHaveLength(players);
        expect(end.seats.every((x) => tilesLeft(x) === 0)).toBe(true);
        // Each player's 8 tiles were placed or set aside (M16); black tiles from the box come on top.
        expect(count('placeTile') + count('setAsideTile')).toBe(players * 8);
        expect(Object.keys(end.map).length).toBe(1 + (6 - players) + count('placeTile') + count('placeBlack'));
        stats.games++;
        if (count('placeBlack') > 0) stats.blackFallbacks++;
        if (fenced) stats.fenced++;
        stats.setAside += count('setAsideTile');
      }
    });
  }
  it('exercised the black-tile fallback (M14), the fenced-in fallback (M14b) and setting tiles aside (M16)', () => {
    expect(stats.games).toBe(5 * SEEDS);
    expect(stats.blackFallbacks).toBeGreaterThan(0);
    expect(stats.fenced).toBeGreaterThan(0);
    expect(stats.setAside).toBeGreaterThan(0);
    console.log(`map creation property: ${JSON.stringify(stats)}`);
  });
});
