import nacl from 'tweetnacl';
import type { CardId } from '../cards/catalogue.js';
import { commitment } from './commit.js';
import { fromHex, hashText, toHex, utf8 } from './hash.js';
import type { Digest, GameState, Ref } from './state.js';
import type { Seat, TileColour } from './vocabulary.js';

/**
 * What one seat alone knows (protocol.md, "Public state and vaults"): a secret key from which
 * every secret order and salt of the seat's hidden objects is derived. It lives outside the
 * public state; legal-move generation for a seat reads the public state plus that vault, and
 * actions that reveal carry an opening derived from it. Nothing in it changes during a game,
 * so it needs no bookkeeping: any deal is dealt again, identically, from the key.
 */
export interface Vault {
  readonly seat: Seat;
  /** 32 secret bytes as hex. */
  readonly key: string;
}

export interface Opening<V extends string = string> {
  readonly ref: Ref;
  readonly value: V;
  /** 16 bytes as 32 hex characters. */
  readonly salt: string;
}

export function makeVault(seat: Seat, entropy: Uint8Array): Vault {
  if (entropy.length < 32) throw new RangeError('makeVault: need at least 32 bytes of entropy');
  return { seat, key: toHex(nacl.hash(entropy).subarray(0, 32)) };
}

interface Dealt {
  readonly refs: readonly Ref[];
  readonly values: readonly string[];
  readonly commitments: Digest[];
  readonly openings: Map<Ref, Opening>;
}

/** Deals made, by vault and label; a hit needs the same refs and values (compared cheaply, by identity first). */
const deals = new WeakMap<Vault, Map<string, Dealt[]>>();

const sameList = (a: readonly string[], b: readonly string[]): boolean => a === b || (a.length === b.length && a.every((x, i) => x === b[i]));

/**
 * Deals `values` to `refs` in an order secret to the vault, each with its salt, and commits them.
 * The same vault, label, refs and values always deal the same way.
 */
export function deal<V extends string>(vault: Vault, label: string, refs: readonly Ref[], values: readonly V[]): { commitments: Digest[]; openings: Map<Ref, Opening<V>> } {
  let mine = deals.get(vault);
  if (!mine) deals.set(vault, (mine = new Map()));
  const made = mine.get(label) ?? [];
  const cached = made.find((d) => sameList(d.refs, refs) && sameList(d.values, values));
  if (cached) return cached as unknown as { commitments: Digest[]; openings: Map<Ref, Opening<V>> };
  if (refs.length !== values.length) throw new RangeError('deal: one value per ref');
  const key = fromHex(vault.key)!;
  const stream = (i: number) => nacl.hash(concat(key, utf8(`|${label}|${i}`)));
  // Fisher-Yates from the keyed stream, 16 bits per swap; blocks of 64 bytes as needed.
  const order = [...values];
  let block = stream(0);
  let at = 0;
  let blockNo = 0;
  for (let i = order.length - 1; i > 0; i--) {
    if (at + 2 > block.length) (block = stream(++blockNo)), (at = 0);
    const j = ((block[at]! << 8) | block[at + 1]!) % (i + 1);
    at += 2;
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  // Salts: 16 bytes each, four to a 64-byte block of the keyed stream (blocks after the shuffle's).
  const openings = new Map<Ref, Opening<V>>();
  const commitments: Digest[] = [];
  let saltBlock: Uint8Array = new Uint8Array(0);
  refs.forEach((ref, i) => {
    if (i % 4 === 0) saltBlock = stream(1_000_000 + i / 4);
    const salt = toHex(saltBlock.subarray(16 * (i % 4), 16 * (i % 4) + 16));
    openings.set(ref, { ref, value: order[i]!, salt });
    commitments.push(commitment(ref, order[i]!, salt));
  });
  const result = { commitments, openings };
  mine.set(label, [...made, { refs, values, ...result }]);
  return result;
}

/** The face-down tile pile's deal (M2). */
export const TILE_DEAL = 'tiles';

/**
 * The vault an absent seat's deals are committed with (T5): its key is public, so that nothing of
 * that seat stays hidden or blocks the game. Its cards become open information.
 */
export const publicVault = (seat: Seat): Vault => PUBLIC_VAULTS[seat] ?? { seat, key: hashText(`bfe/public-vault/${seat}`) };
/** One object per seat: deals are cached by vault object, and a new object each time would deal again (hashing) at every opening. */
const PUBLIC_VAULTS: readonly Vault[] = Array.from({ length: 6 }, (_, seat) => ({ seat, key: hashText(`bfe/public-vault/${seat}`) }));

/**
 * The opening of `ref` that matches its recorded commitment: from the seat's own deal, or from the
 * public one the table made while the seat was absent. Compares the deals' cached commitments: no hashing.
 */
function matching<V extends string>(vault: Vault, ref: Ref, expected: Digest | undefined, dealt: (v: Vault) => { commitments: Digest[]; openings: Map<Ref, Opening<V>> }, refs: readonly Ref[]): Opening<V> | undefined {
  const i = refs.indexOf(ref);
  const own = dealt(vault);
  if (expected === undefined || own.commitments[i] === expected) return own.openings.get(ref);
  const pub = dealt(publicVault(vault.seat));
  return (pub.commitments[i] === expected ? pub : own).openings.get(ref);
}

/** The opening of one of the vault's hidden cards, from the public record of the deal it came from. */
export function cardOpening(vault: Vault, state: GameState, ref: Ref): Opening<CardId> | undefined {
  const cards = state.players[vault.seat]?.cards;
  const seg = cards ? cards.segments[cards.origin[ref] ?? -1] : undefined;
  if (!seg) return undefined;
  return matching(vault, ref, cards!.commitments[ref], (v) => deal(v, seg.id, seg.deal, seg.values), seg.deal);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

export type TileOpeningOf = Opening<TileColour>;

const TILE_REFS = Array.from({ length: 6 }, (_, seat) => Array.from({ length: 7 }, (_, i) => `tile:${seat}:${i}`));
const tileRefs = (seat: Seat): readonly Ref[] => TILE_REFS[seat] ?? Array.from({ length: 7 }, (_, i) => `tile:${seat}:${i}`);
const PILE: readonly TileColour[] = ['forest', 'mountain', 'lake', 'plain', 'desert', 'marsh', 'black'];

/** The commitments a seat publishes for its face-down tile pile, in ref order (M2). */
export const tileCommitments = (vault: Vault): Digest[] => deal(vault, TILE_DEAL, tileRefs(vault.seat), PILE).commitments;

/** The opening of one of the seat's face-down tiles (given the state, the public one if the seat committed them while absent). */
export const tileOpening = (vault: Vault, ref: Ref, state?: GameState): Opening<TileColour> | undefined =>
  matching(vault, ref, state?.seats[vault.seat]?.pile?.commitments[ref], (v) => deal(v, TILE_DEAL, tileRefs(v.seat), PILE), tileRefs(vault.seat));
