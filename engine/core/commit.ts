import type { TileOpening } from './actions.js';
import nacl from 'tweetnacl';
import { hashText, toHex, utf8 } from './hash.js';
import type { Digest, Ref } from './state.js';

/** The salted commitment to a hidden object: H(canonical {ref, value, salt}). Binding the ref stops a reveal from moving between references. */
export const commitment = (ref: Ref, value: string, salt: string): Digest =>
  // Equal to hashText(canonicalJson({ ref, salt, value })), spelt out because it is hot.
  hashText(`{"ref":${JSON.stringify(ref)},"salt":${JSON.stringify(salt)},"value":${JSON.stringify(value)}}`);

export const isSalt = (x: unknown): x is string => typeof x === 'string' && /^[0-9a-f]{32}$/.test(x);

export const openingMatches = (opening: TileOpening, expected: Digest): boolean =>
  commitment(opening.ref, opening.value, opening.salt) === expected;

/**
 * Deals `values` to `refs` in a secret order and salts each one, from caller-supplied
 * randomness (crypto.getRandomValues in play, a seed in local mode). Returns the
 * public commitments, in ref order, and the openings the owner keeps in his vault.
 */
export function commitPile<V extends string>(
  refs: readonly Ref[],
  values: readonly V[],
  entropy: Uint8Array,
): { commitments: Digest[]; openings: { ref: Ref; value: V; salt: string }[] } {
  if (refs.length !== values.length) throw new RangeError('commitPile: one value per ref');
  if (entropy.length < 32) throw new RangeError('commitPile: need at least 32 bytes of entropy');
  // Expand the secret entropy with SHA-512: block i = SHA-512(entropy || ":" || i), 64 bytes each.
  // Block 0 orders the values (Fisher-Yates, one byte-pair per swap; its slight bias is over an
  // order that the random draws make irrelevant anyway); blocks 1.. give 16-byte salts, four per block.
  const bytes = (i: number) => nacl.hash(concat(entropy, utf8(`:${i}`)));
  const shuffle = bytes(0);
  const order = [...values];
  for (let i = order.length - 1; i > 0; i--) {
    const j = ((shuffle[(2 * i) % 64]! << 8) | shuffle[(2 * i + 1) % 64]!) % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const salts: string[] = [];
  for (let b = 1; salts.length < refs.length; b++) {
    const block = bytes(b);
    for (let k = 0; k < 4 && salts.length < refs.length; k++) salts.push(toHex(block.subarray(16 * k, 16 * k + 16)));
  }
  const openings = refs.map((ref, i) => ({ ref, value: order[i]!, salt: salts[i]! }));
  return { commitments: openings.map((o) => commitment(o.ref, o.value, o.salt)), openings };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
