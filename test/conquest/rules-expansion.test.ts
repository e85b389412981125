import { describe, expect, it } from 'vitest';
import {
  type GameState,
  awaiting,
  legalActions,
} from '../../engine/index.js';
import { localRandom } from '../../engine/local/index.js';
import { determineCombats } from '../../engine/conquest/expansion.js';
import { must, refusal } from '../support/fixtures.js';
import {
  E,
  H,
  NW,
  SE,
  SW,
  W,
  allLegalApply,
  atChoose,
  atReveal,
  atStage,
  battleOf,
  buildArmies,
  F,
  T,
  commitOf,
  conquestStart,
  fRef,
  tRef,
  front,
  handOf,
  handOpenings,
  keepAll,
  noFeint,
  phase,
  readyAll,
  revealAll,
  revealOf,
  stageOf,
  withPlayer,
  withTroops,
} from '../support/conquest.js';

const start = () => conquestStart().state;

/** Seat 2 is seat 0's vassal (seat 0 holds 0,4) and holds 3,-1, between seat 0's 4,-2 and 2,0. */
const withVassalBridge = (s: GameState): GameState => withPlayer(withTroops(s, { '0,4': { owner: 0, troops: 1 }, '3,-1': { owner: 2, troops: 1 } }), 2, { suzerain: 0 });

describe('E1-E2 moves between connected territories, "done" in turn order', () => {
  /** Seat 0: 4,-2 with 4 troops and 2 at its SW frontier (facing the wild 3,-1); 5,-2; the portal; and 2,0 cut off. */
  const board = () =>
    withTroops(start(), {
      '4,-2': { owner: 0, troops: 4, frontier: front(SW, 2) },
      '5,-2': { owner: 0, troops: 1 },
      '2,0': { owner: 0, troops: 2 },
    });

  it('moves troops to a connected territory, at least 1 staying; frontier troops untouched', () => {
    const s = must(board(), { kind: 'moveTroops', seat: 0, from: H(4, -2), to: H(5, -2), count: 3 });
    expect(s.territories['4,-2']).toMatchObject({ troops: 1, frontier: front(SW, 2) });
    expect(s.territories['5,-2']!.troops).toBe(4);
    expect(stageOf(s)).toEqual({ kind: 'moves', turn: 0, left: 3 }); // as many moves as he likes
    // Every listed move applies: 1 to 3 troops from 4,-2 to 5,-2 or to the portal; 2,0 reaches nothing.
    expect(allLegalApply(board(), 0).filter((a) => a.kind === 'moveTroops')).toHaveLength(3 * 2);
  });

  it('refuses too many troops, an unconnected or foreign territory', () => {
    const s = board();
    expect(refusal(s, { kind: 'moveTroops', seat: 0, from: H(4, -2), to: H(5, -2), count: 4 })).toEqual({ code: 'NotEnoughTroops', rule: 'E1' });
    expect(refusal(s, { kind: 'moveTroops', seat: 0, from: H(4, -2), to: H(2, 0), count: 1 })).toEqual({ code: 'NotConnected', rule: 'E1' });
    expect(refusal(s, { kind: 'moveTroops', seat: 0, from: H(4, -2), to: H(4, -2), count: 1 })).toEqual({ code: 'NotConnected', rule: 'E1' });
    expect(refusal(s, { kind: 'moveTroops', seat: 0, from: H(-2, -1), to: H(4, -2), count: 1 })).toEqual({ code: 'NotYourTerritory', rule: 'E1' });
    expect(refusal(s, { kind: 'moveTroops', seat: 0, from: H(4, -2), to: H(3, -1), count: 1 })).toEqual({ code: 'NotYourTerritory', rule: 'E1' });
  });

  it('E1a: a move may cross the territories of one\'s vassal group, and must end on one\'s own', () => {
    const s = withVassalBridge(board());
    const moved = must(s, { kind: 'moveTroops', seat: 0, from: H(4, -2), to: H(2, 0), count: 2 });
    expect(moved.territories['2,0']!.troops).toBe(4);
    expect(refusal(s, { kind: 'moveTroops', seat: 0, from: H(4, -2), to: H(3, -1), count: 1 })).toEqual({ code: 'NotYourTerritory', rule: 'E1' });
  });

  it('E2: each player declares "done" in turn order from the first player; then spreading begins with the first player', () => {
    let s = board();
    s = must(s, { kind: 'done', seat: 0 });
    expect(stageOf(s)).toEqual({ kind: 'moves', turn: 1, left: 2 });
    expect(refusal(s, { kind: 'moveTroops', seat: 0, from: H(4, -2), to: H(5, -2), count: 1 })).toEqual({ code: 'NotYourTurn', rule: 'A2' });
    s = must(must(s, { kind: 'done', seat: 1 }), { kind: 'done', seat: 2 });
    expect(stageOf(s)).toEqual({ kind: 'spread', turn: 0, left: 3 });
    // From another first player: seat 2, then 0, then 1.
    let t = atStage(board(), { kind: 'moves', turn: 2, left: 3 }, { first: 2 });
    t = must(t, { kind: 'done', seat: 2 });
    expect(awaiting(t)).toEqual({ kind: 'seat', seat: 0 });
  });
});

describe('E3-E4 spreading troops to frontiers', () => {
  const board = () => atStage(withTroops(start(), { '4,-2': { owner: 0, troops: 4 }, '5,-2': { owner: 0, troops: 1 } }), { kind: 'spread', turn: 0, left: 3 });

  it('sends troops to a frontier facing a territory he does not control, and spreads them again; at least 1 stays', () => {
    let s = must(board(), { kind: 'spread', seat: 0, at: H(4, -2), dir: SW, count: 3 });
    expect(s.territories['4,-2']).toMatchObject({ troops: 1, frontier: front(SW, 3) });
    s = must(s, { kind: 'spread', seat: 0, at: H(4, -2), dir: SW, count: 1 });
    expect(s.territories['4,-2']).toMatchObject({ troops: 3, frontier: front(SW, 1) });
    expect(refusal(s, { kind: 'spread', seat: 0, at: H(4, -2), dir: SW, count: 4 })).toEqual({ code: 'NotEnoughTroops', rule: 'E3' });
  });

  it('refuses a frontier facing his own group or off the map, and a tile he does not control', () => {
    const s = board();
    expect(refusal(s, { kind: 'spread', seat: 0, at: H(4, -2), dir: E, count: 1 })).toEqual({ code: 'BadFrontier', rule: 'E3' }); // 5,-2 is his
    expect(refusal(s, { kind: 'spread', seat: 0, at: H(4, -2), dir: SE, count: 1 })).toEqual({ code: 'BadFrontier', rule: 'E3' }); // off the map
    expect(refusal(withVassalBridge(s), { kind: 'spread', seat: 0, at: H(4, -2), dir: SW, count: 1 })).toEqual({ code: 'BadFrontier', rule: 'E3' }); // his vassal's
    expect(refusal(s, { kind: 'spread', seat: 0, at: H(3, -1), dir: W, count: 1 })).toEqual({ code: 'NotYourTerritory', rule: 'E3' });
    expect(refusal(s, { kind: 'spread', seat: 0, at: H(4, -2), dir: SW, count: 4 })).toEqual({ code: 'NotEnoughTroops', rule: 'E3' });
  });

  it('every listed spread applies; "done" in turn order, then the feints', () => {
    const legal = allLegalApply(board(), 0);
    // 4,-2 can send 1..3 to its SW frontier (the only open one); 5,-2 has no troop to spare.
    expect(legal.filter((a) => a.kind === 'spread').map((a) => (a.kind === 'spread' ? `${a.at.q},${a.at.r}/${a.dir}=${a.count}` : ''))).toEqual(['4,-2/2=1', '4,-2/2=2', '4,-2/2=3']);
    let s = must(board(), { kind: 'done', seat: 0 });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 1 });
    s = must(must(s, { kind: 'done', seat: 1 }), { kind: 'done', seat: 2 });
    expect(stageOf(s)).toMatchObject({ kind: 'secretCommit', round: { purpose: 'feint' }, turn: 0 });
  });
});

describe('E5 feints: committed in secret, revealed, carried out together', () => {
  /** Seat 0 has 3 troops at 4,-2's SW frontier; seat 1 has 2 at -2,-1's SE frontier (both facing wild tiles). */
  const board = () =>
    atStage(
      withTroops(start(), {
        '4,-2': { owner: 0, troops: 1, frontier: front(SW, 3) },
        '-2,-1': { owner: 1, troops: 1, frontier: front(SE, 2) },
      }),
      { kind: 'secretCommit', round: { purpose: 'feint', commits: {}, sealed: {}, reveals: {} }, turn: 0 },
    );
  const feint0 = { purpose: 'feint', feints: [{ at: H(4, -2), dir: SW, count: 2 }] } as const;
  const tooMany = { purpose: 'feint', feints: [{ at: H(-2, -1), dir: SE, count: 5 }] } as const;

  it('a reveal must match its commitment and be legal; the feints apply only once all have revealed', () => {
    let s = board();
    s = must(s, commitOf(s, 0, feint0));
    expect(refusal(s, revealOf(0, feint0))).toEqual({ code: 'NotYourTurn', rule: 'A2' }); // seat 1 commits next
    s = must(s, commitOf(s, 1, tooMany));
    s = must(s, commitOf(s, 2, noFeint));
    expect(stageOf(s)).toMatchObject({ kind: 'secretReveal', turn: 0 });
    // Seat 0 reveals something else: refused.
    expect(refusal(s, revealOf(0, noFeint))).toEqual({ code: 'SecretMismatch', rule: 'T2' });
    expect(refusal(s, revealOf(0, feint0, 'f'.repeat(32)))).toEqual({ code: 'SecretMismatch', rule: 'T2' });
    s = must(s, revealOf(0, feint0));
    expect(s.territories['4,-2']).toMatchObject({ troops: 1, frontier: front(SW, 3) }); // not yet
    // Seat 1 committed an illegal feint: its reveal is refused with the feint's error.
    expect(refusal(s, revealOf(1, tooMany))).toEqual({ code: 'NotEnoughTroops', rule: 'E5' });
    s = must(s, { kind: 'absent', seat: 1 }); // the table reveals no feint for him
    s = must(s, revealOf(2, noFeint));
    expect(s.territories['4,-2']).toMatchObject({ troops: 3, frontier: front(SW, 1) });
    expect(s.territories['-2,-1']).toMatchObject({ troops: 1, frontier: front(SE, 2) });
    expect(phase(s).combats).toEqual([tRef('-2,0'), tRef('3,-1')]);
  });

  it('a feint calls back only one\'s own frontier troops, each frontier once', () => {
    const other = { purpose: 'feint', feints: [{ at: H(-2, -1), dir: SE, count: 1 }] } as const;
    expect(refusal(atReveal(board(), 'feint', { 0: other }), revealOf(0, other))).toEqual({ code: 'NotYourTerritory', rule: 'E5' });
    const twice = { purpose: 'feint', feints: [feint0.feints[0], { at: H(4, -2), dir: SW, count: 1 }] } as const;
    expect(refusal(atReveal(board(), 'feint', { 0: twice }), revealOf(0, twice))).toEqual({ code: 'IllegalChoice', rule: 'E5' });
  });
});

describe('E6 an empty territory faced by a single player is taken without a fight', () => {
  it('after the feints, the single player facing an uncontrolled empty territory moves all those troops onto it', () => {
    const s = withTroops(start(), {
      '3,-1': { owner: null }, // uncontrolled and empty
      '4,-2': { owner: 0, troops: 1, frontier: front(SW, 2) },
      '2,-1': { owner: 0, troops: 1, frontier: front(E, 1) },
    });
    const after = revealAll(atReveal(s, 'feint', {}));
    expect(after.territories['3,-1']).toMatchObject({ owner: 0, troops: 3 });
    expect(after.territories['4,-2']!.frontier).toEqual(front(SW, 0));
    expect(after.territories['2,-1']!.frontier).toEqual(front(E, 0));
    expect(phase(after).combats).toEqual([]);
  });

  it('faced by two players, it stays empty and a territory combat is listed', () => {
    const s = withTroops(start(), {
      '1,0': { owner: null },
      '2,0': { owner: 0, troops: 1, frontier: front(W, 2) },
      '1,1': { owner: 1, troops: 1, frontier: front(NW, 2) },
    });
    const after = revealAll(atReveal(s, 'feint', {}));
    expect(after.territories['1,0']).toMatchObject({ owner: null, troops: 0 });
    expect(phase(after).combats).toEqual([tRef('1,0')]);
  });
});

/**
 * A frontier combat between seat 0 (2,-1, 2 troops facing 1,-1) and seat 1 (1,-1, 1 troop facing 2,-1);
 * a territory combat at 2,0 (seat 2's, attacked by seat 0 from 3,-1, undefended); a wild one at -2,0 (seat 1 from -2,-1).
 */
const combatsBoard = () =>
  withTroops(start(), {
    '2,-1': { owner: 0, troops: 1, frontier: front(W, 2) },
    '1,-1': { owner: 1, troops: 1, frontier: front(E, 1) },
    '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) },
    '2,0': { owner: 2, troops: 3 },
    '-2,-1': { owner: 1, troops: 1, frontier: front(SE, 1) },
  });

describe('E7 the combats to resolve', () => {
  it('a frontier combat (named by its side with the smaller key) where both sides hold troops, a territory combat at each attacked, undefended territory', () => {
    const after = revealAll(atReveal(combatsBoard(), 'feint', {}));
    expect(phase(after).combats).toEqual([fRef('1,-1', E), tRef('-2,0'), tRef('2,0')]);
    expect(determineCombats(combatsBoard())).toEqual(phase(after).combats);
    // A defended frontier is no territory combat: 1,-1 and 2,-1 face each other.
    expect(phase(after).combats).not.toContainEqual(tRef('1,-1'));
    expect(phase(after).combats).not.toContainEqual(tRef('2,-1'));
  });
});

describe('E9 choosing combats in turn order', () => {
  it('the first player chooses a combat involving his troops; one not involving him is refused', () => {
    const s = revealAll(atReveal(combatsBoard(), 'feint', {}));
    expect(stageOf(s)).toEqual({ kind: 'choose', turn: 0 });
    expect(allLegalApply(s, 0)).toEqual([
      { kind: 'chooseCombat', seat: 0, combat: F(1, -1, E) },
      { kind: 'chooseCombat', seat: 0, combat: T(2, 0) },
    ]);
    expect(refusal(s, { kind: 'chooseCombat', seat: 0, combat: T(-2, 0) })).toEqual({ code: 'UnknownCombat', rule: 'E9' });
    expect(refusal(s, { kind: 'chooseCombat', seat: 0, combat: T(9, 9) })).toEqual({ code: 'UnknownCombat', rule: 'E9' });
    expect(refusal(s, { kind: 'done', seat: 0 })).toEqual({ code: 'WrongStep', rule: 'E9' });
    // The same frontier combat named from its other side is the same combat.
    expect(stageOf(must(s, { kind: 'chooseCombat', seat: 0, combat: F(2, -1, W) }))).toMatchObject({ kind: 'camps', battle: { combat: fRef('1,-1', E) } });
    const chosen = must(s, { kind: 'chooseCombat', seat: 0, combat: T(2, 0) });
    expect(battleOf(chosen)).toMatchObject({ combat: tRef('2,0'), chooser: 0, defender: 2, camps: { 0: 0, 2: 'defender' } });
  });

  it('a player with no unresolved combat is skipped; the choice goes round', () => {
    // Seat 2 holds the first-player token but nothing of his is involved (2,0 is wild here).
    const s = withTroops(combatsBoard(), { '2,0': { wild: [2] } });
    const after = revealAll(atReveal(atStage(s, stageOf(s), { first: 2 }), 'feint', {}, 2));
    expect(stageOf(after)).toEqual({ kind: 'choose', turn: 0 });
    // Seat 0 resolves the wild 2,0 (2 troops against 2: he loses 1); then seat 1 chooses, then seat 0 again.
    let t = keepAll(buildArmies(readyAll(must(after, { kind: 'chooseCombat', seat: 0, combat: T(2, 0) })), []));
    expect(stageOf(t)).toEqual({ kind: 'choose', turn: 1 });
    t = keepAll(buildArmies(readyAll(must(t, { kind: 'chooseCombat', seat: 1, combat: T(-2, 0) })), []));
    expect(stageOf(t)).toEqual({ kind: 'choose', turn: 0 });
    expect(legalActions(t, 0)).toEqual([{ kind: 'chooseCombat', seat: 0, combat: F(1, -1, E) }]);
  });
});

describe('E10-E12 camps and negotiation', () => {
  /** Seat 2 defends 2,0 (3 troops); seat 0 attacks from 3,-1, seat 1 from 1,0, 2 troops each. Seat 0 chose. */
  const negotiation = () =>
    must(
      atChoose(
        withTroops(start(), {
          '2,0': { owner: 2, troops: 3 },
          '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) },
          '1,0': { owner: 1, troops: 1, frontier: front(E, 2) },
        }),
        0,
      ),
      { kind: 'chooseCombat', seat: 0, combat: T(2, 0) },
    );

  it('joining the defender\'s camp or going back to one\'s own is unilateral; another player\'s camp needs every member\'s consent', () => {
    let s = negotiation();
    expect(battleOf(s).camps).toEqual({ 0: 0, 1: 1, 2: 'defender' });
    expect(allLegalApply(s, 0).map((a) => (a.kind === 'joinCamp' ? a.camp : a.kind))).toEqual(['defender', 1, 'withdraw', 'withdraw', 'done']);
    expect(refusal(s, { kind: 'joinCamp', seat: 0, camp: 5 })).toEqual({ code: 'BadCamp', rule: 'E10' });
    expect(refusal(s, { kind: 'joinCamp', seat: 0, camp: 0 })).toEqual({ code: 'BadCamp', rule: 'E10' });
    expect(refusal(s, { kind: 'answer', seat: 0, accept: true }).code).toBe('WrongStep');
    s = must(s, { kind: 'joinCamp', seat: 0, camp: 'defender' });
    expect(battleOf(s).camps).toEqual({ 0: 'defender', 1: 1, 2: 'defender' });
    // E11b: no going back to an arrangement of the camps already reached.
    expect(refusal(s, { kind: 'joinCamp', seat: 0, camp: 0 })).toEqual({ code: 'ArrangementSeen', rule: 'E11b' });
    // A proposal waits for seat 1's answer; a refusal changes nothing, and the proposal cannot be made again.
    s = must(s, { kind: 'joinCamp', seat: 0, camp: 1 });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 1 });
    expect(refusal(s, { kind: 'done', seat: 1 })).toEqual({ code: 'WrongStep', rule: 'E11' });
    const refused = must(s, { kind: 'answer', seat: 1, accept: false });
    expect(battleOf(refused).camps[0]).toBe('defender');
    expect(awaiting(refused)).toEqual({ kind: 'seat', seat: 0 });
    expect(refusal(refused, { kind: 'joinCamp', seat: 0, camp: 1 })).toEqual({ code: 'ArrangementSeen', rule: 'E11b' });
    s = must(s, { kind: 'answer', seat: 1, accept: true });
    expect(battleOf(s).camps).toEqual({ 0: 1, 1: 1, 2: 'defender' });
    // Both other arrangements were reached already: no camp change is left to seat 0.
    expect(refusal(s, { kind: 'joinCamp', seat: 0, camp: 0 })).toEqual({ code: 'ArrangementSeen', rule: 'E11b' });
    expect(legalActions(s, 0).some((a) => a.kind === 'joinCamp')).toBe(false);
  });

  it('E11b: negotiation always ends, whatever the seats do: a seat changing camps at every turn runs out of new arrangements', () => {
    let s = negotiation();
    let changes = 0;
    for (let k = 0; k < 200 && stageOf(s).kind === 'camps'; k++) {
      const who = awaiting(s);
      if (who.kind !== 'seat') break;
      const join = legalActions(s, who.seat).find((a) => a.kind === 'joinCamp');
      if (join) changes++;
      s = must(s, join ?? { kind: 'done', seat: who.seat });
      while (stageOf(s).kind === 'proposal') s = must(s, { kind: 'answer', seat: (awaiting(s) as { seat: number }).seat, accept: true });
    }
    expect(['camps', 'proposal']).not.toContain(stageOf(s).kind);
    expect(changes).toBeGreaterThan(2);
  });

  it('withdrawing troops cancels the "ready"s; the defender may not change camp; all ready with two camps starts the armies', () => {
    let s = must(negotiation(), { kind: 'done', seat: 0 });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 1 });
    expect(refusal(s, { kind: 'withdraw', seat: 1, at: H(1, 0), dir: E, count: 3 })).toEqual({ code: 'NotEnoughTroops', rule: 'E10' });
    expect(refusal(s, { kind: 'withdraw', seat: 1, at: H(1, 0), dir: W, count: 1 })).toEqual({ code: 'NotInvolved', rule: 'E10' });
    s = must(s, { kind: 'withdraw', seat: 1, at: H(1, 0), dir: E, count: 1 });
    expect(s.territories['1,0']).toMatchObject({ troops: 2, frontier: front(E, 1) });
    expect(stageOf(s)).toMatchObject({ kind: 'camps', ready: [] });
    s = must(s, { kind: 'done', seat: 1 });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 2 });
    expect(refusal(s, { kind: 'joinCamp', seat: 2, camp: 0 })).toEqual({ code: 'BadCamp', rule: 'E10' });
    s = must(s, { kind: 'done', seat: 2 });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 0 }); // his "ready" was cancelled
    s = must(s, { kind: 'done', seat: 0 });
    expect(stageOf(s)).toMatchObject({ kind: 'armies', turn: 0 });
  });

  it('a combat left with fewer than two camps is dropped: nobody took part', () => {
    let s = must(negotiation(), { kind: 'joinCamp', seat: 0, camp: 'defender' });
    s = must(s, { kind: 'done', seat: 0 });
    s = must(s, { kind: 'withdraw', seat: 1, at: H(1, 0), dir: E, count: 2 });
    // Seat 1 is out; one camp is left. Once the others are ready again, the combat leaves the list (E12a).
    expect(battleOf(s).camps).toEqual({ 0: 'defender', 2: 'defender' });
    s = readyAll(s);
    expect('battle' in stageOf(s)).toBe(false);
    expect(phase(s).resolved).toEqual([tRef('2,0')]);
    expect(s.territories['2,0']).toMatchObject({ owner: 2, troops: 3 });
    expect(s.territories['3,-1']).toMatchObject({ troops: 1, frontier: front(SW, 2) });
    expect(s.territories['1,0']).toMatchObject({ troops: 3, frontier: front(E, 0) });
    expect(s.players.map((p) => p.fought)).toEqual([false, false, false]);
  });
});

describe('E16 military exercise for those who fought no combat', () => {
  it('a player who fought no combat may hold one on two adjacent territories he controls: no troop is lost, then he keeps or accounts for his hand', () => {
    const g = conquestStart();
    let s = handOf(atStage(g.state, { kind: 'exercise', turn: 0, left: 3 }), 0, g.vaults[0]!, ['elves.basic', 'crystal2']);
    expect(refusal(s, { kind: 'exercise', seat: 0, from: H(4, -2), to: H(3, -1) })).toEqual({ code: 'NotYourTerritory', rule: 'E16' });
    expect(refusal(s, { kind: 'exercise', seat: 0, from: H(4, -2), to: H(2, 0) })).toEqual({ code: 'NotYourTerritory', rule: 'E16' }); // not adjacent, not his
    s = must(s, { kind: 'exercise', seat: 0, from: H(4, -2), to: H(5, -2) });
    expect(stageOf(s)).toMatchObject({ kind: 'armies', battle: { combat: { kind: 'exercise', at: '4,-2' }, camps: { 0: 0 } } });
    s = buildArmies(s, g.vaults, { 0: ['elves.basic'] });
    expect(stageOf(s).kind).toBe('returnUnits');
    expect(s.territories).toEqual(g.state.territories);
    s = must(s, { kind: 'returnUnits', seat: 0, units: [] });
    s = must(s, { kind: 'accountHand', seat: 0, cards: handOpenings(s, 0, g.vaults[0]!), setAside: 2 });
    expect(s.players[0]!.setAside).toBe(2);
    s = must(s, { kind: 'random', value: localRandom('e16', 0) });
    expect(s.players[0]!.cards.hand).toHaveLength(5);
    expect(stageOf(s)).toEqual({ kind: 'exercise', turn: 1, left: 2 });
  });

  it('either of the two territories may be the one that attacks', () => {
    const g = conquestStart();
    const s = atStage(g.state, { kind: 'exercise', turn: 0, left: 3 });
    expect(battleOf(must(s, { kind: 'exercise', seat: 0, from: H(5, -2), to: H(4, -2) })).combat).toEqual({ kind: 'exercise', at: '4,-2', dir: E });
  });

  it('those who took part in a combat are skipped', () => {
    // One frontier combat between seats 0 and 1; seat 2 fought none.
    const s = withTroops(start(), {
      '2,-1': { owner: 0, troops: 1, frontier: front(W, 2) },
      '1,-1': { owner: 1, troops: 1, frontier: front(E, 2) },
      '-2,-1': { owner: 1, troops: 1 },
    });
    let t = revealAll(atReveal(s, 'feint', {}));
    t = keepAll(buildArmies(readyAll(must(t, { kind: 'chooseCombat', seat: 0, combat: F(1, -1, E) })), []));
    expect(t.players.map((p) => p.fought)).toEqual([true, true, false]);
    expect(stageOf(t)).toEqual({ kind: 'exercise', turn: 2, left: 1 });
    expect(legalActions(t, 2)).toEqual([
      { kind: 'exercise', seat: 2, from: H(0, 3), to: H(0, 4) },
      { kind: 'exercise', seat: 2, from: H(0, 4), to: H(0, 3) },
      { kind: 'done', seat: 2 },
    ]);
    expect(refusal(t, { kind: 'exercise', seat: 0, from: H(4, -2), to: H(5, -2) })).toEqual({ code: 'NotYourTurn', rule: 'A2' });
    t = must(t, { kind: 'done', seat: 2 });
    expect(stageOf(t)).toMatchObject({ kind: 'secretCommit', round: { purpose: 'purchase' } });
  });
});
