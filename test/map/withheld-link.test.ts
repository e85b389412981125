import { describe, expect, it } from 'vitest';
import {
  type GameState,
} from '../../engine/index.js';
import { agentStream, localRandom, playLocal, startLocalGame } from '../../engine/local/index.js';
import { randomAgent } from '../../engine/agents/index.js';
import { committedGame, must, refusal, setupFor } from '../support/fixtures.js';

/** T5b: a random event whose beacon link some seats withheld names them; the engine applies their absence. */
describe('T5b: a withheld beacon link is an absence at that event', () => {
  const drawing = (): GameState => must(committedGame(3).state, { kind: 'drawTile', seat: 0 });

  it('an absent drawer sets his drawn tile aside unseen and goes on to his portal step (T5a)', () => {
    const state = drawing();
    const value = localRandom('t5b', 0);
    const present = must(state, { kind: 'random', value });
    const absent = must(state, { kind: 'random', value, absent: [0] });
    expect(present.seats[0]!.drawn).not.toBeNull();
    expect(absent.seats[0]!.drawn).toBeNull();
    expect(absent.seats[0]!.unseen).toEqual([present.seats[0]!.drawn]);
    expect(absent.phase).toMatchObject({ name: 'mapCreation', stage: { kind: 'portal', turn: 0 } });
    // Another seat's absence changes nothing for the drawer.
    expect(must(state, { kind: 'random', value, absent: [1] })).toEqual(present);
  });

  it('an absent seat draws no cards at that event and is marked absent today (T6)', () => {
    const game = startLocalGame(setupFor(3), 't5b');
    const agents = [0, 1, 2].map((s) => randomAgent(agentStream('t5b', s)));
    playLocal(game, 't5b', agents, (s) => s.phase.name === 'conquest' && s.phase.stage.kind === 'drawing');
    const state = game.state;
    const value = localRandom('t5b', state.randomEvents);
    const present = must(state, { kind: 'random', value });
    const absent = must(state, { kind: 'random', value, absent: [1] });
    expect(present.players.map((p) => p.cards.hand.length)).toEqual([5, 5, 5]);
    expect(absent.players.map((p) => p.cards.hand.length)).toEqual([5, 0, 5]);
    expect(absent.players.map((p) => p.absentToday)).toEqual([false, true, false]);
    // The others draw exactly what they would have drawn.
    expect(absent.players[0]!.cards.hand).toEqual(present.players[0]!.cards.hand);
  });

  it('refuses malformed or unknown absent lists and changes nothing', () => {
    const state = drawing();
    const value = localRandom('t5b', 0);
    expect(refusal(state, { kind: 'random', value, absent: [] }).code).toBe('MalformedAction');
    expect(refusal(state, { kind: 'random', value, absent: [1, 0] }).code).toBe('MalformedAction');
    expect(refusal(state, { kind: 'random', value, absent: [0, 0] }).code).toBe('MalformedAction');
    expect(refusal(state, { kind: 'random', value, absent: 'x' }).code).toBe('MalformedAction');
    expect(refusal(state, { kind: 'random', value, absent: [4] })).toEqual({ code: 'UnknownSeat', rule: 'T5b' });
  });
});
