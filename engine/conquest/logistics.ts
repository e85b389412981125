import {
  type CardId,
  COMMON_FOR_SALE,
  TECHNOLOGIES_FOR_SALE,
  UNIT_RANKS,
  costOf,
  isCommonCard,
  isUnitCard,
  unitCard,
  unitCiv,
} from '../cards/catalogue.js';
import type { SecretChoice } from '../core/actions.js';
import type { PurchaseOffer } from '../core/options.js';
import { compareCodeUnits } from '../core/canonical.js';
import type { Emit } from '../core/events.js';
import { type RuleError, ruleError } from '../core/errors.js';
import type { Cards, GameState } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { addCounts, countOf } from './cards.js';

type Purchase = Extract<SecretChoice, { purpose: 'purchase' }>;

/** Copies of a card a player owns: in his deck and hand (the public multisets of his deals) and his discard pile (L4a). */
export function owned(cards: Cards, id: CardId): number {
  return countOf(cards.discard, id) + cards.segments.reduce((n, s) => n + countOf(s.remaining, id), 0);
}

/** The one home of what may be bought: the legal option is built from it and a revealed purchase is checked against it. */
export function purchaseOffer(state: GameState, seat: Seat): PurchaseOffer {
  const me = state.players[seat]!;
  const civ = state.seats[seat]!.civilisation;
  return {
    setAside: me.setAside,
    energy: me.energy,
    pure: me.pure,
    units: UNIT_RANKS.map((r) => unitCard(civ, r))
      .map((card) => ({ card, cost: costOf(card), max: countOf(me.world, card) }))
      .filter((u) => u.max > 0)
      .sort((a, b) => compareCodeUnits(a.card, b.card)),
    commons: COMMON_FOR_SALE.map((card) => ({ card, cost: costOf(card) })),
    technologies: TECHNOLOGIES_FOR_SALE.filter((t) => owned(me.cards, t) === 0).map((card) => ({ card, cost: costOf(card) })),
  };
}

/** L1-L5: what makes a list of purchases illegal, or null: the choice checked against the seat's offer, naming the rule it breaks. */
export function purchaseError(state: GameState, seat: Seat, choice: Purchase): RuleError | null {
  const offer = purchaseOffer(state, seat);
  const civ = state.seats[seat]!.civilisation;
  let units = 0;
  let commons = 0;
  let pure = 0;
  const wanted: Partial<Record<CardId, number>> = {};
  const sorted = (xs: readonly string[]) => xs.every((x, i) => i === 0 || compareCodeUnits(xs[i - 1]!, x) <= 0);
  if (!sorted(choice.cards) || !sorted(choice.technologies)) return ruleError('IllegalChoice', 'L1', 'list the cards and technologies bought in sorted order');
  for (const c of choice.cards) {
    wanted[c] = (wanted[c] ?? 0) + 1;
    if (isUnitCard(c)) {
      if (unitCiv(c) !== civ) return ruleError('NotInWorld', 'L2', `${c} is not a unit of your World`);
      const unit = offer.units.find((u) => u.card === c);
      if (!unit || wanted[c]! > unit.max) return ruleError('NotInWorld', 'K11', `your World has no more ${c}`);
      units += unit.cost;
    } else if (isCommonCard(c)) {
      const common = offer.commons.find((u) => u.card === c);
      if (!common) return ruleError('NotForSale', 'L3', `${c} is not for sale yet (its effect comes with the card-effect engine)`);
      commons += common.cost;
    } else return ruleError('IllegalChoice', 'L4', 'technologies are listed apart');
  }
  const techs = new Set<string>();
  for (const t of choice.technologies) {
    const tech = offer.technologies.find((x) => x.card === t);
    if (!tech && !TECHNOLOGIES_FOR_SALE.includes(t)) return ruleError('NotForSale', 'L4', `${t} is not for sale yet (its effect comes with the card-effect engine)`);
    if (!tech || techs.has(t)) return ruleError('TechnologyOwned', 'L4', `at most one copy of ${t}`);
    techs.add(t);
    pure += tech.cost;
  }
  if (units > offer.setAside) return ruleError('CannotAfford', 'L2', `units cost ${units}, and only the ${offer.setAside} stocks set aside can pay for them`);
  if (units + commons > offer.setAside + offer.energy) return ruleError('CannotAfford', 'L3', `these cards cost ${units + commons} energy stocks; you have ${offer.setAside + offer.energy}`);
  if (pure > offer.pure) return ruleError('CannotAfford', 'L4', `these technologies cost ${pure} pure energy; you have ${offer.pure}`);
  return null;
}

/** L2-L6: pays, puts the cards on the discard pile, and returns unspent stocks set aside. */
export function applyPurchase(state: GameState, seat: Seat, choice: Purchase, emit: Emit): GameState {
  const p = state.players[seat]!;
  const stocks = choice.cards.reduce((n, c) => n + costOf(c), 0);
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

