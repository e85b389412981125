import type { Seat } from '../../core/vocabulary.js';
import type { Result } from '../../core/result.js';
import { checkEntry, claimedAbsent } from '../log/chain.js';
import { entriesAt, entryInSlot, knownEntry } from './held.js';
import { claimRound, type ParsedEntry } from '../codec/entry.js';
import { PROOF_CODES, type Violation, violation } from '../errors.js';
import { makeMessage, MAX_FETCH, type ParsedMessage } from '../codec/wire.js';
import { historyAnswer } from './catch-up.js';
import { changed, done, type Draft, incident, own, send, verified } from './draft.js';
import { handleEcho } from './echoes.js';
import { claimedHere, equivocation, finish, forget, onMyHistory, progress, remember, verdict } from './log.js';
import { act } from './write.js';
import { ANSWERS_PER_TICK, candidates, FUTURE_WINDOW, MAX_HELD_PER_POSITION, MAX_HELD_PER_SEAT } from './state.js';

/** A message from another peer (`from`, when the transport knows it: catch-up answers go there), parsed by the wrapper. */
export function handleMessage(d: Draft, parsed: Result<ParsedMessage, Violation>, from?: Seat): void {
  // A finished game still answers catch-up: a page refreshed near the end gets the rest from it.
  if (done(d) && !(d.outcome.kind === 'finished' && parsed.ok && parsed.value.t === 'fetch')) return;
  if (!parsed.ok) return incident(d, parsed.error);
  const m = parsed.value;
  if (m.t === 'entry') handleEntry(d, m.entry, 'direct');
  else if (m.t === 'relay') for (const e of m.entries) handleEntry(d, e, 'relay');
  else if (m.t === 'fetch') answerFetch(d, m.from, m.count, from);
  else if (m.t === 'history') handleHistory(d, m.from, m.elements, from);
  else handleEcho(d, m.echo, m.signed, m.entries);
}

/**
 * Whether handleEntry would check this entry's signature, judged on the state before the
 * message (the wrapper checks these at once; any other the step asks for).
 */
export function entryNeedsCheck(d: Pick<Draft, 'ctx' | 'chain' | 'prunedBelow' | 'bySeq'>, p: ParsedEntry): boolean {
  const e = p.entry;
  if (e.game !== d.chain.genesis.id || e.seat >= d.ctx.n || e.seq > d.chain.seq + FUTURE_WINDOW || e.seq < d.prunedBelow) return false;
  return knownEntry(d.bySeq, p)?.sig !== p.sig;
}

export function handleEntry(d: Draft, p: ParsedEntry, via: 'direct' | 'relay' | 'echo'): void {
  if (done(d)) return;
  const e = p.entry;
  if (e.game !== d.chain.genesis.id) return incident(d, violation('WrongGame', 'an entry of another game', { seat: e.seat, seq: e.seq }));
  if (e.seat >= d.ctx.n) return incident(d, violation('Malformed', `there is no seat ${e.seat}`, { seq: e.seq }));
  // Positions outside the window are refused before any signature check (cheap, and bounded).
  if (e.seq > d.chain.seq + FUTURE_WINDOW) return incident(d, violation('Stale', `an entry for position ${e.seq}, too far ahead of ${d.chain.seq}`, { seat: e.seat, seq: e.seq }));
  if (e.seq < d.prunedBelow) {
    if (via === 'direct') incident(d, violation('Stale', `an entry for position ${e.seq}, long settled`, { seat: e.seat, seq: e.seq }));
    return;
  }
  const known = knownEntry(d.bySeq, p);
  if (known && known.sig === p.sig) {
    if (via === 'direct' && e.seq < d.chain.seq) incident(d, violation('Stale', `an entry already applied (position ${e.seq}) was sent again`, { seat: e.seat, seq: e.seq }));
    return;
  }
  if (!verified(d, { kind: 'entry', entry: p })) return incident(d, violation('BadSignature', `the signature does not verify with seat ${e.seat}'s key`, { seat: e.seat, seq: e.seq }));
  if (known) return;
  // One place in the log: a position after a given history. Two entries on different histories
  // (a late entry, then the same position after the settled one) are no equivocation.
  const other = entryInSlot(d.bySeq, e);
  if (other && other.id !== p.id) {
    if (onMyHistory(d, e.seq, e.prev)) return equivocation(d, other, p);
    return incident(d, violation('WrongPrev', `seat ${e.seat} signed two entries for position ${e.seq} after a history this peer does not hold`, { seat: e.seat, seq: e.seq }));
  }
  if (!roomFor(d, p)) return incident(d, violation('Flood', `seat ${e.seat} has too many entries awaiting a verdict here (${MAX_HELD_PER_POSITION} for one position, ${MAX_HELD_PER_SEAT} in all): this one is refused`, { seat: e.seat, seq: e.seq }));
  remember(d, p);
  if (e.seq - 1 > d.lastHeard[e.seat]!) own(d, 'lastHeard')[e.seat] = e.seq - 1;
  // An entry is signed on purpose: its seat is back at its page.
  if (e.seq > d.lastBack[e.seat]!) own(d, 'lastBack')[e.seat] = e.seq;
  if (e.seq < d.chain.seq) return handleOld(d, p, via);
  if (e.seq > d.chain.seq) return;
  accept(d, p);
}

/** Whether an entry is for the current place or for a place on this peer's history: never junk. */
const extendsLog = (d: Draft, e: ParsedEntry['entry']): boolean => e.seq <= d.chain.seq && onMyHistory(d, e.seq, e.prev);

/**
 * Whether this peer can hold one more entry of the entry's seat: within MAX_HELD_PER_POSITION at
 * its position and MAX_HELD_PER_SEAT in all; past either, an entry that extends the log takes
 * the slot of one that cannot (signed junk after a made-up history, or the furthest ahead), so a
 * flood costs its sender, never the peer that receives it.
 */
function roomFor(d: Draft, p: ParsedEntry): boolean {
  const e = p.entry;
  const here = entriesAt(d.bySeq, e.seq).filter((q) => q.entry.seat === e.seat).length;
  const fullHere = here >= MAX_HELD_PER_POSITION;
  if (!fullHere && d.heldBySeat[e.seat]! < MAX_HELD_PER_SEAT) return true;
  if (!extendsLog(d, e)) return false;
  const junk = fullHere ? junkAt(d, e.seat, e.seq) : junkOf(d, e.seat);
  if (!junk) return false;
  forget(d, junk);
  return true;
}

/** An entry of `seat` held at position `seq` that does not extend the log. */
const junkAt = (d: Draft, seat: Seat, seq: number): ParsedEntry | undefined =>
  seq > d.chain.seq ? undefined : entriesAt(d.bySeq, seq).find((q) => q.entry.seat === seat && !extendsLog(d, q.entry));

/** An entry of `seat` that can make room: one after a history this peer does not hold, else the furthest ahead. */
function junkOf(d: Draft, seat: Seat): ParsedEntry | undefined {
  for (let seq = d.prunedBelow; seq <= d.chain.seq; seq++) {
    const junk = junkAt(d, seat, seq);
    if (junk) return junk;
  }
  for (let seq = d.chain.seq + FUTURE_WINDOW; seq > d.chain.seq; seq--) {
    const ahead = entriesAt(d.bySeq, seq).find((q) => q.entry.seat === seat);
    if (ahead) return ahead;
  }
  return undefined;
}

/** An entry for the current position, its signature checked. */
export function accept(d: Draft, p: ParsedEntry): void {
  const v = checkEntry(d.chain, p);
  if (v) {
    if (PROOF_CODES.includes(v.code)) return verdict(d, v, { entries: [p], echo: null }, d.chain.seq);
    return incident(d, v);
  }
  if (p.entry.body.type !== 'absent' && claimedHere(d, p.entry.seat)) {
    // A claim binds its signer: the item came too late (unless another seat proves, by an
    // echo, that the claims can never be complete: see handleEcho).
    return incident(d, violation('Superseded', `seat ${p.entry.seat}'s ${p.entry.body.type} came after this seat claimed it absent`, { seat: p.entry.seat, seq: p.entry.seq }));
  }
  if (p.entry.body.type === 'final') {
    own(d, 'finals').set(p.entry.seat, p);
    if (d.finals.size === d.ctx.n) finish(d);
    return;
  }
  own(d, 'pool').set(p.id, p);
  progress(d);
}

/** An entry for a position already settled: a claim set that settles it otherwise, for this seat's own late entry. */
function handleOld(d: Draft, p: ParsedEntry, via: 'direct' | 'relay' | 'echo'): void {
  const e = p.entry;
  const step = d.history[e.seq];
  const me = d.ctx.seat;
  if (e.body.type === 'absent' && e.body.seats.includes(me) && step) {
    const key = e.body.seats.join(',');
    const round = claimRound(e.body);
    const group = entriesAt(d.bySeq, e.seq).filter(
      (q) => q.entry.prev === e.prev && q.entry.body.type === 'absent' && q.entry.body.seats.join(',') === key && claimRound(q.entry.body) === round,
    );
    const settled = claimedAbsent(step.before, group);
    const mineThere = step.entries.some((q) => q.entry.seat === me && q.entry.body.type !== 'absent');
    // Only a strict majority's word overrides this seat's own entry: a minority naming it is never applied.
    if (settled && !settled.minority && mineThere) return rollback(d, e.seq);
  }
  if (via === 'direct') incident(d, violation('Superseded', `an entry for position ${e.seq}, already settled`, { seat: e.seat, seq: e.seq }));
}

/**
 * Every other seat declared this seat absent at `seq` while its own late entry was in flight:
 * nobody else applied it (a claim binds its signer), so this seat takes the settled version.
 */
function rollback(d: Draft, seq: number): void {
  const step = d.history[seq]!;
  d.chain = step.before;
  d.history = d.history.slice(0, seq);
  d.owned.add('history');
  d.pool = new Map(candidates(d).filter((q) => !(q.entry.seat === d.ctx.seat && q.entry.body.type !== 'absent')).map((q) => [q.id, q]));
  d.owned.add('pool');
  d.since = d.now;
  changed(d);
  incident(d, violation('Superseded', `this seat was declared absent at position ${seq}: its late entry is void`, { seat: d.ctx.seat, seq }));
  progress(d);
}

// ---------------------------------------------------------------- catch-up

/**
 * Catch-up (issue 9, item 5): a peer that learns it is behind (an echo of a later position, or
 * of another element at a position it holds) asks the echoing seat for the elements it lacks,
 * from its own position (or from where it parted) on, MAX_FETCH at a time. Answers carry signed
 * entries only: each goes through every check any entry goes through, so a lying responder can
 * at most waste the asker's time (bounded: one request per place, answers in the window).
 */
/** A channel to `seat` came up: ask it for what it holds from here, whatever was asked before (what was sent while it was down is lost). */
export function handleConnected(d: Draft, seat: Seat): void {
  if (done(d) || seat === d.ctx.seat || seat < 0 || seat >= d.ctx.n) return;
  own(d, 'fetchedAt').add(`${d.chain.seq}|${d.chain.head}|${seat}`);
  send(d, makeMessage({ t: 'fetch', from: d.chain.seq, count: MAX_FETCH }), seat);
}

export function fetch(d: Draft, from: number, to?: Seat): void {
  const key = `${from}|${d.chain.head}|${to ?? '*'}`;
  if (d.fetchedAt.has(key)) return;
  if (d.fetchedAt.size > 4 * d.ctx.n) {
    d.fetchedAt = new Set();
    d.owned.add('fetchedAt');
  }
  own(d, 'fetchedAt').add(key);
  send(d, makeMessage({ t: 'fetch', from, count: MAX_FETCH }), to);
}

/**
 * Answers a catch-up request from this peer's log, within the message size and ANSWERS_PER_TICK
 * answers a tick to each requester (requests whose sender the transport does not name share one
 * budget): a seat that floods requests uses up its own answers, never another's.
 */
function answerFetch(d: Draft, from: number, count: number, to?: Seat): void {
  const asker = to !== undefined && to >= 0 && to < d.ctx.n ? to : d.ctx.n;
  if ((d.answers[asker] ?? 0) >= ANSWERS_PER_TICK || from > d.history.length) return;
  own(d, 'answers')[asker] = (d.answers[asker] ?? 0) + 1;
  // Up to this peer's head: also the entries it holds for its current place.
  const elements = historyAnswer(d.history, from, count, d.ctx.genesis.genesis.settings.maxMessageBytes, candidates(d), d.ctx.n);
  if (elements.length > 0) send(d, makeMessage({ t: 'history', from, elements }), to);
}

function handleHistory(d: Draft, from: number, elements: readonly (readonly ParsedEntry[])[], sender?: Seat): void {
  const before = d.chain.seq;
  // No writing in the middle of an answer: this seat's own entries may come later in it.
  d.catchingUp = true;
  for (const [i, el] of elements.entries()) {
    if (done(d)) break;
    if (from + i > d.chain.seq + FUTURE_WINDOW) break;
    for (const p of el) handleEntry(d, p, 'relay');
  }
  d.catchingUp = false;
  if (done(d)) return;
  act(d);
  // This answer helped: the next part (the sender may hold more; an empty answer is never sent).
  if (!done(d) && d.chain.seq > before && (sender !== undefined || d.ahead >= d.chain.seq)) fetch(d, d.chain.seq, sender);
}
