import type { TileOpening } from './actions.js';
import { canonicalJson } from './canonical.js';
import { fromHex, hashBytes, hashText, toHex, utf8 } from './hash.js';
import type { Digest, Ref } from './state.js';

/** The salted commitment to a hidden object: H(canonical {ref, value, salt}). Binding the ref stops a reveal from moving between references. */
export const commitment = (ref: Ref, value: string, salt: string): Digest => hashText(canonicalJson({ ref, salt, value }));

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
  // Expand the entropy into a keyed stream: block i = H(entropy || i).
  const seedHex = toHex(entropy);
  const block = (i: number) => fromHex(hashBytes(concat(entropy, utf8(`:${i}`))))!;
  const order = values.map((v, i) => ({ v, key: hashText(`${seedHex}:order:${i}`) }));
  order.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const openings = refs.map((ref, i) => ({ ref, value: order[i]!.v, salt: toHex(block(i).subarray(0, 16)) }));
  return { commitments: openings.map((o) => commitment(o.ref, o.value, o.salt)), openings };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
