import {
  type CardId,
  COMMON_FOR_SALE,
  TECHNOLOGIES_FOR_SALE,
  costOf,
  isUnitCard,
} from '../cards/catalogue.js';
import type { SecretChoice } from '../core/actions.js';
import type { PurchaseOffer } from '../core/options.js';
import { compareCodeUnits } from '../core/canonical.js';
import type { Emit } from '../core/events.js';
import type { Cards, GameState } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { addCounts, countOf } from './cards.js';
import { unitCost } from './abilities/permanent.js';

type Purchase = Extract<SecretChoice, { purpose: 'purchase' }>;

/** Copies of a card a player owns: in his deck and hand (the public multisets of his deals) and his discard pile (L4a). */
export function owned(cards: Cards, id: CardId): number {
  return countOf(cards.discard, id) + cards.segments.reduce((n, s) => n + countOf(s.remaining, id), 0);
}

/** The one home of what may be bought: the legal option is built from it, and a revealed purchase is checked against that option (choices.ts). */
export function purchaseOffer(state: GameState, seat: Seat): PurchaseOffer {
  const me = state.players[seat]!;
  const civ = state.seats[seat]!.civilisation;
  return {
    civilisation: civ,
    setAside: me.setAside,
    energy: me.energy,
    pure: me.pure,
    units: (Object.keys(me.world) as CardId[])
      .map((card) => ({ card, cost: unitCost(state, seat, card), max: countOf(me.world, card) }))
      .filter((u) => u.max > 0)
      .sort((a, b) => compareCodeUnits(a.card, b.card)),
    commons: COMMON_FOR_SALE.map((card) => ({ card, cost: costOf(card) })),
    technologies: TECHNOLOGIES_FOR_SALE.filter((t) => owned(me.cards, t) === 0).map((card) => ({ card, cost: costOf(card) })),
  };
}

/** L2-L6: pays, puts the cards on the discard pile, and returns unspent stocks set aside. */
export function applyPurchase(state: GameState, seat: Seat, choice: Purchase, emit: Emit): GameState {
  const p = state.players[seat]!;
  const stocks = choice.cards.reduce((n, c) => n + (isUnitCard(c) ? unitCost(state, seat, c) : costOf(c)), 0);
  const pure = choice.technologies.reduce((n, t) => n + costOf(t), 0);
  const units = choice.cards.filter(isUnitCard);
  const bought: CardId[] = [...choice.cards, ...choice.technologies];
  const next = {
    ...p,
    energy: p.energy + p.setAside - stocks,
    setAside: 0,
    pure: p.pure - pure,
    world: addCounts(p.world, units, -1),
    cards: { ...p.cards, discard: addCounts(p.cards.discard, bought) },
    supremacyDay: choice.technologies.includes('supremacy') && state.phase.name === 'conquest' ? state.phase.day : p.supremacyDay,
  };
  if (bought.length > 0) emit({ kind: 'cardsBought', seat, cards: choice.cards, technologies: choice.technologies });
  return { ...state, players: state.players.map((x, i) => (i === seat ? next : x)) };
}

