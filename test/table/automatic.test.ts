import { describe, expect, it } from 'vitest';
import { type GameState, awaiting, commitFor, legalOptions } from '../../engine/index.js';
import { startLocalGame } from '../../engine/local/index.js';
import { automaticAction } from '../../src/table/automatic.js';
import { atStage, conquestStart, noFeint } from '../support/conquest.js';
import { must, setupFor } from '../support/fixtures.js';

describe('the actions a table plays for a person', () => {
  it('are the choiceless ones: committing a pile, committing a deck, revealing a sealed choice; never a choice', () => {
    const map = startLocalGame(setupFor(2), 'automatic');
    expect(automaticAction(map.state, 0, map.vaults[0]!)).toMatchObject({ kind: 'commitTiles', seat: 0 });
    const { state, vaults } = conquestStart();
    // A move is a choice, and so is a feint.
    const mover = awaiting(state);
    expect(mover.kind === 'seat' && automaticAction(state, mover.seat, vaults[mover.seat]!)).toBeNull();
    let s: GameState = atStage(state, { kind: 'secretCommit', round: { purpose: 'feint', commits: {}, sealed: {}, reveals: {} }, turn: 0 });
    expect(automaticAction(s, 0, vaults[0]!)).toBeNull();
    // Every seat commits no feint; then revealing it is choiceless.
    for (let who = awaiting(s); s.phase.stage.kind === 'secretCommit' && who.kind === 'seat'; who = awaiting(s)) {
      const option = legalOptions(s, who.seat, vaults[who.seat])[0]!;
      if (option.kind !== 'feints') throw new Error('a feint option is offered');
      s = must(s, commitFor(option, noFeint));
    }
    const revealer = awaiting(s);
    if (revealer.kind !== 'seat') throw new Error('a seat reveals');
    expect(automaticAction(s, revealer.seat, vaults[revealer.seat]!)).toEqual({ kind: 'revealSecret', seat: revealer.seat, choice: noFeint, salt: expect.any(String) });
  });
});
