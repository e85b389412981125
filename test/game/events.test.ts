import { describe, expect, it } from 'vitest';
import {
  type GameEvent,
  type GameState,
  applyAction,
  newGame,
  play,
  stateHash,
} from '../../engine/index.js';
import { freezesStates } from '../../engine/core/freeze.js';
import { greedyAgent } from '../../engine/agents/index.js';
import { type LocalGame, playLocal, startLocalGame } from '../../engine/local/index.js';
import { must, setupFor } from '../support/fixtures.js';
import { H, SE, T, atChoose, conquestStart, front, handOf, openingOf, readyAll, withTroops } from '../support/conquest.js';

/** Rule steps report what happened as typed events (issue 8), in order, public information only. */
describe('events', () => {
  it('a combat reports its beginning, the units entering, strengths, losses, the portal taken and the vassal made', () => {
    const g = conquestStart();
    let s: GameState = handOf(withTroops(g.state, { '0,3': { owner: 0, troops: 1, frontier: front(SE, 4) }, '0,4': { owner: 2, troops: 1 } }), 0, g.vaults[0]!, ['elves.warrior']);
    const chosen = play(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: T(0, 4) });
    if (!chosen.ok) throw new Error(chosen.error.message);
    expect(chosen.value.events).toEqual([{ kind: 'combatBegan', combat: { kind: 'territory', at: '0,4' }, chooser: 0, camps: { 0: 0, 2: 'defender' } }]);
    s = readyAll(chosen.value.state);
    const played = play(s, { kind: 'playUnit', seat: 0, opening: openingOf(s, 0, g.vaults[0]!, 'elves.warrior') });
    if (!played.ok) throw new Error(played.error.message);
    expect(played.value.events).toEqual([{ kind: 'unitEntered', unit: { id: 0, card: 'elves.warrior', owner: 0, row: 0, column: 0, face: 'up' } }]);
    s = must(played.value.state, { kind: 'done', seat: 2 });
    const resolved = play(s, { kind: 'done', seat: 0 });
    if (!resolved.ok) throw new Error(resolved.error.message);
    const kinds = resolved.value.events.map((e) => e.kind);
    expect(kinds).toEqual(['finished', 'strengths', 'lossesWorkedOut', 'troopsLost', 'territoryLost', 'territoryTaken', 'portalTaken', 'vassalMade']);
    expect(resolved.value.events).toContainEqual({ kind: 'portalTaken', seat: 0, owner: 2, at: H(0, 4) });
    // 6 against 1: the defender loses floor(5 / 3) + 1 = 2, more than his 1 troop: all of it, and nothing is left on his tile.
    expect(resolved.value.events).toContainEqual({ kind: 'troopsLost', seat: 2, at: H(0, 4), dir: null, count: 1 });
    expect(resolved.value.events).toContainEqual({ kind: 'strengths', strengths: { 0: 6, 2: 1 }, wild: null });
    // The arithmetic, as B6 and B10 have it: the defender owes floor((6 - 1) / 3) + 1 = 2 and has 1 (case ii).
    expect(resolved.value.events).toContainEqual({
      kind: 'lossesWorkedOut',
      fighters: [
        { seat: 0, at: H(0, 3), dir: SE, strength: 6, involved: 4, rule: 'B6', camp: null, gaps: [], stronger: [], owed: 0, short: null, lost: 0, missing: 0 },
        { seat: 2, at: H(0, 4), dir: null, strength: 1, involved: 1, rule: 'B6', camp: 0, gaps: [{ seat: 0, strength: 6, loss: 1 }], stronger: [0], owed: 2, short: 'ii', lost: 1, missing: 1 },
      ],
    });
    expect(resolved.value.events).toContainEqual({ kind: 'territoryTaken', seat: 0, at: H(0, 4), troops: 4 });
    expect(resolved.value.events).toContainEqual({ kind: 'vassalMade', vassal: 2, suzerain: 0 });
  });

  it('a whole game\'s events are the same when replayed, and name no hidden card before it is revealed', () => {
    const seed = 'events';
    const game: LocalGame = startLocalGame(setupFor(3), seed, true);
    playLocal(game, seed, game.vaults.map(() => greedyAgent()), (x) => x.phase.name === 'conquest' && x.phase.day > 3);
    expect(game.events!.length).toBe(game.log.length);
    const all = game.events!.flat();
    const kinds = new Set(all.map((e) => e.kind));
    for (const k of ['pileCommitted', 'tileDrawn', 'tilePlaced', 'portalPlaced', 'conquestBegan', 'deckCommitted', 'cardsDrawn', 'produced', 'dayBegan', 'choiceCommitted', 'cardsBought'] as const) expect(kinds, k).toContain(k);
    // Replaying the log gives the same events.
    let s = newGame(setupFor(3));
    if (!s.ok) throw new Error('newGame');
    let state = s.value;
    const again: GameEvent[][] = [];
    for (const a of game.log) {
      const r = play(state, a);
      if (!r.ok) throw new Error(r.error.message);
      state = r.value.state;
      again.push([...r.value.events]);
    }
    expect(again).toEqual(game.events);
    expect(stateHash(state)).toBe(stateHash(game.state));
    // A drawn tile is named when placed, never when drawn; cards only by count until revealed.
    for (const e of all) {
      if (e.kind === 'tileDrawn') expect(Object.keys(e)).toEqual(['kind', 'seat']);
      if (e.kind === 'cardsDrawn') expect(Object.keys(e).sort()).toEqual(['count', 'kind', 'seat']);
    }
  });
});

describe('states are values', () => {
  it('every state the engine returns is deep-frozen in tests: mutating one throws', () => {
    expect(freezesStates()).toBe(true);
    const s = conquestStart().state;
    const next = applyAction(s, { kind: 'done', seat: 0 });
    if (!next.ok) throw new Error(next.error.message);
    expect(Object.isFrozen(next.value)).toBe(true);
    expect(() => {
      (next.value.territories['5,-3'] as { troops: number }).troops = 99;
    }).toThrow(TypeError);
    expect(() => {
      (next.value.players as unknown as unknown[]).push({});
    }).toThrow(TypeError);
    expect(() => {
      (next.value.phase.stage as { kind: string }).kind = 'over';
    }).toThrow(TypeError);
  });
});
