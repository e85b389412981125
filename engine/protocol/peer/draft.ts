import type { Seat } from '../../core/vocabulary.js';
import { type Entry, entryId, makeEntryText, type ParsedEntry } from '../codec/entry.js';
import type { SignedEcho } from '../codec/wire.js';
import type { Chain } from '../log/chain.js';
import type { Violation } from '../errors.js';
import { bucketOf } from './held.js';
import { awaitsAction, type EchoDraft, MAX_INCIDENTS, type Outcome, type PeerContext, type PeerState, type PendingEcho } from './state.js';

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
type Records = Pick<PeerState, 'log' | 'pool' | 'claims' | 'liveness'>;
type RecordName = keyof Records;
/** The collections (maps, sets, lists) of each record, named `record.field`: what `own` copies. */
type Owned = { [R in RecordName]: { [F in keyof Records[R]]: Mutable<Records[R][F]> extends never ? never : `${R}.${F & string}` }[keyof Records[R]] }[RecordName];
type OwnedValue<K extends Owned> = K extends `${infer R extends RecordName}.${infer F}` ? (F extends keyof Records[R] ? Mutable<Records[R][F]> : never) : never;

/**
 * A step's working copy of a state: each record is a copy whose fields are rebound as the step
 * goes, and a map, set or list in it is copied the first time the step changes it (own), so the
 * state it came from never changes and the new one shares everything the step left alone.
 */
export type Draft = { -readonly [R in RecordName]: { -readonly [F in keyof Records[R]]: Records[R][F] } } & {
  incidents: readonly Violation[];
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
  /** Echoes of the element this event may complete, compared once the step has applied it (echoes.ts compareSettled). */
  readonly echoesToSettle: PendingEcho[];
  /** A catch-up answer was taken: where this peer was and who sent it (the step asks for the next part once it helped). */
  answered?: { readonly before: number; readonly sender?: Seat };
  readonly owned: Set<Owned | 'incidents'>;
  /** The buckets of bySeq this step copied already. */
  readonly ownedBuckets: Set<number>;
};

export function draftOf(ctx: PeerContext, s: PeerState, results: CryptoResults): Draft {
  return {
    log: { ...s.log },
    pool: { ...s.pool },
    claims: { ...s.claims },
    liveness: { ...s.liveness },
    incidents: s.incidents,
    ctx,
    results,
    effects: [],
    missing: { check: [], sign: [] },
    echoesToSettle: [],
    owned: new Set(),
    ownedBuckets: new Set(),
  };
}

/** A collection of the draft (`record.field`), copied the first time the step changes it. */
export function own<K extends Owned>(d: Draft, key: K): OwnedValue<K> {
  const [r, f] = key.split('.') as [RecordName, string];
  const rec = d[r] as unknown as Record<string, unknown>;
  if (!d.owned.has(key)) {
    const v = rec[f];
    rec[f] = v instanceof Map ? new Map(v) : v instanceof Set ? new Set(v) : [...(v as unknown[])];
    d.owned.add(key);
  }
  return rec[f] as OwnedValue<K>;
}

/** The incidents list, copied the first time the step adds to it. */
function ownIncidents(d: Draft): Violation[] {
  if (!d.owned.has('incidents')) {
    d.incidents = [...d.incidents];
    d.owned.add('incidents');
  }
  return d.incidents as Violation[];
}

/** The new state: each record frozen, the unchanged ones shared with the state before (same fields, same values). */
export function finished(d: Draft, before: PeerState): PeerState {
  const keep = <R extends RecordName>(r: R): Records[R] => {
    const now = d[r] as unknown as Records[R];
    const was = before[r];
    const same = (Object.keys(now) as (keyof Records[R])[]).every((k) => now[k] === was[k]);
    return same ? was : (Object.freeze(now) as Records[R]);
  };
  return Object.freeze({ log: keep('log'), pool: keep('pool'), claims: keep('claims'), liveness: keep('liveness'), incidents: d.incidents });
}

/** Sets (or, with an empty list, forgets) the entries held at a position, copying its bucket once per step. */
export function setEntriesAt(d: Draft, seq: number, list: readonly ParsedEntry[]): void {
  const outer = own(d, 'pool.bySeq');
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

export const done = (d: Draft): boolean => d.log.outcome.kind !== 'playing';

export const send = (d: Draft, text: string, to?: Seat): void => {
  d.effects.push(to === undefined ? { kind: 'send', text } : { kind: 'send', text, to });
};

export function changed(d: Draft): void {
  // The effect keeps this list as it is now: the next incident copies it.
  d.owned.delete('incidents');
  d.effects.push({ kind: 'changed', chain: d.log.chain, outcome: d.log.outcome, incidents: d.incidents, yourTurn: awaitsAction(d.ctx, d) });
}

export function incident(d: Draft, v: Violation): void {
  if (d.incidents.length < MAX_INCIDENTS) ownIncidents(d).push(v);
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
