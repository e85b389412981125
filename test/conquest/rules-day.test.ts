import { describe, expect, it } from 'vitest';
import {
  type GameEvent,
  type GameState,
  awaiting,
  legalActions,
} from '../../engine/index.js';
import { checkSupremacy } from '../../engine/conquest/vassals.js';
import { must, refusal } from '../support/fixtures.js';
import {
  H,
  SE,
  T,
  SW,
  atChoose,
  atReveal,
  buildArmies,
  conquestStart,
  drive,
  front,
  nextDay,
  phase,
  readyAll,
  revealAll,
  stageOf,
  withPlayer,
  withTroops,
} from '../support/conquest.js';

/** A stage's name, with the purpose of a secret round. */
const stageName = (s: GameState): string => {
  const st = stageOf(s);
  return st.kind === 'secretCommit' || st.kind === 'secretReveal' ? `secret:${st.round.purpose}` : st.kind;
};

describe('D1-D3 the day: Production, Expansion, Logistics; the token passes', () => {
  it('a day goes moves, spreading, feints, combats and exercises, purchases, then the next day starts with production and the second player first', () => {
    const g = conquestStart();
    const start = g.state;
    expect(phase(start)).toMatchObject({ day: 1, first: 0, stage: { kind: 'moves', turn: 0, left: 3 } });
    const seen: string[] = [];
    const end = drive(start, g.vaults, (s) => {
      const name = stageName(s);
      if (seen[seen.length - 1] !== name) seen.push(name);
      return nextDay(1)(s);
    }).state;
    expect(seen).toEqual(['moves', 'spread', 'secret:feint', 'exercise', 'secret:purchase', 'moves']);
    // D3: the second player holds the token; the new day began with its Production (P1).
    expect(phase(end)).toMatchObject({ day: 2, first: 1, stage: { kind: 'moves', turn: 1, left: 3 } });
    expect(end.players.map((p) => p.energy)).toEqual([5 + 5, 3 + 3, 4 + 4]);
    // The token goes round: day 3 seat 2, day 4 seat 0.
    const day3 = drive(end, g.vaults, nextDay(2)).state;
    expect(phase(day3).first).toBe(2);
    expect(phase(drive(day3, g.vaults, nextDay(3)).state).first).toBe(0);
  });

  it('steps are done in turn order, one at a time: other seats and other steps are refused', () => {
    const s = conquestStart().state;
    expect(refusal(s, { kind: 'done', seat: 1 })).toEqual({ code: 'NotYourTurn', rule: 'A2' });
    expect(refusal(s, { kind: 'spread', seat: 0, at: H(4, -2), dir: 2, count: 1 })).toEqual({ code: 'WrongStep', rule: 'E2' });
    const spreading = must(must(must(s, { kind: 'done', seat: 0 }), { kind: 'done', seat: 1 }), { kind: 'done', seat: 2 });
    expect(stageOf(spreading)).toEqual({ kind: 'spread', turn: 0, left: 3 });
    expect(refusal(spreading, { kind: 'moveTroops', seat: 0, from: H(4, -2), to: H(5, -2), count: 1 })).toEqual({ code: 'WrongStep', rule: 'E4' });
    const feints = must(must(must(spreading, { kind: 'done', seat: 0 }), { kind: 'done', seat: 1 }), { kind: 'done', seat: 2 });
    expect(stageName(feints)).toBe('secret:feint');
    expect(refusal(feints, { kind: 'done', seat: 0 })).toEqual({ code: 'WrongStep', rule: 'E5' });
  });
});

/** Seat 0 holds the chain portal 5,-3 → 4,-2 → 3,-1 → 2,-1 → 1,-1 → Heart. */
function heartHolder(state: GameState, connected = true): GameState {
  return withTroops(state, {
    '3,-1': { owner: 0, troops: 1 },
    '2,-1': { owner: 0, troops: 1 },
    '1,-1': connected ? { owner: 0, troops: 1 } : { wild: [2] },
    '0,0': { owner: 0, troops: 2 },
  });
}

describe('W1 supremacy: every other player in one\'s vassal chain', () => {
  /** Seat 0 attacks seat 2's portal (0,4) from 0,3 with 4 troops; seat 1 is seat 2's vassal or free. */
  function portalAttack(seat1Vassal: boolean): GameState {
    let s = withTroops(conquestStart().state, {
      '0,3': { owner: 0, troops: 1, frontier: front(SE, 4) },
      '0,4': { owner: 2, troops: 1 },
      ...(seat1Vassal ? { '-3,-1': { owner: 2, troops: 1 } } : {}),
    });
    if (seat1Vassal) s = withPlayer(s, 1, { suzerain: 2 });
    s = must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: T(0, 4) });
    return buildArmies(readyAll(s), []);
  }

  it('taking the portal of the last free player (whose suzerain holds the third) wins at once: the game is over', () => {
    const s = portalAttack(true);
    expect(s.territories['0,4']).toMatchObject({ owner: 0, troops: 4 });
    expect(s.players.map((p) => p.suzerain)).toEqual([null, 2, 0]);
    expect(phase(s).winner).toBe(0);
    expect(awaiting(s)).toEqual({ kind: 'over' });
    expect(legalActions(s, 0)).toEqual([]);
    expect(refusal(s, { kind: 'keepHand', seat: 0 })).toEqual({ code: 'GameOver', rule: 'A2' });
    expect(refusal(s, { kind: 'absent', seat: 0 })).toEqual({ code: 'GameOver', rule: 'A2' });
  });

  it('with another player still free, taking a portal makes a vassal but nobody wins', () => {
    const s = portalAttack(false);
    expect(s.players.map((p) => p.suzerain)).toEqual([null, null, 0]);
    expect(phase(s).winner).toBeNull();
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 0 });
  });
});

describe('W1b one holdout while five players are still in the game, two while six are', () => {
  /** checkSupremacy on a table of `players` seats where `vassals` are seat 0's vassals and `forfeited` have forfeited. */
  function winnerOf(players: number, vassals: readonly number[], forfeited: readonly number[] = []): number | null {
    let s = conquestStart(players).state;
    for (const v of vassals) s = withPlayer(s, v, { suzerain: 0 });
    for (const f of forfeited) s = withPlayer(s, f, { forfeited: true });
    const events: GameEvent[] = [];
    const after = checkSupremacy(s, (e) => events.push(e));
    expect(events.filter((e) => e.kind === 'won').length).toBe(phase(after).winner === null ? 0 : 1);
    return phase(after).winner;
  }

  it('at six players, every other player but two in the vassal chain wins; at five, all but one', () => {
    expect(winnerOf(6, [1, 2, 3])).toBe(0);
    expect(winnerOf(6, [1, 2])).toBeNull();
    expect(winnerOf(5, [1, 2, 3])).toBe(0);
    expect(winnerOf(5, [1, 2])).toBeNull();
    // Six seats, one forfeited: five are still in the game, so one holdout only.
    expect(winnerOf(6, [1, 2], [5])).toBeNull();
    expect(winnerOf(6, [1, 2, 3], [5])).toBe(0);
  });

  it('with four or fewer still in the game, every one of them must be in the chain (W1, W1a)', () => {
    expect(winnerOf(4, [1, 2])).toBeNull();
    expect(winnerOf(4, [1, 2, 3])).toBe(0);
    // Five seats, one forfeited: four are still in the game, so the free seat 4 keeps the game going.
    expect(winnerOf(5, [1, 2], [3])).toBeNull();
  });
});

describe('W2 the energy victory: Suprématie owned since an earlier day, the Heart controlled and connected', () => {
  const buySupremacy = { purpose: 'purchase', cards: [], technologies: ['supremacy'] } as const;

  it('bought on day 1, the Heart held and connected: no win at the end of day 1, a win at the end of day 2', () => {
    const g = conquestStart();
    const s = withPlayer(heartHolder(g.state), 0, { pure: 25 });
    const day1 = revealAll(atReveal(s, 'purchase', { 0: buySupremacy }), { 0: buySupremacy });
    expect(day1.players[0]).toMatchObject({ supremacyDay: 1, pure: 3 }); // 25 - 25 + Heart 2 + 1,-1 1 at day 2's production
    expect(phase(day1)).toMatchObject({ day: 2, winner: null });
    const day2 = drive(day1, g.vaults, nextDay(2)).state;
    expect(phase(day2).winner).toBe(0);
    expect(phase(day2).day).toBe(2);
    expect(awaiting(day2)).toEqual({ kind: 'over' });
  });

  it('owned since an earlier day but the Heart cut off from the portal, or the owner a vassal: no win', () => {
    const g = conquestStart();
    const cut = withPlayer(heartHolder(g.state, false), 0, { supremacyDay: 0 });
    expect(phase(revealAll(atReveal(cut, 'purchase', {}))).winner).toBeNull();
    // Seat 1 holds seat 0's portal and is connected to it through the Heart (so no liberation, S4).
    const held = withTroops(heartHolder(g.state), { '5,-3': { owner: 1, troops: 1 }, '-2,0': { owner: 1, troops: 1 }, '-1,0': { owner: 1, troops: 1 } });
    const vassal = withPlayer(held, 0, { supremacyDay: 0, suzerain: 1 });
    const end = drive(revealAll(atReveal(vassal, 'purchase', {})), g.vaults, nextDay(1)).state;
    expect(end.players[0]!.suzerain).toBe(1);
    expect(phase(end)).toMatchObject({ day: 2, winner: null });
    const won = withPlayer(heartHolder(g.state), 0, { supremacyDay: 0 });
    expect(phase(revealAll(atReveal(won, 'purchase', {}))).winner).toBe(0);
  });
});

describe('T5 absent players: the table makes the passive choice', () => {
  it('absent for the awaited seat: moves end; for another seat: refused', () => {
    const s = conquestStart().state;
    const next = must(s, { kind: 'absent', seat: 0 });
    expect(stageOf(next)).toEqual({ kind: 'moves', turn: 1, left: 2 });
    expect(next.territories).toEqual(s.territories);
    expect(next.players[0]!.absentToday).toBe(true);
    expect(refusal(s, { kind: 'absent', seat: 1 })).toEqual({ code: 'NotAbsent', rule: 'T5' });
  });

  it('an absent seat buys nothing, whatever it committed; an absent builder completes his army', () => {
    const g = conquestStart();
    const buy = { purpose: 'purchase', cards: ['crystal1'], technologies: [] } as const;
    const s = atReveal(g.state, 'purchase', { 0: buy });
    const after = must(s, { kind: 'absent', seat: 0 });
    expect(after.players[0]!.cards.discard).toEqual(g.state.players[0]!.cards.discard);
    expect(refusal(after, { kind: 'absent', seat: 0 })).toEqual({ code: 'NotAbsent', rule: 'T5' });
    const done = revealAll(after);
    expect(done.players[0]!.energy).toBe(g.state.players[0]!.energy + 5); // nothing spent; day 2's production
    // A battle: the absent seat's army is complete without a card.
    let b = withTroops(g.state, { '0,3': { owner: 0, troops: 1, frontier: front(SE, 1) }, '0,4': { owner: 2, troops: 3 } });
    b = readyAll(must(atChoose(b, 0), { kind: 'chooseCombat', seat: 0, combat: T(0, 4) }));
    const hand = b.players[0]!.cards.hand;
    b = must(b, { kind: 'absent', seat: 0 });
    expect(b.players[0]!.cards.hand).toEqual(hand);
    expect(awaiting(b)).toEqual({ kind: 'seat', seat: 2 });
  });
});

describe('T7 forfeit after three whole days absent', () => {
  it('absent on days 2, 3 and 4: forfeited at the end of day 4, skipped in turn order and for the token', () => {
    const g = conquestStart();
    let s = drive(g.state, g.vaults, nextDay(1)).state;
    for (const day of [2, 3]) s = drive(s, g.vaults, nextDay(day), { absent: [0] }).state;
    expect(s.players[0]).toMatchObject({ absentDays: 2, forfeited: false });
    s = drive(s, g.vaults, nextDay(4), { absent: [0] }).state;
    expect(s.players[0]!.forfeited).toBe(true);
    // Day 5: seat 1 first; seat 0 is never awaited again, and the token skips him (D3a).
    expect(phase(s)).toMatchObject({ day: 5, first: 1, stage: { kind: 'moves', turn: 1, left: 2 } });
    expect(refusal(s, { kind: 'done', seat: 0 }).code).toBe('NotYourTurn');
    const seen = new Set<number>();
    const day6 = drive(s, g.vaults, (x) => {
      const who = awaiting(x);
      if (who.kind === 'seat') seen.add(who.seat);
      return nextDay(5)(x);
    }).state;
    expect([...seen].sort()).toEqual([1, 2]);
    expect(phase(day6).first).toBe(2);
    expect(phase(drive(day6, g.vaults, nextDay(6)).state).first).toBe(1);
  });

  it('absent two days, then acting again: not forfeited, the count starts afresh', () => {
    const g = conquestStart();
    let s = drive(g.state, g.vaults, nextDay(1)).state;
    for (const day of [2, 3]) s = drive(s, g.vaults, nextDay(day), { absent: [0] }).state;
    s = drive(s, g.vaults, nextDay(4)).state;
    expect(s.players[0]).toMatchObject({ absentDays: 0, forfeited: false });
  });

  it('absent from day 1\'s Production to the end of day 3: forfeited at the end of day 3', () => {
    const g = conquestStart();
    let s = g.state;
    for (const day of [1, 2, 3]) s = drive(s, g.vaults, nextDay(day), { absent: [0] }).state;
    expect(s.players[0]!.forfeited).toBe(true);
  });

  it('the last to reveal his purchases on day 1, then absent on days 2, 3 and 4: forfeited at the end of day 4', () => {
    const g = conquestStart();
    let s = drive(g.state, g.vaults, nextDay(1)).state; // day 1: reveals 0, 1, 2; seat 2's ends the day
    for (const day of [2, 3, 4]) s = drive(s, g.vaults, nextDay(day), { absent: [2] }).state;
    expect(s.players[2]!.forfeited).toBe(true);
  });
});

describe('T7a what a forfeited player still does; W1a the last player who has not forfeited', () => {
  it('a forfeited player is skipped for every decision and every secret round', () => {
    const g = conquestStart();
    const s = withPlayer(g.state, 2, { forfeited: true });
    const seen = new Set<number>();
    const day2 = drive(s, g.vaults, (x) => {
      const who = awaiting(x);
      if (who.kind === 'seat') seen.add(who.seat);
      return nextDay(1)(x);
    }).state;
    expect([...seen].sort()).toEqual([0, 1]);
    expect(phase(day2)).toMatchObject({ day: 2, first: 1, winner: null });
  });

  it('a forfeited player still produces and receives his new troops', () => {
    const g = conquestStart();
    const day2 = drive(withPlayer(g.state, 2, { forfeited: true }), g.vaults, nextDay(1)).state;
    expect(day2.players[2]!.energy).toBe(4 + 4); // portal 2 + lake 2, as on day 1
    expect(day2.territories['0,4']!.troops).toBe(1 + 2);
  });

  it('a forfeited defender\'s decisions are answered at once: the combat goes on', () => {
    const g = conquestStart();
    let s = withPlayer(withTroops(g.state, { '2,0': { owner: 2, troops: 3 }, '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) } }), 2, { forfeited: true });
    s = must(must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: T(2, 0) }), { kind: 'done', seat: 0 });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 0 });
    expect(stageOf(s).kind).toBe('armies');
  });

  it('the last player who has not forfeited wins, even as the vassal of a forfeited player', () => {
    const g = conquestStart();
    // Seat 1 holds seat 0's portal, connected to it (so seat 0 is not freed at L8); seat 2 has
    // forfeited; seat 1 has been absent two days and is absent all of today.
    let s = withTroops(g.state, {
      '5,-3': { owner: 1, troops: 1 },
      '-2,0': { owner: 1, troops: 1 },
      '-1,0': { owner: 1, troops: 1 },
      '0,0': { owner: 1, troops: 1 },
      '1,-1': { owner: 0, troops: 1 },
      '2,-1': { owner: 0, troops: 1 },
      '3,-1': { owner: 0, troops: 1 },
    });
    s = withPlayer(withPlayer(withPlayer(s, 0, { suzerain: 1 }), 2, { forfeited: true }), 1, { absentDays: 2, actedToday: false });
    const end = drive(s, g.vaults, nextDay(1), { absent: [1] }).state;
    expect(end.players[1]!.forfeited).toBe(true);
    expect(phase(end).winner).toBe(0);
    expect(awaiting(end)).toEqual({ kind: 'over' });
  });
});
