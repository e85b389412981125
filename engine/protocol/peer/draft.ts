import type { Seat } from '../../core/vocabulary.js';
import { type Entry, entryId, makeEntryText, type ParsedEntry } from '../codec/entry.js';
import type { SignedEcho } from '../codec/wire.js';
import type { Chain } from '../log/chain.js';
import type { Violation } from '../errors.js';
import { bucketOf } from './held.js';
import { awaitsAction, type EchoDraft, MAX_INCIDENTS, type Outcome, type PeerContext, type PeerState } from './state.js';

/** A signature the step needs checked: an entry's (by its signer), or an echo's (by the seat it names). */
export type Check = { readonly kind: 'entry'; readonly entry: ParsedEntry } | { readonly kind: 'echo'; readonly seat: Seat; readonly signed: SignedEcho };

export const checkKey = (c: Check): string => (c.kind === 'entry' ? `e|${c.entry.entry.seat}|${c.entry.id}|${c.entry.sig}` : `c|${c.seat}|${c.signed.sig}|${c.signed.text}`);

/**
 * The results of the crypto a step needed: signatures checked (by checkKey) and this seat's
 * entries signed (the signature by entry id). The wrapper computes them; the step only reads them.
 */
export interface CryptoResults {
  readonly checked: ReadonlyMap<string, boolean>;
  readonly signed: ReadonlyMap<string, string>;
}

export const NO_RESULTS: CryptoResults = { checked: new Map(), signed: new Map() };

/** What a step asks the wrapper to do, in order. */
export type Effect =
  | { readonly kind: 'send'; readonly text: string; readonly to?: Seat }
  /** Complete this echo of an element (echoOf), sign it and send it, with the element's entries, to every other peer. */
  | { readonly kind: 'echo'; readonly echo: EchoDraft }
  /** The chain or the outcome changed: what a UI shows at that moment (one per element applied). */
  | { readonly kind: 'changed'; readonly chain: Chain; readonly outcome: Outcome; readonly incidents: readonly Violation[]; readonly yourTurn: boolean };

/** The crypto a step lacked: it changed nothing; run it again with these results added. */
export interface Needs {
  readonly check: readonly Check[];
  readonly sign: readonly Entry[];
}


type Mutable<T> = T extends ReadonlyMap<infer K, infer V> ? Map<K, V> : T extends ReadonlySet<infer V> ? Set<V> : T extends readonly (infer V)[] ? V[] : never;
type Owned = 'answers' | 'incidents' | 'history' | 'pool' | 'bySeq' | 'claimedAt' | 'heardCandidates' | 'fetchedAt' | 'relayedAt' | 'sent' | 'finals' | 'pendingEchoes' | 'heldBySeat' | 'echoesBySeat' | 'lastHeard' | 'lastBack' | 'elsewhere' | 'agreed';

/**
 * A step's working copy of a state: its fields are rebound as the step goes, and a map, set or
 * array is copied the first time the step changes it (own), so the state it came from never
 * changes and the new one shares everything the step left alone.
 */
export type Draft = { -readonly [K in keyof PeerState]: PeerState[K] } & {
  readonly ctx: PeerContext;
  readonly results: CryptoResults;
  readonly effects: Effect[];
  /**
   * The crypto this step lacked. A check may be needed deep in a step (an entry inside a catch-up
   * answer, an echo at claim time): a missing check counts as failed and a missing signature as
   * blank for the rest of the run, and the step then returns these needs instead of its result,
   * having changed nothing; the caller computes them and runs the same event again (the step is
   * pure). The likely checks are done before the first run, so a second one is rare.
   */
  readonly missing: { readonly check: Check[]; readonly sign: Entry[] };
  readonly owned: Set<Owned>;
  /** The buckets of bySeq this step copied already. */
  readonly ownedBuckets: Set<number>;
};

export function draftOf(ctx: PeerContext, s: PeerState, results: CryptoResults): Draft {
  return { ...s, ctx, results, effects: [], missing: { check: [], sign: [] }, owned: new Set(), ownedBuckets: new Set() };
}

export function own<K extends Owned>(d: Draft, key: K): Mutable<PeerState[K]> {
  if (!d.owned.has(key)) {
    const v = d[key] as unknown;
    d[key] = (v instanceof Map ? new Map(v) : v instanceof Set ? new Set(v) : [...(v as unknown[])]) as never;
    d.owned.add(key);
  }
  return d[key] as unknown as Mutable<PeerState[K]>;
}

export function finished(d: Draft): PeerState {
  const { ctx: _c, results: _r, effects: _e, missing: _m, owned: _o, ownedBuckets: _b, ...state } = d;
  return Object.freeze(state);
}

/** Sets (or, with an empty list, forgets) the entries held at a position, copying its bucket once per step. */
export function setEntriesAt(d: Draft, seq: number, list: readonly ParsedEntry[]): void {
  const outer = own(d, 'bySeq');
  const b = bucketOf(seq);
  let bucket = outer.get(b) as Map<number, readonly ParsedEntry[]> | undefined;
  if (!d.ownedBuckets.has(b)) {
    bucket = new Map(bucket ?? []);
    outer.set(b, bucket);
    d.ownedBuckets.add(b);
  }
  if (list.length > 0) bucket!.set(seq, list);
  else bucket!.delete(seq);
  if (bucket!.size === 0) outer.delete(b);
}

export const done = (d: Draft): boolean => d.outcome.kind !== 'playing';

export const send = (d: Draft, text: string, to?: Seat): void => {
  d.effects.push(to === undefined ? { kind: 'send', text } : { kind: 'send', text, to });
};

export function changed(d: Draft): void {
  // The effect keeps this list as it is now: the next incident copies it.
  d.owned.delete('incidents');
  d.effects.push({ kind: 'changed', chain: d.chain, outcome: d.outcome, incidents: d.incidents, yourTurn: awaitsAction(d.ctx, d) });
}

export function incident(d: Draft, v: Violation): void {
  if (d.incidents.length < MAX_INCIDENTS) own(d, 'incidents').push(v);
}

/** Whether a signature verified: known only once the wrapper checked it (else it is missing: see Draft.missing). */
export function verified(d: Draft, c: Check): boolean {
  const key = checkKey(c);
  const r = d.results.checked.get(key);
  if (r !== undefined) return r;
  if (!d.missing.check.some((m) => checkKey(m) === key)) d.missing.check.push(c);
  return false;
}

/** This seat's entry, signed by the wrapper (else its signature is missing: see Draft.missing). */
export function signedEntry(d: Draft, entry: Entry): ParsedEntry {
  const text = makeEntryText(entry);
  const id = entryId(text);
  const sig = d.results.signed.get(id);
  if (sig === undefined && !d.missing.sign.some((m) => entryId(makeEntryText(m)) === id)) d.missing.sign.push(entry);
  return { text, sig: sig ?? '', entry, id };
}

/** Whether the step lacked any crypto (its result is then thrown away: see Draft.missing). */
export const lacking = (d: Draft): boolean => d.missing.check.length > 0 || d.missing.sign.length > 0;
