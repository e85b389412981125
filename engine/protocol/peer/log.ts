import { assembleElement } from '../log/assemble.js';
import { applyElement, type Chain, checkEntry, expectation, slotOf } from '../log/chain.js';
import type { ParsedEntry } from '../codec/entry.js';
import { MAX_FETCH } from '../codec/wire.js';
import { PROOF_CODES, violation } from '../errors.js';
import { changed, done, type Draft, incident, own, verified } from './draft.js';
import { equivocation, finish, verdict } from './end.js';
import { pruneHeard } from './heard.js';
import { entriesAt } from './held.js';
import { claimedHereAtAll, prune, relayAgainstClaims, timerRanOut } from './keep.js';
import { candidates } from './state.js';

/**
 * The log as this peer holds it moves on here: complete elements applied (progress, advance), a
 * late entry rolled back (rollback), a lone branch given up for the table's (tryRejoin). Nothing
 * here writes or answers: the step settles after each event (step.ts).
 */

/** Applies every element that is complete (the step then writes what the log awaits from this seat). */
export function progress(d: Draft): void {
  while (!done(d)) {
    if (expectation(d.log.chain).kind === 'final') break;
    const held = [...d.pool.current.values()];
    const element = assembleElement(d.log.chain, held, { me: d.ctx.seat, timerRanOut: timerRanOut(d) || claimedHereAtAll(d), following: d.claims.following });
    if (!element) return relayAgainstClaims(d, held);
    const applied = applyElement(d.log.chain, element);
    if (!applied.ok) {
      const { index, violation: v } = applied.error;
      const culprit = element[index];
      if (culprit && PROOF_CODES.includes(v.code)) return verdict(d, v, { entries: [culprit], echo: null }, d.log.chain.seq);
      incident(d, v);
      if (culprit) own(d, 'pool.current').delete(culprit.id);
      return;
    }
    advance(d, element, applied.value.chain, applied.value.hash);
  }
}

/** Takes the next element: echoes it, then looks at what was held ahead for the new place. */
export function advance(d: Draft, entries: readonly ParsedEntry[], next: Chain, hash: string): void {
  const seq = d.log.chain.seq;
  const before = d.log.chain;
  own(d, 'log.history').push({ before, entries, hash, after: next.state });
  const idled = timerRanOut(d);
  // Following the table's branch after going on alone, until the table takes this seat's item again.
  if (d.claims.following && entries.some((e) => e.entry.seat === d.ctx.seat)) d.claims.following = false;
  d.log.chain = next;
  d.pool.current = new Map();
  d.owned.add('pool.current');
  d.liveness.since = d.liveness.now;
  pruneHeard(d);
  // Declared absent here: this seat's player is back only once the page says so (a bot: at once);
  // and so again when, back, it let a whole timer pass on its own decision (a claim signed at once
  // while it came back, before the others heard it, does not count).
  const named = next.absences.length > before.absences.length && next.absences[next.absences.length - 1]!.seats.includes(d.ctx.seat);
  if (named && (!before.gone[d.ctx.seat] || idled)) d.liveness.here = d.ctx.bot;
  changed(d);
  d.claims.lastEcho = { seq, element: hash, after: next.state, claimed: d.claims.claimedAt.has(`${seq}|${before.head}`), back: next.gone[d.ctx.seat]! && d.liveness.here, entries: entries.map((e) => ({ text: e.text, sig: e.sig })) };
  d.effects.push({ kind: 'echo', echo: d.claims.lastEcho });
  // Entries that were ahead of this peer (two of one seat for one place: equivocation).
  const ready = candidates(d);
  for (const [i, a] of ready.entries()) {
    const b = ready.slice(i + 1).find((q) => slotOf(q.entry) === slotOf(a.entry));
    if (b) return equivocation(d, a, b);
  }
  prune(d);
  for (const p of ready) {
    if (done(d)) return;
    const v = checkEntry(d.log.chain, p);
    if (v && PROOF_CODES.includes(v.code)) return verdict(d, v, { entries: [p], echo: null }, d.log.chain.seq);
    if (v) incident(d, v);
    else if (p.entry.body.type === 'final') own(d, 'log.finals').set(p.entry.seat, p);
    else own(d, 'pool.current').set(p.id, p);
  }
  if (d.log.chain.closed && d.log.finals.size === d.ctx.n) finish(d);
}

/**
 * Every other seat declared this seat absent at `seq` while its own late entry was in flight:
 * nobody else applied it (a claim binds its signer), so this seat takes the settled version.
 */
export function rollback(d: Draft, seq: number): void {
  const step = d.log.history[seq]!;
  d.log.chain = step.before;
  d.log.history = d.log.history.slice(0, seq);
  d.owned.add('log.history');
  d.pool.current = new Map(candidates(d).filter((q) => !(q.entry.seat === d.ctx.seat && q.entry.body.type !== 'absent')).map((q) => [q.id, q]));
  d.owned.add('pool.current');
  d.liveness.since = d.liveness.now;
  changed(d);
  incident(d, violation('Superseded', `this seat was declared absent at position ${seq}: its late entry is void`, { seat: d.ctx.seat, seq }));
}

/**
 * Whether this peer went on alone from position `g`: every element of its log from there holds its
 * own entries only, and no other seat's echo agreed with any of them.
 */
function aloneSince(d: Draft, g: number): boolean {
  if (!d.log.history.slice(g).every((h) => h.entries.every((e) => e.entry.seat === d.ctx.seat))) return false;
  for (const [seat, { seq, signed }] of d.liveness.agreed) {
    if (seq < g) continue;
    if (verified(d, { kind: 'echo', seat, signed })) return false;
    own(d, 'liveness.agreed').delete(seat);
    incident(d, violation('BadSignature', `an echo that seat ${seat}'s key did not sign`, { seat, seq }));
  }
  return true;
}

/**
 * Whether an element the others hold at position `g` is the table's, that is more than one seat's
 * word: signed by two seats or more; or one seat's, followed on its branch (through that seat's
 * own actions, held) by an entry of another seat, which went on after it; at two seats, the
 * other's. Another page that went on alone has elements of one seat, its own entries only.
 */
function tableElement(d: Draft, g: number, element: readonly ParsedEntry[], hash: string): boolean {
  const signers = new Set(element.map((p) => p.entry.seat));
  if (d.ctx.n === 2 || signers.size >= 2) return true;
  let head = hash;
  for (let seq = g + 1; seq <= g + MAX_FETCH; seq++) {
    const next = entriesAt(d.pool.bySeq, seq).filter((q) => q.entry.prev === head);
    if (next.some((q) => !signers.has(q.entry.seat))) return true;
    const actions = next.filter((q) => q.entry.body.type === 'action');
    if (actions.length !== 1) return false;
    // An element of one action is that entry: its hash is the entry's id.
    head = actions[0]!.id;
  }
  return false;
}

/**
 * A seat alone on its branch of the log from position `g` (issue 19, item 4): it went on by its
 * own word while nobody heard it (its page was cut off: it settled everyone else absent, or kept
 * its own late element), so nobody else will ever follow that branch. If it holds, from the
 * other seats, a complete element at `g` after the same history, it joins their branch there:
 * its own elements from `g` on are void (the others never applied them), and the catch-up brings
 * the rest. Its own entries never change: it signs nothing new at a place it signed before.
 * At two seats, each alone, both could move: the smaller element hash is taken as the table's,
 * so exactly one of them does. A seat with company on its branch never moves:
 * the two sides are split (view.split), each resting on a minority's word.
 */
export function tryRejoin(d: Draft, g: number): void {
  if (done(d) || g >= d.log.chain.seq || g < d.log.prunedBelow || !aloneSince(d, g)) return;
  const step = d.log.history[g]!;
  const there = entriesAt(d.pool.bySeq, g).filter((q) => q.entry.prev === step.before.head && q.entry.body.type !== 'final');
  const theirs = there.filter((q) => q.entry.seat !== d.ctx.seat);
  if (theirs.length === 0) return;
  // The table's element there may hold this seat's own item, if it reached them before the cut
  // (its link, say): never its claims, which named the table absent.
  const mine = there.filter((q) => q.entry.seat === d.ctx.seat && q.entry.body.type !== 'absent');
  const element = assembleElement(step.before, theirs) ?? assembleElement(step.before, [...theirs, ...mine]);
  if (!element || element.every((p) => p.entry.seat === d.ctx.seat)) return;
  const applied = applyElement(step.before, element);
  if (!applied.ok || applied.value.hash === step.hash || !tableElement(d, g, element, applied.value.hash)) return;
  // At two seats, each alone on its branch would take the other's: one moves.
  if (d.ctx.n === 2 && applied.value.hash > step.hash) return;
  d.log.chain = step.before;
  d.log.history = d.log.history.slice(0, g);
  d.owned.add('log.history');
  d.log.finals = new Map();
  d.owned.add('log.finals');
  d.liveness.elsewhere = new Map();
  d.owned.add('liveness.elsewhere');
  d.liveness.agreed = new Map();
  d.owned.add('liveness.agreed');
  incident(d, violation('Superseded', `this seat went on alone from position ${g}: it joins the other seats' log there, and its own elements from there on are void`, { seat: d.ctx.seat, seq: g }));
  advance(d, element, applied.value.chain, applied.value.hash);
  // From there it follows the table's settlements, until the table takes an item it writes now.
  d.claims.following = true;
}

/**
 * Once its timer at the current place ran out (nobody writes on its branch): a lone branch whose
 * parting element from the others is held (tryRejoin), found from the head back.
 */
export function rejoinIfAlone(d: Draft): void {
  if (!timerRanOut(d)) return;
  const history = d.log.history;
  for (let g = d.log.chain.seq - 1; g >= d.log.prunedBelow && !done(d); g--) {
    if (!history[g]!.entries.every((e) => e.entry.seat === d.ctx.seat)) return;
    tryRejoin(d, g);
    if (d.log.history !== history) return;
  }
}
