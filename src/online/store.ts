import { del, get, set } from 'idb-keyval';
import { type Seat, toHex } from '../../engine/index.js';
import type { SignedEntry } from '../../engine/protocol/index.js';
import type { LobbyStart } from '../net/index.js';
import { type GameStop, parseGameStop } from './gameStop.js';

/**
 * An online game this page plays, kept in IndexedDB so that a refreshed or crashed page can be
 * its seats again (their entropy, hence keys, vault and beacon chain) and start from the log it
 * had checked. Never sent anywhere; replaced by the game's end and replay when it ends (EndedOnline).
 */
export interface StoredOnline {
  readonly genesis: string;
  readonly genesisSignatures: readonly string[];
  readonly seats: readonly { readonly seat: Seat; readonly bot: boolean; readonly entropy: string }[];
  readonly names: readonly string[];
  /** The log as this page held it last, element by element. */
  readonly log: readonly (readonly SignedEntry[])[];
  /**
   * What its seats had signed that the log did not hold yet (a claim, an item of the current
   * place): the page that plays the seats next is bound by it (a refresh, another tab's takeover).
   */
  readonly signed?: readonly SignedEntry[];
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
    if (x.signed !== undefined && !(Array.isArray(x.signed) && x.signed.every(isEntry))) return null;
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

/**
 * A game this page played to its end, kept in place of the game in progress: its share link,
 * opened again, says how it ended and offers its replay. The last ENDED_KEPT are kept.
 */
export interface EndedOnline {
  readonly stop: GameStop;
  /** The replay file's text (docs/replay-format.md). */
  readonly replay: string;
}

export const ENDED_KEPT = 8;
const ENDED_INDEX = 'bfe.online.ended';

/** What storage holds as an ended game, if it is one (anything else: null). */
export function parseEnded(x: unknown): EndedOnline | null {
  const e = (x as { ended?: { stop?: unknown; replay?: unknown } } | null)?.ended;
  if (typeof e !== 'object' || e === null || typeof e.replay !== 'string') return null;
  const stop = parseGameStop(e.stop);
  return stop ? { stop, replay: e.replay } : null;
}

/** The rooms of ended games kept once `room` is added to `index` (oldest first), and those to forget. */
export function keepEnded(index: readonly string[], room: string): { kept: string[]; dropped: string[] } {
  const all = [...index.filter((r) => r !== room), room];
  const cut = Math.max(0, all.length - ENDED_KEPT);
  return { kept: all.slice(cut), dropped: all.slice(0, cut) };
}

/** The game in this room has ended: what the page played is replaced by its end and its replay. */
export async function endOnline(room: string, ended: EndedOnline): Promise<void> {
  try {
    const before = (await get(ENDED_INDEX)) as unknown;
    const index = Array.isArray(before) ? before.filter((r): r is string => typeof r === 'string') : [];
    const { kept, dropped } = keepEnded(index, room);
    await set(key(room), { ended });
    await set(ENDED_INDEX, kept);
    for (const r of dropped) if (parseEnded(await get(key(r)))) await del(key(r));
  } catch {
    // IndexedDB refused (private mode): the link will open the lobby again
  }
}

/** The ended game this page kept for the room, if any. */
export async function loadEnded(room: string): Promise<EndedOnline | null> {
  try {
    return parseEnded(await get(key(room)));
  } catch {
    return null;
  }
}

export async function forgetOnline(room: string): Promise<void> {
  try {
    await del(key(room));
  } catch {
    // nothing stored
  }
}

/**
 * The lobby's document as this page last held it (a Yjs update), kept until the game starts: a
 * refreshed page, or the tab that takes the lobby over, opens it with what it had even when the
 * room's other members are gone (Lobby.encode, LobbyOptions.initial).
 */
const lobbyKey = (room: string): string => `bfe.lobby.${room}`;

export async function saveLobbyDoc(room: string, update: Uint8Array): Promise<void> {
  try {
    await set(lobbyKey(room), update);
  } catch {
    // not kept: the room's members hold it
  }
}

export async function loadLobbyDoc(room: string): Promise<Uint8Array | null> {
  try {
    const x: unknown = await get(lobbyKey(room));
    return x instanceof Uint8Array && x.length <= 4 * 1024 * 1024 ? x : null;
  } catch {
    return null;
  }
}
