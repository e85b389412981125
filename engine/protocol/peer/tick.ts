import { seatsToClaim } from '../log/assemble.js';
import { expectation } from '../log/chain.js';
import { makeMessage } from '../codec/wire.js';
import { nextClaimRound } from './claims.js';
import { done, type Draft, own, send } from './draft.js';
import { finish } from './end.js';
import { fetch } from './fetch.js';
import { checkHeard } from './heard.js';
import { progress, rejoinIfAlone } from './log.js';
import { write } from './write.js';
import { awaitsChoice, candidates, placeOf, STALL_TICKS } from './state.js';

/** The logical clock moved on: say things again half-way through the timer, claim absent whoever is late past it. */
export function handleTick(d: Draft, now: number): void {
  d.liveness.now = Math.max(d.liveness.now, now);
  const timer = d.ctx.genesis.genesis.settings.timer;
  if (d.liveness.answers.length > 0) {
    d.liveness.answers = [];
    d.owned.add('liveness.answers');
  }
  if (done(d)) return;
  // Nothing new for a while, and not for want of this seat's own choice: ask every seat, once per
  // place, for what it holds from here.
  if (d.liveness.now - d.liveness.since >= STALL_TICKS && !awaitsChoice(d.ctx, d)) fetch(d, d.log.chain.seq);
  // A page that went on alone while cut off joins the others' log once it holds their element.
  rejoinIfAlone(d);
  if (done(d) || timer === null) return;
  // Half-way through the timer at a place, say again what this seat said here (its entries and
  // its echo of the last element): a lost message must not make a present seat look absent.
  if (d.liveness.now - d.liveness.since >= timer / 2 && d.claims.resentAt !== placeOf(d)) {
    d.claims.resentAt = placeOf(d);
    // Someone is ahead while this peer waits: ask everyone for what it lacks.
    if (d.liveness.ahead >= d.log.chain.seq) fetch(d, d.log.chain.seq);
    if (d.claims.lastEcho) d.effects.push({ kind: 'echo', echo: d.claims.lastEcho });
    for (const p of candidates(d)) if (p.entry.seat === d.ctx.seat) send(d, makeMessage({ t: 'entry', entry: { text: p.text, sig: p.sig } }));
  }
  if (d.liveness.now - d.liveness.since < timer) return;
  const x = expectation(d.log.chain);
  if (x.kind === 'final') return finish(d);
  // Claims held for this place take effect here only now that this peer's own timer ran out.
  const place = placeOf(d);
  progress(d);
  if (done(d) || placeOf(d) !== place || d.log.chain.gone[d.ctx.seat]) return;
  const held = [...d.pool.current.values()];
  const rounds = d.claims.claimedAt.get(place) ?? [];
  // A round stalls a whole timer after this seat's claim, and never before the others' own timers
  // could run out (a claim signed at once, for an absent seat, comes a timer before theirs).
  const next = nextClaimRound(d.log.chain, held, rounds.length, Math.min(d.liveness.now - d.claims.lastClaimAt, d.liveness.now - d.liveness.since - timer), timer);
  if (!next) return;
  const { round, stalled } = next;
  checkHeard(d);
  const seats = seatsToClaim(d.log.chain, d.ctx.seat, held, d.liveness.lastHeard, stalled);
  if (seats.length === 0) return;
  own(d, 'claims.claimedAt').set(place, [...rounds, seats]);
  d.claims.lastClaimAt = d.liveness.now;
  write(d, round === 0 ? { type: 'absent', seats } : { type: 'absent', seats, round });
}
