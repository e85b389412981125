import { type CardId, type Technology, COMMON_CARDS, TECHNOLOGIES, costOf, isUnitCard } from '../cards/catalogue.js';
import type { SecretChoice } from '../core/actions.js';
import type { PurchaseOffer } from '../core/options.js';
import { compareCodeUnits } from '../core/canonical.js';
import type { Emit } from '../core/events.js';
import type { GameState } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { addCounts, countOf } from './cards.js';
import { ownsTechnology, technologiesOf, unitCost } from './abilities/permanent.js';

type Purchase = Extract<SecretChoice, { purpose: 'purchase' }>;

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
    commons: COMMON_CARDS.map((card) => ({ card, cost: costOf(card) })),
    // L4: one copy of each technology; those the seat owns are not offered.
    technologies: TECHNOLOGIES.filter((t) => !ownsTechnology(state, seat, t)).map((card) => ({ card, cost: technologyCost(state, card) })),
  };
}

/** L2-L6: pays, puts the cards on the discard pile, and returns unspent stocks set aside. */
export function applyPurchase(state: GameState, seat: Seat, choice: Purchase, emit: Emit): GameState {
  const p = state.players[seat]!;
  const stocks = choice.cards.reduce((n, c) => n + (isUnitCard(c) ? unitCost(state, seat, c) : costOf(c)), 0);
  const pure = choice.technologies.reduce((n, t) => n + technologyCost(state, t), 0);
  const units = choice.cards.filter(isUnitCard);
  // K13a: technologies are kept in front of their owner, out of his deck (their text says so, L5).
  const technologies = choice.technologies.length === 0 ? technologiesOf(state, seat) : inCatalogueOrder([...technologiesOf(state, seat), ...choice.technologies]);
  const next = {
    ...p,
    energy: p.energy + p.setAside - stocks,
    setAside: 0,
    pure: p.pure - pure,
    world: addCounts(p.world, units, -1),
    cards: { ...p.cards, discard: addCounts(p.cards.discard, choice.cards) },
    supremacyDay: choice.technologies.includes('supremacy') && state.phase.name === 'conquest' ? state.phase.day : p.supremacyDay,
    ...(technologies.length > 0 ? { technologies } : {}),
  };
  if (choice.cards.length > 0 || choice.technologies.length > 0) emit({ kind: 'cardsBought', seat, cards: choice.cards, technologies: choice.technologies });
  return { ...state, players: state.players.map((x, i) => (i === seat ? next : x)) };
}

/** Technologies in the catalogue's order, so that a seat's list has one written form. */
const inCatalogueOrder = (ts: readonly Technology[]): Technology[] => TECHNOLOGIES.filter((t) => ts.includes(t));

/** W2b: Suprématie's price at a table of two players, where the Heart of Eden has four black neighbours (M) and yields at most 4 pure energy a day. */
export const SUPREMACY_AT_TWO = 12;

/** L4, W2a, W2b: what a technology costs at this table: its card's price, and Suprématie's at two players. */
export const technologyCost = (state: GameState, t: Technology): number => (t === 'supremacy' && state.seats.length === 2 ? SUPREMACY_AT_TWO : costOf(t));
