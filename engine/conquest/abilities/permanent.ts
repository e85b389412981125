import { type CardId, costOf, designOf, isUnitCard, strengthOf } from '../../cards/catalogue.js';
import type { Permanent } from '../../cards/abilities.js';
import type { Battle, BattleUnit, GameState } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import { controlsHeart } from '../territory.js';
import { hasNeighbour } from './layout.js';
import { effectsOf } from './records.js';

/**
 * K14: permanent effects, mandatory, read where the rule they change is applied: a unit's
 * strength in its army (B5), a card's cost (L2), and what happens when a unit must leave the combat.
 * A card's value from the hand (E15) is the catalogue's crystalValue.
 */

const permanentsOf = (card: CardId): readonly Permanent[] => designOf(card)?.permanent ?? [];

/** The unit cards in a seat's discard pile (public, K3). */
const unitsDiscarded = (state: GameState, seat: Seat): number =>
  Object.entries(state.players[seat]!.cards.discard).reduce((n, [card, count]) => n + (isUnitCard(card) ? (count ?? 0) : 0), 0);

/** The strength one permanent effect adds to a unit in its army. */
function permanentStrength(p: Permanent, state: GameState, b: Battle, unit: BattleUnit): number {
  switch (p.kind) {
    case 'strengthBeside':
      return hasNeighbour(b, unit) ? p.amount : 0;
    case 'strengthDefending':
      return b.defender === unit.owner ? p.amount : 0;
    case 'strengthFromDiscard':
      return Math.min(p.max, unitsDiscarded(state, unit.owner));
    case 'destroyedIfRemoved':
    case 'cheaperWithHeart':
    case 'crystalInHand':
    case 'steadfast':
      return 0;
  }
}

/** B5, K14: a unit's strength: its card's, its permanent effects', and what abilities gave for the rest of the combat; a neutralised unit counts 0. */
export function unitStrength(state: GameState, b: Battle, unit: BattleUnit): number {
  if (unit.face === 'down') return 0;
  let n = strengthOf(unit.card);
  for (const p of permanentsOf(unit.card)) n += permanentStrength(p, state, b, unit);
  for (const boost of effectsOf(b).boosts) if (boost.unit === unit.id || (boost.unit === null && boost.seat === unit.owner)) n += boost.amount;
  return Math.max(0, n);
}

/** L2, K14: what a unit costs `seat` now. */
export function unitCost(state: GameState, seat: Seat, card: CardId): number {
  let cost = costOf(card);
  for (const p of permanentsOf(card)) {
    switch (p.kind) {
      case 'cheaperWithHeart':
        if (controlsHeart(state, seat)) cost -= p.amount;
        break;
      case 'strengthBeside':
      case 'destroyedIfRemoved':
      case 'crystalInHand':
      case 'steadfast':
      case 'strengthDefending':
      case 'strengthFromDiscard':
        break;
    }
  }
  return Math.max(0, cost);
}

/** K14 (negative): a unit that must be removed from the combat is destroyed instead. */
export const destroyedIfRemoved = (card: CardId): boolean => permanentsOf(card).some((p) => p.kind === 'destroyedIfRemoved');

/** K14: a steadfast unit cannot be removed from the combat nor neutralised; neutralised, it would have lost it (K18c). */
export const steadfast = (unit: BattleUnit): boolean => unit.face === 'up' && permanentsOf(unit.card).some((p) => p.kind === 'steadfast');
