import { canonicalJson, type Json } from '../../core/canonical.js';
import { isHexOf, toHex } from '../crypto/bytes.js';
import { TAGS, taggedDigest } from '../crypto/digest.js';

/**
 * Simultaneous secret choices (ruling 5): every player first commits to H(context, choice, salt),
 * then, once all have committed, reveals choice and salt. The engine's feint and purchase
 * actions will carry these commitments and openings; these helpers are their one definition.
 *
 * `context` names the game, the seat and the decision (e.g. "<game id>/day 3/feint/seat 2"):
 * binding it stops a seat from copying another's commitment and later its reveal.
 */
export interface ChoiceOpening {
  readonly choice: Json;
  /** 16 random bytes as 32 hex characters. */
  readonly salt: string;
}

export const choiceCommitment = (context: string, opening: ChoiceOpening): string =>
  taggedDigest(TAGS.choice, canonicalJson({ context, choice: opening.choice, salt: opening.salt }));

/** Commits to a choice with a salt from the caller's secret randomness (16 bytes or more). */
export function commitChoice(context: string, choice: Json, entropy: Uint8Array): { commitment: string; opening: ChoiceOpening } {
  if (entropy.length < 16) throw new RangeError('commitChoice: need at least 16 bytes of entropy');
  const opening = { choice, salt: toHex(entropy.subarray(0, 16)) };
  return { commitment: choiceCommitment(context, opening), opening };
}

/** Whether a reveal opens the commitment: a well-formed salt and the same hash. */
export const checkChoiceReveal = (context: string, commitment: string, opening: ChoiceOpening): boolean => {
  if (!isHexOf(opening.salt, 16)) return false;
  try {
    return choiceCommitment(context, opening) === commitment;
  } catch {
    return false;
  }
};
