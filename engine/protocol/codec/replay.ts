import { err, ok, type Result } from '../../core/result.js';
import { isHexOf } from '../crypto/bytes.js';
import type { SignedEntry } from './entry.js';
import { type Violation, violation } from '../errors.js';
import { hasOnlyKeys, isObj, malformed, parseJson } from './json.js';
import type { SignedEcho } from './wire.js';
import { checkReplayText, REPLAY_LIMITS, type ReplayLimits } from './replay-limits.js';

/**
 * The replay file (docs/replay-format.md): the genesis and its signatures, the log as a list of
 * elements (each the signed entries it was made of: actions, beacon links, absence claims,
 * final openings), the final signatures, and for a game ended by a verdict the signed evidence.
 * Shape only here: the verifier parses each entry in order so that it can name the first bad one.
 */
export const REPLAY_FORMAT = 'battle-for-eden/replay';
export const REPLAY_VERSION = 1;

export interface Evidence {
  /** Signed entries proving the verdict (the illegal entry; the two entries of an equivocation). */
  readonly entries: readonly SignedEntry[];
  /** The signed echo proving a divergence. */
  readonly echo: SignedEcho | null;
}

export interface Replay {
  readonly genesis: string;
  readonly genesisSignatures: readonly string[];
  readonly log: readonly (readonly SignedEntry[])[];
  readonly finals: readonly SignedEntry[];
  readonly evidence: Evidence | null;
}

type SignedJson = { entry: string; sig: string };
const signedJson = (e: SignedEntry): SignedJson => ({ entry: e.text, sig: e.sig });

/** The replay as plain JSON data. */
export function makeReplayJson(r: Replay): unknown {
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    genesis: r.genesis,
    genesisSignatures: [...r.genesisSignatures],
    log: r.log.map((el) => el.map(signedJson)),
    finals: r.finals.map(signedJson),
    evidence: r.evidence ? { entries: r.evidence.entries.map(signedJson), echo: r.evidence.echo ? { echo: r.evidence.echo.text, sig: r.evidence.echo.sig } : null } : null,
  };
}

export const makeReplayText = (r: Replay): string => JSON.stringify(makeReplayJson(r));

function parseSigned(x: unknown, limits: ReplayLimits = REPLAY_LIMITS): SignedEntry | undefined {
  if (!isObj(x) || !hasOnlyKeys(x, ['entry', 'sig']) || typeof x['entry'] !== 'string' || typeof x['sig'] !== 'string') return undefined;
  if (x['entry'].length > limits.stringChars || x['sig'].length > limits.stringChars) return undefined;
  return { text: x['entry'], sig: x['sig'] };
}

const tooLarge = (message: string) => err(violation('Oversized', `replay: ${message}`));

/**
 * Parses a replay's outer shape, within the limits of docs/replay-format.md (elements, entries
 * per element and in all, string lengths: what reaches here from JSON.parse was already bounded
 * by checkReplayText; a caller's own data is bounded here). Signatures are only required to be
 * strings: a bad one is a violation at its entry, which the verifier reports with the entry's number.
 */
export function parseReplayJson(x: unknown, limits: ReplayLimits = REPLAY_LIMITS): Result<Replay, Violation> {
  if (!isObj(x)) return malformed('not a replay: the file is not a JSON object');
  if (x['format'] !== REPLAY_FORMAT) return err(violation('WrongVersion', `not a replay: format is not "${REPLAY_FORMAT}"`));
  if (x['version'] !== REPLAY_VERSION) {
    // JSON, so that the string "1" does not read as the number it is not.
    const given = JSON.stringify(x['version'] ?? null).slice(0, 20);
    return err(violation('WrongVersion', `replay version ${given} is not supported (this reads version ${REPLAY_VERSION}, a number)`));
  }
  if (!hasOnlyKeys(x, ['format', 'version', 'genesis', 'genesisSignatures', 'log', 'finals', 'evidence'])) return malformed('replay: unexpected fields');
  const { genesis, genesisSignatures, log, finals, evidence } = x;
  if (typeof genesis !== 'string') return malformed('replay: genesis must be the genesis text');
  if (genesis.length > limits.stringChars) return tooLarge(`the genesis is longer than ${limits.stringChars} characters`);
  if (!Array.isArray(genesisSignatures) || !genesisSignatures.every((s) => typeof s === 'string')) return malformed('replay: genesisSignatures must be a list of hex signatures');
  if (genesisSignatures.length > limits.entriesPerElement || genesisSignatures.some((s) => s.length > limits.stringChars)) return tooLarge('too many or too long genesis signatures');
  if (!Array.isArray(log)) return malformed('replay: log must be a list of elements');
  if (log.length > limits.elements) return tooLarge(`more than ${limits.elements} log elements`);
  const elements: SignedEntry[][] = [];
  let total = 0;
  for (const [i, el] of log.entries()) {
    if (!Array.isArray(el)) return malformed(`replay: log element ${i} must be a list of signed entries`);
    if (el.length > limits.entriesPerElement) return tooLarge(`log element ${i} holds more than ${limits.entriesPerElement} entries`);
    if ((total += el.length) > limits.entries) return tooLarge(`more than ${limits.entries} signed entries`);
    const entries = el.map((e) => parseSigned(e, limits));
    if (entries.some((e) => !e)) return malformed(`replay: log element ${i} holds something other than {entry, sig}`);
    elements.push(entries as SignedEntry[]);
  }
  if (!Array.isArray(finals)) return malformed('replay: finals must be a list');
  if (finals.length > limits.entriesPerElement) return tooLarge(`more than ${limits.entriesPerElement} final signatures`);
  const fin = finals.map((e) => parseSigned(e, limits));
  if (fin.some((e) => !e)) return malformed('replay: finals must be {entry, sig}');
  let ev: Evidence | null = null;
  if (evidence !== null) {
    if (!isObj(evidence) || !hasOnlyKeys(evidence, ['entries', 'echo']) || !Array.isArray(evidence['entries'])) return malformed('replay: bad evidence');
    if (evidence['entries'].length > limits.entriesPerElement) return tooLarge(`more than ${limits.entriesPerElement} evidence entries`);
    const entries = evidence['entries'].map((e) => parseSigned(e, limits));
    if (entries.some((e) => !e)) return malformed('replay: evidence entries must be {entry, sig}');
    const echo = evidence['echo'];
    let signedEcho: SignedEcho | null = null;
    if (echo !== null) {
      if (!isObj(echo) || !hasOnlyKeys(echo, ['echo', 'sig']) || typeof echo['echo'] !== 'string' || echo['echo'].length > limits.stringChars || !isHexOf(echo['sig'], 64)) return malformed('replay: bad evidence echo');
      signedEcho = { text: echo['echo'], sig: echo['sig'] };
    }
    ev = { entries: entries as SignedEntry[], echo: signedEcho };
  }
  return ok({ genesis, genesisSignatures: genesisSignatures as string[], log: elements, finals: fin as SignedEntry[], evidence: ev });
}

/** Parses a replay's JSON text: its size and shape are checked against the limits before JSON.parse builds anything. */
export function parseReplayText(text: string, limits: ReplayLimits = REPLAY_LIMITS): Result<Replay, Violation> {
  if (text.length > limits.textBytes) return tooLarge(`the text is longer than ${limits.textBytes} characters`);
  const over = checkReplayText(text, limits);
  if (over) return err(over);
  const json = parseJson(text);
  if (!json.ok) return malformed('not a replay: the file is not JSON');
  return parseReplayJson(json.value, limits);
}
