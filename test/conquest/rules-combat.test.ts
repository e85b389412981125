import { describe, expect, it } from 'vitest';
import {
  type GameState,
  awaiting,
} from '../../engine/index.js';
import type { CardId } from '../../engine/cards/catalogue.js';
import { seatStrength } from '../../engine/conquest/battle.js';
import type { CombatChoice } from '../../engine/core/actions.js';
import { must, refusal } from '../support/fixtures.js';
import {
  E,
  NE,
  NW,
  SE,
  SW,
  W,
  allLegalApply,
  atChoose,
  atReveal,
  battleOf,
  buildArmies,
  F,
  T,
  conquestStart,
  fRef,
  front,
  passiveThrough,
  tRef,
  handOf,
  keepAll,
  openingOf,
  phase,
  readyAll,
  revealAll,
  stageOf,
  type TerritorySpec,
  withPlayer,
  withTroops,
} from '../support/conquest.js';

/**
 * Resolves one combat through actions: the chooser chooses it, everyone is ready, the armies are
 * built from `units` (given as hands first), everyone keeps his hand. Returns the state after
 * the combat and the battle as it was resolved.
 */
function fight(board: Readonly<Record<string, TerritorySpec>>, combat: CombatChoice, chooser: number, units: Readonly<Record<number, readonly CardId[]>> = {}, patch: (s: GameState) => GameState = (s) => s) {
  const g = conquestStart();
  let s = patch(withTroops(g.state, board));
  for (const [seat, cards] of Object.entries(units)) s = handOf(s, Number(seat), g.vaults[Number(seat)]!, cards);
  s = readyAll(must(atChoose(s, chooser), { kind: 'chooseCombat', seat: chooser, combat }));
  const before = passiveThrough(s, ['discards']);
  const built = passiveThrough(buildArmies(before, g.vaults, units), ['opposing', 'losses', 'refill']);
  return { before, after: keepAll(built), resolvedAt: built };
}

describe('B3 building the armies in turn order from the chooser', () => {
  // Seat 2 defends 2,0 (3 troops); seat 0 attacks from 3,-1 (3 troops), seat 1 from 1,0 (2 troops). Seat 1 chooses.
  const board = {
    '2,0': { owner: 2, troops: 3 },
    '3,-1': { owner: 0, troops: 1, frontier: front(SW, 3) },
    '1,0': { owner: 1, troops: 1, frontier: front(E, 2) },
  };

  it('one unit or "complete" a turn, starting with the chooser; a non-unit card is refused; then the B5 example', () => {
    const g = conquestStart();
    let s = withTroops(g.state, board);
    s = handOf(s, 0, g.vaults[0]!, ['elves.basic', 'elves.grovewarden', 'crystal1']);
    s = handOf(s, 1, g.vaults[1]!, ['crystal2', 'dwarves.basic']);
    s = must(atChoose(s, 1), { kind: 'chooseCombat', seat: 1, combat: T(2, 0) });
    // Ben (seat 1) joins Ana's (seat 0's) camp, with her consent.
    s = must(s, { kind: 'joinCamp', seat: 1, camp: 0 });
    s = must(s, { kind: 'answer', seat: 0, accept: true });
    s = readyAll(s);
    expect(stageOf(s)).toMatchObject({ kind: 'armies', turn: 1, battle: { camps: { 0: 0, 1: 0, 2: 'defender' } } });
    expect(refusal(s, { kind: 'playUnit', seat: 1, opening: openingOf(s, 1, g.vaults[1]!, 'crystal2') })).toEqual({ code: 'NotAUnit', rule: 'B3' });
    expect(refusal(s, { kind: 'playUnit', seat: 0, opening: openingOf(s, 0, g.vaults[0]!, 'elves.basic') })).toEqual({ code: 'NotYourTurn', rule: 'A2' });
    expect(allLegalApply(s, 1, g.vaults[1]).map((a) => a.kind)).toEqual(['playUnit', 'done']);
    s = must(s, { kind: 'done', seat: 1 });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 2 });
    s = must(s, { kind: 'done', seat: 2 });
    s = must(s, { kind: 'playUnit', seat: 0, opening: openingOf(s, 0, g.vaults[0]!, 'elves.basic') });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 0 }); // the only army not complete
    s = must(s, { kind: 'playUnit', seat: 0, opening: openingOf(s, 0, g.vaults[0]!, 'elves.grovewarden') });
    // B5: Ana 4 (army) + 3 + 2 = 9; Ben 0 + 3 + 2 = 5; the defender 3.
    const b = battleOf(s);
    expect([0, 1, 2].map((seat) => seatStrength(s, b, seat))).toEqual([9, 5, 3]);
    // Units are instances in rows of their owner's army (B2).
    expect(b.units).toEqual([
      { id: 0, card: 'elves.basic', owner: 0, row: 0, column: 0, face: 'up' },
      { id: 1, card: 'elves.grovewarden', owner: 0, row: 1, column: 0, face: 'up' },
    ]);
    s = must(s, { kind: 'done', seat: 0 });
    // The defender loses 2 + 0 for the gaps, + 2 stronger opponents = 4 > 3: all 3, and 1 missing from the tile (none left).
    // Two players face the emptied territory: it stays empty (B12b).
    expect(s.territories['2,0']).toMatchObject({ owner: null, troops: 0 });
    expect(s.territories['3,-1']!.frontier).toEqual(front(SW, 3));
    expect(s.territories['1,0']!.frontier).toEqual(front(E, 2));
    // E14a: the participants keep or account for their hands in turn order from the chooser.
    expect(stageOf(s)).toMatchObject({ kind: 'returnUnits', waiting: [1, 2, 0] });
    s = must(s, { kind: 'returnUnits', seat: 1, units: [] });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 2 });
    s = must(s, { kind: 'returnUnits', seat: 2, units: [] });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 0 });
    const world = s.players[0]!.world['elves.grovewarden']!;
    s = must(s, { kind: 'returnUnits', seat: 0, units: [1] });
    expect(s.players[0]!.world['elves.grovewarden']).toBe(world + 1);
    expect(s.players[0]!.cards.discard['elves.basic']).toBe(1);
    expect(stageOf(s)).toMatchObject({ kind: 'keepOrAccount', waiting: [1, 2, 0] });
    expect(s.players.map((p) => p.fought)).toEqual([true, true, true]);
  });
});

describe('B6-B10 troop losses in real combats', () => {
  it('B6: a weaker attacker loses 1 per full 3 points to the stronger, + 1 per stronger opponent; the defender nothing', () => {
    const { after } = fight({ '2,0': { owner: 2, troops: 3 }, '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) } }, T(2, 0), 0);
    expect(after.territories['3,-1']).toMatchObject({ owner: 0, troops: 1, frontier: front(SW, 1) });
    expect(after.territories['2,0']).toMatchObject({ owner: 2, troops: 3 });
  });

  it('B10 case ii in a frontier combat: all involved troops lost, then the missing ones from the tile, territory first', () => {
    // Seat 0: 7 at 2,-1's W frontier and an immortal: 13. Seat 1: 1 at 1,-1's E frontier: 1; 2 on 1,-1, 2 at its NW frontier.
    // Seat 1 should lose 4 + 1 = 5; he is missing 3 (with 3 more: 4 + 4 ... floor(9/3) + 1 = 4 <= 4).
    const { after } = fight(
      {
        '2,-1': { owner: 0, troops: 1, frontier: front(W, 7) },
        '1,-1': { owner: 1, troops: 2, frontier: front(E, 1, { [NW]: 2 }) },
      },
      F(1, -1, E),
      0,
      { 0: ['elves.immortal'] },
    );
    expect(after.territories['2,-1']).toMatchObject({ owner: 0, troops: 1, frontier: front(W, 7) });
    // 1 at the frontier, then the 2 on the territory, then 1 at the NW frontier; B12a: the last one moves onto the territory.
    expect(after.territories['1,-1']).toMatchObject({ owner: 1, troops: 1, frontier: [0, 0, 0, 0, 0, 0] });
  });

  it('B10 case ii for a defender: his troops on the territory, then the missing ones at his frontiers; B12a refills the territory', () => {
    // Seat 0 attacks 2,0 with 10; the defender has 1 on it and 3 at its SE frontier: he should lose 3 + 1 = 4, is missing 2.
    const { after } = fight(
      {
        '2,0': { owner: 2, troops: 1, frontier: front(SE, 3) },
        '3,-1': { owner: 0, troops: 1, frontier: front(SW, 10) },
      },
      T(2, 0),
      0,
    );
    expect(after.territories['2,0']).toMatchObject({ owner: 2, troops: 1, frontier: [0, 0, 0, 0, 0, 0] });
    expect(after.territories['3,-1']!.frontier).toEqual(front(SW, 10));
  });

  it('B10 case i: an attacker of an undefended frontier loses his involved troops, and nothing more', () => {
    const { after } = fight({ '2,0': { owner: 2, troops: 9 }, '3,-1': { owner: 0, troops: 2, frontier: front(SW, 1) } }, T(2, 0), 0);
    expect(after.territories['3,-1']).toMatchObject({ owner: 0, troops: 2, frontier: [0, 0, 0, 0, 0, 0] });
    expect(after.territories['2,0']!.troops).toBe(9);
  });
});

describe('B9 all strengths equal', () => {
  it('in a frontier combat, each side loses 1', () => {
    const { after } = fight(
      { '2,-1': { owner: 0, troops: 1, frontier: front(W, 2) }, '1,-1': { owner: 1, troops: 1, frontier: front(E, 2) } },
      F(1, -1, E),
      1,
    );
    expect(after.territories['2,-1']!.frontier).toEqual(front(W, 1));
    expect(after.territories['1,-1']!.frontier).toEqual(front(E, 1));
  });

  it('in a territory combat, the attacker at the frontier loses 1 and the defender on his territory none', () => {
    const { after } = fight({ '2,0': { owner: 2, troops: 3 }, '3,-1': { owner: 0, troops: 1, frontier: front(SW, 1) } }, T(2, 0), 0, { 0: ['elves.warrior'] });
    expect(after.territories['3,-1']).toMatchObject({ troops: 1, frontier: [0, 0, 0, 0, 0, 0] });
    expect(after.territories['2,0']!.troops).toBe(3);
  });
});

describe('B12 consequences', () => {
  it('an emptied territory with no troop left on its tile is lost; a single attacker left facing it moves all his facing troops in', () => {
    const { after } = fight({ '2,0': { owner: 2, troops: 1 }, '3,-1': { owner: 0, troops: 1, frontier: front(SW, 4) } }, T(2, 0), 0);
    expect(after.territories['2,0']).toMatchObject({ owner: 0, troops: 4 });
    expect(after.territories['3,-1']).toMatchObject({ owner: 0, troops: 1, frontier: [0, 0, 0, 0, 0, 0] });
  });
});

describe('B13/S3 taking a portal makes its owner a vassal', () => {
  it('the new group\'s frontier troops facing each other go home, their combat leaves the list', () => {
    const { after } = fight(
      {
        '0,3': { owner: 0, troops: 1, frontier: front(SE, 4) },
        '0,4': { owner: 2, troops: 1 },
        '0,2': { owner: 2, troops: 1, frontier: front(E, 2) },
        '1,2': { owner: 0, troops: 1, frontier: front(W, 1) },
      },
      T(0, 4),
      0,
    );
    expect(after.territories['0,4']).toMatchObject({ owner: 0, troops: 4 });
    expect(after.players.map((p) => p.suzerain)).toEqual([null, null, 0]);
    expect(after.territories['0,2']).toMatchObject({ troops: 3, frontier: [0, 0, 0, 0, 0, 0] });
    expect(after.territories['1,2']).toMatchObject({ troops: 2, frontier: [0, 0, 0, 0, 0, 0] });
    expect(phase(after).combats).toContainEqual(fRef('0,2', E));
    expect(stageOf(after).kind).toBe('exercise'); // no combat left to choose
    expect(phase(after).winner).toBeNull();
  });

  it('S3i: a vassal is in his suzerain\'s camp, may not change it alone, and follows him', () => {
    const board = {
      '0,4': { owner: 0, troops: 1 },
      '1,1': { owner: 1, troops: 3 },
      '2,0': { owner: 0, troops: 1, frontier: front(SW, 2) },
      '0,2': { owner: 2, troops: 1, frontier: front(NE, 2) },
    };
    const g = conquestStart();
    let s = withPlayer(withTroops(g.state, board), 2, { suzerain: 0 });
    s = must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: T(1, 1) });
    expect(battleOf(s).camps).toEqual({ 0: 0, 1: 'defender', 2: 0 });
    // When the suzerain changes camp, his vassal follows.
    expect(battleOf(must(s, { kind: 'joinCamp', seat: 0, camp: 'defender' })).camps).toEqual({ 0: 'defender', 1: 'defender', 2: 'defender' });
    s = must(must(s, { kind: 'done', seat: 0 }), { kind: 'done', seat: 1 });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 2 });
    expect(refusal(s, { kind: 'joinCamp', seat: 2, camp: 'defender' })).toEqual({ code: 'BadCamp', rule: 'S3i' });
    expect(refusal(s, { kind: 'joinCamp', seat: 2, camp: 2 })).toEqual({ code: 'BadCamp', rule: 'S3i' });
    // Both attack together: 2 + 2 = 4 each against 3; the defender loses 0 + 2 = 2.
    const after = keepAll(buildArmies(readyAll(s), g.vaults));
    expect(after.territories['1,1']).toMatchObject({ owner: 1, troops: 1 });
    expect(after.territories['2,0']!.frontier).toEqual(front(SW, 2));
    expect(after.territories['0,2']!.frontier).toEqual(front(NE, 2));
  });
});

describe('S1 wild territories', () => {
  it('a lone attacker stronger than the markers defeats it: markers removed, he takes it, losing nothing', () => {
    const { after, before } = fight({ '4,-2': { owner: 0, troops: 1, frontier: front(SW, 3) } }, T(3, -1), 0);
    expect(before.territories['3,-1']!.wild).toEqual([2]);
    expect(battleOf(before)).toMatchObject({ defender: 'wild', camps: { 0: 0 } }); // the wild camp builds no army
    expect(after.territories['3,-1']).toMatchObject({ owner: 0, troops: 3, wild: [] });
    expect(after.territories['4,-2']!.frontier).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('weaker than the markers, the attacker loses troops and the markers stay', () => {
    const { after } = fight({ '4,-2': { owner: 0, troops: 1, frontier: front(SW, 3) }, '3,-1': { wild: [4] } }, T(3, -1), 0);
    expect(after.territories['3,-1']).toMatchObject({ owner: null, wild: [4] });
    expect(after.territories['4,-2']!.frontier).toEqual(front(SW, 2));
  });

  it('defeated by two players, it is left uncontrolled and empty while both face it', () => {
    const { after } = fight(
      { '4,-2': { owner: 0, troops: 1, frontier: front(SW, 3) }, '2,0': { owner: 1, troops: 1, frontier: front(NE, 3) } },
      T(3, -1),
      0,
    );
    expect(after.territories['3,-1']).toMatchObject({ owner: null, troops: 0, wild: [] });
    expect(after.territories['4,-2']!.frontier).toEqual(front(SW, 3));
    expect(after.territories['2,0']!.frontier).toEqual(front(NE, 3));
  });
});

describe('S2 one player on two frontiers of one combat', () => {
  const twoFronts = (defender: number) => ({
    '2,0': { owner: 1, troops: defender },
    '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) },
    '2,-1': { owner: 0, troops: 1, frontier: front(SE, 2) },
  });

  it('his troops at both frontiers count in his strength, and he counts as two opponents', () => {
    const { after, before } = fight(twoFronts(3), T(2, 0), 0);
    expect(battleOf(before).stacks[0]).toEqual([
      { at: '2,-1', dir: SE },
      { at: '3,-1', dir: SW },
    ]);
    expect(seatStrength(before, battleOf(before), 0)).toBe(4);
    // 4 and 4 against 3: the defender loses 0 + 2.
    expect(after.territories['2,0']).toMatchObject({ owner: 1, troops: 1 });
    expect(after.territories['3,-1']!.frontier).toEqual(front(SW, 2));
    expect(after.territories['2,-1']!.frontier).toEqual(front(SE, 2));
  });

  it('both of his frontiers take losses', () => {
    // 4 against 6: each frontier loses 0 + 1.
    const { after } = fight(twoFronts(6), T(2, 0), 0);
    expect(after.territories['3,-1']!.frontier).toEqual(front(SW, 1));
    expect(after.territories['2,-1']!.frontier).toEqual(front(SE, 1));
    expect(after.territories['2,0']!.troops).toBe(6);
  });
});

describe('E7a-B12 a combat changes the next ones: troops that won a frontier combat join the territory combat beyond it', () => {
  it('participants are read again when a combat is chosen', () => {
    // Seat 0 (4 at 2,-1's W frontier) beats seat 1 (1 at 1,-1's E frontier, 1 on 1,-1); seat 2 attacks 1,-1 from 1,0 (NW).
    const g = conquestStart();
    let s = withTroops(g.state, {
      '2,-1': { owner: 0, troops: 1, frontier: front(W, 4) },
      '1,-1': { owner: 1, troops: 1, frontier: front(E, 1) },
      '1,0': { owner: 2, troops: 1, frontier: front(NW, 1) },
    });
    s = revealAll(atReveal(s, 'feint', {}));
    expect(phase(s).combats).toEqual([fRef('1,-1', E), tRef('1,-1')]);
    s = keepAll(buildArmies(readyAll(must(s, { kind: 'chooseCombat', seat: 0, combat: F(1, -1, E) })), g.vaults));
    // Seat 1 lost his frontier troop and 1 missing from 1,-1 (4 against 1: 1 + 1 = 2, missing 1): 1,-1 is lost;
    // seat 0 and seat 2 now both face it.
    expect(s.territories['1,-1']).toMatchObject({ owner: null, troops: 0 });
    expect(stageOf(s)).toEqual({ kind: 'choose', turn: 2 });
    const t = must(s, { kind: 'chooseCombat', seat: 2, combat: T(1, -1) });
    expect(battleOf(t)).toMatchObject({ defender: null, camps: { 0: 0, 2: 2 } });
    expect(refusal(t, { kind: 'joinCamp', seat: 2, camp: 'defender' })).toEqual({ code: 'BadCamp', rule: 'E10' });
  });
});
