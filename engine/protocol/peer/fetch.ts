import type { Seat } from '../../core/vocabulary.js';
import { makeMessage, MAX_FETCH } from '../codec/wire.js';
import { historyAnswer } from './catch-up.js';
import { done, type Draft, own, send } from './draft.js';
import { ANSWERS_PER_TICK, candidates } from './state.js';

/**
 * Catch-up requests, asked and answered (issue 9, item 5): a peer that learns it is behind (an
 * echo of a later position, or of another element at a position it holds) asks for the elements
 * it lacks, from its own position (or from where it parted) on, MAX_FETCH at a time. Answers carry
 * signed entries only: each goes through every check any entry goes through (receive.ts), so a
 * lying responder can at most waste the asker's time (bounded: one request per place, answers in
 * the window, a few a tick to each requester).
 */

/** A channel to `seat` came up: ask it for what it holds from here, whatever was asked before (what was sent while it was down is lost). */
export function handleConnected(d: Draft, seat: Seat): void {
  if (done(d) || seat === d.ctx.seat || seat < 0 || seat >= d.ctx.n) return;
  own(d, 'liveness.fetchedAt').add(`${d.log.chain.seq}|${d.log.chain.head}|${seat}`);
  send(d, makeMessage({ t: 'fetch', from: d.log.chain.seq, count: MAX_FETCH }), seat);
}

/** Asks `to` (or every seat) for the elements from `from` on, once per place. */
export function fetch(d: Draft, from: number, to?: Seat): void {
  const key = `${from}|${d.log.chain.head}|${to ?? '*'}`;
  if (d.liveness.fetchedAt.has(key)) return;
  if (d.liveness.fetchedAt.size > 4 * d.ctx.n) {
    d.liveness.fetchedAt = new Set();
    d.owned.add('liveness.fetchedAt');
  }
  own(d, 'liveness.fetchedAt').add(key);
  send(d, makeMessage({ t: 'fetch', from, count: MAX_FETCH }), to);
}

/**
 * Answers a catch-up request from this peer's log, within the message size and ANSWERS_PER_TICK
 * answers a tick to each requester (requests whose sender the transport does not name share one
 * budget): a seat that floods requests uses up its own answers, never another's.
 */
export function answerFetch(d: Draft, from: number, count: number, to?: Seat): void {
  const asker = to !== undefined && to >= 0 && to < d.ctx.n ? to : d.ctx.n;
  if ((d.liveness.answers[asker] ?? 0) >= ANSWERS_PER_TICK || from > d.log.history.length) return;
  own(d, 'liveness.answers')[asker] = (d.liveness.answers[asker] ?? 0) + 1;
  // Up to this peer's head: also the entries it holds for its current place.
  const elements = historyAnswer(d.log.history, from, count, d.ctx.genesis.genesis.settings.maxMessageBytes, candidates(d), d.ctx.n);
  if (elements.length > 0) send(d, makeMessage({ t: 'history', from, elements }), to);
}
