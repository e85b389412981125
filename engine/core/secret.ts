import type { SecretChoice } from './actions.js';
import { canonicalJson } from './canonical.js';
import nacl from 'tweetnacl';
import { fromHex, hashText, toHex, utf8 } from './hash.js';
import type { Digest, GameState } from './state.js';
import type { Vault } from './vault.js';
import type { Seat } from './vocabulary.js';

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

/**
 * A sealed memo of a committed choice: the choice and its salt, encrypted (tweetnacl's secretbox)
 * with a key only the committing vault derives, padded to a fixed size so that its length says
 * nothing. It travels with the commitment so that the vault, which keeps no memory, can reveal
 * the choice later (after a refresh too). Others learn nothing from it; a wrong memo only
 * harms its writer, since the reveal is checked against the digest.
 */
export const SEALED_BYTES = 4096;
const PLAIN_BYTES = SEALED_BYTES - nacl.secretbox.overheadLength;

/** The key a vault seals its choices with (not the vault key itself). */
export const sealKeyOf = (vault: Vault): string => hashText(`${vault.key}|seal`).slice(0, 64);

const nonceFor = (sealKey: string, seat: Seat, day: number, purpose: string): Uint8Array =>
  fromHex(hashText(`${sealKey}|nonce|${seat}|${day}|${purpose}`).slice(0, 2 * nacl.secretbox.nonceLength))!;

/** The sealed memo (hex), or null if the choice is too long to seal (the rules never allow one that long). */
export function sealChoice(sealKey: string, seat: Seat, day: number, choice: SecretChoice, salt: string): string | null {
  const plain = utf8(canonicalJson({ choice, salt }));
  if (plain.length > PLAIN_BYTES) return null;
  const padded = new Uint8Array(PLAIN_BYTES).fill(0x20);
  padded.set(plain);
  return toHex(nacl.secretbox(padded, nonceFor(sealKey, seat, day, choice.purpose), fromHex(sealKey)!));
}

/** Opens a memo sealed with `sealKey`, or null (another key, or not a memo). The content is checked by the caller. */
export function unsealChoice(sealKey: string, seat: Seat, day: number, purpose: string, sealed: string): unknown {
  const box = fromHex(sealed);
  if (!box) return null;
  const plain = nacl.secretbox.open(box, nonceFor(sealKey, seat, day, purpose), fromHex(sealKey)!);
  if (!plain) return null;
  try {
    return JSON.parse(new TextDecoder().decode(plain).trimEnd());
  } catch {
    return null;
  }
}
