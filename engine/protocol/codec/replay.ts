import { err, ok, type Result } from '../../core/result.js';
import { isHexOf } from '../crypto/bytes.js';
import type { SignedEntry } from './entry.js';
import { type Violation, violation } from '../errors.js';
import { hasOnlyKeys, isObj, malformed, parseJson } from './json.js';
import type { SignedEcho } from './wire.js';

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

function parseSigned(x: unknown): SignedEntry | undefined {
  if (!isObj(x) || !hasOnlyKeys(x, ['entry', 'sig']) || typeof x['entry'] !== 'string' || typeof x['sig'] !== 'string') return undefined;
  return { text: x['entry'], sig: x['sig'] };
}

/**
 * Parses a replay's outer shape. Signatures are only required to be strings here: a bad one is
 * a violation at its entry, which the verifier reports with the entry's number.
 */
export function parseReplayJson(x: unknown): Result<Replay, Violation> {
  if (!isObj(x)) return malformed('not a replay: the file is not a JSON object');
  if (x['format'] !== REPLAY_FORMAT) return err(violation('WrongVersion', `not a replay: format is not "${REPLAY_FORMAT}"`));
  if (x['version'] !== REPLAY_VERSION) return err(violation('WrongVersion', `replay version ${String(x['version']).slice(0, 20)} is not supported (this reads version ${REPLAY_VERSION})`));
  if (!hasOnlyKeys(x, ['format', 'version', 'genesis', 'genesisSignatures', 'log', 'finals', 'evidence'])) return malformed('replay: unexpected fields');
  const { genesis, genesisSignatures, log, finals, evidence } = x;
  if (typeof genesis !== 'string') return malformed('replay: genesis must be the genesis text');
  if (!Array.isArray(genesisSignatures) || !genesisSignatures.every((s) => typeof s === 'string')) return malformed('replay: genesisSignatures must be a list of hex signatures');
  if (!Array.isArray(log)) return malformed('replay: log must be a list of elements');
  const elements: SignedEntry[][] = [];
  for (const [i, el] of log.entries()) {
    if (!Array.isArray(el)) return malformed(`replay: log element ${i} must be a list of signed entries`);
    const entries = el.map(parseSigned);
    if (entries.some((e) => !e)) return malformed(`replay: log element ${i} holds something other than {entry, sig}`);
    elements.push(entries as SignedEntry[]);
  }
  if (!Array.isArray(finals)) return malformed('replay: finals must be a list');
  const fin = finals.map(parseSigned);
  if (fin.some((e) => !e)) return malformed('replay: finals must be {entry, sig}');
  let ev: Evidence | null = null;
  if (evidence !== null) {
    if (!isObj(evidence) || !hasOnlyKeys(evidence, ['entries', 'echo']) || !Array.isArray(evidence['entries'])) return malformed('replay: bad evidence');
    const entries = evidence['entries'].map(parseSigned);
    if (entries.some((e) => !e)) return malformed('replay: evidence entries must be {entry, sig}');
    const echo = evidence['echo'];
    let signedEcho: SignedEcho | null = null;
    if (echo !== null) {
      if (!isObj(echo) || !hasOnlyKeys(echo, ['echo', 'sig']) || typeof echo['echo'] !== 'string' || !isHexOf(echo['sig'], 64)) return malformed('replay: bad evidence echo');
      signedEcho = { text: echo['echo'], sig: echo['sig'] };
    }
    ev = { entries: entries as SignedEntry[], echo: signedEcho };
  }
  return ok({ genesis, genesisSignatures: genesisSignatures as string[], log: elements, finals: fin as SignedEntry[], evidence: ev });
}

export function parseReplayText(text: string): Result<Replay, Violation> {
  const json = parseJson(text);
  if (!json.ok) return malformed('not a replay: the file is not JSON');
  return parseReplayJson(json.value);
}
