import type { Seat } from '../../core/vocabulary.js';
import type { Result } from '../../core/result.js';
import { makeMessage, MAX_FETCH, type ParsedMessage } from '../codec/wire.js';
import type { Violation } from '../errors.js';
import { type Check, type CryptoResults, done, type Draft, draftOf, type Effect, finished, incident, lacking, type Needs, NO_RESULTS, send } from './draft.js';
import { aheadCheckNeeded, compareSettled, handleEcho } from './echoes.js';
import { answerFetch, fetch, handleConnected } from './fetch.js';
import { progress } from './log.js';
import { entryNeedsCheck, handleEntry, handleHistory } from './receive.js';
import { handleTick } from './tick.js';
import { act, comeBack, submitAction } from './write.js';
import { afterDigest, type PeerContext, type PeerState } from './state.js';

/*
 * The peer's parts, each importing only those below it:
 *   state, held, claims, catch-up, draft      what a peer holds, and the step's working copy
 *   heard, keep, end, fetch                   bookkeeping, the end of a game, catch-up requests
 *   log                                       elements applied, rolled back, rejoined
 *   receive                                   entries checked and taken
 *   echoes, write                             other seats' echoes; this seat's own entries
 *   tick                                      the clock: saying again, claiming
 *   step                                      one event, then settle
 * Handlers only take what arrives; the step then settles: it applies every complete element,
 * compares the echoes that waited for them and writes what the log awaits from this seat, again
 * until nothing more happens. So no part calls back up, and the order of effects is the step's.
 */

/** What happens to a peer, one at a time, in arrival order. */
export type PeerEvent =
  /** Every peer exists: act if the log starts with this seat (a resumed seat first asks what it missed). */
  | { readonly kind: 'start' }
  /** A message from another peer, parsed (`from`, when the transport knows it). */
  | { readonly kind: 'message'; readonly message: Result<ParsedMessage, Violation>; readonly from?: Seat }
  /** The logical clock moved on. */
  | { readonly kind: 'tick'; readonly now: number }
  /**
   * The transport's channel to `seat` came up (at the start, or again after it closed: a refresh,
   * a network change): what was sent while it was down is lost, so this peer asks that seat for
   * what it holds from here.
   */
  | { readonly kind: 'connected'; readonly seat: Seat }
  /** This seat's choice (a person's or a bot's). */
  | { readonly kind: 'submit'; readonly action: unknown }
  /** This seat's player is at the page (a click, a key): if the seat was declared absent, its echoes say it is back. */
  | { readonly kind: 'here' };

export type StepResult =
  | { readonly kind: 'next'; readonly state: PeerState; readonly effects: readonly Effect[]; readonly refused?: string }
  /** The step needs crypto it was not given: nothing changed; step again with these results added. */
  | { readonly kind: 'needs'; readonly needs: Needs };

/**
 * The peer as a pure function: its state and an event give its next state and what to do (the
 * messages to send, the echoes to sign and send, the views to show). Signatures are the
 * wrapper's (async: WebCrypto in browsers): the step reads the checks and signatures it needs in
 * `results`, and when one is missing it stops, changing nothing, and names it; the wrapper
 * computes it and steps again from the same state. An entry counts only once its check is true.
 */
export function step(ctx: PeerContext, state: PeerState, event: PeerEvent, results: CryptoResults = NO_RESULTS): StepResult {
  const d = draftOf(ctx, state, results);
  switch (event.kind) {
    case 'start':
      if (ctx.resume) send(d, makeMessage({ t: 'fetch', from: 0, count: MAX_FETCH }));
      break;
    case 'message':
      handleMessage(d, event.message, event.from);
      break;
    case 'tick':
      handleTick(d, event.now);
      break;
    case 'connected':
      handleConnected(d, event.seat);
      break;
    case 'here':
      comeBack(d);
      break;
    case 'submit': {
      const r = submitAction(d, event.action);
      if (lacking(d)) break;
      if (!r.ok) return { kind: 'next', state, effects: [], refused: r.error };
      break;
    }
  }
  settle(d);
  if (lacking(d)) return { kind: 'needs', needs: d.missing };
  return { kind: 'next', state: finished(d, state), effects: d.effects };
}

/** A message from another peer (`from`, when the transport knows it: catch-up answers go there), parsed by the wrapper. */
function handleMessage(d: Draft, parsed: Result<ParsedMessage, Violation>, from?: Seat): void {
  // A finished game still answers catch-up: a page refreshed near the end gets the rest from it.
  if (done(d) && !(d.log.outcome.kind === 'finished' && parsed.ok && parsed.value.t === 'fetch')) return;
  if (!parsed.ok) return incident(d, parsed.error);
  const m = parsed.value;
  if (m.t === 'entry') handleEntry(d, m.entry, 'direct');
  else if (m.t === 'relay') for (const e of m.entries) handleEntry(d, e, 'relay');
  else if (m.t === 'fetch') answerFetch(d, m.from, m.count, from);
  else if (m.t === 'history') handleHistory(d, m.from, m.elements, from);
  else handleEcho(d, m.echo, m.signed, m.entries);
}

/**
 * After an event: apply every complete element, compare the echoes that waited for them, write
 * what the log awaits from this seat (which may complete the next element), again until nothing
 * more happens; then, if a catch-up answer helped, ask its sender for the next part.
 */
function settle(d: Draft): void {
  for (let effects = -1; !done(d) && d.effects.length !== effects; ) {
    effects = d.effects.length;
    progress(d);
    compareSettled(d);
    act(d);
  }
  const answered = d.answered;
  // This answer helped: the next part (the sender may hold more; an empty answer is never sent).
  if (answered && !done(d) && d.log.chain.seq > answered.before && (answered.sender !== undefined || d.liveness.ahead >= d.log.chain.seq)) fetch(d, d.log.chain.seq, answered.sender);
}

/**
 * The signature checks an event will most likely need, judged on the state before it (the
 * wrapper checks them in one batch; a step asks for any other). Never more than the event's
 * own signed content, so a flood costs at most one check per entry it carries.
 */
export function likelyChecks(ctx: PeerContext, state: PeerState, event: PeerEvent): Check[] {
  // Echoes that would count as hearing a seat are checked at claim time only (the step asks).
  const d = { ...state, ctx };
  if (event.kind !== 'message' || !event.message.ok || state.log.outcome.kind !== 'playing') return [];
  const m = event.message.value;
  const entries = m.t === 'entry' ? [m.entry] : m.t === 'relay' || m.t === 'echo' ? m.entries : m.t === 'history' ? m.elements.flat() : [];
  const checks: Check[] = [];
  const seen = new Set<string>();
  for (const p of entries) {
    if (seen.has(p.id + p.sig) || !entryNeedsCheck(d, p)) continue;
    seen.add(p.id + p.sig);
    checks.push({ kind: 'entry', entry: p });
  }
  if (m.t === 'echo' && m.echo.seat !== ctx.seat && m.echo.seat < ctx.n) {
    const h = state.log.history[m.echo.seq];
    const mismatch = h !== undefined && (h.hash !== m.echo.element || afterDigest(h) !== m.echo.state);
    // Echoes two or more ahead are held only once checked (their seat's slots are theirs alone).
    if (aheadCheckNeeded(state, m.echo) || m.echo.seq > state.log.chain.seq || mismatch) checks.push({ kind: 'echo', seat: m.echo.seat, signed: m.signed });
  }
  return checks;
}
