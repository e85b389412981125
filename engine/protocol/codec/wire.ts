import { err, ok, type Result } from '../../core/result.js';
import { isHexOf, utf8Length } from '../crypto/bytes.js';
import { type Echo, parseEchoText } from './echo.js';
import { MAX_OPENINGS, type ParsedEntry, parseSignedEntry, type SignedEntry } from './entry.js';
import { type Violation, violation } from '../errors.js';
import { hasOnlyKeys, isCount, isObj, malformed, parseJson } from './json.js';

/**
 * Messages between peers, as JSON text. Every signed thing inside travels as its exact
 * signed text with its signature, so that what a peer checks is byte for byte what was signed.
 */
export type WireMessage =
  | { readonly t: 'entry'; readonly entry: SignedEntry }
  | { readonly t: 'echo'; readonly echo: SignedEcho; readonly entries: readonly SignedEntry[] }
  /** Entries passed on: the evidence behind a verdict, so that every honest peer reaches it. */
  | { readonly t: 'relay'; readonly entries: readonly SignedEntry[] }
  /** Catch-up: a peer behind asks for the elements from position `from` on (at most `count`). */
  | { readonly t: 'fetch'; readonly from: number; readonly count: number }
  /** The answer: consecutive elements of the responder's log from `from` on, each its signed entries. */
  | { readonly t: 'history'; readonly from: number; readonly elements: readonly (readonly SignedEntry[])[] };

export interface SignedEcho {
  readonly text: string;
  readonly sig: string;
}

/** A message after parsing: entries parsed (not yet signature-checked). */
export type ParsedMessage =
  | { readonly t: 'entry'; readonly entry: ParsedEntry }
  | { readonly t: 'echo'; readonly echo: Echo; readonly signed: SignedEcho; readonly entries: readonly ParsedEntry[] }
  | { readonly t: 'relay'; readonly entries: readonly ParsedEntry[] }
  | { readonly t: 'fetch'; readonly from: number; readonly count: number }
  | { readonly t: 'history'; readonly from: number; readonly elements: readonly (readonly ParsedEntry[])[] };

const MAX_ECHO_ENTRIES = 64;
/** The most elements one catch-up request asks for, and one answer carries (the message size bounds it too). */
export const MAX_FETCH = 64;
const MAX_POSITION = 10_000_000;

export function makeMessage(m: WireMessage): string {
  switch (m.t) {
    case 'entry':
      return JSON.stringify({ t: 'entry', entry: m.entry.text, sig: m.entry.sig });
    case 'echo':
      return JSON.stringify({ t: 'echo', echo: m.echo.text, sig: m.echo.sig, entries: m.entries.map((e) => ({ entry: e.text, sig: e.sig })) });
    case 'relay':
      return JSON.stringify({ t: 'relay', entries: m.entries.map((e) => ({ entry: e.text, sig: e.sig })) });
    case 'fetch':
      return JSON.stringify({ t: 'fetch', from: m.from, count: m.count });
    case 'history':
      return JSON.stringify({ t: 'history', from: m.from, elements: m.elements.map((el) => el.map((e) => ({ entry: e.text, sig: e.sig }))) });
  }
}

/**
 * The most an honest final-openings entry takes, in bytes: MAX_OPENINGS openings, each at most
 * 256 bytes as canonical JSON with a 64-character ref and value (191 at most: the braces, the
 * keys, the quotes and a 32-character salt), and 1 KB for the entry around them.
 */
export const MAX_OPEN_ENTRY_BYTES = MAX_OPENINGS * 256 + 1024;

/**
 * The largest message a peer of a game with `seats` seats reads (and its transport carries):
 * the genesis `maxMessageBytes`, and on top of it room for the final openings of every seat,
 * each counted twice (a safe bound on its escaping inside the message). The close element holds
 * one open entry per seat, and together they grow with the game past any fixed cap: an echo of
 * it, or a catch-up answer that reaches it, must still travel.
 */
export const wireBytes = (maxBytes: number, seats: number): number => maxBytes + seats * 2 * MAX_OPEN_ENTRY_BYTES;

/**
 * Parses a message, refusing anything larger than `maxBytes` before reading it. With `seats`,
 * a message may be larger by the final openings it carries (see wireBytes): before reading, by
 * at most 2 MAX_OPEN_ENTRY_BYTES for each open entry its text names (never more than wireBytes,
 * and nothing past `maxBytes` that names none); once read, at most `seats` open entries, each
 * within MAX_OPEN_ENTRY_BYTES, and everything else (the message without their texts) within
 * `maxBytes`.
 */
export function parseMessage(text: unknown, maxBytes: number, seats = 0): Result<ParsedMessage, Violation> {
  if (typeof text !== 'string') return malformed('a message is a text');
  // Before reading: past the cap, only by as much as the open entries the text names could take.
  const cap = maxBytes + Math.min(seats, openMarks(text, seats + 1)) * 2 * MAX_OPEN_ENTRY_BYTES;
  if (text.length > cap || utf8Length(text) > cap) return err(violation('Oversized', `a message is at most ${maxBytes} bytes and the final openings it carries`));
  const parsed = parseWithin(text);
  if (!parsed.ok || utf8Length(text) <= maxBytes) return parsed;
  const open = openEntries(parsed.value);
  // What the open entries' texts take in the message (as JSON strings), and the rest.
  const rest = utf8Length(text) - open.reduce((n, e) => n + utf8Length(JSON.stringify(e.text)), 0);
  if (open.length > seats || open.some((e) => utf8Length(e.text) > MAX_OPEN_ENTRY_BYTES) || rest > maxBytes)
    return err(violation('Oversized', `a message is at most ${maxBytes} bytes and the final openings it carries`));
  return parsed;
}

/** How many open entries a message text names (up to `most`): each, as a JSON string in it, holds this mark. */
function openMarks(text: string, most: number): number {
  let n = 0;
  for (let at = text.indexOf(OPEN_MARK); at >= 0 && n < most; at = text.indexOf(OPEN_MARK, at + OPEN_MARK.length)) n++;
  return n;
}
const OPEN_MARK = JSON.stringify('"type":"open"').slice(1, -1);

/** The final-openings entries a message carries. */
function openEntries(m: ParsedMessage): ParsedEntry[] {
  const all = m.t === 'entry' ? [m.entry] : m.t === 'echo' || m.t === 'relay' ? m.entries : m.t === 'history' ? m.elements.flat() : [];
  return all.filter((e) => e.entry.body.type === 'open');
}

function parseWithin(text: string): Result<ParsedMessage, Violation> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const m = json.value;
  if (!isObj(m)) return malformed('a message is an object');
  switch (m['t']) {
    case 'entry': {
      if (!hasOnlyKeys(m, ['t', 'entry', 'sig'])) return malformed('entry message: unexpected fields');
      const entry = parseSignedEntry({ entry: m['entry'], sig: m['sig'] });
      return entry.ok ? ok({ t: 'entry', entry: entry.value }) : entry;
    }
    case 'echo': {
      if (!hasOnlyKeys(m, ['t', 'echo', 'sig', 'entries'])) return malformed('echo message: unexpected fields');
      const { echo: text, sig, entries } = m;
      if (typeof text !== 'string' || !isHexOf(sig, 64)) return malformed('echo message: {echo: text, sig}');
      const echo = parseEchoText(text);
      if (!echo.ok) return echo;
      const parsed = parseEntries(entries);
      return parsed.ok ? ok({ t: 'echo', echo: echo.value, signed: { text, sig }, entries: parsed.value }) : parsed;
    }
    case 'relay': {
      if (!hasOnlyKeys(m, ['t', 'entries'])) return malformed('relay message: unexpected fields');
      const parsed = parseEntries(m['entries']);
      return parsed.ok ? ok({ t: 'relay', entries: parsed.value }) : parsed;
    }
    case 'fetch': {
      if (!hasOnlyKeys(m, ['t', 'from', 'count'])) return malformed('fetch message: unexpected fields');
      const { from, count } = m;
      if (!isCount(from, MAX_POSITION) || !isCount(count, MAX_FETCH) || count < 1) return malformed(`fetch message: {from: a position, count: 1 to ${MAX_FETCH}}`);
      return ok({ t: 'fetch', from, count });
    }
    case 'history': {
      if (!hasOnlyKeys(m, ['t', 'from', 'elements'])) return malformed('history message: unexpected fields');
      const { from, elements } = m;
      if (!isCount(from, MAX_POSITION) || !Array.isArray(elements) || elements.length < 1 || elements.length > MAX_FETCH) return malformed(`history message: {from: a position, elements: 1 to ${MAX_FETCH}}`);
      const parsed: ParsedEntry[][] = [];
      for (const el of elements) {
        const entries = parseEntries(el);
        if (!entries.ok) return entries;
        if (entries.value.length === 0) return malformed('history message: an element has at least one entry');
        parsed.push(entries.value);
      }
      return ok({ t: 'history', from, elements: parsed });
    }
    default:
      return malformed('unknown message type');
  }
}

function parseEntries(entries: unknown): Result<ParsedEntry[], Violation> {
  if (!Array.isArray(entries) || entries.length > MAX_ECHO_ENTRIES) return malformed('entries must be a list of at most 64');
  const parsed: ParsedEntry[] = [];
  for (const e of entries) {
    const p = parseSignedEntry(e);
    if (!p.ok) return p;
    parsed.push(p.value);
  }
  return ok(parsed);
}

/** A parsed message back to its wire form (for round-trip tests and relaying). */
export function unparseMessage(m: ParsedMessage): WireMessage {
  const plain = (e: ParsedEntry): SignedEntry => ({ text: e.text, sig: e.sig });
  switch (m.t) {
    case 'entry':
      return { t: 'entry', entry: plain(m.entry) };
    case 'echo':
      return { t: 'echo', echo: m.signed, entries: m.entries.map(plain) };
    case 'relay':
      return { t: 'relay', entries: m.entries.map(plain) };
    case 'fetch':
      return m;
    case 'history':
      return { t: 'history', from: m.from, elements: m.elements.map((el) => el.map(plain)) };
  }
}
