import type { Echo } from '../codec/echo.js';
import type { SignedEcho } from '../codec/wire.js';
import { violation } from '../errors.js';
import { type Draft, incident, own, verified } from './draft.js';
import { MAX_HEARD_CANDIDATES } from './state.js';

/**
 * Nothing unsigned changes who was heard: an echo is kept as a candidate, checked when it matters
 * (at claim time): one that tells of a seat not heard since, or of a seat back at its page.
 */
export function noteHeard(d: Draft, echo: Echo, signed: SignedEcho): void {
  // Hearing counts since the last element; a seat's return counts whenever it comes (a returning
  // page's echoes may trail a table that settles its decisions at once).
  const heard = echo.seq > d.liveness.lastHeard[echo.seat]! && echo.seq >= d.log.chain.seq - 1;
  const back = echo.back === true && echo.seq > d.liveness.lastBack[echo.seat]!;
  if (!heard && !back) return;
  const list = d.liveness.heardCandidates.get(echo.seat) ?? [];
  if (list.length >= MAX_HEARD_CANDIDATES || list.some((c) => c.signed.text === signed.text)) return;
  own(d, 'liveness.heardCandidates').set(echo.seat, [...list, { seq: echo.seq, signed, back: echo.back === true }]);
}

/** Checks the signatures of the echo candidates that would count as hearing a seat since the last element, or as its return. */
export function checkHeard(d: Draft): void {
  for (const [seat, list] of d.liveness.heardCandidates) {
    for (const c of [...list].sort((a, b) => b.seq - a.seq)) {
      const news = c.seq > d.liveness.lastHeard[seat]! || (c.back && c.seq > d.liveness.lastBack[seat]!);
      if (!news) continue;
      if (!verified(d, { kind: 'echo', seat, signed: c.signed })) {
        incident(d, violation('BadSignature', `an echo that seat ${seat}'s key did not sign`, { seat, seq: c.seq }));
        continue;
      }
      if (c.seq > d.liveness.lastHeard[seat]!) own(d, 'liveness.lastHeard')[seat] = c.seq;
      if (c.back && c.seq > d.liveness.lastBack[seat]!) own(d, 'liveness.lastBack')[seat] = c.seq;
    }
  }
  d.liveness.heardCandidates = new Map();
  d.owned.add('liveness.heardCandidates');
}

/** The candidates still worth checking once the log moved on. */
export function pruneHeard(d: Draft): void {
  if (d.liveness.heardCandidates.size === 0) return;
  const heard = own(d, 'liveness.heardCandidates');
  for (const [seat, list] of heard) {
    const kept = list.filter((c) => (c.seq >= d.log.chain.seq - 1 && c.seq > d.liveness.lastHeard[seat]!) || (c.back && c.seq > d.liveness.lastBack[seat]!));
    if (kept.length > 0) heard.set(seat, kept);
    else heard.delete(seat);
  }
}
