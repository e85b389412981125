import { describe, expect, it } from 'vitest';
import {
  type GameState,
  type Option,
  awaiting,
  legalOptions,
} from '../../engine/index.js';
import { expandOption, optionSize } from '../../engine/core/options.js';
import { passiveAction } from '../../engine/game/play.js';
import { addUnit, openExercise } from '../../engine/conquest/battle.js';
import { must, refusal } from '../support/fixtures.js';
import {
  E,
  H,
  NE,
  NW,
  SE,
  SW,
  T,
  W,
  atChoose,
  atStage,
  buildArmies,
  conquestStart,
  front,
  handOf,
  handOpenings,
  keepAll,
  passiveThrough,
  readyAll,
  stageOf,
  withPlayer,
  withTroops,
} from '../support/conquest.js';

/**
 * Every decision 004 gives a player is his (issue 8): the engine offers it as an option with its
 * bounds, checks it, and has a passive default for an absent seat (T5).
 */

const only = (options: readonly Option[], kind: Option['kind']): Option => {
  const found = options.filter((o) => o.kind === kind);
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('B11: which frontiers pay the troops a territory cannot (the losing player chooses)', () => {
  /**
   * A frontier combat: seat 0 (7 at 2,-1's W frontier, an immortal: 13) against seat 1 (1 at 1,-1's E
   * frontier; 2 on 1,-1; 2 at its SW and 2 at its NW frontiers). Seat 1 loses floor(12/3) + 1 = 5 with
   * 1 involved: missing m = 3 (floor(9/3) + 1 = 4 <= 1 + 3). The territory pays 2, then 1 from SW or NW.
   */
  const losing = () => {
    const g = conquestStart();
    let s = withTroops(g.state, {
      '2,-1': { owner: 0, troops: 1, frontier: front(W, 7) },
      '1,-1': { owner: 1, troops: 2, frontier: front(E, 1, { [SW]: 2, [NW]: 2 }) },
    });
    s = handOf(s, 0, g.vaults[0]!, ['elves.immortal']);
    s = readyAll(must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: { kind: 'frontier', at: H(2, -1), dir: W } }));
    return buildArmies(s, g.vaults, { 0: ['elves.immortal'] });
  };

  it('is offered as one option: 1 troop from the SW or the NW frontier; a wrong total or stack is refused', () => {
    const s = losing();
    expect(stageOf(s)).toMatchObject({ kind: 'losses', pending: [{ seat: 1, at: '1,-1', count: 1, skip: E }] });
    expect(s.territories['1,-1']).toMatchObject({ troops: 0, frontier: front(SW, 2, { [NW]: 2 }) });
    const option = only(legalOptions(s, 1), 'take');
    expect(option).toMatchObject({ min: 1, max: 1, stacks: [{ dir: SW, count: 2 }, { dir: NW, count: 2 }] });
    expect(expandOption(option)).toEqual([
      { kind: 'allocateLosses', seat: 1, at: H(1, -1), take: [{ dir: NW, count: 1 }] },
      { kind: 'allocateLosses', seat: 1, at: H(1, -1), take: [{ dir: SW, count: 1 }] },
    ]);
    expect(refusal(s, { kind: 'allocateLosses', seat: 1, at: H(1, -1), take: [{ dir: NW, count: 3 }] })).toEqual({ code: 'NotEnoughTroops', rule: 'B11' });
    expect(refusal(s, { kind: 'allocateLosses', seat: 1, at: H(1, -1), take: [{ dir: NW, count: 2 }] })).toEqual({ code: 'IllegalChoice', rule: 'B11' });
    expect(refusal(s, { kind: 'allocateLosses', seat: 1, at: H(1, -1), take: [{ dir: E, count: 1 }] })).toEqual({ code: 'BadFrontier', rule: 'B11' });
    expect(refusal(s, { kind: 'allocateLosses', seat: 1, at: H(1, -1), take: [] })).toEqual({ code: 'IllegalChoice', rule: 'B11' });
    expect(refusal(s, { kind: 'allocateLosses', seat: 1, at: H(2, -1), take: [{ dir: NW, count: 1 }] })).toEqual({ code: 'IllegalChoice', rule: 'B11' });
    const chosen = must(s, { kind: 'allocateLosses', seat: 1, at: H(1, -1), take: [{ dir: NW, count: 1 }] });
    expect(chosen.territories['1,-1']!.frontier).toEqual(front(SW, 2, { [NW]: 1 }));
  });

  it('passive default: the frontiers in direction order (east, then clockwise)', () => {
    const s = losing();
    expect(passiveAction(s)).toEqual({ kind: 'allocateLosses', seat: 1, at: H(1, -1), take: [{ dir: SW, count: 1 }] });
    expect(must(s, { kind: 'absent', seat: 1 }).territories['1,-1']!.frontier).toEqual(front(SW, 1, { [NW]: 2 }));
  });

  it('B12a: the emptied territory is then refilled with as many troops as its owner likes, from the frontiers he chooses', () => {
    const s = must(losing(), { kind: 'allocateLosses', seat: 1, at: H(1, -1), take: [{ dir: NW, count: 1 }] });
    expect(stageOf(s)).toMatchObject({ kind: 'refill', pending: [{ seat: 1, at: '1,-1' }] });
    const option = only(legalOptions(s, 1), 'take');
    expect(option).toMatchObject({ min: 1, max: 3, stacks: [{ dir: SW, count: 2 }, { dir: NW, count: 1 }] });
    // Every vector of at most 2 from SW and 1 from NW, at least 1 in all: 3 x 2 - 1.
    expect(optionSize(option)).toBe(5);
    expect(expandOption(option)).toHaveLength(5);
    expect(refusal(s, { kind: 'refill', seat: 1, at: H(1, -1), take: [] })).toEqual({ code: 'IllegalChoice', rule: 'B12a' });
    expect(refusal(s, { kind: 'refill', seat: 1, at: H(1, -1), take: [{ dir: NW, count: 1 }, { dir: SW, count: 1 }] })).toEqual({ code: 'IllegalChoice', rule: 'B12a' });
    const all = must(s, { kind: 'refill', seat: 1, at: H(1, -1), take: [{ dir: SW, count: 2 }, { dir: NW, count: 1 }] });
    expect(all.territories['1,-1']).toMatchObject({ owner: 1, troops: 3, frontier: [0, 0, 0, 0, 0, 0] });
    expect(stageOf(all).kind).toBe('returnUnits');
  });

  it('B12a passive default: 1 troop from the frontier holding the most (the first in direction order on a tie)', () => {
    const s = must(losing(), { kind: 'allocateLosses', seat: 1, at: H(1, -1), take: [{ dir: NW, count: 1 }] });
    expect(passiveAction(s)).toEqual({ kind: 'refill', seat: 1, at: H(1, -1), take: [{ dir: SW, count: 1 }] });
    const after = must(s, { kind: 'absent', seat: 1 });
    expect(after.territories['1,-1']).toMatchObject({ troops: 1, frontier: front(SW, 1, { [NW]: 1 }) });
  });
});

describe('B8: a player facing two equally strong opposing camps chooses which one he counts', () => {
  /**
   * Seat 2 defends 1,0 with 9; seat 1 attacks it from 1,1 (4) and 0,1 (5): strength 9, two fighters
   * (S2d); seat 0 attacks from 2,0 with 5. For seat 0 both opposing camps hold a 9: counting seat 2's
   * camp costs floor(4/3) = 1, seat 1's camp 2 x 1 = 2; plus 3 stronger opponents.
   */
  const tied = () => {
    const g = conquestStart();
    let s = withTroops(g.state, {
      '1,0': { owner: 2, troops: 9 },
      '2,0': { owner: 0, troops: 1, frontier: front(W, 5) },
      '1,1': { owner: 1, troops: 1, frontier: front(NW, 4) },
      '0,1': { owner: 1, troops: 1, frontier: front(NE, 5) },
    });
    s = readyAll(must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: T(1, 0) }));
    return buildArmies(passiveThrough(s, ['discards']), g.vaults);
  };

  it('is asked of the seat whose losses differ, with the tied camps in canonical order', () => {
    const s = tied();
    expect(stageOf(s)).toMatchObject({ kind: 'opposing', waiting: [0] });
    expect(legalOptions(s, 0).map((o) => (o.kind === 'one' ? o.action : null))).toEqual([
      { kind: 'chooseOpposing', seat: 0, camp: 'defender' },
      { kind: 'chooseOpposing', seat: 0, camp: 1 },
    ]);
    expect(refusal(s, { kind: 'chooseOpposing', seat: 0, camp: 0 })).toEqual({ code: 'BadCamp', rule: 'B8' });
    // Counting the defender's camp: 1 + 3 = 4 lost of 5; counting seat 1's: 2 + 3 = 5.
    expect(must(s, { kind: 'chooseOpposing', seat: 0, camp: 'defender' }).territories['2,0']!.frontier).toEqual(front(W, 1));
    expect(must(s, { kind: 'chooseOpposing', seat: 0, camp: 1 }).territories['2,0']!.frontier).toEqual(front(W, 0));
  });

  it('passive default: the first of the tied camps in canonical order', () => {
    const s = tied();
    expect(passiveAction(s)).toEqual({ kind: 'chooseOpposing', seat: 0, camp: 'defender' });
    expect(must(s, { kind: 'absent', seat: 0 }).territories['2,0']!.frontier).toEqual(front(W, 1));
  });
});

describe('S2a: a player on several frontiers discards any cards of his hand', () => {
  const twoFronts = () => {
    const g = conquestStart();
    let s = withTroops(g.state, {
      '2,0': { owner: 1, troops: 3 },
      '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) },
      '2,-1': { owner: 0, troops: 1, frontier: front(SE, 2) },
    });
    s = handOf(s, 0, g.vaults[0]!, ['crystal1', 'terrain', 'elves.basic']);
    return { g, s: readyAll(must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: T(2, 0) })) };
  };

  it('any subset of his hand, none included, then he replenishes; once per extra frontier', () => {
    const { g, s } = twoFronts();
    expect(stageOf(s)).toMatchObject({ kind: 'discards', turn: 0 });
    const option = only(legalOptions(s, 0, g.vaults[0]), 'discard');
    expect(optionSize(option)).toBe(8);
    const picked = handOpenings(s, 0, g.vaults[0]!).filter((o) => o.value === 'crystal1' || o.value === 'elves.basic');
    const discarded = must(s, { kind: 'discardExtra', seat: 0, cards: picked });
    expect(discarded.players[0]!.cards.discard).toMatchObject({ crystal1: 1, 'elves.basic': 1 });
    expect(awaiting(discarded)).toEqual({ kind: 'random' }); // he draws back to 5
    const drawn = must(discarded, { kind: 'random', value: 'ab'.repeat(32) });
    expect(drawn.players[0]!.cards.hand).toHaveLength(5);
    expect(stageOf(drawn).kind).toBe('armies');
    expect(refusal(drawn, { kind: 'discardExtra', seat: 0, cards: [] }).code).toBe('WrongStep');
  });

  it('passive default: he discards nothing', () => {
    const { s } = twoFronts();
    expect(passiveAction(s)).toEqual({ kind: 'discardExtra', seat: 0, cards: [] });
    const after = must(s, { kind: 'absent', seat: 0 });
    expect(after.players[0]!.cards.hand).toEqual(s.players[0]!.cards.hand);
    expect(stageOf(after).kind).toBe('armies');
  });
});

describe('B15 and E15: returning units, and how much to set aside when accounting', () => {
  /** Seat 0 ends an exercise with a basic unit and a warrior, energy 10, 1 set aside, a hand worth 5 in crystals. */
  const ended = () => {
    const g = conquestStart();
    let battle = openExercise(0, '4,-2', E);
    for (const card of ['elves.basic', 'elves.warrior'] as const) battle = addUnit(battle, 0, card).battle;
    let s: GameState = withPlayer(g.state, 0, { energy: 10, setAside: 1 });
    s = handOf(s, 0, g.vaults[0]!, ['crystal2', 'crystal3', 'elves.basic']);
    return { g, s: atStage(s, { kind: 'returnUnits', waiting: [0], battle, then: { kind: 'exercise', turn: 1, left: 2 } }) };
  };

  it('any subset of his units goes back to the World (the rest to the discard pile); passive: none', () => {
    const { s } = ended();
    const option = only(legalOptions(s, 0), 'return');
    expect(option).toMatchObject({ units: [0, 1] });
    expect(expandOption(option)).toHaveLength(4);
    expect(passiveAction(s)).toEqual({ kind: 'returnUnits', seat: 0, units: [] });
    const passive = must(s, { kind: 'absent', seat: 0 });
    expect(passive.players[0]!.cards.discard).toMatchObject({ 'elves.basic': 1, 'elves.warrior': 1 });
  });

  it('accounting sets aside any total from what is set aside already up to the hand\'s value, within the stocks owned; passive: keep', () => {
    const { g, s: returning } = ended();
    const s = must(returning, { kind: 'returnUnits', seat: 0, units: [] });
    const option = only(legalOptions(s, 0, g.vaults[0]), 'account');
    expect(option).toMatchObject({ min: 1, max: 5 });
    expect(expandOption(option).map((a) => (a.kind === 'accountHand' ? a.setAside : -1))).toEqual([1, 2, 3, 4, 5]);
    const cards = handOpenings(s, 0, g.vaults[0]!);
    expect(refusal(s, { kind: 'accountHand', seat: 0, cards, setAside: 6 })).toEqual({ code: 'IllegalChoice', rule: 'E15a' });
    expect(refusal(s, { kind: 'accountHand', seat: 0, cards, setAside: 0 })).toEqual({ code: 'IllegalChoice', rule: 'E15a' });
    expect(must(s, { kind: 'accountHand', seat: 0, cards, setAside: 3 }).players[0]).toMatchObject({ setAside: 3, energy: 8 });
    expect(passiveAction(s)).toEqual({ kind: 'keepHand', seat: 0 });
    expect(must(s, { kind: 'absent', seat: 0 }).players[0]).toMatchObject({ setAside: 1, energy: 10 });
    // Without the vault the hand's value is unknown: only keeping is offered.
    expect(legalOptions(s, 0).map((o) => o.kind)).toEqual(['one']);
  });
});

describe('L9: a suzerain\'s request: he chooses where his troops come from and how many, the vassal where his go', () => {
  /** Seat 0 holds seat 2's portal (0,4): seat 2 is his vassal, on 0,3 (3 troops, 1 at its W frontier) and 0,2. */
  const requests = () => {
    const g = conquestStart();
    const s = withTroops(g.state, {
      '0,4': { owner: 0, troops: 2 },
      '0,3': { owner: 2, troops: 3 },
      '0,2': { owner: 2, troops: 1 },
      '1,2': { owner: 0, troops: 4 },
      '1,1': { owner: 2, troops: 5 },
    });
    return atStage(withPlayer(s, 2, { suzerain: 0 }), { kind: 'requests', turn: 0, left: 3 });
  };

  it('the request names the territory, the source and the count (1 to all but one); the vassal then chooses among his connected territories', () => {
    let s = requests();
    expect(s.players[2]!.suzerain).toBe(0);
    const mine = legalOptions(s, 0).filter((o) => o.kind === 'count' && o.action.kind === 'request' && o.action.at.q === 0 && o.action.at.r === 3);
    expect(mine.map((o) => (o.kind === 'count' ? [o.action.kind === 'request' ? o.action.from : null, o.max] : null))).toEqual([
      [H(0, 4), 1],
      [H(1, 2), 3],
    ]);
    expect(refusal(s, { kind: 'request', seat: 0, vassal: 2, at: H(0, 3), from: H(1, 2), count: 4 })).toEqual({ code: 'NotEnoughTroops', rule: 'L9' });
    expect(refusal(s, { kind: 'request', seat: 0, vassal: 1, at: H(0, 3), from: H(1, 2), count: 1 })).toEqual({ code: 'IllegalChoice', rule: 'L9' });
    s = must(s, { kind: 'request', seat: 0, vassal: 2, at: H(0, 3), from: H(1, 2), count: 2 });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 2 });
    expect(legalOptions(s, 2).map((o) => (o.kind === 'one' ? o.action : null))).toEqual([
      { kind: 'vacate', seat: 2, to: H(0, 2) },
      { kind: 'vacate', seat: 2, to: H(1, 1) },
    ]);
    expect(refusal(s, { kind: 'vacate', seat: 2, to: H(0, 4) })).toEqual({ code: 'NotConnected', rule: 'L9' });
    s = must(s, { kind: 'vacate', seat: 2, to: H(0, 2) });
    expect(s.territories['0,3']).toMatchObject({ owner: 0, troops: 2 });
    expect(s.territories['0,2']!.troops).toBe(4);
    expect(s.territories['1,2']!.troops).toBe(2);
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 0 }); // he may make another request
  });

  it('passive defaults: the suzerain makes none; the vassal\'s troops go to his connected territory holding the most', () => {
    const s = requests();
    expect(passiveAction(s)).toEqual({ kind: 'done', seat: 0 });
    const asked = must(s, { kind: 'request', seat: 0, vassal: 2, at: H(0, 3), from: H(1, 2), count: 1 });
    expect(passiveAction(asked)).toEqual({ kind: 'vacate', seat: 2, to: H(1, 1) });
    expect(must(asked, { kind: 'absent', seat: 2 }).territories['1,1']!.troops).toBe(8);
  });
});

describe('every returned choice is offered whole: its expansion applies', () => {
  it('after a combat with losses to allocate and a territory to refill, every option\'s actions apply', () => {
    const g = conquestStart();
    let s = withTroops(g.state, {
      '2,-1': { owner: 0, troops: 1, frontier: front(W, 7) },
      '1,-1': { owner: 1, troops: 2, frontier: front(E, 1, { [SW]: 2, [NW]: 2 }) },
    });
    s = handOf(s, 0, g.vaults[0]!, ['elves.immortal']);
    s = buildArmies(readyAll(must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: { kind: 'frontier', at: H(1, -1), dir: E } })), g.vaults, { 0: ['elves.immortal'] });
    for (let k = 0; k < 4 && ['losses', 'refill'].includes(stageOf(s).kind); k++) {
      const who = awaiting(s);
      if (who.kind !== 'seat') break;
      const actions = legalOptions(s, who.seat, g.vaults[who.seat]).flatMap(expandOption);
      for (const a of actions) must(s, a);
      s = must(s, actions[actions.length - 1]!);
    }
    expect(keepAll(s).territories['1,-1']!.owner).toBe(1);
    expect(SE).toBe(1);
  });
});
