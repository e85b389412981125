import { describe, expect, it } from 'vitest';
import {
  type GameState,
  applyAction,
  awaiting,
  legalOptions,
  stateHash,
} from '../../engine/index.js';
import { canonicalJson } from '../../engine/core/canonical.js';
import { agentStream, localRandom, startLocalGame } from '../../engine/local/index.js';
import { randomAgent } from '../../engine/agents/index.js';
import { setupFor } from '../support/fixtures.js';

/** Plays map creation, optionally sending the state through a JSON round trip after every action; returns the hash after each action. */
function hashes(players: number, seed: string, roundTrip: boolean): string[] {
  const game = startLocalGame(setupFor(players), seed);
  const agents = game.vaults.map((_, seat) => randomAgent(agentStream(seed, seat)));
  let state: GameState = game.state;
  const out: string[] = [];
  for (;;) {
    const who = awaiting(state);
    if (who.kind === 'over' || state.phase.name === 'conquest') return out;
    const action =
      who.kind === 'random'
        ? { kind: 'random', value: localRandom(seed, state.randomEvents) }
        : agents[who.seat]!(state, who.seat, legalOptions(state, who.seat, game.vaults[who.seat]), game.vaults[who.seat]!);
    const next = applyAction(state, action);
    if (!next.ok) throw new Error(next.error.message);
    state = roundTrip ? (JSON.parse(canonicalJson(next.value)) as GameState) : next.value;
    out.push(stateHash(state));
  }
}

describe('determinism', () => {
  for (const players of [2, 4, 6]) {
    it(`${players} players: the same seed and actions give the same hashes, twice and across JSON round trips`, () => {
      const a = hashes(players, `det-${players}`, false);
      const b = hashes(players, `det-${players}`, false);
      const c = hashes(players, `det-${players}`, true);
      expect(a.length).toBeGreaterThan(30);
      expect(b).toEqual(a);
      expect(c).toEqual(a);
      expect(new Set(a).size).toBe(a.length);
      expect(hashes(players, `det-${players}-other`, false).at(-1)).not.toBe(a.at(-1));
    });
  }

  it('the state hash is of the canonical serialisation, whatever the key order', () => {
    const game = startLocalGame(setupFor(3), 'order');
    const s = game.state;
    const shuffled = JSON.parse(JSON.stringify({ players: s.players, phase: s.phase, seats: s.seats, territories: s.territories, map: s.map, randomEvents: s.randomEvents, seq: s.seq, settings: s.settings })) as GameState;
    expect(stateHash(shuffled)).toBe(stateHash(s));
    expect(canonicalJson({ b: 1, a: [2, { d: null, c: 'é' }] })).toBe('{"a":[2,{"c":"é","d":null}],"b":1}');
  });

  it('a fixed game gives a fixed hash (guards against accidental rule or encoding changes)', () => {
    // Update deliberately when the rules or the state's shape change, never to make a test pass.
    // Changed with issue 21: the first state of the conquest holds the Worlds, which now have designed units;
    // again with each World made complete (its cards and its starting deck change): the dwarves', necromancers', miners' and elves';
    // again with the balance of issue 21's item 7 (the elves', miners', tritons' and necromancers' starting decks), the dwarves' three Infantry Squads and the necromancers' two Skeletons.
    const GOLDEN = 'bc3da504794085cc9ae74b374550f1e33e43b21906c0148af7e722aa4df7843b';
    expect(hashes(4, 'golden', false).at(-1)).toBe(GOLDEN);
    expect(hashes(4, 'golden', true).at(-1)).toBe(GOLDEN);
  });
});
