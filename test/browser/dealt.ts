/** A local game's stored log, played in Node by the page's own bots up to a chosen position, for a browser test to resume from (IndexedDB, as src/game/persist.ts keeps it). */
import type { Page } from 'playwright-core';
import type { GameState } from '../../engine/index.js';
import type { SignedEntry } from '../../engine/protocol/index.js';
import { type LocalGameConfig, defaultSeats, setupOf } from '../../src/game/config.js';
import { chooseBotAction } from '../../src/table/bots.js';
import { makeProtocolTable } from '../../src/table/protocolTable.js';

export interface DealtGame {
  readonly config: LocalGameConfig;
  readonly log: readonly (readonly SignedEntry[])[];
  /** The states and inputs that led there (states[i] before inputs[i]), as the page will show them. */
  readonly states: readonly GameState[];
  readonly inputs: readonly unknown[];
}

/**
 * Plays a local game of `players` seats from `seed` through the protocol (the page's makeProtocolTable,
 * its bot choosing for every seat) until `stop` holds before a decision, or the game ends (null).
 * Stored with `mode`, every seat a person's: the page resumes it where the bots stopped.
 */
export async function dealUntil(seed: string, players: number, mode: 'hotseat' | 'bots', stop: (s: GameState) => boolean): Promise<DealtGame | null> {
  const config: LocalGameConfig = { mode, seed, seats: defaultSeats(players, 'hotseat') };
  const seats = config.seats.map((_, i) => i);
  let reached!: (found: boolean) => void;
  const done = new Promise<boolean>((resolve) => (reached = resolve));
  const table = await makeProtocolTable({
    setup: setupOf(config),
    seed,
    bots: seats,
    botPace: 0,
    bot: async (state, seat, vault) => {
      if (!stop(state)) return chooseBotAction(state, seat, vault);
      reached(true);
      return new Promise(() => undefined); // never sent: the game stays at this position
    },
  });
  const off = table.subscribe((v) => {
    if (v.outcome.kind === 'finished') reached(false);
  });
  try {
    if (!(await done)) return null;
    return { config, log: table.elements(0), states: table.states(), inputs: table.inputs() };
  } finally {
    off();
    table.dispose();
  }
}

/** Stores a dealt game where the page looks for its local game in progress (idb-keyval's store, persist.ts's keys and chunks). */
export async function storeDealt(page: Page, game: DealtGame): Promise<void> {
  const CHUNK = 64;
  const entries: [string, unknown][] = [['bfe.localGame', { config: game.config, elements: game.log.length }]];
  for (let c = 0; c * CHUNK < game.log.length; c++) entries.push([`bfe.localGame.log.${c}`, game.log.slice(c * CHUNK, (c + 1) * CHUNK).map((el) => el.map((e) => ({ text: e.text, sig: e.sig })))]);
  await page.evaluate(
    (pairs) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite');
          for (const [key, value] of pairs) tx.objectStore('keyval').put(value, key);
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    entries,
  );
}
