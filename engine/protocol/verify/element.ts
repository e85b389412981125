import { err, ok, type Result } from '../../core/result.js';
import { applyElement, type Applied, type Chain, type ElementFailure } from '../log/chain.js';
import { type ParsedEntry, parseSigned, PositionReader, type SignedEntry } from '../codec/entry.js';

/**
 * One log element as the verifier reads it, shared by the replay verifier (verify.ts) and the
 * spectator's follower (follow.ts): every entry parsed at the position it must name, then the
 * element applied to the chain (game, position, previous hash, rules, beacon links, openings).
 * Signatures are not checked here: the verifier defers them, the follower checks them at once.
 */

/**
 * Parses an element's entries. Entries are read at the position they must name (PositionReader);
 * one that does not read so takes the general path, which names what is wrong with it.
 */
export function readElement(chain: Chain, element: readonly SignedEntry[]): Result<ParsedEntry[], ElementFailure> {
  const reader = new PositionReader(chain.genesis.id, chain.seq, chain.head);
  const parsed: ParsedEntry[] = [];
  for (const [index, s] of element.entries()) {
    const fast = reader.read(s.text, s.sig);
    if (fast) {
      parsed.push(fast);
      continue;
    }
    const p = parseSigned(s.text, s.sig);
    if (!p.ok) return err({ index, violation: p.error });
    parsed.push(p.value);
  }
  return ok(parsed);
}

export interface Stepped extends Applied {
  readonly entries: readonly ParsedEntry[];
}

/** Reads an element and applies it to the chain: everything but its signatures. The chain is not changed (chains are values). */
export function stepElement(chain: Chain, element: readonly SignedEntry[]): Result<Stepped, ElementFailure> {
  const read = readElement(chain, element);
  if (!read.ok) return read;
  const applied = applyElement(chain, read.value);
  if (!applied.ok) return applied;
  return ok({ ...applied.value, entries: read.value });
}
