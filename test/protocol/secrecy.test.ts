import { describe, it } from 'vitest';
import { spyGame } from './secrecy.js';

/** G3: hidden stays hidden from a spy seat over whole games (what is checked: secrecy.ts). */
describe('hidden stays hidden, over whole games', () => {
  for (const { players, seed, expectPutBacks } of [
    { players: 2, seed: 'spy-2a' },
    { players: 2, seed: 'spy-2b' },
    { players: 4, seed: 'spy-4b', expectPutBacks: true },
  ]) {
    it(`${players} players, seed ${seed}: tiles, cards and secret choices stay hidden from a spy until revealed`, () => spyGame(players, seed, { expectPutBacks }), 600_000);
  }
});
