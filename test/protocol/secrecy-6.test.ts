import { describe, it } from 'vitest';
import { spyGame } from './secrecy.js';

/** G3 at 6 seats, the longest game (what is checked: secrecy.ts). */
describe('hidden stays hidden, over whole games', () => {
  it('6 players, seed spy-6: tiles, cards and secret choices stay hidden from a spy until revealed', () => spyGame(6, 'spy-6'), 600_000);
});
