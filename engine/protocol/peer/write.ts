import type { GameState } from '../../core/state.js';
import { err, ok, type Result } from '../../core/result.js';
import { linkIndex } from '../log/beacon.js';
import { activeSeats, checkOwnAction, expectation, finalStateHash, isMajority, signaturesDigest } from '../log/chain.js';
import type { Seat } from '../../core/vocabulary.js';
import { checkHeard } from './heard.js';
import type { Body } from '../codec/entry.js';
import { finalOpenings } from '../log/openings.js';
import { makeMessage } from '../codec/wire.js';
import { done, type Draft, own, send, signedEntry } from './draft.js';
import { remember } from './keep.js';
import { accept } from './receive.js';
import { awaitsAction, awaitsChoice, goneSince, placeOf } from './state.js';

/** Writes what the log awaits from this seat, once per position. */
export function act(d: Draft): void {
  if (done(d) || d.liveness.now < d.liveness.quietUntil) return;
  const chain = d.log.chain;
  const x = expectation(chain);
  const key = `${placeOf(d)}|${x.kind}`;
  if (d.claims.sent.has(key)) return;
  const me = d.ctx.seat;
  let body: Body | undefined;
  switch (x.kind) {
    case 'main': {
      if (x.seat !== me) return claimAtOnce(d, x.seat);
      // This seat's own choice comes through submit (a person, or the session's agent); one made
      // while this seat was quiet was held for this place.
      const held = d.claims.heldChoice;
      if (held === undefined) return;
      d.claims.heldChoice = undefined;
      if (held.place === placeOf(d)) submitAction(d, held.action);
      return;
    }
    case 'random': {
      const link = chain.gone[me] ? undefined : d.ctx.beacon[linkIndex(x.event)];
      if (link) body = { type: 'link', event: x.event, link };
      break;
    }
    case 'close':
      if (!chain.gone[me]) body = { type: 'open', openings: finalOpenings(chain.state, d.ctx.vault) };
      break;
    case 'final':
      body = { type: 'final', state: finalStateHash(chain.state), signatures: signaturesDigest(chain) };
      break;
  }
  if (!body) return;
  own(d, 'claims.sent').add(key);
  write(d, body);
}

/**
 * An absent player costs the table one timer, not one per decision (issue 19, item 3): once a
 * seat was declared absent, each of its following decisions is claimed at once, without waiting
 * for the timer, by every other seat not gone, if they are a strict majority of the seats still
 * in the game, until it shows by its own signature that its player is back (an entry on this
 * log, or an echo saying `back`: see lastBack). Its passive choice is then what the claims
 * settle, as they would after the timer; a seat that is back plays on at its next decision.
 */
function claimAtOnce(d: Draft, awaited: Seat): void {
  const chain = d.log.chain;
  if (d.ctx.genesis.genesis.settings.timer === null || !chain.gone[awaited] || chain.gone[d.ctx.seat]) return;
  // Only where the claimers are a strict majority: a minority (two players, half the table cut
  // off, a page alone) settles one timer at a time, so that a page cut off from the others does
  // not play the rest of the game alone in a moment.
  if (!isMajority(chain, activeSeats(chain).filter((s) => s !== awaited).length)) return;
  const place = placeOf(d);
  if (d.claims.claimedAt.has(place) || [...d.pool.current.values()].some((p) => p.entry.seat === awaited && p.entry.body.type !== 'absent')) return;
  checkHeard(d);
  if (d.liveness.lastBack[awaited]! >= goneSince(chain, awaited)) return;
  own(d, 'claims.claimedAt').set(place, [[awaited]]);
  d.claims.lastClaimAt = d.liveness.now;
  write(d, { type: 'absent', seats: [awaited] });
}

/**
 * This seat's player is at the page again: once, after an absence, its last echo goes out again
 * saying `back`, and so do its later echoes while it is gone (the others then wait for its next
 * decision as for anyone's).
 */
export function comeBack(d: Draft): void {
  if (d.liveness.here || done(d)) return;
  d.liveness.here = true;
  if (d.log.chain.gone[d.ctx.seat] && d.claims.lastEcho) {
    d.claims.lastEcho = { ...d.claims.lastEcho, back: true };
    d.effects.push({ kind: 'echo', echo: d.claims.lastEcho });
  }
}



/**
 * This seat's action at the current place (a person's choice or an agent's): refused, with
 * nothing changed, unless the log awaits this seat's action now and the rules take it.
 */
export function submitAction(d: Draft, action: unknown): Result<void, string> {
  const quiet = !awaitsAction(d.ctx, d) && awaitsChoice(d.ctx, d);
  if (!quiet && !awaitsAction(d.ctx, d)) return err(done(d) ? 'the game is over' : 'it is not your turn');
  if (typeof action !== 'object' || action === null || Array.isArray(action) || (action as { seat?: unknown }).seat !== d.ctx.seat) return err('this action is not legal now');
  let legal: Result<GameState, { message: string }>;
  try {
    legal = checkOwnAction(d.log.chain.state, action);
  } catch {
    return err('this action is not legal now');
  }
  if (!legal.ok) return err('this action is not legal now');
  // A resumed seat writes nothing while quiet: the choice waits for the end of the quiet (act).
  if (quiet) {
    d.claims.heldChoice = { place: placeOf(d), action };
    return ok(undefined);
  }
  own(d, 'claims.sent').add(`${placeOf(d)}|main`);
  write(d, { type: 'action', action: action as Extract<Body, { type: 'action' }>['action'] });
  return ok(undefined);
}

/** Signs (through the wrapper), sends, and takes this seat's own entry. */
export function write(d: Draft, body: Body): void {
  const chain = d.log.chain;
  const p = signedEntry(d, { v: 1, game: chain.genesis.id, seq: chain.seq, seat: d.ctx.seat, prev: chain.head, body });
  send(d, makeMessage({ t: 'entry', entry: { text: p.text, sig: p.sig } }));
  remember(d, p);
  accept(d, p);
}
