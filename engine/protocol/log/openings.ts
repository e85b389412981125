import { commitment } from '../../core/commit.js';
import type { Digest, GameState, Ref } from '../../core/state.js';
import { cardOpening, tileOpening, type Vault } from '../../core/vault.js';
import type { Seat } from '../../core/vocabulary.js';
import type { Opening } from '../codec/entry.js';

/**
 * End of game (G3, G5): every seat opens every commitment it still holds, and every peer checks
 * the openings against the commitments and against the multiset each pile can still hold.
 * The public state says what is still hidden; each committed pile is one PileView: the face-down
 * tiles (with the tile drawn and not placed), and each committed segment of a card deck (with
 * the cards dealt from it that are in hand, put back on top or revealed to the owner alone).
 */
export interface PileView {
  readonly name: string;
  /** The references still hidden. */
  readonly refs: readonly Ref[];
  readonly commitments: Readonly<Record<Ref, Digest>>;
  /** What the hidden references hold between them, by value. */
  readonly remaining: Readonly<Record<string, number | undefined>>;
}

export function hiddenPiles(state: GameState, seat: Seat): PileView[] {
  const piles: PileView[] = [];
  const s = state.seats[seat];
  if (s?.pile) {
    const refs = [...s.pile.refs, ...(s.drawn ? [s.drawn] : []), ...(s.unseen ?? [])];
    piles.push({ name: 'tile', refs, commitments: s.pile.commitments, remaining: s.pile.remaining });
  }
  const cards = state.players?.[seat]?.cards;
  if (cards) {
    cards.segments.forEach((seg, i) => {
      // The deck's segment, and the cards dealt from it now in the hand, put back on top, or revealed to the owner alone.
      const held = [...cards.hand, ...(cards.top ?? []), ...(cards.peeked ?? [])];
      const refs = [...seg.refs, ...held.filter((r) => cards.origin[r] === i)];
      piles.push({ name: `deal ${seg.id}`, refs, commitments: cards.commitments, remaining: seg.remaining });
    });
  }
  return piles;
}

/** The refs a seat must open at the end, in a fixed order. */
export const refsToOpen = (state: GameState, seat: Seat): Ref[] => hiddenPiles(state, seat).flatMap((p) => [...p.refs]);

/** A seat's openings of everything it still hides, from its vault. */
export function finalOpenings(state: GameState, vault: Vault): Opening[] {
  return refsToOpen(state, vault.seat).flatMap((ref) => {
    const o = ref.startsWith('tile:') ? tileOpening(vault, ref) : cardOpening(vault, state, ref);
    return o ? [{ ref: o.ref, value: o.value, salt: o.salt }] : [];
  });
}

/**
 * Why a seat's final openings are refused, or null if they open exactly the refs it still hides,
 * each matching its commitment, their values fitting together in what each pile can still hold.
 */
export function openingsProblem(state: GameState, seat: Seat, openings: readonly Opening[]): string | null {
  const byRef = new Map<Ref, Opening>();
  for (const o of openings) {
    if (byRef.has(o.ref)) return `${o.ref} is opened twice`;
    byRef.set(o.ref, o);
  }
  let expected = 0;
  for (const pile of hiddenPiles(state, seat)) {
    const left = new Map<string, number>();
    for (const [v, n] of Object.entries(pile.remaining)) if (n) left.set(v, n);
    for (const ref of pile.refs) {
      expected++;
      const o = byRef.get(ref);
      if (!o) return `${ref} is not opened`;
      if (commitment(o.ref, o.value, o.salt) !== pile.commitments[ref]) return `the opening of ${ref} does not match its commitment`;
      const n = left.get(o.value) ?? 0;
      if (n <= 0) return `the ${pile.name} pile cannot hold another ${o.value} (${ref})`;
      left.set(o.value, n - 1);
    }
    // Every hidden reference opened, the pile's public contents must be used up exactly.
    const over = [...left.entries()].find(([, n]) => n > 0);
    if (over) return `the ${pile.name} pile should still hold ${over[1]} ${over[0]} but no reference is left for it`;
  }
  if (byRef.size !== expected) return `${byRef.size - expected} opening(s) of references the seat does not hide`;
  return null;
}
