import { hashText } from './hash.js';
import type { Digest, Ref } from './state.js';

/** The salted commitment to a hidden object: H(canonical {ref, value, salt}). Binding the ref stops a reveal from moving between references. */
export const commitment = (ref: Ref, value: string, salt: string): Digest =>
  // Equal to hashText(canonicalJson({ ref, salt, value })), spelt out because it is hot.
  hashText(`{"ref":${JSON.stringify(ref)},"salt":${JSON.stringify(salt)},"value":${JSON.stringify(value)}}`);

export const isSalt = (x: unknown): x is string => typeof x === 'string' && /^[0-9a-f]{32}$/.test(x);

export const openingMatches = (opening: { readonly ref: Ref; readonly value: string; readonly salt: string }, expected: Digest): boolean =>
  commitment(opening.ref, opening.value, opening.salt) === expected;
