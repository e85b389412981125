import { assembleElement, itemsAgainstClaims } from '../log/assemble.js';
import { applyElement, type Chain, checkEntry, expectation, slotOf } from '../log/chain.js';
import type { ParsedEntry } from '../codec/entry.js';
import type { Evidence } from '../codec/replay.js';
import { PROOF_CODES, type Violation, violation } from '../errors.js';
import { makeMessage, MAX_FETCH } from '../codec/wire.js';
import { changed, done, type Draft, incident, own, send, setEntriesAt, verified } from './draft.js';
import { entriesAt } from './held.js';
import { candidates, PAST_WINDOW, placeOf } from './state.js';
import { compareEcho } from './echoes.js';
import { pruneHeard } from './heard.js';
import { act } from './write.js';

/** Applies every element that is complete, then acts. */
export function progress(d: Draft): void {
  while (!done(d)) {
    if (expectation(d.chain).kind === 'final') break;
    const held = [...d.pool.values()];
    const element = assembleElement(d.chain, held, { me: d.ctx.seat, timerRanOut: timerRanOut(d) || claimedHereAtAll(d), following: d.following });
    if (!element) {
      relayAgainstClaims(d, held);
      break;
    }
    const applied = applyElement(d.chain, element);
    if (!applied.ok) {
      const { index, violation: v } = applied.error;
      const culprit = element[index];
      if (culprit && PROOF_CODES.includes(v.code)) return verdict(d, v, { entries: [culprit], echo: null }, d.chain.seq);
      incident(d, v);
      if (culprit) own(d, 'pool').delete(culprit.id);
      break;
    }
    advance(d, element, applied.value.chain, applied.value.hash);
  }
  act(d);
}

/** Takes the next element: echoes it, then looks at what was held ahead for the new place. */
export function advance(d: Draft, entries: readonly ParsedEntry[], next: Chain, hash: string): void {
  const seq = d.chain.seq;
  const before = d.chain;
  own(d, 'history').push({ before, entries, hash, after: next.state });
  const idled = timerRanOut(d);
  // Following the table's branch after going on alone, until the table takes this seat's item again.
  if (d.following && entries.some((e) => e.entry.seat === d.ctx.seat)) d.following = false;
  d.chain = next;
  d.pool = new Map();
  d.owned.add('pool');
  d.since = d.now;
  pruneHeard(d);
  // Declared absent here: this seat's player is back only once the page says so (a bot: at once);
  // and so again when, back, it let a whole timer pass on its own decision (a claim signed at once
  // while it came back, before the others heard it, does not count).
  const named = next.absences.length > before.absences.length && next.absences[next.absences.length - 1]!.seats.includes(d.ctx.seat);
  if (named && (!before.gone[d.ctx.seat] || idled)) d.here = d.ctx.bot;
  changed(d);
  d.lastEcho = { seq, element: hash, after: next.state, claimed: d.claimedAt.has(`${seq}|${before.head}`), back: next.gone[d.ctx.seat]! && d.here, entries: entries.map((e) => ({ text: e.text, sig: e.sig })) };
  d.effects.push({ kind: 'echo', echo: d.lastEcho });
  // Entries and echoes that were ahead of this peer (two of one seat for one place: equivocation).
  const ready = candidates(d);
  for (const [i, a] of ready.entries()) {
    const b = ready.slice(i + 1).find((q) => slotOf(q.entry) === slotOf(a.entry));
    if (b) return equivocation(d, a, b);
  }
  const echoes = d.pendingEchoes.filter((x) => x.echo.seq <= seq);
  if (echoes.length > 0) {
    d.pendingEchoes = d.pendingEchoes.filter((x) => x.echo.seq > seq);
    d.owned.add('pendingEchoes');
    const counts = own(d, 'echoesBySeat');
    for (const x of echoes) counts[x.echo.seat]!--;
  }
  prune(d);
  for (const x of echoes) compareEcho(d, x.echo, x.signed, x.entries);
  for (const p of ready) {
    if (done(d)) return;
    const v = checkEntry(d.chain, p);
    if (v && PROOF_CODES.includes(v.code)) return verdict(d, v, { entries: [p], echo: null }, d.chain.seq);
    if (v) incident(d, v);
    else if (p.entry.body.type === 'final') own(d, 'finals').set(p.entry.seat, p);
    else own(d, 'pool').set(p.id, p);
  }
  if (d.chain.closed && d.finals.size === d.ctx.n) finish(d);
}

export function remember(d: Draft, p: ParsedEntry): void {
  own(d, 'heldBySeat')[p.entry.seat]!++;
  setEntriesAt(d, p.entry.seq, [...entriesAt(d.bySeq, p.entry.seq), p]);
}

/** Lets go of a held entry (a flood's junk, to make room for one that extends the log). */
export function forget(d: Draft, p: ParsedEntry): void {
  own(d, 'heldBySeat')[p.entry.seat]!--;
  setEntriesAt(d, p.entry.seq, entriesAt(d.bySeq, p.entry.seq).filter((q) => q !== p));
}

/** Forgets entries and places that fell out of the window behind the current position. */
function prune(d: Draft): void {
  const below = d.chain.seq - PAST_WINDOW;
  if (below < d.prunedBelow + 64) return;
  const held = own(d, 'heldBySeat');
  for (let seq = d.prunedBelow; seq < below; seq++) {
    const list = entriesAt(d.bySeq, seq);
    if (list.length === 0) continue;
    for (const p of list) held[p.entry.seat]!--;
    setEntriesAt(d, seq, []);
  }
  const old = (key: string) => Number(key.slice(0, key.indexOf('|'))) < below;
  const claimedAt = own(d, 'claimedAt');
  for (const key of claimedAt.keys()) if (old(key)) claimedAt.delete(key);
  const sent = own(d, 'sent');
  for (const key of sent) if (old(key)) sent.delete(key);
  const relayedAt = own(d, 'relayedAt');
  for (const key of relayedAt) if (old(key)) relayedAt.delete(key);
  d.prunedBelow = below;
}

/**
 * Whether this peer went on alone from position `g`: every element of its log from there holds its
 * own entries only, and no other seat's echo agreed with any of them.
 */
function aloneSince(d: Draft, g: number): boolean {
  if (!d.history.slice(g).every((h) => h.entries.every((e) => e.entry.seat === d.ctx.seat))) return false;
  for (const [seat, { seq, signed }] of d.agreed) {
    if (seq < g) continue;
    if (verified(d, { kind: 'echo', seat, signed })) return false;
    own(d, 'agreed').delete(seat);
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
    const next = entriesAt(d.bySeq, seq).filter((q) => q.entry.prev === head);
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
  if (done(d) || g >= d.chain.seq || g < d.prunedBelow || !aloneSince(d, g)) return;
  const step = d.history[g]!;
  const theirs = entriesAt(d.bySeq, g).filter((q) => q.entry.prev === step.before.head && q.entry.seat !== d.ctx.seat && q.entry.body.type !== 'final');
  if (theirs.length === 0) return;
  const element = assembleElement(step.before, theirs);
  if (!element) return;
  const applied = applyElement(step.before, element);
  if (!applied.ok || applied.value.hash === step.hash || !tableElement(d, g, element, applied.value.hash)) return;
  // At two seats, each alone on its branch would take the other's: one moves.
  if (d.ctx.n === 2 && applied.value.hash > step.hash) return;
  d.chain = step.before;
  d.history = d.history.slice(0, g);
  d.owned.add('history');
  d.finals = new Map();
  d.owned.add('finals');
  d.elsewhere = new Map();
  d.owned.add('elsewhere');
  d.agreed = new Map();
  d.owned.add('agreed');
  d.following = true;
  incident(d, violation('Superseded', `this seat went on alone from position ${g}: it joins the other seats' log there, and its own elements from there on are void`, { seat: d.ctx.seat, seq: g }));
  advance(d, element, applied.value.chain, applied.value.hash);
  progress(d);
}

/**
 * Once its timer at the current place ran out (nobody writes on its branch): a lone branch whose
 * parting element from the others is held (tryRejoin), found from the head back.
 */
export function rejoinIfAlone(d: Draft): void {
  if (!timerRanOut(d)) return;
  const history = d.history;
  for (let g = d.chain.seq - 1; g >= d.prunedBelow && !done(d); g--) {
    if (!history[g]!.entries.every((e) => e.entry.seat === d.ctx.seat)) return;
    tryRejoin(d, g);
    if (d.history !== history) return;
  }
}

/** Whether `prev` is the hash this peer holds for the element before position `seq`. */
export function onMyHistory(d: Draft, seq: number, prev: string): boolean {
  if (seq > d.chain.seq) return false;
  return (seq === d.chain.seq ? d.chain.head : d.history[seq]!.before.head) === prev;
}

/** Whether this seat claimed `seat` absent at the current place, in any round. */
export const claimedHere = (d: Draft, seat: number): boolean => (d.claimedAt.get(placeOf(d)) ?? []).some((seats) => seats.includes(seat));

/** Whether this seat claimed anyone absent at the current place: its own judgement is made (its timer ran out, or the awaited seat is away). */
const claimedHereAtAll = (d: Draft): boolean => (d.claimedAt.get(placeOf(d)) ?? []).length > 0;

export function timerRanOut(d: Draft): boolean {
  const timer = d.ctx.genesis.genesis.settings.timer;
  return timer !== null && d.now - d.since >= timer;
}

/** Relays, once per place, the items held that a complete claim set names absent: the claimers learn the seat was heard. */
function relayAgainstClaims(d: Draft, held: readonly ParsedEntry[]): void {
  const place = placeOf(d);
  if (d.relayedAt.has(place)) return;
  const items = itemsAgainstClaims(d.chain, held);
  if (items.length === 0) return;
  own(d, 'relayedAt').add(place);
  send(d, makeMessage({ t: 'relay', entries: items.map((e) => ({ text: e.text, sig: e.sig })) }));
}

export function equivocation(d: Draft, a: ParsedEntry, b: ParsedEntry): void {
  const both = [a, b].sort((x, y) => (x.id < y.id ? -1 : 1));
  const e = a.entry;
  verdict(d, violation('Equivocation', `seat ${e.seat} signed two different ${e.body.type} entries for position ${e.seq}`, { seat: e.seat, seq: e.seq }), { entries: both, echo: null }, e.seq);
}

export function finish(d: Draft): void {
  if (done(d) || !d.chain.closed || !d.chain.end) return;
  const finals = [...d.finals.keys()].sort((a, b) => a - b);
  const absences = d.chain.absences;
  d.outcome = { kind: 'finished', end: d.chain.end, finals, absences, minority: absences.some((a) => a.minority) };
  changed(d);
}

export function verdict(d: Draft, v: Violation, evidence: Evidence, truncateAt: number): void {
  if (done(d)) return;
  d.outcome = { kind: 'cheat', seat: v.seat!, code: v.code, seq: v.seq ?? d.chain.seq, message: v.message, ...(v.rule ? { rule: v.rule } : {}) };
  d.evidence = evidence;
  d.truncateAt = Math.min(truncateAt, d.history.length);
  changed(d);
  // Pass the proof on, so that every honest peer reaches the same verdict.
  if (evidence.echo) send(d, makeMessage({ t: 'echo', echo: evidence.echo, entries: [] }));
  if (evidence.entries.length > 0) send(d, makeMessage({ t: 'relay', entries: evidence.entries }));
}
