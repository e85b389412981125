import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Seat } from '../../engine/index.js';
import { makeMessage, type Replay, type SignatureScheme } from '../../engine/protocol/index.js';
import type { Table } from '../../engine/protocol/sim/index.js';
import { setLanguage } from '../../src/i18n/index.js';
import { play, read } from '../protocol/harness.js';
import { watchScreenOf, type WatchedScreen } from './watchSupport.js';

/**
 * Issue 19, item 6.2: a spectator's banner says what the board shows, element by element, and
 * says how the game ended: finished at its limit, or by a player's forfeit.
 */

let finished: { replay: Replay; scheme: SignatureScheme };
let forfeit: { replay: Replay; scheme: SignatureScheme };

/** Seat 0 never lets its final openings out (alone or inside its echoes): it forfeits at the close. */
function withholdingOpenings(text: string, _to: Seat, t: Table): string[] {
  const m = read(text, t.network);
  if (m?.t === 'entry') return m.entry.entry.seat === 0 && m.entry.entry.body.type === 'open' ? [] : [text];
  if (m?.t === 'echo') return [makeMessage({ t: 'echo', echo: m.signed, entries: m.entries.filter((e) => !(e.entry.seat === 0 && e.entry.body.type === 'open')) })];
  return [text];
}

beforeAll(async () => {
  const done = await play({ players: 2, seed: 'watch-banner', settings: { limit: 24 } });
  finished = { replay: done.table.network.peers[0]!.replay(), scheme: done.table.scheme };
  const gone = await play({ players: 3, seed: 'watch-forfeit', cheater: 0, tamper: withholdingOpenings });
  forfeit = { replay: gone.table.network.honest[0]!.replay(), scheme: gone.table.scheme };
}, 60_000);
afterAll(() => setLanguage('en'));

async function screen(game: { replay: Replay; scheme: SignatureScheme }): Promise<WatchedScreen & { $: (sel: string) => HTMLElement | null; at: (seq: number) => Promise<void> }> {
  const w = await watchScreenOf(game.replay, game.scheme);
  const $ = (sel: string) => w.host.querySelector<HTMLElement>(sel);
  // The spectator has checked `seq` elements (the banner's position; the board's moves with every element but the close).
  const at = (seq: number) => vi.waitUntil(() => $('#watch-status')?.dataset.seq === String(seq), { timeout: 10_000 }).then(() => undefined);
  return { ...w, $, at };
}

describe("a spectator's banner", () => {
  it('follows the board: the seat it names is the one the board awaits, at every element', async () => {
    const w = await screen(finished);
    try {
      let turns = 0;
      // Up to the limit (the elements after it end the game: the next test).
      for (let seq = 0; seq < 23; seq++) {
        w.history(seq, finished.replay.log.slice(seq, seq + 1));
        await w.at(seq + 1);
        const banner = w.$('#watch-status')!;
        expect(w.$('main.game')!.dataset.seq).toBe(String(seq + 1));
        const chip = w.$('.chip.awaited');
        // The board's awaited seat (its chip), or a random draw: the banner says the same.
        if (chip) {
          turns++;
          expect(banner.textContent, `element ${seq + 1}`).toContain(`Waiting for Player ${Number(chip.dataset.seat) + 1} — `);
        } else expect(banner.textContent, `element ${seq + 1}`).toContain('Drawing at random…');
      }
      expect(turns).toBeGreaterThan(10);
    } finally {
      w.dispose();
    }
  });

  it('when the game finishes: how it ended, never a next turn; then that every player signed it, in both languages', async () => {
    const w = await screen(finished);
    try {
      const log = finished.replay.log;
      // Every element but the close: the limit is reached, the close and the signatures are still to come.
      w.history(0, log.slice(0, -1));
      await w.at(log.length - 1);
      expect(w.$('#watch-status')!.textContent).toBe('The game has ended. Stopped at the agreed limit of 24 log elements. Waiting for the players’ final signatures… ');
      expect(w.$('#save-replay')).toBeNull();
      w.history(log.length - 1, log.slice(-1));
      await w.at(log.length);
      w.finals(finished.replay.finals);
      await vi.waitUntil(() => w.$('#watch-status')!.dataset.status === 'over', { timeout: 10_000 });
      expect(w.$('#watch-status')!.textContent).toMatch(/^The game is over\. Stopped at the agreed limit of 24 log elements\. Every player still in the game signed it\./);
      expect(w.$('#save-replay')).not.toBeNull();
      setLanguage('fr');
      expect(w.$('#watch-status')!.textContent).toMatch(/^La partie est finie\. Arrêtée à la limite convenue de 24 éléments du journal\. Chaque joueur encore en jeu l’a signée\./);
    } finally {
      setLanguage('en');
      w.dispose();
    }
  });

  it("when a player forfeits: who, where and why", async () => {
    const { replay } = forfeit;
    const w = await screen(forfeit);
    try {
      // In answers of one message's size, as a page sends them.
      for (let from = 0; from < replay.log.length; from += 10) {
        w.history(from, replay.log.slice(from, from + 10));
        await w.at(Math.min(from + 10, replay.log.length));
      }
      w.finals(replay.finals);
      await vi.waitUntil(() => w.$('#watch-status')!.dataset.status === 'over', { timeout: 10_000 });
      expect(w.$('#watch-status')!.textContent).toMatch(/^The game is over\. Player 1 forfeited at position \d+: they withheld their final openings\. /);
      setLanguage('fr');
      expect(w.$('#watch-status')!.textContent).toMatch(/^La partie est finie\. Joueur 1 a déclaré forfait à la position \d+ : il a retenu ses ouvertures finales\. /);
    } finally {
      setLanguage('en');
      w.dispose();
    }
  });
});
