import { describe, expect, it } from 'vitest';
import {
  type GameEvent,
  type GameState,
  play,
} from '../../engine/index.js';
import { deriveVassals } from '../../engine/conquest/vassals.js';
import { must } from '../support/fixtures.js';
import {
  H,
  NE,
  NW,
  SE,
  T,
  atChoose,
  atReveal,
  atStage,
  buildArmies,
  conquestStart,
  front,
  keepAll,
  phase,
  readyAll,
  revealAll,
  withPlayer,
  withTroops,
} from '../support/conquest.js';

/**
 * Vassals follow portals wherever they change hands (B13, S3, S3h, S4): one place derives who is
 * whose vassal from who holds which portal, after every step. Portals on the fixture map: seat 0's
 * at 5,-3 (touching 4,-2 and 5,-2), seat 1's at -3,-1 (touching -2,-1), seat 2's at 0,4 (touching 0,3).
 */

const suzerains = (s: GameState) => s.players.map((p) => p.suzerain);

/** Applies actions one by one, gathering the events. */
function run(state: GameState, actions: readonly unknown[]): { state: GameState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = play(s, a);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    s = r.value.state;
    events.push(...r.value.events);
  }
  return { state: s, events };
}

describe('a portal changes hands, its owner\'s suzerain follows', () => {
  it('taken in a combat (B13): the owner becomes the taker\'s vassal', () => {
    let s = withTroops(conquestStart().state, { '0,3': { owner: 0, troops: 1, frontier: front(SE, 4) }, '0,4': { owner: 2, troops: 1 } });
    s = readyAll(must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: T(0, 4) }));
    const after = buildArmies(s, []);
    expect(after.territories['0,4']!.owner).toBe(0);
    expect(suzerains(after)).toEqual([null, null, 0]);
  });

  it('taken without a combat being resolved: a combat dropped after the other attacker withdraws (E12a, B12b)', () => {
    // Seat 0's portal is empty; seats 1 and 2 both face it; seat 2 withdraws, seat 1 takes it.
    let s = withTroops(conquestStart().state, {
      '5,-3': { owner: null },
      '4,-2': { owner: 1, troops: 1, frontier: front(NE, 2) },
      '5,-2': { owner: 2, troops: 1, frontier: front(NW, 2) },
    });
    s = must(atChoose(s, 1), { kind: 'chooseCombat', seat: 1, combat: T(5, -3) });
    const { state, events } = run(s, [
      { kind: 'done', seat: 1 },
      { kind: 'withdraw', seat: 2, at: H(5, -2), dir: NW, count: 2 },
      { kind: 'done', seat: 1 },
    ]);
    expect(state.territories['5,-3']).toMatchObject({ owner: 1, troops: 2 });
    expect(suzerains(state)).toEqual([1, null, null]);
    expect(events).toContainEqual({ kind: 'combatDropped', combat: { kind: 'territory', at: '5,-3' } });
    expect(events).toContainEqual({ kind: 'vassalMade', vassal: 0, suzerain: 1 });
  });

  it('taken when the feints are revealed: an empty portal faced by a single player (E6)', () => {
    const s = withTroops(conquestStart().state, { '5,-3': { owner: null }, '4,-2': { owner: 1, troops: 1, frontier: front(NE, 2) } });
    const after = revealAll(atReveal(s, 'feint', {}));
    expect(after.territories['5,-3']!.owner).toBe(1);
    expect(suzerains(after)).toEqual([1, null, null]);
  });

  it('taken from a suzerain by a third player (S3h): the vassal changes suzerain', () => {
    let s = withTroops(conquestStart().state, { '0,4': { owner: 0, troops: 1 }, '0,3': { owner: 1, troops: 1, frontier: front(SE, 4) } });
    s = withPlayer(s, 2, { suzerain: 0 });
    s = readyAll(must(atChoose(s, 1), { kind: 'chooseCombat', seat: 1, combat: T(0, 4) }));
    const after = buildArmies(s, []);
    expect(after.territories['0,4']!.owner).toBe(1);
    expect(suzerains(after)).toEqual([null, null, 1]);
  });

  it('emptied and left to nobody: the vassal is free (an empty portal means no suzerain)', () => {
    // The one place that derives vassals, on a position where the suzerain's troops on the portal are gone.
    let s = withTroops(conquestStart().state, { '0,4': { owner: 0, troops: 1 } });
    s = withPlayer(s, 2, { suzerain: 0 });
    const events: GameEvent[] = [];
    const after = deriveVassals(withTroops(s, { '0,4': { owner: null } }), (e) => void events.push(e));
    expect(suzerains(after)).toEqual([null, null, null]);
    expect(events).toEqual([{ kind: 'vassalFreed', vassal: 2, suzerain: 0 }]);
  });

  it('handed over by a request (L9): the vassal\'s own vassal becomes the suzerain\'s', () => {
    // Seat 0 holds seat 2's portal; seat 2 holds seat 1's portal (-3,-1). Seat 0 asks seat 2 for it.
    let s = withTroops(conquestStart().state, {
      '0,4': { owner: 0, troops: 1 },
      '-3,-1': { owner: 2, troops: 1 },
      '-2,-1': { owner: 0, troops: 3 },
      '-2,0': { owner: 2, troops: 1 },
    });
    s = withPlayer(withPlayer(s, 2, { suzerain: 0 }), 1, { suzerain: 2 });
    s = atStage(s, { kind: 'requests', turn: 0, left: 3 });
    const { state, events } = run(s, [
      { kind: 'request', seat: 0, vassal: 2, at: H(-3, -1), from: H(-2, -1), count: 2 },
      { kind: 'vacate', seat: 2, to: H(-2, 0) },
    ]);
    expect(state.territories['-3,-1']).toMatchObject({ owner: 0, troops: 2 });
    expect(suzerains(state)).toEqual([null, 0, 0]);
    expect(events).toContainEqual({ kind: 'vassalFreed', vassal: 1, suzerain: 2 });
    expect(events).toContainEqual({ kind: 'vassalMade', vassal: 1, suzerain: 0 });
  });

  it('liberation (S4): a vassal cut off from his suzerain\'s portal takes his own back with his new troops', () => {
    let s = withTroops(conquestStart().state, { '0,4': { owner: 0, troops: 1 } });
    s = withPlayer(s, 2, { suzerain: 0 });
    const after = revealAll(atReveal(s, 'purchase', {}));
    expect(after.territories['0,4']).toMatchObject({ owner: 2, troops: 2 });
    expect(suzerains(after)).toEqual([null, null, null]);
    expect(phase(after).day).toBe(2);
  });

  it('two players holding each other\'s portals: the chain is broken at its first seat in seat order, so groups stay trees', () => {
    const s = withTroops(conquestStart().state, { '0,4': { owner: 1, troops: 1 }, '-3,-1': { owner: 2, troops: 1 } });
    expect(suzerains(deriveVassals(s, () => undefined))).toEqual([null, null, 1]);
  });

  it('the derived suzerains always match the portals after a whole day of play', () => {
    const g = conquestStart();
    const day = keepAll(g.state);
    for (const [seat, p] of day.players.entries()) {
      const owner = day.territories[['5,-3', '-3,-1', '0,4'][seat]!]!.owner;
      expect(p.suzerain).toBe(owner === null || owner === seat ? null : owner);
    }
  });
});
