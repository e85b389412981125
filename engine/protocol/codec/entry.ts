import { canonicalJson, type Json } from '../../core/canonical.js';
import { err, ok, type Result } from '../../core/result.js';
import { MAX_PLAYERS, type Seat } from '../../core/vocabulary.js';
import { isHexOf } from '../crypto/bytes.js';
import { TAGS, taggedDigest } from '../crypto/digest.js';
import { type Violation, violation } from '../errors.js';
import { hasOnlyKeys, isCanonical, isCount, isObj, isPlainJson, malformed, parseJson } from './json.js';
import { readPlainCanonical, readPlainCanonicalAt } from './plain-json.js';

/** What opens a committed reference at the end of the game (the engine's TileOpening, for any pile). */
export interface Opening {
  readonly ref: string;
  readonly value: string;
  readonly salt: string;
}

/**
 * The body of a log entry. `action` is the only main entry: the seat the engine awaits writes
 * it. The others are side entries at a position: a beacon link, an absence claim, the final
 * openings, the final signature.
 */
export type Body =
  | { readonly type: 'action'; readonly action: { readonly [key: string]: Json } }
  | { readonly type: 'link'; readonly event: number; readonly link: string }
  | { readonly type: 'absent'; readonly seats: readonly Seat[]; readonly round?: number }
  | { readonly type: 'open'; readonly openings: readonly Opening[] }
  | { readonly type: 'final'; readonly state: string; readonly signatures: string };
export type BodyType = Body['type'];
export const BODY_TYPES = ['action', 'link', 'absent', 'open', 'final'] as const satisfies readonly BodyType[];

/** A log entry: signed, as its canonical JSON text, by the seat it names. */
export interface Entry {
  readonly v: 1;
  /** The genesis hash. */
  readonly game: string;
  /** The log position: the number of elements before it. */
  readonly seq: number;
  readonly seat: Seat;
  /** The hash of element seq - 1 (the genesis hash for seq 0). */
  readonly prev: string;
  readonly body: Body;
}

/** An entry as it travels and is stored: its exact signed text and the signature. */
export interface SignedEntry {
  readonly text: string;
  readonly sig: string;
}

/** A signed entry after parsing: its content and its identity, the hash of its text (never its signature). */
export interface ParsedEntry extends SignedEntry {
  readonly entry: Entry;
  readonly id: string;
}

export const MAX_SEQ = 10_000_000;
/** Claims at one place move to a new round only when the last one can no longer settle: a few suffice. */
export const MAX_CLAIM_ROUND = 64;

/** The round of an absence claim (0 when the body has none). */
export const claimRound = (body: Extract<Body, { type: 'absent' }>): number => body.round ?? 0;
export const MAX_OPENINGS = 2048;

export const makeEntryText = (entry: Entry): string => canonicalJson(entry);
export const entryId = (text: string): string => taggedDigest(TAGS.entry, text);

function parseOpening(x: unknown): Opening | undefined {
  if (!isObj(x) || !hasOnlyKeys(x, ['ref', 'value', 'salt'])) return undefined;
  const { ref, value, salt } = x;
  if (typeof ref !== 'string' || ref.length === 0 || ref.length > 64) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return undefined;
  if (!isHexOf(salt, 16)) return undefined;
  return { ref, value, salt };
}

/** A body's shape. `plain` says the data is known to be plain JSON already (read by JSON.parse, numbers checked). */
export function parseBody(x: unknown, plain = false): Body | undefined {
  if (!isObj(x)) return undefined;
  switch (x['type']) {
    case 'action': {
      const a = x['action'];
      if (!hasOnlyKeys(x, ['type', 'action']) || !isObj(a) || !(plain || isPlainJson(a))) return undefined;
      return { type: 'action', action: a as { readonly [key: string]: Json } };
    }
    case 'link':
      if (!hasOnlyKeys(x, ['type', 'event', 'link']) || !isCount(x['event'], MAX_SEQ) || !isHexOf(x['link'], 32)) return undefined;
      return { type: 'link', event: x['event'], link: x['link'] };
    case 'absent': {
      const { seats, round } = x;
      if (!hasOnlyKeys(x, ['type', 'seats', 'round']) || !Array.isArray(seats) || seats.length === 0 || seats.length > MAX_PLAYERS) return undefined;
      if (!seats.every((s, i) => isCount(s, MAX_PLAYERS - 1) && (i === 0 || s > seats[i - 1]))) return undefined;
      // Round 0 is written by leaving the field out: one content, one text.
      if (round === undefined) return { type: 'absent', seats: seats as Seat[] };
      if (!isCount(round, MAX_CLAIM_ROUND) || round === 0) return undefined;
      return { type: 'absent', seats: seats as Seat[], round };
    }
    case 'open': {
      const list = x['openings'];
      if (!hasOnlyKeys(x, ['type', 'openings']) || !Array.isArray(list) || list.length > MAX_OPENINGS) return undefined;
      const openings = list.map(parseOpening);
      if (openings.some((o) => !o)) return undefined;
      return { type: 'open', openings: openings as Opening[] };
    }
    case 'final':
      if (!hasOnlyKeys(x, ['type', 'state', 'signatures']) || !isHexOf(x['state'], 32) || !isHexOf(x['signatures'], 32)) return undefined;
      return { type: 'final', state: x['state'], signatures: x['signatures'] };
    default:
      return undefined;
  }
}

const BODY_HEAD = '{"body":';
/**
 * The canonical text of an entry is BODY_HEAD, its body, then `envelopeBefore(game, prev)` and
 * `envelopeFrom(seat, seq)`: the other fields in key order, spelt the only way they can be.
 */
const envelopeBefore = (game: string, prev: string): string => `,"game":"${game}","prev":"${prev}","seat":`;
const envelopeFrom = (seat: number, seq: number): string => `${seat},"seq":${seq},"v":1}`;

/** Parses the content of an entry from its signed text (shape and canonical form only). */
export function parseEntryText(text: string): Result<Entry, Violation> {
  // Most entries are read and proved canonical in one pass; the others are parsed, then tested.
  const plain = readPlainCanonical(text);
  const json = plain === undefined ? parseJson(text) : ok(plain);
  if (!json.ok) return malformed('entry: not JSON');
  const e = json.value;
  if (!isObj(e) || !hasOnlyKeys(e, ['v', 'game', 'seq', 'seat', 'prev', 'body'])) return malformed('entry: not an entry');
  if (e['v'] !== 1) return err(violation('WrongVersion', `entry: version ${String(e['v']).slice(0, 20)}`));
  const { game, seq, seat, prev } = e;
  if (!isHexOf(game, 32) || !isHexOf(prev, 32)) return malformed('entry: game and prev must be 32-byte hex');
  if (!isCount(seq, MAX_SEQ) || !isCount(seat, MAX_PLAYERS - 1)) return malformed('entry: bad seq or seat');
  // Canonical form first: it also proves every number a safe integer, so the body is plain JSON.
  if (plain === undefined) {
    // The envelope's fields are checked above, so its canonical spelling is known: only the body
    // needs the general test (the same verdict as isCanonical(e, text), for a fraction of the work).
    const tail = envelopeBefore(game, prev) + envelopeFrom(seat, seq);
    const canonical = text.startsWith(BODY_HEAD) && text.endsWith(tail) && isCanonical(e['body'], text.slice(BODY_HEAD.length, text.length - tail.length));
    if (!canonical) return malformed('entry: not in canonical form', { seat, seq });
  }
  const body = parseBody(e['body'], true);
  if (!body) return malformed(`entry: bad body`, { seat, seq });
  return ok({ v: 1, game, seq, seat, prev, body });
}

/**
 * Reads the entries expected at one position of a known game: the verifier's fast path. An entry
 * is read here only if its text is, byte for byte, the canonical entry for this game, position and
 * previous hash around a canonical body of a valid shape. Anything else gives null, and the caller
 * reads the entry with `parseSigned` and `checkEntry`, which name what is wrong. What this reads,
 * `parseSigned` reads the same, except that only the signature's length is looked at, not its
 * digits: the caller checks signatures, or holds final signatures that cover them.
 */
export class PositionReader {
  /** What follows the body in the canonical text of an entry of this position, by seat. */
  private readonly tails: string[] = [];
  /** Where the seat's digit is, counted from the end of the text. */
  private readonly seatFromEnd: number;
  constructor(
    private readonly game: string,
    private readonly seq: number,
    private readonly prev: string,
  ) {
    this.seatFromEnd = envelopeFrom(0, seq).length;
  }

  read(text: string, sig: string): ParsedEntry | null {
    // `{"body":` BODY `,"game":"…","prev":"…","seat":` S `,"seq":…,"v":1}` with a canonical body
    // of a valid shape: the entry for this position, nothing more. The body is read in one pass;
    // what follows it is compared whole with what it must be (one string comparison, much
    // cheaper than reading and comparing the fields). Entries outside the plain subset the
    // one-pass reading knows, with escapes in strings for instance, take the general path.
    if (sig.length !== 128 || this.seq > MAX_SEQ || text.slice(0, BODY_HEAD.length) !== BODY_HEAD) return null;
    const read = readPlainCanonicalAt(text, BODY_HEAD.length);
    const seat = text.charCodeAt(text.length - this.seatFromEnd) - 48;
    if (!read || !(seat >= 0 && seat < MAX_PLAYERS) || text.slice(read.end) !== this.tail(seat)) return null;
    const body = parseBody(read.value, true);
    if (!body) return null;
    return { text, sig, entry: { v: 1, game: this.game, seq: this.seq, seat, prev: this.prev, body }, id: entryId(text) };
  }

  private tail(seat: Seat): string {
    return (this.tails[seat] ??= envelopeBefore(this.game, this.prev) + envelopeFrom(seat, this.seq));
  }
}

/** Parses `{entry, sig}` as found in messages and replays. */
export function parseSignedEntry(x: unknown): Result<ParsedEntry, Violation> {
  if (!isObj(x) || !hasOnlyKeys(x, ['entry', 'sig']) || typeof x['entry'] !== 'string' || !isHexOf(x['sig'], 64))
    return malformed('a signed entry is {entry: text, sig: 64-byte hex}');
  return parseSigned(x['entry'], x['sig']);
}

/** A signed entry from its text and signature (the signature's shape checked, not its validity). */
export function parseSigned(text: string, sig: string): Result<ParsedEntry, Violation> {
  if (!isHexOf(sig, 64)) return malformed('a signature is 64 bytes of hex');
  const entry = parseEntryText(text);
  if (!entry.ok) return entry;
  return ok({ text, sig, entry: entry.value, id: entryId(text) });
}

export const makeSignedEntry = (s: SignedEntry): { entry: string; sig: string } => ({ entry: s.text, sig: s.sig });
