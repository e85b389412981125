import type { Seat } from '../../core/vocabulary.js';
import { checkEntry, claimedAbsent } from '../log/chain.js';
import { claimRound, type ParsedEntry } from '../codec/entry.js';
import { MAX_FETCH } from '../codec/wire.js';
import { PROOF_CODES, violation } from '../errors.js';
import { done, type Draft, incident, own, verified } from './draft.js';
import { equivocation, finish, verdict } from './end.js';
import { fetch } from './fetch.js';
import { entriesAt, entryInSlot, knownEntry } from './held.js';
import { bindOwn, claimedHere, extendsLog, forget, onMyHistory, remember } from './keep.js';
import { rollback } from './log.js';
import { FUTURE_WINDOW, MAX_HELD_PER_POSITION, MAX_HELD_PER_SEAT, type PeerState } from './state.js';

/**
 * Entries from other peers, checked in order (docs/protocol.md, "Overview"): size and shape are the
 * codec's; here the game, the window, the signature, equivocation, the bounds, then the position:
 * an entry for the current place goes to the pool (the step then applies what is complete), one
 * for a place already settled may roll this seat's late entry back, one ahead waits.
 */

/**
 * Whether handleEntry would check this entry's signature, judged on the state before the
 * message (the wrapper checks these at once; any other the step asks for).
 */
export function entryNeedsCheck(d: Pick<Draft, 'ctx'> & Pick<PeerState, 'log' | 'pool'>, p: ParsedEntry): boolean {
  const e = p.entry;
  if (e.game !== d.log.chain.genesis.id || e.seat >= d.ctx.n || e.seq > d.log.chain.seq + FUTURE_WINDOW || e.seq < d.log.prunedBelow) return false;
  return knownEntry(d.pool.bySeq, p)?.sig !== p.sig;
}

export function handleEntry(d: Draft, p: ParsedEntry, via: 'direct' | 'relay' | 'echo'): void {
  if (done(d)) return;
  const e = p.entry;
  if (e.game !== d.log.chain.genesis.id) return incident(d, violation('WrongGame', 'an entry of another game', { seat: e.seat, seq: e.seq }));
  if (e.seat >= d.ctx.n) return incident(d, violation('Malformed', `there is no seat ${e.seat}`, { seq: e.seq }));
  // Positions outside the window are refused before any signature check (cheap, and bounded).
  if (e.seq > d.log.chain.seq + FUTURE_WINDOW) return incident(d, violation('Stale', `an entry for position ${e.seq}, too far ahead of ${d.log.chain.seq}`, { seat: e.seat, seq: e.seq }));
  if (e.seq < d.log.prunedBelow) {
    if (via === 'direct') incident(d, violation('Stale', `an entry for position ${e.seq}, long settled`, { seat: e.seat, seq: e.seq }));
    return;
  }
  const known = knownEntry(d.pool.bySeq, p);
  if (known && known.sig === p.sig) {
    if (via === 'direct' && e.seq < d.log.chain.seq) incident(d, violation('Stale', `an entry already applied (position ${e.seq}) was sent again`, { seat: e.seat, seq: e.seq }));
    return;
  }
  if (!verified(d, { kind: 'entry', entry: p })) return incident(d, violation('BadSignature', `the signature does not verify with seat ${e.seat}'s key`, { seat: e.seat, seq: e.seq }));
  if (known) return;
  // One place in the log: a position after a given history. Two entries on different histories
  // (a late entry, then the same position after the settled one) are no equivocation.
  const other = entryInSlot(d.pool.bySeq, e);
  if (other && other.id !== p.id) {
    if (onMyHistory(d, e.seq, e.prev)) return equivocation(d, other, p);
    return incident(d, violation('WrongPrev', `seat ${e.seat} signed two entries for position ${e.seq} after a history this peer does not hold`, { seat: e.seat, seq: e.seq }));
  }
  if (!roomFor(d, p)) return incident(d, violation('Flood', `seat ${e.seat} has too many entries awaiting a verdict here (${MAX_HELD_PER_POSITION} for one position, ${MAX_HELD_PER_SEAT} in all): this one is refused`, { seat: e.seat, seq: e.seq }));
  remember(d, p);
  if (e.seq - 1 > d.liveness.lastHeard[e.seat]!) own(d, 'liveness.lastHeard')[e.seat] = e.seq - 1;
  // An entry on this peer's log is signed on purpose: its seat is back at its page (an entry of
  // another branch says nothing of this one).
  if (e.seq > d.liveness.lastBack[e.seat]! && extendsLog(d, e)) own(d, 'liveness.lastBack')[e.seat] = e.seq;
  if (e.seq < d.log.chain.seq) return handleOld(d, p, via);
  if (e.seq > d.log.chain.seq) return;
  accept(d, p);
}

/**
 * Whether this peer can hold one more entry of the entry's seat: within MAX_HELD_PER_POSITION at
 * its position and MAX_HELD_PER_SEAT in all; past either, an entry that extends the log takes
 * the slot of one that cannot (signed junk after a made-up history, or the furthest ahead), so a
 * flood costs its sender, never the peer that receives it.
 */
function roomFor(d: Draft, p: ParsedEntry): boolean {
  const e = p.entry;
  const here = entriesAt(d.pool.bySeq, e.seq).filter((q) => q.entry.seat === e.seat).length;
  const fullHere = here >= MAX_HELD_PER_POSITION;
  if (!fullHere && d.pool.heldBySeat[e.seat]! < MAX_HELD_PER_SEAT) return true;
  if (!extendsLog(d, e)) return false;
  const junk = fullHere ? junkAt(d, e.seat, e.seq) : junkOf(d, e.seat);
  if (!junk) return false;
  forget(d, junk);
  return true;
}

/** An entry of `seat` held at position `seq` that does not extend the log. */
const junkAt = (d: Draft, seat: Seat, seq: number): ParsedEntry | undefined =>
  seq > d.log.chain.seq ? undefined : entriesAt(d.pool.bySeq, seq).find((q) => q.entry.seat === seat && !extendsLog(d, q.entry));

/** An entry of `seat` that can make room: one after a history this peer does not hold, else the furthest ahead. */
function junkOf(d: Draft, seat: Seat): ParsedEntry | undefined {
  for (let seq = d.log.prunedBelow; seq <= d.log.chain.seq; seq++) {
    const junk = junkAt(d, seat, seq);
    if (junk) return junk;
  }
  for (let seq = d.log.chain.seq + FUTURE_WINDOW; seq > d.log.chain.seq; seq--) {
    const ahead = entriesAt(d.pool.bySeq, seq).find((q) => q.entry.seat === seat);
    if (ahead) return ahead;
  }
  return undefined;
}

/** An entry for the current position, its signature checked: to the pool (or the final signatures). */
export function accept(d: Draft, p: ParsedEntry): void {
  const v = checkEntry(d.log.chain, p);
  if (v) {
    if (PROOF_CODES.includes(v.code)) return verdict(d, v, { entries: [p], echo: null }, d.log.chain.seq);
    return incident(d, v);
  }
  if (p.entry.body.type !== 'absent' && claimedHere(d, p.entry.seat)) {
    // A claim binds its signer: the item came too late (unless another seat proves, by an
    // echo, that the claims can never be complete: see handleEcho).
    return incident(d, violation('Superseded', `seat ${p.entry.seat}'s ${p.entry.body.type} came after this seat claimed it absent`, { seat: p.entry.seat, seq: p.entry.seq }));
  }
  if (p.entry.seat === d.ctx.seat) bindOwn(d, p);
  if (p.entry.body.type === 'final') {
    own(d, 'log.finals').set(p.entry.seat, p);
    if (d.log.finals.size === d.ctx.n) finish(d);
    return;
  }
  own(d, 'pool.current').set(p.id, p);
}

/** An entry for a position already settled: a claim set that settles it otherwise, for this seat's own late entry. */
function handleOld(d: Draft, p: ParsedEntry, via: 'direct' | 'relay' | 'echo'): void {
  const e = p.entry;
  const step = d.log.history[e.seq];
  const me = d.ctx.seat;
  if (e.body.type === 'absent' && e.body.seats.includes(me) && step) {
    const key = e.body.seats.join(',');
    const round = claimRound(e.body);
    const group = entriesAt(d.pool.bySeq, e.seq).filter(
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
 * A catch-up answer: consecutive elements from `from`, every entry checked as any other. Returns
 * where this peer was, so that the step asks the sender for the next part once the answer helped.
 */
export function handleHistory(d: Draft, from: number, elements: readonly (readonly ParsedEntry[])[], sender?: Seat): void {
  // An answer from another branch of the log (its first element follows a history this peer does
  // not hold): ask that seat from further back, to find where the two parted (tryRejoin).
  const first = elements[0]?.[0];
  const parted = first !== undefined && from <= d.log.chain.seq && from > d.log.prunedBelow && !onMyHistory(d, from, first.entry.prev);
  d.answered = { before: d.log.chain.seq, ...(sender !== undefined ? { sender } : {}) };
  for (const [i, el] of elements.entries()) {
    if (done(d) || from + i > d.log.chain.seq + FUTURE_WINDOW) break;
    for (const p of el) handleEntry(d, p, 'relay');
  }
  if (!done(d) && parted) fetch(d, Math.max(d.log.prunedBelow, from - MAX_FETCH), sender);
}
