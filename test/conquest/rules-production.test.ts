import { describe, expect, it } from 'vitest';
import {
  type GameState,
  awaiting,
  energyRichTiles,
  legalActions,
} from '../../engine/index.js';
import { produce } from '../../engine/conquest/production.js';
import { must, refusal } from '../support/fixtures.js';
import { H, atReveal, conquestStart, drive, nextDay, phase, revealAll, stageOf, withPlayer, withTroops } from '../support/conquest.js';

/** Everyone's stocks and pure energy set to 0, so that the next day's values are what was produced. */
const zeroed = (state: GameState): GameState => ({ ...state, players: state.players.map((p) => ({ ...p, energy: 0, pure: 0 })) });

/** Plays the rest of day 1 passively and returns day 2's state, right after its Production. */
function produceDay2(state: GameState): GameState {
  const g = conquestStart();
  const day2 = drive(state, g.vaults, nextDay(1)).state;
  expect(phase(day2).day).toBe(2);
  return day2;
}

const yields = (s: GameState) => s.players.map((p) => ({ energy: p.energy, pure: p.pure }));

describe('P2-P4 production: energy stocks and pure energy from connected territories', () => {
  it('the fixture map has two energy-rich tiles: a black one (yields nothing) and a desert', () => {
    expect(energyRichTiles(conquestStart().state)).toEqual(['0,2', '1,-2']);
  });

  /** Seat 0 holds its portal, a chain to the Heart, a black Heart neighbour, the energy-rich black 1,-2, and the energy-rich desert 0,2. */
  const base = (connect02: boolean) =>
    zeroed(
      withTroops(conquestStart().state, {
        '5,-2': { wild: [2] },
        '4,-2': { owner: 0, troops: 1 }, // lake: 1
        '3,-1': { owner: 0, troops: 1 }, // desert: 1
        '2,-1': { owner: 0, troops: 1 }, // marsh: 1
        '1,-1': { owner: 0, troops: 1 }, // forest (own colour): 2, Heart neighbour: 1 pure
        '0,0': { owner: 0, troops: 1 }, // Heart: 1 + 1 (every colour), 2 pure
        '1,0': { owner: 0, troops: 1 }, // black Heart neighbour: nothing
        '1,-2': { owner: 0, troops: 1 }, // black, energy-rich: nothing
        '0,2': { owner: 0, troops: 1 }, // desert, energy-rich: 2 if connected
        ...(connect02 ? { '0,1': { owner: 0, troops: 1 } } : {}), // black Heart neighbour linking 0,2
      }),
    );

  it('own portal 2, colour tiles 1, own colour +1, the Heart 2 and 2 pure, a non-black Heart neighbour 1 pure; black tiles nothing; a disconnected tile nothing', () => {
    const day2 = produceDay2(base(false));
    // Portal 2 + lake 1 + desert 1 + marsh 1 + forest 2 + Heart 2 = 9; 0,2 is cut off from the portal.
    expect(yields(day2)[0]).toEqual({ energy: 9, pure: 3 });
    // The other seats' starting positions: seat 1 portal 2 + plain 1; seat 2 portal 2 + lake 2.
    expect(yields(day2).slice(1)).toEqual([
      { energy: 3, pure: 0 },
      { energy: 4, pure: 0 },
    ]);
  });

  it('once connected (through a black tile), the energy-rich desert yields 1 + 1', () => {
    expect(yields(produceDay2(base(true)))[0]).toEqual({ energy: 11, pure: 3 });
  });
});

describe('P5 a vassal\'s tribute: half of his own production, rounded up, to his direct suzerain', () => {
  /**
   * Seat 0 holds seat 2's portal (0,4) and is connected to it: 5,-3 → 4,-2 → 3,-1 → 2,0 → 2,1 → 1,2 → (0,3 of seat 2) → 0,4.
   * Seat 2 holds 0,3 (lake, own colour: 2), 0,2 (desert, energy-rich: 2), 0,1 and -1,1 (black), -1,0 (plain: 1, Heart neighbour: 1 pure).
   */
  const vassalBoard = (chain: boolean) => {
    let s = withTroops(conquestStart().state, {
      '5,-2': { wild: [2] },
      '3,-1': { owner: 0, troops: 1 },
      '2,0': { owner: 0, troops: 1 },
      '2,1': { owner: 0, troops: 1 },
      '1,2': { owner: 0, troops: 1 },
      '0,4': { owner: 0, troops: 1 },
      '0,2': { owner: 2, troops: 1 },
      '0,1': { owner: 2, troops: 1 },
      '-1,1': { owner: 2, troops: 1 },
      '-1,0': { owner: 2, troops: 1 },
      ...(chain ? { '-3,-1': { owner: 2, troops: 1 }, '-2,0': { owner: 1, troops: 1 } } : {}),
    });
    s = withPlayer(s, 2, { suzerain: 0 });
    if (chain) s = withPlayer(s, 1, { suzerain: 2 });
    return zeroed(s);
  };

  it('the P5a example: a vassal producing 5 stocks and 1 pure keeps 2 and 0; his suzerain receives 3 and 1', () => {
    const day2 = produceDay2(vassalBoard(false));
    // Seat 0: portal 2 + lake 1 + desert 1 + forest 2 + mountain 1 + mountain 1 + seat 2's portal 1 (no colour bonus, P2a) = 9, + 3 tribute.
    expect(yields(day2)).toEqual([
      { energy: 9 + 3, pure: 1 },
      { energy: 3, pure: 0 },
      { energy: 2, pure: 0 },
    ]);
    expect(day2.players.map((p) => p.suzerain)).toEqual([null, null, 0]);
  });

  it('tribute received is not production: it is not passed up the chain', () => {
    // Seat 1 is seat 2's vassal: seat 1 produces 1 (plain; black -2,0 nothing) and pays 1 to seat 2.
    // Seat 2 produces 6 (its 5 and seat 1's portal 1), pays 3 and 1 to seat 0, and keeps 3 + the 1 from seat 1.
    // With 3 players this chain is already seat 0's supremacy (W1), so the day would not reach its
    // Production: the Production phase is applied directly to the position.
    const day2 = produce(vassalBoard(true), () => undefined);
    expect(yields(day2)).toEqual([
      { energy: 9 + 3, pure: 1 },
      { energy: 0, pure: 0 },
      { energy: 3 + 1, pure: 0 },
    ]);
  });
});

describe('L7 new troops: 2 on the portal, +1 for the Heart\'s controller', () => {
  it('after the purchases, each free player puts 2 troops on his portal, 3 for the Heart\'s controller; an empty portal is taken back (L7a)', () => {
    const g = conquestStart();
    const s = withTroops(g.state, { '0,0': { owner: 2, troops: 1 }, '-3,-1': { owner: null, troops: 0 } });
    const day2 = revealAll(atReveal(s, 'purchase', {}));
    expect(phase(day2).day).toBe(2);
    expect(day2.territories['5,-3']).toMatchObject({ owner: 0, troops: 1 + 2 });
    expect(day2.territories['-3,-1']).toMatchObject({ owner: 1, troops: 2 });
    expect(day2.territories['0,4']).toMatchObject({ owner: 2, troops: 1 + 3 });
  });
});

describe('S4 liberation of a vassal when the new troops arrive', () => {
  const held = (connected: boolean) =>
    withPlayer(
      withTroops(conquestStart().state, {
        '0,4': { owner: 0, troops: 2 },
        ...(connected
          ? { '3,-1': { owner: 0, troops: 1 }, '2,0': { owner: 0, troops: 1 }, '2,1': { owner: 0, troops: 1 }, '1,2': { owner: 0, troops: 1 } }
          : {}),
      }),
      2,
      { suzerain: 0 },
    );

  it('cut off from his suzerain\'s portal, the vassal takes his portal back with his new troops (the suzerain\'s troops there are lost) and is free', () => {
    const day2 = revealAll(atReveal(held(false), 'purchase', {}));
    expect(day2.territories['0,4']).toMatchObject({ owner: 2, troops: 2 });
    expect(day2.players[2]!.suzerain).toBeNull();
    expect(phase(day2).day).toBe(2);
  });

  it('connected, he stays a vassal and places his new troops on a territory of his connected to the portals; elsewhere is refused', () => {
    const s = revealAll(atReveal(held(true), 'purchase', {}));
    expect(stageOf(s)).toMatchObject({ kind: 'vassalTroops', seat: 2, troops: 2 });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 2 });
    expect(legalActions(s, 2)).toEqual([{ kind: 'placeTroops', seat: 2, at: H(0, 3) }]);
    expect(refusal(s, { kind: 'placeTroops', seat: 2, at: H(0, 4) })).toEqual({ code: 'NotConnected', rule: 'S4' });
    expect(refusal(s, { kind: 'placeTroops', seat: 2, at: H(1, 2) })).toEqual({ code: 'NotConnected', rule: 'S4' });
    const placed = must(s, { kind: 'placeTroops', seat: 2, at: H(0, 3) });
    expect(placed.territories['0,3']).toMatchObject({ owner: 2, troops: 4 });
    expect(placed.players[2]!.suzerain).toBe(0);
    expect(phase(placed).day).toBe(2);
  });
});
