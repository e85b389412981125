import { applyElement } from '../log/chain.js';
import type { Echo } from '../codec/echo.js';
import type { ParsedEntry } from '../codec/entry.js';
import type { SignedEcho } from '../codec/wire.js';
import { violation } from '../errors.js';
import { done, type Draft, incident, own, verified } from './draft.js';
import { verdict } from './end.js';
import { fetch } from './fetch.js';
import { noteHeard } from './heard.js';
import { knownEntry } from './held.js';
import { claimedHere } from './keep.js';
import { advance } from './log.js';
import { handleEntry } from './receive.js';
import { afterDigest, FUTURE_WINDOW, MAX_ECHOES_PER_SEAT, PAST_WINDOW, type PeerState, placeOf } from './state.js';

/**
 * Other seats' echoes (G1, G6): each shows this peer behind, ahead, on another history, or in
 * agreement. An echo of the element this peer is completing, or of one ahead, is compared once the
 * step has applied what it can (compareSettled).
 */
export function handleEcho(d: Draft, echo: Echo, signed: SignedEcho, entries: readonly ParsedEntry[]): void {
  if (echo.game !== d.log.chain.genesis.id) return incident(d, violation('WrongGame', 'an echo of another game', { seat: echo.seat, seq: echo.seq }));
  if (echo.seat === d.ctx.seat || echo.seat >= d.ctx.n) return;
  noteHeard(d, echo, signed);
  // Another seat applied this position already: this peer is behind (checked first: only a
  // seat's own signature makes a peer ask around). Two or more behind: catch up from it.
  if (aheadCheckNeeded(d, echo) && verified(d, { kind: 'echo', seat: echo.seat, signed })) d.liveness.ahead = echo.seq;
  if (echo.seq > d.log.chain.seq) fetch(d, d.log.chain.seq, echo.seat);
  if (echo.seq > d.log.chain.seq) {
    if (echo.seq > d.log.chain.seq + FUTURE_WINDOW) return incident(d, violation('Stale', `an echo of position ${echo.seq}, too far ahead of ${d.log.chain.seq}`, { seat: echo.seat, seq: echo.seq }));
    // Only the seat's own signature takes one of its slots: a forger cannot crowd out its real echoes.
    if (d.pool.pendingEchoes.some((x) => x.signed.text === signed.text)) {
      // Held already.
    } else if (d.pool.echoesBySeat[echo.seat]! >= MAX_ECHOES_PER_SEAT) incident(d, violation('Flood', `${MAX_ECHOES_PER_SEAT} echoes of seat ${echo.seat} are already waiting: this one is dropped`, { seat: echo.seat, seq: echo.seq }));
    else if (!verified(d, { kind: 'echo', seat: echo.seat, signed })) incident(d, violation('BadSignature', `an echo that seat ${echo.seat}'s key did not sign`, { seat: echo.seat, seq: echo.seq }));
    else {
      own(d, 'pool.echoesBySeat')[echo.seat]!++;
      own(d, 'pool.pendingEchoes').push({ echo, signed, entries });
    }
    for (const p of entries) handleEntry(d, p, 'echo');
    return;
  }
  if (echo.seq === d.log.chain.seq) {
    // The element this peer is completing: its entries may complete it; compared once applied.
    for (const p of entries) handleEntry(d, p, 'echo');
    d.echoesToSettle.push({ echo, signed, entries });
    return;
  }
  compareEcho(d, echo, signed, entries);
}

export const aheadCheckNeeded = (d: Pick<PeerState, 'log' | 'liveness'>, echo: Echo): boolean => echo.seq >= d.log.chain.seq && echo.seq > d.liveness.ahead;

/**
 * Once the step applied what it could: the echoes that waited for their element (held ahead, or
 * of the element this message completed) are compared; an echo of an element still incomplete
 * may show that this peer's claims can never be complete (adoptByEvidence).
 */
export function compareSettled(d: Draft): void {
  const now = d.echoesToSettle.splice(0);
  for (const x of now) {
    if (done(d)) return;
    if (x.echo.seq < d.log.chain.seq) compareEcho(d, x.echo, x.signed, x.entries);
    else if (x.echo.seq === d.log.chain.seq) adoptByEvidence(d, x.echo, x.signed, x.entries);
  }
  const due = d.pool.pendingEchoes.filter((x) => x.echo.seq < d.log.chain.seq);
  if (due.length === 0) return;
  d.pool.pendingEchoes = d.pool.pendingEchoes.filter((x) => x.echo.seq >= d.log.chain.seq);
  d.owned.add('pool.pendingEchoes');
  const counts = own(d, 'pool.echoesBySeat');
  for (const x of due) counts[x.echo.seat]!--;
  for (const x of due) compareEcho(d, x.echo, x.signed, x.entries);
}

/** G1 and G6: an echo of an element this peer applied. */
function compareEcho(d: Draft, echo: Echo, signed: SignedEcho, entries: readonly ParsedEntry[]): void {
  if (done(d)) return;
  const step = d.log.history[echo.seq];
  if (!step) return;
  if (step.hash === echo.element && afterDigest(step) === echo.state) {
    // That seat is on this log (again); its signature is checked if a lone branch ever matters (tryRejoin).
    if (d.liveness.elsewhere.has(echo.seat)) own(d, 'liveness.elsewhere').delete(echo.seat);
    if (echo.seq > (d.liveness.agreed.get(echo.seat)?.seq ?? -1)) own(d, 'liveness.agreed').set(echo.seat, { seq: echo.seq, signed });
    return;
  }
  if (!verified(d, { kind: 'echo', seat: echo.seat, signed })) return incident(d, violation('BadSignature', `an echo that seat ${echo.seat}'s key did not sign`, { seat: echo.seat, seq: echo.seq }));
  if (step.hash === echo.element) {
    return verdict(d, violation('Diverged', `seat ${echo.seat} reports another state after element ${echo.seq}`, { seat: echo.seat, seq: echo.seq }), { entries: [], echo: signed }, echo.seq + 1);
  }
  // Another element at this position: its entries carry the proof of an equivocation, if any.
  for (const p of entries) handleEntry(d, p, 'echo');
  if (done(d)) return;
  incident(d, violation('Superseded', `seat ${echo.seat} settled position ${echo.seq} otherwise`, { seat: echo.seat, seq: echo.seq }));
  const was = d.liveness.elsewhere.get(echo.seat);
  own(d, 'liveness.elsewhere').set(echo.seat, was ? { since: Math.min(was.since, echo.seq), positions: was.positions + (echo.seq === was.since ? 0 : 1) } : { since: echo.seq, positions: 1 });
  // The echoing seat holds another history from there: fetch it (its claims may settle it for this peer too).
  if (echo.seq + PAST_WINDOW >= d.log.chain.seq) fetch(d, echo.seq, echo.seat);
}

/**
 * This peer claimed someone absent at the current position, but another seat applied that
 * seat's entry before its own timer ran out (its echo says claimed = false): the claims can
 * never be complete, so the claimer takes the element the echo shows.
 */
function adoptByEvidence(d: Draft, echo: Echo, signed: SignedEcho, entries: readonly ParsedEntry[]): void {
  if (!d.claims.claimedAt.has(placeOf(d)) || echo.claimed || claimedHere(d, echo.seat) || d.log.chain.gone[echo.seat]) return;
  const element = entries.filter((p) => p.entry.seq === d.log.chain.seq);
  if (element.length !== entries.length || !element.every((p) => knownEntry(d.pool.bySeq, p)?.sig === p.sig)) return;
  if (!verified(d, { kind: 'echo', seat: echo.seat, signed })) return;
  const applied = applyElement(d.log.chain, element);
  if (!applied.ok || applied.value.hash !== echo.element) return;
  advance(d, element, applied.value.chain, applied.value.hash);
}
