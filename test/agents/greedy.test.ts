import { describe, expect, it } from 'vitest';
import { awaiting, hexKey, legalOptions, occupiedHexes, play, type SeatAction } from '../../engine/index.js';
import { greedyAgent } from '../../engine/agents/index.js';
import { neighbours } from '../../engine/hex/index.js';
import { localRandom, startLocalGame } from '../../engine/local/index.js';
import { setupFor } from '../support/fixtures.js';
import { NE, NW, SE, SW, atStage, conquestStart, front, withPlayer, withTroops } from '../support/conquest.js';

/** The greedy bot's choices that issue 21's figures rest on (docs/balance.md), each against the engine's options. */
describe('the greedy bot', () => {
  it('builds Eden compact: each tile it places touches as many placed tiles as any site offered, and its portal waits for its last tile (M13)', () => {
    const seed = 'greedy-map';
    const game = startLocalGame(setupFor(4), seed);
    const agent = greedyAgent();
    let placements = 0;
    let portalsEarly = 0;
    for (let guard = 0; guard < 2_000 && game.state.phase.name === 'mapCreation'; guard++) {
      const s = game.state;
      const who = awaiting(s);
      if (who.kind === 'over') break;
      const action: SeatAction | { kind: 'random'; value: string } =
        who.kind === 'random' ? { kind: 'random', value: localRandom(seed, s.randomEvents) } : agent(s, who.seat, legalOptions(s, who.seat, game.vaults[who.seat]!), game.vaults[who.seat]!);
      if (who.kind === 'seat' && action.kind === 'placeTile') {
        const taken = new Set(occupiedHexes(s).map(hexKey));
        const touching = (at: { q: number; r: number }) => neighbours(at).filter((n) => taken.has(hexKey(n))).length;
        const sites = legalOptions(s, who.seat, game.vaults[who.seat]!).flatMap((o) => (o.kind === 'one' && o.action.kind === 'placeTile' ? [o.action.at] : []));
        expect(touching(action.at)).toBe(Math.max(...sites.map(touching)));
        placements++;
      }
      // A portal placed while the seat could have ended its turn instead is one placed early.
      if (who.kind === 'seat' && action.kind === 'placePortal' && legalOptions(s, who.seat, game.vaults[who.seat]!).some((o) => o.kind === 'one' && o.action.kind === 'endTurn')) portalsEarly++;
      const next = play(s, action);
      if (!next.ok) throw new Error(next.error.message);
      game.state = next.value.state;
    }
    expect(game.state.phase.name).toBe('conquest');
    expect(placements).toBeGreaterThan(20);
    expect(portalsEarly).toBe(0);
  });

  it('tops up a frontier that already holds troops when the attack beyond it pays', () => {
    // Seat 0 has 2 troops at the frontier of 3,-1 facing seat 2's forest 2,0 (1 troop), and 5 more behind them.
    const g = conquestStart();
    const s = atStage(withTroops(g.state, { '2,0': { owner: 2, troops: 1 }, '3,-1': { owner: 0, troops: 6, frontier: front(SW, 2) } }), { kind: 'spread', turn: 0, left: 3 });
    const options = legalOptions(s, 0, g.vaults[0]);
    const there = options.find((o) => o.kind === 'count' && o.action.kind === 'spread' && hexKey(o.action.at) === '3,-1' && o.action.dir === SW);
    expect(there).toMatchObject({ except: 2, max: 7 });
    expect(greedyAgent()(s, 0, options, g.vaults[0]!)).toMatchObject({ kind: 'spread', at: { q: 3, r: -1 }, dir: SW, count: 7 });
  });

  it('marches on the road to an enemy portal: of two attacks that pay as much, the one next to the portal (W1 is won portal by portal)', () => {
    // Seat 0 holds 0,2 with 6 troops; seat 2 holds 1,2 (east) and 0,3 (south-east, next to its portal 0,4), 1 troop each.
    const g = conquestStart();
    const s = atStage(withTroops(g.state, { '0,2': { owner: 0, troops: 6 }, '1,2': { owner: 2, troops: 1 }, '0,3': { owner: 2, troops: 1 } }), { kind: 'spread', turn: 0, left: 3 });
    expect(greedyAgent()(s, 0, legalOptions(s, 0, g.vaults[0]), g.vaults[0]!)).toMatchObject({ kind: 'spread', at: { q: 0, r: 2 }, dir: SE, count: 5 });
  });

  it('leaves a portal to the stronger of its vassal group facing it: won by both, it would stay empty (B12b) and its owner take it back (L7a)', () => {
    // Seat 2 is seat 1's vassal; both face seat 0's portal 5,-3, seat 1 with 6 troops from 5,-2, seat 2 with 3 from 4,-2.
    const g = conquestStart();
    const board = withTroops(g.state, { '5,-3': { owner: 0, troops: 2 }, '5,-2': { owner: 1, troops: 1, frontier: front(NW, 6) }, '4,-2': { owner: 2, troops: 1, frontier: front(NE, 3) } });
    const s = atStage(withPlayer(board, 2, { suzerain: 1 }), { kind: 'spread', turn: 2, left: 3 });
    expect(greedyAgent()(s, 2, legalOptions(s, 2, g.vaults[2]), g.vaults[2]!)).toMatchObject({ kind: 'spread', at: { q: 4, r: -2 }, dir: NE, count: 0 });
  });

  it('at two players, keeps on the territory next to its portal as many troops as the enemies next to it, and one more: lost, it would cut its land off (P4)', () => {
    // Seat 0's portal 3,2 (5 troops) has one neighbour on the map, 2,2 (1 troop); seat 1 holds 2,1 next to it with 3.
    const g = conquestStart(2);
    const s = atStage(withTroops(g.state, { '3,2': { owner: 0, troops: 5 }, '2,2': { owner: 0, troops: 1 }, '2,1': { owner: 1, troops: 3 } }), { kind: 'moves', turn: 0, left: 2 });
    expect(greedyAgent()(s, 0, legalOptions(s, 0, g.vaults[0]), g.vaults[0]!)).toMatchObject({ kind: 'moveTroops', from: { q: 3, r: 2 }, to: { q: 2, r: 2 }, count: 3 });
  });
});
