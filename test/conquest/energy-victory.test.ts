import { describe, expect, it } from 'vitest';
import { type GameState, energyVictoryThreats, play } from '../../engine/index.js';
import { must } from '../support/fixtures.js';
import { atReveal, conquestStart, phase, revealAll, revealOf, withPlayer, withTroops } from '../support/conquest.js';

/** Seat 0 holds the chain portal 5,-3 → 4,-2 → 3,-1 → 2,-1 → 1,-1 → Heart (as in rules-day.test.ts). */
function heartHolder(state: GameState, connected = true): GameState {
  return withTroops(state, {
    '3,-1': { owner: 0, troops: 1 },
    '2,-1': { owner: 0, troops: 1 },
    '1,-1': connected ? { owner: 0, troops: 1 } : { wild: [2] },
    '0,0': { owner: 0, troops: 2 },
  });
}

const buySupremacy = { purpose: 'purchase', cards: [], technologies: ['supremacy'] } as const;

/** Issue 22: what the table shows of W2 comes from the engine's one reading of its conditions, the one the end of the day checks. */
describe('energyVictoryThreats: W2 read for the seats that own Suprématie', () => {
  it('nobody owns it: no threat', () => {
    expect(energyVictoryThreats(heartHolder(conquestStart().state))).toEqual([]);
  });

  it('bought on day 1: it can win from the end of day 2, and the three ways to stop it are open', () => {
    const g = conquestStart();
    const day2 = revealAll(atReveal(withPlayer(heartHolder(g.state), 0, { pure: 25 }), 'purchase', { 0: buySupremacy }), { 0: buySupremacy });
    expect(phase(day2).day).toBe(2);
    expect(energyVictoryThreats(day2)).toEqual([{ seat: 0, since: 1, fromDay: 2, heart: true, connected: true, vassal: false, holds: true, wouldWin: true, stops: ['heart', 'connection', 'vassal'] }]);
    // Still on day 1 (the purchase just made): not before the end of day 2.
    const day1 = withPlayer(heartHolder(g.state), 0, { supremacyDay: 1 });
    expect(energyVictoryThreats(day1)).toEqual([{ seat: 0, since: 1, fromDay: 2, heart: true, connected: true, vassal: false, holds: true, wouldWin: false, stops: ['heart', 'connection', 'vassal'] }]);
  });

  it('agrees with the end of the day: cut off, a vassal, without the Heart, forfeited', () => {
    const g = conquestStart();
    const won = withPlayer(heartHolder(g.state), 0, { supremacyDay: 0 });
    expect(energyVictoryThreats(won)[0]).toMatchObject({ wouldWin: true, fromDay: 1 });
    expect(phase(revealAll(atReveal(won, 'purchase', {}))).winner).toBe(0);

    const cut = withPlayer(heartHolder(g.state, false), 0, { supremacyDay: 0 });
    expect(energyVictoryThreats(cut)).toEqual([{ seat: 0, since: 0, fromDay: 1, heart: true, connected: false, vassal: false, holds: false, wouldWin: false, stops: ['heart', 'vassal'] }]);
    expect(phase(revealAll(atReveal(cut, 'purchase', {}))).winner).toBeNull();

    const vassal = withPlayer(won, 0, { suzerain: 1 });
    expect(energyVictoryThreats(vassal)).toEqual([{ seat: 0, since: 0, fromDay: 1, heart: true, connected: true, vassal: true, holds: false, wouldWin: false, stops: ['heart', 'connection'] }]);

    const noHeart = withPlayer(withTroops(g.state, { '0,0': { owner: 1, troops: 2 } }), 0, { supremacyDay: 0 });
    expect(energyVictoryThreats(noHeart)).toEqual([{ seat: 0, since: 0, fromDay: 1, heart: false, connected: false, vassal: false, holds: false, wouldWin: false, stops: ['vassal'] }]);

    expect(energyVictoryThreats(withPlayer(won, 0, { forfeited: true }))).toEqual([]);
  });
});

describe('T5 a withheld last reveal: the table carries out the round and reports it', () => {
  it('the purchases of the others are reported (cardsBought) when the last seat to reveal is absent', () => {
    const buy = { purpose: 'purchase', cards: ['crystal1'], technologies: [] } as const;
    let s = atReveal(conquestStart().state, 'purchase', { 0: buy }, 0);
    s = must(must(s, revealOf(0, buy)), revealOf(1, { purpose: 'purchase', cards: [], technologies: [] }));
    const r = play(s, { kind: 'absent', seat: 2 });
    if (!r.ok) throw new Error(r.error.message);
    const kinds = r.value.events.map((e) => e.kind);
    expect(kinds.indexOf('passiveChoice')).toBe(0);
    expect(r.value.events).toContainEqual({ kind: 'cardsBought', seat: 0, cards: ['crystal1'], technologies: [] });
  });
});
