import type { ParsedEntry } from '../codec/entry.js';
import type { Evidence } from '../codec/replay.js';
import { makeMessage } from '../codec/wire.js';
import { type Violation, violation } from '../errors.js';
import { changed, done, type Draft, send } from './draft.js';

/** How a peer's game ends: closed and signed, or stopped by a seat's own signature (a verdict). */

export function finish(d: Draft): void {
  if (done(d) || !d.log.chain.closed || !d.log.chain.end) return;
  const finals = [...d.log.finals.keys()].sort((a, b) => a - b);
  const absences = d.log.chain.absences;
  d.log.outcome = { kind: 'finished', end: d.log.chain.end, finals, absences, minority: absences.some((a) => a.minority) };
  changed(d);
}

export function verdict(d: Draft, v: Violation, evidence: Evidence, truncateAt: number): void {
  if (done(d)) return;
  d.log.outcome = { kind: 'cheat', seat: v.seat!, code: v.code, seq: v.seq ?? d.log.chain.seq, message: v.message, ...(v.rule ? { rule: v.rule } : {}) };
  d.log.evidence = evidence;
  d.log.truncateAt = Math.min(truncateAt, d.log.history.length);
  changed(d);
  // Pass the proof on, so that every honest peer reaches the same verdict.
  if (evidence.echo) send(d, makeMessage({ t: 'echo', echo: evidence.echo, entries: [] }));
  if (evidence.entries.length > 0) send(d, makeMessage({ t: 'relay', entries: evidence.entries }));
}

export function equivocation(d: Draft, a: ParsedEntry, b: ParsedEntry): void {
  const both = [a, b].sort((x, y) => (x.id < y.id ? -1 : 1));
  const e = a.entry;
  verdict(d, violation('Equivocation', `seat ${e.seat} signed two different ${e.body.type} entries for position ${e.seq}`, { seat: e.seat, seq: e.seq }), { entries: both, echo: null }, e.seq);
}
