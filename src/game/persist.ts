import { del, get, getMany, setMany } from 'idb-keyval';
import type { SignedEntry } from '../../engine/protocol/index.js';
import { type LocalGameConfig, parseConfig } from './config.js';

/**
 * The local game in progress, kept in IndexedDB so that it survives a refresh: its set-up (with
 * the device's secret seed) and the signed log its protocol sessions checked. Never sent anywhere.
 *
 * The log is stored in chunks of CHUNK elements beside a header that says how many elements count,
 * so that storing after every element writes one chunk, not the whole game; the header and the
 * chunks it counts are written in one transaction.
 */
export interface StoredGame {
  readonly config: LocalGameConfig;
  readonly log: readonly (readonly SignedEntry[])[];
  /** The game has ended: there is nothing to resume (its replay can still be opened from it). */
  readonly over: boolean;
}

const KEY = 'bfe.localGame';
const CHUNK = 64;
const chunkKey = (c: number): string => `${KEY}.log.${c}`;

const isEntry = (x: unknown): x is SignedEntry => typeof x === 'object' && x !== null && typeof (x as SignedEntry).text === 'string' && typeof (x as SignedEntry).sig === 'string';
const isElement = (x: unknown): x is SignedEntry[] => Array.isArray(x) && x.length > 0 && x.every(isEntry);
const plain = (el: readonly SignedEntry[]): SignedEntry[] => el.map((e) => ({ text: e.text, sig: e.sig }));

export async function loadGame(): Promise<StoredGame | null> {
  try {
    const header = (await get(KEY)) as { config?: unknown; elements?: unknown; over?: unknown } | undefined;
    const config = parseConfig(header?.config);
    const n = header?.elements;
    if (!config || typeof n !== 'number' || !Number.isInteger(n) || n < 0) return null;
    const chunks = await getMany(Array.from({ length: Math.ceil(n / CHUNK) }, (_, c) => chunkKey(c)));
    const log = chunks.flatMap((c) => (Array.isArray(c) ? (c as unknown[]) : [])).slice(0, n);
    if (log.length !== n || !log.every(isElement)) return null;
    return { config, log, over: header?.over === true };
  } catch {
    return null;
  }
}

/** A new game: its set-up, and an empty log (chunks of an earlier game no longer count). */
export async function saveNewGame(config: LocalGameConfig): Promise<void> {
  try {
    await setMany([[KEY, { config, elements: 0 }]]);
  } catch {
    // IndexedDB refused (private mode): the game goes on, unsaved
  }
}

/**
 * Stores a growing game's log: `save` takes the elements since the last call and writes only the
 * chunks they touch (the store keeps the last, partial chunk to write it whole), and whether the
 * game has ended with them.
 */
export function makeGameStore(
  config: LocalGameConfig,
  stored: readonly (readonly SignedEntry[])[],
): { readonly saved: number; save(more: readonly (readonly SignedEntry[])[], over?: boolean): Promise<void> } {
  const tail: SignedEntry[][] = stored.slice(Math.floor(stored.length / CHUNK) * CHUNK).map(plain);
  let saved = stored.length;
  let ended = false;
  return {
    get saved() {
      return saved;
    },
    async save(more, over = false) {
      if (more.length === 0 && over === ended) return;
      const first = Math.floor(saved / CHUNK);
      const pending = [...tail, ...more.map(plain)];
      const entries: [IDBValidKey, unknown][] = [];
      for (let i = 0; i < pending.length; i += CHUNK) entries.push([chunkKey(first + i / CHUNK), pending.slice(i, i + CHUNK)]);
      const total = saved + more.length;
      entries.push([KEY, { config, elements: total, over }]);
      try {
        await setMany(entries);
      } catch {
        return; // IndexedDB refused: the game goes on, unsaved
      }
      saved = total;
      ended = over;
      tail.splice(0, tail.length, ...pending.slice(Math.floor(pending.length / CHUNK) * CHUNK));
    },
  };
}

export async function clearGame(): Promise<void> {
  try {
    await del(KEY);
  } catch {
    // nothing stored
  }
}
