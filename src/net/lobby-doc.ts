/**
 * The lobby as it lives in a Yjs document, and its parser. Every member of the room can write
 * anything into the document (Yjs has no permissions), so the document is outside input: it is
 * read only through `readLobby`, which keeps what is well formed and consistent and reports the rest.
 *
 *   settings  Y.Map   players, timer (seconds or null), days (null: no cap), botsHost (member id)
 *   seats     Y.Map   "0".."5" → { owner (member id or "bot"), name, colour, civilisation, ready, identity? }
 *   chat      Y.Array { from, name, text }
 *   signatures Y.Map  "<genesis id>/<seat>" → signature (hex)
 */
import type * as Y from 'yjs';
import { type Civilisation, CIVILISATIONS, type Colour, COLOURS, err, hashText, isCivilisation, isColour, MAX_PLAYERS, MIN_PLAYERS, ok, type Result, RULES_VERSION, type Seat } from '../../engine/index.js';
import { DEFAULT_SETTINGS, type Genesis, PROTOCOL, type ProtocolSettings, type SeatIdentity } from '../../engine/protocol/index.js';

export const BOT = 'bot';
export const MAX_NAME = 32;
export const MAX_CHAT_TEXT = 500;
export const CHAT_KEPT = 100;
export const MIN_TIMER = 10;
export const MAX_TIMER = 3600;

export interface LobbySettings {
  readonly players: number;
  /** The decision timer in seconds (the protocol's logical clock ticks once a second), or null for none. */
  readonly timer: number | null;
  /** The game ends after this day (null: played to its end). */
  readonly days: number | null;
  /** The member whose page runs the bots, or null (the first member present takes it). */
  readonly botsHost: string | null;
}

export const DEFAULT_LOBBY_SETTINGS: LobbySettings = { players: 4, timer: 60, days: null, botsHost: null };

export interface SeatEntry {
  readonly seat: Seat;
  /** The member holding the seat, or null for a bot. */
  readonly owner: string | null;
  readonly bot: boolean;
  readonly name: string;
  /** Null when another seat claimed it first (concurrent edits): the seat must choose again. */
  readonly colour: Colour | null;
  readonly civilisation: Civilisation | null;
  readonly ready: boolean;
  /** The seat's public key and beacon tip, published when it is ready. */
  readonly identity: SeatIdentity | null;
}

export interface ChatLine {
  readonly from: string;
  readonly name: string;
  readonly text: string;
}

export interface LobbySnapshot {
  readonly settings: LobbySettings;
  /** One per seat of the game (settings.players); null for a free seat. */
  readonly seats: readonly (SeatEntry | null)[];
  readonly chat: readonly ChatLine[];
  /** Signatures of a genesis: by genesis id, by seat. */
  readonly signatures: ReadonlyMap<string, ReadonlyMap<Seat, string>>;
  /** What was ignored in the document, for the curious and the tests. */
  readonly problems: readonly string[];
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isMember = (x: unknown): x is string => typeof x === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(x);
const isHex32 = (x: unknown): x is string => typeof x === 'string' && /^[0-9a-f]{64}$/.test(x);

/** A person's name as shown: printable, trimmed, at most MAX_NAME characters. */
export function cleanName(x: unknown, fallback: string): string {
  if (typeof x !== 'string') return fallback;
  // eslint-disable-next-line no-control-regex
  const clean = x.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim().slice(0, MAX_NAME);
  return clean === '' ? fallback : clean;
}

function readSettings(x: Record<string, unknown>, problems: string[]): LobbySettings {
  const players = Number.isInteger(x['players']) && (x['players'] as number) >= MIN_PLAYERS && (x['players'] as number) <= MAX_PLAYERS ? (x['players'] as number) : DEFAULT_LOBBY_SETTINGS.players;
  if (x['players'] !== undefined && players !== x['players']) problems.push('settings.players');
  const timer = x['timer'] === null ? null : Number.isInteger(x['timer']) && (x['timer'] as number) >= MIN_TIMER && (x['timer'] as number) <= MAX_TIMER ? (x['timer'] as number) : DEFAULT_LOBBY_SETTINGS.timer;
  if (x['timer'] !== undefined && timer !== x['timer']) problems.push('settings.timer');
  const days = x['days'] === null || x['days'] === undefined ? null : Number.isInteger(x['days']) && (x['days'] as number) >= 1 && (x['days'] as number) <= 1000 ? (x['days'] as number) : null;
  if (x['days'] !== undefined && days !== x['days']) problems.push('settings.days');
  const botsHost = isMember(x['botsHost']) ? x['botsHost'] : null;
  if (x['botsHost'] !== undefined && x['botsHost'] !== null && botsHost === null) problems.push('settings.botsHost');
  return { players, timer, days, botsHost };
}

function readSeat(seat: Seat, x: unknown, problems: string[]): SeatEntry | null {
  if (!isObject(x)) {
    problems.push(`seat ${seat}: not an object`);
    return null;
  }
  const bot = x['owner'] === BOT;
  if (!bot && !isMember(x['owner'])) {
    problems.push(`seat ${seat}: no owner`);
    return null;
  }
  const identity = isObject(x['identity']) && isHex32(x['identity']['key']) && isHex32(x['identity']['beacon']) ? { key: x['identity']['key'], beacon: x['identity']['beacon'] } : null;
  if (x['identity'] !== undefined && x['identity'] !== null && !identity) problems.push(`seat ${seat}: bad identity`);
  return {
    seat,
    owner: bot ? null : (x['owner'] as string),
    bot,
    name: cleanName(x['name'], bot ? `Bot ${seat + 1}` : `Player ${seat + 1}`),
    colour: isColour(x['colour']) ? x['colour'] : null,
    civilisation: isCivilisation(x['civilisation']) ? x['civilisation'] : null,
    ready: x['ready'] === true,
    identity,
  };
}

/** Reads the plain JSON of the document (doc → toJSON of each part): never trusts it. */
export function parseLobby(json: { settings?: unknown; seats?: unknown; chat?: unknown; signatures?: unknown }): LobbySnapshot {
  const problems: string[] = [];
  const settings = readSettings(isObject(json.settings) ? json.settings : {}, problems);
  const rawSeats = isObject(json.seats) ? json.seats : {};
  const seats: (SeatEntry | null)[] = [];
  const holders = new Set<string>();
  const colours = new Set<Colour>();
  const civilisations = new Set<Civilisation>();
  for (let seat = 0; seat < settings.players; seat++) {
    const raw = rawSeats[String(seat)];
    let entry = raw === undefined || raw === null ? null : readSeat(seat, raw, problems);
    // A person holds one seat: the lowest one if the document says more.
    if (entry?.owner) {
      if (holders.has(entry.owner)) {
        problems.push(`seat ${seat}: its owner holds a lower seat`);
        entry = null;
      } else holders.add(entry.owner);
    }
    // Colours and civilisations are unique: the lower seat keeps one both claimed.
    if (entry?.colour) {
      if (colours.has(entry.colour)) entry = { ...entry, colour: null, ready: false };
      else colours.add(entry.colour);
    }
    if (entry?.civilisation) {
      if (civilisations.has(entry.civilisation)) entry = { ...entry, civilisation: null, ready: false };
      else civilisations.add(entry.civilisation);
    }
    seats.push(entry);
  }
  for (const key of Object.keys(rawSeats)) if (!/^[0-5]$/.test(key) || Number(key) >= settings.players) problems.push(`seats.${key.slice(0, 10)}: no such seat`);

  const chat: ChatLine[] = [];
  const rawChat = Array.isArray(json.chat) ? json.chat.slice(-CHAT_KEPT) : [];
  for (const line of rawChat) {
    if (isObject(line) && isMember(line['from']) && typeof line['text'] === 'string' && line['text'].trim() !== '')
      chat.push({ from: line['from'], name: cleanName(line['name'], 'Someone'), text: line['text'].slice(0, MAX_CHAT_TEXT) });
    else problems.push('chat: a bad line');
  }

  const signatures = new Map<string, Map<Seat, string>>();
  for (const [key, sig] of Object.entries(isObject(json.signatures) ? json.signatures : {})) {
    const m = /^([0-9a-f]{64})\/([0-5])$/.exec(key);
    if (!m || typeof sig !== 'string' || !/^[0-9a-f]{128}$/.test(sig)) {
      problems.push(`signatures.${key.slice(0, 20)}: malformed`);
      continue;
    }
    let forGenesis = signatures.get(m[1]!);
    if (!forGenesis) signatures.set(m[1]!, (forGenesis = new Map()));
    forGenesis.set(Number(m[2]), sig);
  }
  return { settings, seats, chat, signatures, problems };
}

/** Reads a lobby document. */
export function readLobby(doc: Y.Doc): LobbySnapshot {
  return parseLobby({
    settings: doc.getMap('settings').toJSON(),
    seats: doc.getMap('seats').toJSON(),
    chat: doc.getArray('chat').toJSON(),
    signatures: doc.getMap('signatures').toJSON(),
  });
}

/** The first colour and civilisation no other seat holds. */
export function freeChoices(snapshot: LobbySnapshot, except: Seat | null): { colour: Colour | null; civilisation: Civilisation | null } {
  const others = snapshot.seats.filter((s): s is SeatEntry => !!s && s.seat !== except);
  return {
    colour: COLOURS.find((c) => !others.some((s) => s.colour === c)) ?? null,
    civilisation: CIVILISATIONS.find((c) => !others.some((s) => s.civilisation === c)) ?? null,
  };
}

/** Why the lobby cannot start yet, or null when every seat is filled, chosen and ready. */
export function notReady(snapshot: LobbySnapshot): string | null {
  const free = snapshot.seats.filter((s) => !s).length;
  if (free > 0) return `waiting for ${free} more player${free > 1 ? 's' : ''}`;
  const s = snapshot.seats as readonly SeatEntry[];
  const choosing = s.filter((x) => !x.colour || !x.civilisation).length;
  if (choosing > 0) return `${choosing} seat${choosing > 1 ? 's' : ''} must choose a colour and a civilisation`;
  const waiting = s.filter((x) => !x.ready || !x.identity).length;
  if (waiting > 0) return `waiting for ${waiting} seat${waiting > 1 ? 's' : ''} to be ready`;
  return null;
}

/** The game's name in its genesis (the protocol allows [A-Za-z0-9_.:-]). */
export const lobbyGameName = (room: string): string => `bfe-${room}`;

/**
 * The genesis every page computes from the same lobby: the same canonical text on every peer,
 * so that every seat signs the same record. The first seat is drawn from every seat's published
 * identity (a seat could grind its key to choose it: a party game accepts that).
 */
export function lobbyGenesis(room: string, snapshot: LobbySnapshot): Result<Genesis, string> {
  const why = notReady(snapshot);
  if (why) return err(why);
  const seats = snapshot.seats as readonly SeatEntry[];
  const identities = seats.map((s) => s.identity!);
  const n = seats.length;
  const firstSeat = parseInt(hashText(`bfe/lobby/first-seat\n${identities.map((i) => `${i.key}.${i.beacon}`).join('\n')}`).slice(0, 8), 16) % n;
  const settings: ProtocolSettings = { ...DEFAULT_SETTINGS, timer: snapshot.settings.timer, limit: null, ...(snapshot.settings.days !== null ? { days: snapshot.settings.days } : {}) };
  return ok({
    protocol: PROTOCOL,
    game: lobbyGameName(room),
    rules: RULES_VERSION,
    setup: { players: seats.map((s) => ({ colour: s.colour!, civilisation: s.civilisation! })), firstSeat },
    seats: identities,
    settings,
  });
}
