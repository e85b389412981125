import type { SecretChoice } from '../core/actions.js';
import { canonicalJson } from '../core/canonical.js';
import { hashText } from '../core/hash.js';
import type { Digest, GameState } from '../core/state.js';
import type { Vault } from '../core/vault.js';
import type { Seat } from '../core/vocabulary.js';

/**
 * Simultaneous secret choices (ruling 5, protocol.md): a seat commits H(choice, salt, seat, day)
 * first, and reveals the choice and salt once everyone has committed. Binding the seat and the
 * day stops a commitment from being replayed elsewhere.
 */
export const secretDigest = (seat: Seat, day: number, choice: SecretChoice, salt: string): Digest =>
  hashText(canonicalJson({ choice, day, salt, seat }));

/** The salt a vault uses for its secret choice of the day: derived, so nothing needs remembering. */
export const secretSalt = (vault: Vault, state: GameState, purpose: string): string => {
  const day = state.phase.name === 'conquest' ? state.phase.day : 0;
  return hashText(`${vault.key}|secret|${purpose}|${day}`).slice(0, 32);
};
