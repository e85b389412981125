import type { Entry, ParsedEntry } from '../codec/entry.js';
import { slotOf } from '../log/chain.js';

/**
 * The entries a peer holds, by position, in buckets of BUCKET positions: a step that takes a new
 * entry copies the small outer map and one bucket, not a map of the whole window. An entry's id
 * and its slot both name its position, so lookups by id or by slot search one position's list.
 */
export type Held = ReadonlyMap<number, ReadonlyMap<number, readonly ParsedEntry[]>>;
export const BUCKET = 64;

export const bucketOf = (seq: number): number => Math.floor(seq / BUCKET);

export const entriesAt = (held: Held, seq: number): readonly ParsedEntry[] => held.get(bucketOf(seq))?.get(seq) ?? [];

/** The entry held with this id (its text), if any. */
export const knownEntry = (held: Held, p: ParsedEntry): ParsedEntry | undefined => entriesAt(held, p.entry.seq).find((q) => q.id === p.id);

/** The entry held for this entry's place and kind (its slot), if any: the first one taken. */
export function entryInSlot(held: Held, e: Entry): ParsedEntry | undefined {
  const slot = slotOf(e);
  return entriesAt(held, e.seq).find((q) => slotOf(q.entry) === slot);
}
