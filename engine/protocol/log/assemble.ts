import type { Seat } from '../../core/vocabulary.js';
import { activeSeats, canonicalOrder, type Chain, claimedAbsent, expectation, type Settlement } from './chain.js';
import { claimRound, type ParsedEntry } from '../codec/entry.js';

/**
 * How a peer turns the entries it holds for the current position into a complete element,
 * and whom it claims absent when its timer runs out. Pure: the peer calls these.
 */

export interface AssembleOptions {
  /** The assembling peer's seat: it never applies a minority's claim naming itself. */
  readonly me?: Seat;
  /**
   * Whether the assembling peer's own timer for this place ran out. A minority's claims take
   * effect at a peer only then, as they are signed only then: a claim set that completes early (a
   * seat claiming without waiting) waits for the peer's own judgement. Default true.
   */
  readonly timerRanOut?: boolean;
  /**
   * The peer follows the table's branch after going on alone (issue 19, item 4): the table settled
   * these places without it, so it takes the settlements it holds, a minority's naming it
   * included, whatever items it holds of the seats they name.
   */
  readonly following?: boolean;
}

/** Whether a strict majority's complete claims name `seat` here. */
const outvoted = (chain: Chain, held: readonly ParsedEntry[], seat: Seat): boolean =>
  completeClaimSets(chain, held).some((c) => !c.settled.minority && c.settled.seats.includes(seat));

/** Every complete set of claims held for the current place, with what it settles. */
export function completeClaimSets(chain: Chain, held: readonly ParsedEntry[]): { readonly group: ParsedEntry[]; readonly settled: Settlement }[] {
  const sets = new Map<string, ParsedEntry[]>();
  for (const c of held) {
    const b = c.entry.body;
    if (b.type !== 'absent') continue;
    const key = `${claimRound(b)}|${b.seats.join(',')}`;
    const group = sets.get(key);
    if (group) group.push(c);
    else sets.set(key, [c]);
  }
  const out: { group: ParsedEntry[]; settled: Settlement }[] = [];
  for (const group of sets.values()) {
    const settled = claimedAbsent(chain, group);
    if (settled) out.push({ group, settled });
  }
  return out;
}

/**
 * The items held that a complete claim set names absent: the peer never applies such a set (the
 * seat was heard at this place), and relays the items instead so that the claimers learn of them.
 */
export function itemsAgainstClaims(chain: Chain, held: readonly ParsedEntry[]): ParsedEntry[] {
  const items = held.filter((p) => p.entry.body.type !== 'absent');
  const named = new Set(completeClaimSets(chain, held).flatMap((c) => c.settled.seats));
  return items.filter((p) => named.has(p.entry.seat));
}

/**
 * A complete element from the entries held for `chain.seq`, in canonical order, or undefined.
 * A held item always wins over claims naming its seat; a claim set arriving before the peer's own
 * timer ran out, or signed by a minority and naming the assembling peer, is never applied.
 */
export function assembleElement(chain: Chain, held: readonly ParsedEntry[], options: AssembleOptions = {}): ParsedEntry[] | undefined {
  const x = expectation(chain);
  if (x.kind === 'final') return undefined;
  const items = held.filter((p) => p.entry.body.type !== 'absent');
  const itemOf = (s: Seat) => items.find((p) => p.entry.seat === s);
  if (options.following) {
    const settled = completeClaimSets(chain, held).find((c) => c.group.every((p) => p.entry.seat !== options.me));
    if (settled) {
      if (x.kind === 'main') return canonicalOrder(settled.group);
      const got = activeSeats(chain).filter((s) => !settled.settled.seats.includes(s)).map(itemOf);
      if (got.every((p) => p)) return canonicalOrder([...(got as ParsedEntry[]), ...settled.group]);
    }
  }
  if (x.kind === 'main') {
    const action = itemOf(x.seat);
    if (action && !(x.seat === options.me && outvoted(chain, held, x.seat))) return [action];
  }
  const timerRanOut = options.timerRanOut ?? true;
  {
    for (const { group, settled } of completeClaimSets(chain, held)) {
      // A minority's claims take effect at a peer only once its own timer ran out too; a strict
      // majority's settle the place without this peer's word.
      if (settled.minority && !timerRanOut) continue;
      // A peer takes a claim naming itself only from a strict majority, which settles the place
      // without it anyway (it was outvoted, e.g. its own entry came too late for all of them).
      if (options.me !== undefined && settled.seats.includes(options.me) && settled.minority) continue;
      // An item held wins over claims naming its seat; the peer's own item only over a minority's;
      // and no item over a set this peer signed itself (it named an obstructor whose item it held).
      const signedIt = group.some((c) => c.entry.seat === options.me);
      if (!signedIt && settled.seats.some((s) => itemOf(s) && !(s === options.me && !settled.minority))) continue;
      if (x.kind === 'main') return canonicalOrder(group);
      const needed = activeSeats(chain).filter((s) => !settled.seats.includes(s));
      const got = needed.map(itemOf);
      if (got.every((p) => p)) return canonicalOrder([...(got as ParsedEntry[]), ...group]);
    }
  }
  if (x.kind === 'main') return undefined;
  const got = activeSeats(chain).map(itemOf);
  return got.length > 0 && got.every((p) => p) ? canonicalOrder(got as ParsedEntry[]) : undefined;
}

/**
 * Whom `me` claims absent at the current position once its timer ran out: the seats whose
 * item it lacks, and at an action, also the seats it has not heard from since the last element
 * (so that two seats dropping at once can both be settled). Never itself; empty if nothing is missing.
 */
export function seatsToClaim(chain: Chain, me: Seat, held: readonly ParsedEntry[], lastHeard: readonly number[], stalled?: { readonly round: number }): Seat[] {
  const x = expectation(chain);
  if (x.kind === 'final') return [];
  const has = (s: Seat) => held.some((p) => p.entry.seat === s && p.entry.body.type !== 'absent');
  // A round that stalled (its timer ran out without settling): a seat that signed no claim in it
  // and gave no item here is obstructing, and is named with the others.
  const signedLast = (s: Seat) => held.some((p) => p.entry.seat === s && p.entry.body.type === 'absent' && claimRound(p.entry.body) === stalled!.round);
  const active = activeSeats(chain).filter((s) => s !== me);
  if (x.kind === 'main') {
    if (x.seat === me || has(x.seat)) return [];
    const silent = active.filter((s) => s !== x.seat && (stalled ? !signedLast(s) : lastHeard[s]! < chain.seq - 1 && !held.some((p) => p.entry.seat === s)));
    return [x.seat, ...silent].sort((a, b) => a - b);
  }
  // At a random event or the close, a seat that gave its item but signed no claim in a stalled
  // round is obstructing too: named with the seats that lack an item, its item set aside.
  return active.filter((s) => !has(s) || (stalled !== undefined && !signedLast(s)));
}

/**
 * Whether the claims of one round held at the current position can still settle: whether some
 * set A, with the awaited seat in it at an action (every claim there names it), leaves at least
 * one seat to sign and is named exactly by every claim held from a seat outside A. Holding more
 * claims only rules sets out, so a round that cannot settle now never will, anywhere: its
 * claimers may sign claims for the next round without any risk of settling the place two ways.
 */
export function roundCanSettle(chain: Chain, claims: readonly ParsedEntry[]): boolean {
  const x = expectation(chain);
  const active = activeSeats(chain);
  const universe = x.kind === 'main' && !active.includes(x.seat) ? [...active, x.seat].sort((a, b) => a - b) : active;
  for (let mask = 1; mask < 1 << universe.length; mask++) {
    const set = universe.filter((_, i) => (mask >> i) & 1);
    if (x.kind === 'main' && !set.includes(x.seat)) continue;
    if (active.every((s) => set.includes(s))) continue;
    const key = set.join(',');
    if (claims.every((c) => set.includes(c.entry.seat) || (c.entry.body.type === 'absent' && c.entry.body.seats.join(',') === key))) return true;
  }
  return false;
}
