import { err, ok, type Result } from '../../core/result.js';
import { isHexOf, utf8Length } from '../crypto/bytes.js';
import { type Echo, parseEchoText } from './echo.js';
import { type ParsedEntry, parseSignedEntry, type SignedEntry } from './entry.js';
import { type Violation, violation } from '../errors.js';
import { hasOnlyKeys, isObj, malformed, parseJson } from './json.js';

/**
 * Messages between peers, as JSON text. Every signed thing inside travels as its exact
 * signed text with its signature, so that what a peer checks is byte for byte what was signed.
 */
export type WireMessage =
  | { readonly t: 'entry'; readonly entry: SignedEntry }
  | { readonly t: 'echo'; readonly echo: SignedEcho; readonly entries: readonly SignedEntry[] }
  /** Entries passed on: the evidence behind a verdict, so that every honest peer reaches it. */
  | { readonly t: 'relay'; readonly entries: readonly SignedEntry[] };

export interface SignedEcho {
  readonly text: string;
  readonly sig: string;
}

/** A message after parsing: entries parsed (not yet signature-checked). */
export type ParsedMessage =
  | { readonly t: 'entry'; readonly entry: ParsedEntry }
  | { readonly t: 'echo'; readonly echo: Echo; readonly signed: SignedEcho; readonly entries: readonly ParsedEntry[] }
  | { readonly t: 'relay'; readonly entries: readonly ParsedEntry[] };

const MAX_ECHO_ENTRIES = 64;

export function makeMessage(m: WireMessage): string {
  switch (m.t) {
    case 'entry':
      return JSON.stringify({ t: 'entry', entry: m.entry.text, sig: m.entry.sig });
    case 'echo':
      return JSON.stringify({ t: 'echo', echo: m.echo.text, sig: m.echo.sig, entries: m.entries.map((e) => ({ entry: e.text, sig: e.sig })) });
    case 'relay':
      return JSON.stringify({ t: 'relay', entries: m.entries.map((e) => ({ entry: e.text, sig: e.sig })) });
  }
}

/** Parses a message, refusing anything larger than `maxBytes` before reading it. */
export function parseMessage(text: unknown, maxBytes: number): Result<ParsedMessage, Violation> {
  if (typeof text !== 'string') return malformed('a message is a text');
  if (text.length > maxBytes || utf8Length(text) > maxBytes) return err(violation('Oversized', `a message is at most ${maxBytes} bytes`));
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
  }
}
