import { type CardId, COMMON_CARDS, DESIGNS, TECHNOLOGIES, UNIT_RANKS, unitCard } from '../cards/catalogue.js';
import type { SecretChoice } from './actions.js';
import { canonicalJson } from './canonical.js';
import nacl from 'tweetnacl';
import { fromHex, hashText, toHex, utf8 } from './hash.js';
import type { Digest, GameState } from './state.js';
import type { Vault } from './vault.js';
import { CIVILISATIONS, type Seat } from './vocabulary.js';

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
export const SEALED_BYTES = 1024;
const PLAIN_BYTES = SEALED_BYTES - nacl.secretbox.overheadLength;

/** The key a vault seals its choices with (not the vault key itself). */
export const sealKeyOf = (vault: Vault): string => hashText(`${vault.key}|seal`).slice(0, 64);

const nonceFor = (sealKey: string, seat: Seat, day: number, purpose: string): Uint8Array =>
  fromHex(hashText(`${sealKey}|nonce|${seat}|${day}|${purpose}`).slice(0, 2 * nacl.secretbox.nonceLength))!;

/** Every card by a small number, for the memo's compact text (designed units last: the older numbers stay). */
const CARDS: readonly CardId[] = [...COMMON_CARDS, ...CIVILISATIONS.flatMap((c) => UNIT_RANKS.map((r) => unitCard(c, r))), ...TECHNOLOGIES, ...DESIGNS.map((d) => d.id)];

/**
 * The memo's text: the salt, then the choice compactly: "f" and q,r,dir,count per feint, or "p",
 * the cards' numbers and the technologies' numbers. 64 feints or 64 cards fit in a memo.
 */
function memoText(choice: SecretChoice, salt: string): string {
  if (choice.purpose === 'feint') return `${salt}f${choice.feints.map((f) => `${f.at.q},${f.at.r},${f.dir},${f.count}`).join(';')}`;
  const n = (id: CardId) => CARDS.indexOf(id);
  return `${salt}p${choice.cards.map(n).join(',')}|${choice.technologies.map(n).join(',')}`;
}

function readMemo(text: string): { choice: unknown; salt: string } | null {
  const salt = text.slice(0, 32);
  const kind = text[32];
  const rest = text.slice(33);
  const ints = (xs: string) => (xs === '' ? [] : xs.split(',').map(Number));
  if (kind === 'f') {
    const feints = rest === '' ? [] : rest.split(';').map((f) => ints(f)).map(([q, r, dir, count]) => ({ at: { q, r }, dir, count }));
    return { choice: { purpose: 'feint', feints }, salt };
  }
  if (kind === 'p') {
    const [cards, techs] = rest.split('|');
    return { choice: { purpose: 'purchase', cards: ints(cards ?? '').map((i) => CARDS[i]), technologies: ints(techs ?? '').map((i) => CARDS[i]) }, salt };
  }
  return null;
}

/** The sealed memo (hex), or null if the choice is too long to seal (the rules never allow one that long). */
export function sealChoice(sealKey: string, seat: Seat, day: number, choice: SecretChoice, salt: string): string | null {
  const plain = utf8(memoText(choice, salt));
  if (plain.length > PLAIN_BYTES) return null;
  const padded = new Uint8Array(PLAIN_BYTES).fill(0x20);
  padded.set(plain);
  return toHex(nacl.secretbox(padded, nonceFor(sealKey, seat, day, choice.purpose), fromHex(sealKey)!));
}

/** Opens a memo sealed with `sealKey`: the choice and salt it holds (to be parsed and checked by the caller), or null. */
export function unsealChoice(sealKey: string, seat: Seat, day: number, purpose: string, sealed: string): { choice: unknown; salt: string } | null {
  const box = fromHex(sealed);
  if (!box) return null;
  const plain = nacl.secretbox.open(box, nonceFor(sealKey, seat, day, purpose), fromHex(sealKey)!);
  return plain ? readMemo(new TextDecoder().decode(plain).trimEnd()) : null;
}
