import type { Seat } from '../../core/vocabulary.js';
import { activeSeats, canonicalOrder, type Chain, claimedAbsent, expectation } from './chain.js';
import { claimRound, type ParsedEntry } from '../codec/entry.js';

/**
 * How a peer turns the entries it holds for the current position into a complete element,
 * and whom it claims absent when its timer runs out. Pure: the peer calls these.
 */

/** A complete element from the entries held for `chain.seq`, in canonical order, or undefined. */
export function assembleElement(chain: Chain, held: readonly ParsedEntry[]): ParsedEntry[] | undefined {
  const x = expectation(chain);
  if (x.kind === 'final') return undefined;
  const items = held.filter((p) => p.entry.body.type !== 'absent');
  const claims = held.filter((p) => p.entry.body.type === 'absent');
  const itemOf = (s: Seat) => items.find((p) => p.entry.seat === s);
  // A complete set of claims, grouped by round and by the seats they name.
  const sets = new Map<string, ParsedEntry[]>();
  for (const c of claims) {
    const b = c.entry.body;
    if (b.type !== 'absent') continue;
    const key = `${claimRound(b)}|${b.seats.join(',')}`;
    sets.set(key, [...(sets.get(key) ?? []), c]);
  }
  for (const group of sets.values()) {
    const named = claimedAbsent(chain, group);
    if (!named) continue;
    if (x.kind === 'main') return canonicalOrder(group);
    const needed = activeSeats(chain).filter((s) => !named.includes(s));
    const got = needed.map(itemOf);
    if (got.every((p) => p)) return canonicalOrder([...(got as ParsedEntry[]), ...group]);
  }
  if (x.kind === 'main') {
    const action = itemOf(x.seat);
    return action ? [action] : undefined;
  }
  const got = activeSeats(chain).map(itemOf);
  return got.length > 0 && got.every((p) => p) ? canonicalOrder(got as ParsedEntry[]) : undefined;
}

/**
 * Whom `me` claims absent at the current position once its timer ran out: the seats whose
 * item it lacks, and at an action, also the seats it has not heard from since the last element
 * (so that two seats dropping at once can both be settled). Never itself; empty if nothing is missing.
 */
export function seatsToClaim(chain: Chain, me: Seat, held: readonly ParsedEntry[], lastHeard: readonly number[]): Seat[] {
  const x = expectation(chain);
  if (x.kind === 'final') return [];
  const has = (s: Seat) => held.some((p) => p.entry.seat === s && p.entry.body.type !== 'absent');
  const active = activeSeats(chain).filter((s) => s !== me);
  if (x.kind === 'main') {
    if (x.seat === me || has(x.seat)) return [];
    const silent = active.filter((s) => s !== x.seat && lastHeard[s]! < chain.seq - 1 && !held.some((p) => p.entry.seat === s));
    return [x.seat, ...silent].sort((a, b) => a - b);
  }
  return active.filter((s) => !has(s));
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
