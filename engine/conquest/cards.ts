import { type CardCounts, type CardId, isCardId } from '../cards/catalogue.js';
import { openingMatches } from '../core/commit.js';
import { type RuleError, ruleError } from '../core/errors.js';
import type { RandomStream } from '../core/random.js';
import { err, ok, type Result } from '../core/result.js';
import type { Cards, Digest, Ref, Segment } from '../core/state.js';
import type { Opening } from '../core/vault.js';
import type { Seat } from '../core/vocabulary.js';

/**
 * Card piles (K1-K6, protocol.md "Committed piles"). A deck is a list of segments of committed
 * references; a draw takes the reference at a random index of the first non-empty segment, so
 * the owner's secret order gives him nothing. Reshuffling the discard pile under the deck adds a
 * segment that the owner commits afresh.
 */

export const HAND_SIZE = 5;

export const emptyCards: Cards = { segments: [], hand: [], discard: {}, commitments: {}, origin: {} };

export const cardRef = (seat: Seat, n: number): Ref => `card:${seat}:${n}`;

/** Counts as a sorted list, the same everywhere. */
export function countsToList(counts: CardCounts): CardId[] {
  const out: CardId[] = [];
  for (const id of Object.keys(counts).sort() as CardId[]) for (let i = 0; i < (counts[id] ?? 0); i++) out.push(id);
  return out;
}

/**
 * `counts` with each of `ids` added `sign` times; a count brought to 0 is dropped. Written once
 * from the net changes: a copy edited with `delete` became a slow dictionary object, and this runs
 * at every purchase, reveal and discard. The keys keep their order, new ones last; a count that
 * goes through 0 to the other side is done step by step, whose deleting and adding moves its key last.
 */
export function addCounts(counts: CardCounts, ids: readonly CardId[], sign = 1): CardCounts {
  const change = new Map<CardId, number>();
  for (const id of ids) change.set(id, (change.get(id) ?? 0) + sign);
  const out: Partial<Record<CardId, number>> = {};
  for (const id of Object.keys(counts) as CardId[]) {
    const d = change.get(id);
    if (d === undefined) {
      out[id] = counts[id];
      continue;
    }
    const was = counts[id] ?? 0;
    const n = was + d;
    if (was !== 0 && n !== 0 && Math.sign(n) !== Math.sign(was)) return addStepwise(counts, ids, sign);
    if (n !== 0) out[id] = n;
  }
  for (const [id, d] of change) if (d !== 0 && !Object.prototype.hasOwnProperty.call(counts, id)) out[id] = d;
  return out;
}

function addStepwise(counts: CardCounts, ids: readonly CardId[], sign: number): CardCounts {
  const out: Partial<Record<CardId, number>> = { ...counts };
  for (const id of ids) {
    const n = (out[id] ?? 0) + sign;
    if (n === 0) delete out[id];
    else out[id] = n;
  }
  return out;
}

export const countOf = (counts: CardCounts, id: CardId): number => counts[id] ?? 0;
export const total = (counts: CardCounts): number => Object.values(counts).reduce((a: number, b) => a + (b ?? 0), 0);

export const deckSize = (cards: Cards): number => cards.segments.reduce((n, s) => n + s.refs.length, cards.top?.length ?? 0);

/** The references the next deal of `count` cards will get. */
export const nextRefs = (seat: Seat, cards: Cards, count: number): Ref[] => {
  // Every reference ever dealt keeps its commitment (append-only), so their number names the next ones.
  const dealt = Object.keys(cards.commitments).length;
  return Array.from({ length: count }, (_, i) => cardRef(seat, dealt + i));
};

/**
 * A new segment under the deck: `values` (a public multiset) committed by their owner in a secret
 * order, one commitment per new reference.
 */
export function addSegment(seat: Seat, cards: Cards, values: readonly CardId[], commitments: readonly Digest[]): Result<Cards, RuleError> {
  if (commitments.length !== values.length || new Set(commitments).size !== commitments.length)
    return err(ruleError('BadCommitments', 'K5', `this deal is ${values.length} distinct commitments, one per card`));
  const refs = nextRefs(seat, cards, values.length);
  const index = cards.segments.length;
  const sorted = [...values].sort();
  const segment: Segment = { id: `deal:${seat}:${index}`, deal: refs, values: sorted, refs, remaining: addCounts({}, sorted) };
  return ok({
    ...cards,
    segments: [...cards.segments, segment],
    commitments: { ...cards.commitments, ...Object.fromEntries(refs.map((r, i) => [r, commitments[i]!])) },
    origin: { ...cards.origin, ...Object.fromEntries(refs.map((r) => [r, index])) },
  });
}

/**
 * Draws up to `count` cards into the hand (or, for a card effect's reveal, into `peeked`): first
 * the cards put back on top in a chosen order (K5c), then each at a random index of the first
 * non-empty segment (K2).
 */
export function draw(cards: Cards, count: number, stream: RandomStream, into: 'hand' | 'peeked' = 'hand'): Cards {
  const segments = [...cards.segments];
  const top = [...(cards.top ?? [])];
  const drawn: Ref[] = [];
  for (let k = 0; k < count; k++) {
    if (top.length > 0) {
      drawn.push(top.shift()!);
      continue;
    }
    const i = segments.findIndex((s) => s.refs.length > 0);
    if (i < 0) break;
    const seg = segments[i]!;
    const j = stream.index(seg.refs.length);
    drawn.push(seg.refs[j]!);
    segments[i] = { ...seg, refs: seg.refs.filter((_, x) => x !== j) };
  }
  const rest = withOptional({ ...cards, segments }, 'top', top);
  return into === 'hand' ? { ...rest, hand: [...cards.hand, ...drawn] } : withOptional(rest, 'peeked', [...(cards.peeked ?? []), ...drawn]);
}

/** The cards with an optional list set, or left out when empty (so that states without it keep their text). */
export function withOptional(cards: Cards, field: 'top' | 'peeked', refs: readonly Ref[]): Cards {
  if (refs.length > 0) return { ...cards, [field]: refs };
  if (cards[field] === undefined) return cards;
  const { [field]: _, ...rest } = cards;
  return rest;
}

/**
 * Checks the opening of a card in the hand (G5): its ref is in the hand, it matches the
 * commitment, and its deal can still hold that card. Returns the card and the piles without it.
 */
export function revealFromHand(cards: Cards, opening: Opening): Result<{ card: CardId; cards: Cards }, RuleError> {
  if (!cards.hand.includes(opening.ref)) return err(ruleError('UnknownCard', 'K1', `${opening.ref} is not in your hand`));
  return revealRef(cards, opening);
}

/** Checks an opening of a card revealed to its owner alone (`peeked`) and takes it out, as revealFromHand does for the hand. */
export function revealPeeked(cards: Cards, opening: Opening): Result<{ card: CardId; cards: Cards }, RuleError> {
  if (!(cards.peeked ?? []).includes(opening.ref)) return err(ruleError('UnknownCard', 'K5c', `${opening.ref} is not among the cards revealed to you`));
  const r = revealRef({ ...cards, hand: [...cards.hand, opening.ref] }, opening);
  return r.ok ? ok({ card: r.value.card, cards: withOptional({ ...r.value.cards, hand: cards.hand }, 'peeked', (cards.peeked ?? []).filter((x) => x !== opening.ref)) }) : r;
}

function revealRef(cards: Cards, opening: Opening): Result<{ card: CardId; cards: Cards }, RuleError> {
  if (!isCardId(opening.value)) return err(ruleError('UnknownCard', 'K1', `${opening.value} is not a card`));
  const expected = cards.commitments[opening.ref];
  if (!expected || !openingMatches(opening, expected)) return err(ruleError('OpeningMismatch', 'K1', `the revealed card does not match the commitment of ${opening.ref}`));
  const index = cards.origin[opening.ref]!;
  const seg = cards.segments[index]!;
  if (countOf(seg.remaining, opening.value) <= 0)
    return err(ruleError('OpeningNotInPile', 'K1', `${opening.ref}'s deal cannot hold another ${opening.value}`));
  const segments = cards.segments.map((s, i) => (i === index ? { ...s, remaining: addCounts(s.remaining, [opening.value as CardId], -1) } : s));
  // Commitments and origins are append-only records of every deal: a revealed ref keeps them, but it has
  // left the hand, so it can never be revealed again.
  return ok({ card: opening.value, cards: { ...cards, segments, hand: cards.hand.filter((r) => r !== opening.ref) } });
}

/** Reveals several hand cards at once: valid, distinct, listed in the order of the hand (one set, one action). */
export function revealMany(cards: Cards, openings: readonly Opening[]): Result<{ played: CardId[]; cards: Cards }, RuleError> {
  if (new Set(openings.map((o) => o.ref)).size !== openings.length) return err(ruleError('MalformedAction', 'A1', 'a card is revealed twice'));
  const order = openings.map((o) => cards.hand.indexOf(o.ref));
  if (order.some((i, k) => i >= 0 && k > 0 && i < order[k - 1]!)) return err(ruleError('IllegalChoice', 'K1', 'list the cards in the order of your hand'));
  let current = cards;
  const played: CardId[] = [];
  for (const o of openings) {
    const r = revealFromHand(current, o);
    if (!r.ok) return r;
    current = r.value.cards;
    played.push(r.value.card);
  }
  return ok({ played, cards: current });
}

export const discard = (cards: Cards, ids: readonly CardId[]): Cards => ({ ...cards, discard: addCounts(cards.discard, ids) });

/** Drawing `count` more than the deck holds needs the discard pile reshuffled under it first (K5). */
export const needsReshuffle = (cards: Cards, count: number): boolean => count > deckSize(cards) && total(cards.discard) > 0;
