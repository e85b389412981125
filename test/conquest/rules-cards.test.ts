import { describe, expect, it } from 'vitest';
import {
  type GameState,
  type SeatAction,
  awaiting,
  type Vault,
  cardOpening,
  legalActions,
  legalOptions,
} from '../../engine/index.js';
import { localRandom } from '../../engine/local/index.js';
import { type CardId, startingDeck } from '../../engine/cards/catalogue.js';
import { addUnit, openExercise } from '../../engine/conquest/battle.js';
import { deckSize } from '../../engine/conquest/cards.js';
import { must, refusal } from '../support/fixtures.js';
import {
  E,
  SW,
  T,
  atChoose,
  atReveal,
  atStage,
  commitOf,
  conquestStart,
  dealStart,
  deckDown,
  front,
  handOf,
  handOpenings,
  openingOf,
  phase,
  readyAll,
  revealAll,
  revealOf,
  stageOf,
  withPlayer,
  withTroops,
} from '../support/conquest.js';

const commitmentsOf = (a: SeatAction | undefined): readonly string[] => {
  if (a?.kind !== 'commitCards') throw new Error(`not a commitCards: ${JSON.stringify(a)}`);
  return a.commitments;
};

const counts = (ids: readonly string[]) => {
  const out: Record<string, number> = {};
  for (const id of ids) out[id] = (out[id] ?? 0) + 1;
  return out;
};

/** The end of a military exercise of seat 0 on 4,-2 and 5,-2, with `units` in his army: he is to return them (B15), then keep or account for his hand (E14). */
function afterExercise(state: GameState, units: readonly CardId[] = []): GameState {
  let battle = openExercise(0, '4,-2', E);
  for (const card of units) battle = addUnit(battle, 0, card).battle;
  return atStage(state, { kind: 'returnUnits', waiting: [0], battle, then: { kind: 'exercise', turn: 1, left: 2 } });
}

/** Seat 0 returns no unit, then accounts for his whole hand, setting aside as much as he may. */
function accountAfter(state: GameState, vault: Vault): GameState {
  const s = must(state, { kind: 'returnUnits', seat: 0, units: [] });
  const option = legalOptions(s, 0, vault).find((o) => o.kind === 'account');
  if (option?.kind !== 'account') throw new Error('no accounting offered');
  return must(s, { ...option.action, setAside: option.max });
}

describe('K4/C5 starting decks: composition public, hand hidden', () => {
  it('each seat commits its 8-card starting deck in turn; then each draws 5', () => {
    const game = dealStart();
    let s = game.state;
    expect(stageOf(s)).toEqual({ kind: 'deal', awaiting: [0, 1, 2] });
    const legal = legalActions(s, 0, game.vaults[0]);
    expect(legal).toHaveLength(1);
    expect(legal[0]).toMatchObject({ kind: 'commitCards', seat: 0 });
    const commitments = commitmentsOf(legal[0]);
    expect(commitments).toHaveLength(8);
    expect(refusal(s, { kind: 'commitCards', seat: 0, commitments: commitments.slice(1) })).toEqual({ code: 'BadCommitments', rule: 'K5' });
    expect(refusal(s, { kind: 'commitCards', seat: 0, commitments: [...commitments.slice(1), commitments[1]!] })).toEqual({ code: 'BadCommitments', rule: 'K5' });
    expect(refusal(s, { kind: 'commitCards', seat: 1, commitments })).toEqual({ code: 'NotYourTurn', rule: 'A2' });
    s = must(s, legal[0]);
    expect(stageOf(s)).toEqual({ kind: 'deal', awaiting: [1, 2] });
  });

  it('day 1: the deck\'s composition is public, the 5 cards in hand are not', () => {
    const g = conquestStart();
    const s = g.state;
    const text = JSON.stringify(s);
    s.players.forEach((p, seat) => {
      const deck = [...startingDeck(s.seats[seat]!.civilisation)].sort();
      expect(p.cards.segments).toHaveLength(1);
      expect(p.cards.segments[0]!.values).toEqual(deck);
      // What the deal's references can hold, hand and draw pile together: all 8, whatever was drawn.
      expect(p.cards.segments[0]!.remaining).toEqual(counts(deck));
      expect(p.cards.hand).toHaveLength(5);
      expect(deckSize(p.cards)).toBe(3);
      expect(p.cards.discard).toEqual({});
      // The owner's vault opens his hand; nothing of an opening is in the public state.
      const openings = handOpenings(s, seat, g.vaults[seat]!);
      expect(openings.map((o) => o.value).every((v) => deck.includes(v))).toBe(true);
      for (const o of openings) expect(text).not.toContain(o.salt);
      // Another seat's vault opens nothing of his.
      expect(cardOpening(g.vaults[(seat + 1) % 3]!, s, p.cards.hand[0]!)).toBeUndefined();
    });
  });
});

describe('K1 revealing a card from the hand', () => {
  /** Seat 0 attacks the wild 3,-1 from 4,-2 and builds his army; his hand is a basic unit and two crystals. */
  function armies(): { s: GameState; g: ReturnType<typeof conquestStart> } {
    const g = conquestStart();
    let s = withTroops(g.state, { '4,-2': { owner: 0, troops: 1, frontier: front(SW, 2) } });
    s = handOf(s, 0, g.vaults[0]!, ['elves.basic', 'crystal1', 'crystal2']);
    s = readyAll(must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: T(3, -1) }));
    expect(stageOf(s)).toMatchObject({ kind: 'armies', turn: 0 });
    return { s, g };
  }

  it('a matching opening of a card in hand is played; a mismatch, a ref not in hand or a card its deal cannot hold are refused', () => {
    const { s, g } = armies();
    const basic = openingOf(s, 0, g.vaults[0]!, 'elves.basic');
    expect(refusal(s, { kind: 'playUnit', seat: 0, opening: { ...basic, value: 'elves.warrior' } })).toEqual({ code: 'OpeningMismatch', rule: 'K1' });
    expect(refusal(s, { kind: 'playUnit', seat: 0, opening: { ...basic, salt: '0'.repeat(32) } })).toEqual({ code: 'OpeningMismatch', rule: 'K1' });
    const inDeck = s.players[0]!.cards.segments[0]!.refs[0]!;
    expect(refusal(s, { kind: 'playUnit', seat: 0, opening: cardOpening(g.vaults[0]!, s, inDeck)! })).toEqual({ code: 'UnknownCard', rule: 'K1' });
    // A deal whose public record says it can no longer hold a basic unit.
    const cards = s.players[0]!.cards;
    const seg = cards.origin[basic.ref]!;
    const shown = withPlayer(s, 0, { cards: { ...cards, segments: cards.segments.map((x, i) => (i === seg ? { ...x, remaining: { crystal1: 1, crystal2: 1 } } : x)) } });
    expect(refusal(shown, { kind: 'playUnit', seat: 0, opening: basic })).toEqual({ code: 'OpeningNotInPile', rule: 'K1' });
    const played = must(s, { kind: 'playUnit', seat: 0, opening: basic });
    expect(played.players[0]!.cards.hand).not.toContain(basic.ref);
    expect(played.players[0]!.cards.segments[seg]!.remaining).toEqual({ crystal1: 1, crystal2: 1 });
  });
});

describe('K5 reshuffling the discard pile when the draw pile runs short', () => {
  it('the seat commits its discard pile as a new segment under the deck, then a random event draws', () => {
    const g = conquestStart();
    // Seat 0: 1 card left in his draw pile, the rest of his starting deck discarded, two crystals in hand.
    let s = handOf(g.state, 0, g.vaults[0]!, ['crystal1', 'crystal2']);
    s = deckDown(s, 0, g.vaults[0]!, 1);
    const last = s.players[0]!.cards.segments[0]!.refs[0]!;
    const discard = s.players[0]!.cards.discard;
    expect(Object.values(discard).reduce((a: number, b) => a + (b ?? 0), 0)).toBe(7);
    s = afterExercise(s);
    // Accounting for the hand empties it: 5 cards to draw, 1 in the draw pile.
    s = accountAfter(s, g.vaults[0]!);
    expect(stageOf(s)).toMatchObject({ kind: 'reshuffle', seat: 0 });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 0 });
    expect(refusal(s, { kind: 'random', value: localRandom('k5', 0) })).toEqual({ code: 'WrongStep', rule: 'A3' });
    expect(refusal(s, { kind: 'done', seat: 0 })).toEqual({ code: 'WrongStep', rule: 'K5' });
    const legal = legalActions(s, 0, g.vaults[0]);
    expect(legal).toHaveLength(1);
    const commitments = commitmentsOf(legal[0]);
    expect(commitments).toHaveLength(9); // the 7 discarded and the 2 crystals just accounted
    expect(refusal(s, { kind: 'commitCards', seat: 0, commitments: commitments.slice(1) })).toEqual({ code: 'BadCommitments', rule: 'K5' });
    s = must(s, legal[0]);
    const cards = s.players[0]!.cards;
    expect(cards.discard).toEqual({});
    expect(cards.segments).toHaveLength(3);
    expect(cards.segments[2]!.remaining).toEqual({ ...discard, crystal1: (discard.crystal1 ?? 0) + 1, crystal2: (discard.crystal2 ?? 0) + 1 });
    expect(awaiting(s)).toEqual({ kind: 'random' });
    s = must(s, { kind: 'random', value: localRandom('k5', 0) });
    // The old draw pile's last card first, then 4 from the reshuffled discard pile.
    expect(s.players[0]!.cards.hand).toHaveLength(5);
    expect(s.players[0]!.cards.hand).toContain(last);
    expect(deckSize(s.players[0]!.cards)).toBe(5);
    expect(stageOf(s)).toEqual({ kind: 'exercise', turn: 1, left: 2 });
  });

  it('K5a: with too few cards even after reshuffling, draws what there is', () => {
    const g = conquestStart();
    let s = handOf(g.state, 0, g.vaults[0]!, ['crystal2']);
    s = deckDown(s, 0, g.vaults[0]!, 0);
    // Only 1 card in the discard pile: the 7 others are gone from his deck (as if returned to the World).
    s = withPlayer(s, 0, { cards: { ...s.players[0]!.cards, discard: { crystal1: 1 } } });
    s = afterExercise(s);
    s = accountAfter(s, g.vaults[0]!);
    s = must(s, legalActions(s, 0, g.vaults[0])[0]);
    s = must(s, { kind: 'random', value: localRandom('k5a', 0) });
    expect(s.players[0]!.cards.hand).toHaveLength(2);
  });
});

describe('E14-E15 keep or account for the hand', () => {
  it('the Pierre example: accounting for 2, then 6, then 4 sets 6 aside', () => {
    const g = conquestStart();
    const account = (state: GameState, hand: CardId[]) => {
      const s = afterExercise(handOf(state, 0, g.vaults[0]!, hand));
      return accountAfter(s, g.vaults[0]!);
    };
    let s = withPlayer(g.state, 0, { energy: 10, setAside: 0 });
    s = account(s, ['crystal2']);
    expect(s.players[0]).toMatchObject({ setAside: 2, energy: 8 });
    s = account(s, ['crystal3', 'crystal3', 'elves.basic']);
    expect(s.players[0]).toMatchObject({ setAside: 6, energy: 4 });
    s = account(s, ['crystal2', 'crystal2', 'elves.basic']);
    expect(s.players[0]).toMatchObject({ setAside: 6, energy: 4 });
    expect(s.players[0]!.cards.discard).toMatchObject({ crystal2: 3, crystal3: 2, 'elves.basic': 2 });
  });

  it('E15a: no more can be set aside than the stocks owned', () => {
    const g = conquestStart();
    const s = afterExercise(handOf(withPlayer(g.state, 0, { energy: 1, setAside: 0 }), 0, g.vaults[0]!, ['crystal3', 'crystal3']));
    const after = accountAfter(s, g.vaults[0]!);
    expect(after.players[0]).toMatchObject({ setAside: 1, energy: 0 });
  });

  it('keeping the hand sets nothing aside and keeps the cards; accounting reveals the whole hand or nothing', () => {
    const g = conquestStart();
    const ended = afterExercise(handOf(g.state, 0, g.vaults[0]!, ['crystal3', 'crystal1']));
    expect(refusal(ended, { kind: 'returnUnits', seat: 0, units: [0] })).toEqual({ code: 'UnknownCard', rule: 'B15' });
    const s = must(ended, { kind: 'returnUnits', seat: 0, units: [] });
    const hand = s.players[0]!.cards.hand;
    const openings = handOpenings(s, 0, g.vaults[0]!);
    expect(refusal(s, { kind: 'accountHand', seat: 0, cards: openings.slice(1), setAside: 0 })).toEqual({ code: 'IllegalChoice', rule: 'E15' });
    expect(refusal(s, { kind: 'accountHand', seat: 0, cards: [openings[0]!, openings[0]!], setAside: 0 }).code).toBe('MalformedAction');
    const kept = must(s, { kind: 'keepHand', seat: 0 });
    expect(kept.players[0]).toMatchObject({ setAside: 0, energy: s.players[0]!.energy });
    expect(kept.players[0]!.cards.hand).toEqual(hand);
    expect(awaiting(kept)).toEqual({ kind: 'random' }); // then he replenishes to 5 (K6)
    expect(must(kept, { kind: 'random', value: localRandom('e14', 0) }).players[0]!.cards.hand.slice(0, 2)).toEqual(hand);
  });

  it('B15: units played go back to the World or to the discard pile', () => {
    const g = conquestStart();
    const s = afterExercise(g.state, ['elves.basic', 'elves.warrior']);
    const world = s.players[0]!.world;
    expect(refusal(s, { kind: 'returnUnits', seat: 0, units: [1, 0] })).toEqual({ code: 'UnknownCard', rule: 'B15' });
    const after = must(s, { kind: 'returnUnits', seat: 0, units: [1] });
    expect(after.players[0]!.world['elves.warrior']).toBe((world['elves.warrior'] ?? 0) + 1);
    expect(after.players[0]!.cards.discard).toEqual({ 'elves.basic': 1 });
  });
});

describe('L1-L6 purchases: committed, revealed, paid, onto the discard pile', () => {
  /** Seat 0 has 3 stocks set aside, 5 others and 25 pure energy; seat 0's purchase is revealed first. */
  const shop = (extra: Partial<GameState['players'][number]> = {}) => withPlayer(conquestStart().state, 0, { setAside: 3, energy: 5, pure: 25, ...extra });
  type Purchase = { purpose: 'purchase'; cards: CardId[]; technologies: ('supremacy' | 'shield')[] };
  /** A purchase, written in its canonical order (cards and technologies sorted, L1). */
  const buy = (cards: CardId[], technologies: Purchase['technologies'] = []): Purchase => ({ purpose: 'purchase', cards: [...cards].sort(), technologies: [...technologies].sort() });
  const tryBuy = (choice: Purchase, s = shop()) => refusal(atReveal(s, 'purchase', { 0: choice }), revealOf(0, choice));

  it('units with stocks set aside, common cards with any stocks, technologies with pure energy; all applied once everyone has revealed', () => {
    const choice = buy(['crystal3', 'crystal3', 'elves.archer'], ['supremacy']);
    let s = must(atReveal(shop(), 'purchase', { 0: choice }), revealOf(0, choice));
    expect(s.players[0]).toMatchObject({ setAside: 3, energy: 5, pure: 25 }); // not yet
    s = revealAll(s);
    const p = s.players[0]!;
    // 3 + 5 - (2 + 3 + 3) = 0 stocks, then day 2's production of 5; 25 - 25 pure.
    expect(p).toMatchObject({ setAside: 0, energy: 0 + 5, pure: 0, supremacyDay: 1, technologies: ['supremacy'] });
    expect(p.world['elves.archer']).toBe(2);
    // K13a: a technology is kept in front of its owner, out of his deck.
    expect(p.cards.discard).toEqual({ 'elves.archer': 1, crystal3: 2 });
  });

  it('L6: stocks set aside and not spent go back to the other stocks', () => {
    const s = revealAll(atReveal(shop(), 'purchase', { 0: buy(['elves.kin']) }), { 0: buy(['elves.kin']) });
    expect(s.players[0]).toMatchObject({ setAside: 0, energy: 3 - 1 + 5 + 5 });
  });

  it('refuses units beyond the stocks set aside, anything beyond the stocks, technologies beyond the pure energy', () => {
    expect(tryBuy(buy(['elves.ranger']))).toEqual({ code: 'CannotAfford', rule: 'L2' });
    expect(tryBuy(buy(['crystal3', 'crystal3', 'crystal3']))).toEqual({ code: 'CannotAfford', rule: 'L3' });
    expect(tryBuy(buy(['crystal3', 'crystal3', 'elves.archer', 'crystal1']))).toEqual({ code: 'CannotAfford', rule: 'L3' });
    expect(tryBuy(buy([], ['supremacy']), shop({ pure: 19 }))).toEqual({ code: 'CannotAfford', rule: 'L4' });
  });

  it('L1: a purchase is written in its canonical order, so that one choice has one commitment', () => {
    const unsorted: Purchase = { purpose: 'purchase', cards: ['elves.archer', 'crystal1'], technologies: [] };
    expect(tryBuy(unsorted)).toEqual({ code: 'IllegalChoice', rule: 'L1' });
  });

  it('refuses a second copy of a technology and units not in one\'s World', () => {
    expect(tryBuy(buy([], ['supremacy', 'supremacy']), shop({ pure: 40 }))).toEqual({ code: 'TechnologyOwned', rule: 'L4' });
    expect(tryBuy(buy([], ['supremacy']), shop({ technologies: ['supremacy'] }))).toEqual({ code: 'TechnologyOwned', rule: 'L4' });
    expect(tryBuy(buy(['dwarves.basic']))).toEqual({ code: 'NotInWorld', rule: 'L2' });
    expect(tryBuy(buy(['elves.forestQueen', 'elves.forestQueen', 'elves.forestQueen']), shop({ setAside: 18 }))).toEqual({ code: 'NotInWorld', rule: 'K11' });
  });

  it('L1: a purchase is committed first, and the reveal must match the commitment', () => {
    let s = atStage(shop(), { kind: 'secretCommit', round: { purpose: 'purchase', commits: {}, sealed: {}, reveals: {} }, turn: 0 });
    const choice = buy(['crystal1']);
    for (const seat of [0, 1, 2]) s = must(s, commitOf(s, seat, seat === 0 ? choice : buy([])));
    expect(refusal(s, revealOf(0, buy(['crystal2'])))).toEqual({ code: 'SecretMismatch', rule: 'T2' });
    expect(refusal(s, revealOf(0, { purpose: 'feint', feints: [] }))).toEqual({ code: 'IllegalChoice', rule: 'L1' });
    s = must(s, revealOf(0, choice));
    expect(phase(s).stage).toMatchObject({ kind: 'secretReveal', turn: 1 });
  });
});
