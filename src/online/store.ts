import { del, get, set } from 'idb-keyval';
import { type Seat, toHex } from '../../engine/index.js';
import type { SignedEntry } from '../../engine/protocol/index.js';
import type { LobbyStart } from '../net/index.js';

/**
 * An online game this page plays, kept in IndexedDB so that a refreshed or crashed page can be
 * its seats again (their entropy, hence keys, vault and beacon chain) and start from the log it
 * had checked. Never sent anywhere; removed when the game ends.
 */
export interface StoredOnline {
  readonly genesis: string;
  readonly genesisSignatures: readonly string[];
  readonly seats: readonly { readonly seat: Seat; readonly bot: boolean; readonly entropy: string }[];
  readonly names: readonly string[];
  /** The log as this page held it last, element by element. */
  readonly log: readonly (readonly SignedEntry[])[];
}

const key = (room: string): string => `bfe.online.${room}`;
const isHex = (x: unknown): x is string => typeof x === 'string' && /^[0-9a-f]{64,}$/.test(x);
const isEntry = (x: unknown): x is SignedEntry => typeof x === 'object' && x !== null && typeof (x as SignedEntry).text === 'string' && typeof (x as SignedEntry).sig === 'string';

export const storedOf = (start: LobbyStart, names: readonly string[]): StoredOnline => ({
  genesis: start.genesis.text,
  genesisSignatures: start.genesisSignatures,
  seats: start.seats.map((s) => ({ seat: s.seat, bot: s.bot, entropy: toHex(s.entropy) })),
  names,
  log: [],
});

/** What IndexedDB holds for the room, if it has the shape this page wrote (anything else is ignored). */
export async function loadOnline(room: string): Promise<StoredOnline | null> {
  try {
    const x = (await get(key(room))) as Partial<StoredOnline> | undefined;
    if (!x || typeof x.genesis !== 'string' || !Array.isArray(x.genesisSignatures) || !x.genesisSignatures.every((s) => typeof s === 'string')) return null;
    if (!Array.isArray(x.seats) || x.seats.length === 0 || !x.seats.every((s) => Number.isInteger(s?.seat) && typeof s.bot === 'boolean' && isHex(s.entropy))) return null;
    if (!Array.isArray(x.names) || !Array.isArray(x.log) || !x.log.every((el) => Array.isArray(el) && el.every(isEntry))) return null;
    return x as StoredOnline;
  } catch {
    return null;
  }
}

export async function saveOnline(room: string, game: StoredOnline): Promise<void> {
  try {
    await set(key(room), game);
  } catch {
    // IndexedDB refused (private mode): the game goes on; a refresh would lose this page's seat
  }
}

export async function forgetOnline(room: string): Promise<void> {
  try {
    await del(key(room));
  } catch {
    // nothing stored
  }
}
