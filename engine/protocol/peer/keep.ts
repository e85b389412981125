import { claimRound, type ParsedEntry } from '../codec/entry.js';
import { makeMessage } from '../codec/wire.js';
import { itemsAgainstClaims } from '../log/assemble.js';
import { type Draft, own, send, setEntriesAt } from './draft.js';
import { entriesAt } from './held.js';
import { PAST_WINDOW, placeOf } from './state.js';

/**
 * What a peer keeps of the entries it holds, and what it knows of the place it is at: the
 * bookkeeping every other part of the peer reads and writes (no part above it is called from here).
 */

export function remember(d: Draft, p: ParsedEntry): void {
  own(d, 'pool.heldBySeat')[p.entry.seat]!++;
  setEntriesAt(d, p.entry.seq, [...entriesAt(d.pool.bySeq, p.entry.seq), p]);
}

/**
 * This seat's own entry come back from outside (what its page signed before a refresh or before
 * another tab took the seat over, handed on through storage or echoed by another seat): it binds
 * this seat as if it had just written it here, so that the seat never signs a second, different
 * entry for the same place. A claim is a round signed at its place; any other entry, its kind
 * written there (act, submitAction read `claims.sent`).
 */
export function bindOwn(d: Draft, p: ParsedEntry): void {
  const place = `${p.entry.seq}|${p.entry.prev}`;
  const body = p.entry.body;
  if (body.type === 'absent') {
    const rounds = [...(d.claims.claimedAt.get(place) ?? [])];
    const round = claimRound(body);
    if (rounds[round] !== undefined) return;
    while (rounds.length < round) rounds.push([]);
    rounds[round] = body.seats;
    own(d, 'claims.claimedAt').set(place, rounds);
    d.claims.lastClaimAt = d.liveness.now;
    return;
  }
  const kind = body.type === 'action' ? 'main' : body.type === 'link' ? 'random' : body.type === 'open' ? 'close' : 'final';
  if (!d.claims.sent.has(`${place}|${kind}`)) own(d, 'claims.sent').add(`${place}|${kind}`);
}

/** Lets go of a held entry (a flood's junk, to make room for one that extends the log). */
export function forget(d: Draft, p: ParsedEntry): void {
  own(d, 'pool.heldBySeat')[p.entry.seat]!--;
  setEntriesAt(d, p.entry.seq, entriesAt(d.pool.bySeq, p.entry.seq).filter((q) => q !== p));
}

/** Forgets entries and places that fell out of the window behind the current position. */
export function prune(d: Draft): void {
  const below = d.log.chain.seq - PAST_WINDOW;
  if (below < d.log.prunedBelow + 64) return;
  const held = own(d, 'pool.heldBySeat');
  for (let seq = d.log.prunedBelow; seq < below; seq++) {
    const list = entriesAt(d.pool.bySeq, seq);
    if (list.length === 0) continue;
    for (const p of list) held[p.entry.seat]!--;
    setEntriesAt(d, seq, []);
  }
  const old = (key: string) => Number(key.slice(0, key.indexOf('|'))) < below;
  const claimedAt = own(d, 'claims.claimedAt');
  for (const key of claimedAt.keys()) if (old(key)) claimedAt.delete(key);
  const sent = own(d, 'claims.sent');
  for (const key of sent) if (old(key)) sent.delete(key);
  const relayedAt = own(d, 'claims.relayedAt');
  for (const key of relayedAt) if (old(key)) relayedAt.delete(key);
  d.log.prunedBelow = below;
}

/** Whether `prev` is the hash this peer holds for the element before position `seq`. */
export function onMyHistory(d: Draft, seq: number, prev: string): boolean {
  if (seq > d.log.chain.seq) return false;
  return (seq === d.log.chain.seq ? d.log.chain.head : d.log.history[seq]!.before.head) === prev;
}

/** Whether an entry is for the current place or for a place on this peer's history: never junk. */
export const extendsLog = (d: Draft, e: ParsedEntry['entry']): boolean => e.seq <= d.log.chain.seq && onMyHistory(d, e.seq, e.prev);

/** Whether this seat claimed `seat` absent at the current place, in any round. */
export const claimedHere = (d: Draft, seat: number): boolean => (d.claims.claimedAt.get(placeOf(d)) ?? []).some((seats) => seats.includes(seat));

/** Whether this seat claimed anyone absent at the current place: its own judgement is made (its timer ran out, or the awaited seat is away). */
export const claimedHereAtAll = (d: Draft): boolean => (d.claims.claimedAt.get(placeOf(d)) ?? []).length > 0;

export function timerRanOut(d: Draft): boolean {
  const timer = d.ctx.genesis.genesis.settings.timer;
  return timer !== null && d.liveness.now - d.liveness.since >= timer;
}

/** Relays, once per place, the items held that a complete claim set names absent: the claimers learn the seat was heard. */
export function relayAgainstClaims(d: Draft, held: readonly ParsedEntry[]): void {
  const place = placeOf(d);
  if (d.claims.relayedAt.has(place)) return;
  const items = itemsAgainstClaims(d.log.chain, held);
  if (items.length === 0) return;
  own(d, 'claims.relayedAt').add(place);
  send(d, makeMessage({ t: 'relay', entries: items.map((e) => ({ text: e.text, sig: e.sig })) }));
}
