import { type CardId, type Technology, COMMON, TECHNOLOGY, cardPermanents, costOf, isCommonCard, isUnitCard, strengthOf } from '../../cards/catalogue.js';
import type { Permanent, PermanentKind } from '../../cards/abilities.js';
import type { Battle, BattleUnit, GameState } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import { controlsHeart } from '../territory.js';
import { hasNeighbour } from './layout.js';
import { effectsOf } from './records.js';
import { heartAgainst, onOwnTerrain } from './terrain.js';

/**
 * K14: permanent effects, mandatory, read where the rule they change is applied: a unit's
 * strength in its army (B5), a card's cost (L2), whether a card may join an army (B3), what
 * happens when a unit must leave the combat, and a technology's effect for its owner (K13a).
 * A card's value from the hand (E15) is the catalogue's crystalValue.
 */

const permanentsOf = (card: CardId): readonly Permanent[] => cardPermanents(card);

// ---------------------------------------------------------------- technologies (K13a)

/** The technologies a seat owns: kept in front of him, out of his deck. */
export const technologiesOf = (state: GameState, seat: Seat): readonly Technology[] => state.players[seat]?.technologies ?? [];

export const ownsTechnology = (state: GameState, seat: Seat, t: Technology): boolean => technologiesOf(state, seat).includes(t);

/** The permanent effect of kind `kind` among the seat's technologies, if he owns one. */
function technologyEffect<K extends PermanentKind>(state: GameState, seat: Seat, kind: K): Extract<Permanent, { kind: K }> | undefined {
  for (const t of technologiesOf(state, seat)) {
    const p = TECHNOLOGY[t].permanent.find((x) => x.kind === kind);
    if (p) return p as Extract<Permanent, { kind: K }>;
  }
  return undefined;
}

/** L7 (Portal Stabiliser): the new troops a seat receives beyond L7's. */
export const extraTroops = (state: GameState, seat: Seat): number => technologyEffect(state, seat, 'moreTroops')?.amount ?? 0;

/** K18 (Energy Shield): the seat may still ignore the first negative effect it would suffer in this combat. */
export const shieldUp = (state: GameState, b: Battle, seat: Seat): boolean =>
  technologyEffect(state, seat, 'ignoreFirstNegative') !== undefined && !(effectsOf(b).shielded ?? []).includes(seat);

// ---------------------------------------------------------------- accounting for the hand (E15)

/** E15 (Resonance Amplifier): what one pure energy spent counts when the seat accounts for its hand; 0 without it. */
export const pureRate = (state: GameState, seat: Seat): number => technologyEffect(state, seat, 'pureInAccount')?.value ?? 0;

/**
 * E15, E15a: the totals a seat may set aside after accounting for a hand worth `value` (its cards'
 * crystal values), between what it set aside already and what the hand, with pure energy spent at
 * the Resonance Amplifier's rate, and its stocks allow.
 */
export function accountBounds(state: GameState, seat: Seat, value: number): { min: number; max: number } {
  const p = state.players[seat]!;
  const worth = value + pureRate(state, seat) * p.pure;
  return { min: p.setAside, max: Math.max(p.setAside, Math.min(worth, p.setAside + p.energy)) };
}

/** The pure energy a seat spends to reach a total set aside of `total` with a hand worth `value`: what the crystals leave, at the rate, rounded up. */
export function pureSpent(state: GameState, seat: Seat, value: number, total: number): number {
  const p = state.players[seat]!;
  const rate = pureRate(state, seat);
  if (rate === 0 || total <= p.setAside || total <= value) return 0;
  return Math.ceil((total - value) / rate);
}

// ---------------------------------------------------------------- armies (B3, B5)

/** B3, S7: a card of the hand `seat` may add to its army in this combat: a unit, or a card whose text lets it be played like one. */
export function playable(state: GameState, b: Battle, seat: Seat, card: CardId): boolean {
  if (isUnitCard(card)) return true;
  const asUnit = permanentsOf(card).find((p) => p.kind === 'playedAsUnit');
  if (asUnit?.kind === 'playedAsUnit') return !asUnit.onColour || onOwnTerrain(state, b, seat);
  return isCommonCard(card) && COMMON[card].crystal > 0 && technologyEffect(state, seat, 'crystalsAsUnits') !== undefined;
}

/** A card's own strength in an army: a unit's, a common card's played like a unit, an Energy Crystal's value (Overcharged Crystal). */
function printedStrength(state: GameState, unit: BattleUnit): number {
  if (isUnitCard(unit.card)) return strengthOf(unit.card);
  const asUnit = permanentsOf(unit.card).find((p) => p.kind === 'playedAsUnit');
  if (asUnit?.kind === 'playedAsUnit') return asUnit.strength;
  return isCommonCard(unit.card) && technologyEffect(state, unit.owner, 'crystalsAsUnits') ? COMMON[unit.card].crystal : 0;
}

/** The unit cards in a seat's discard pile (public, K3). */
const unitsDiscarded = (state: GameState, seat: Seat): number =>
  Object.entries(state.players[seat]!.cards.discard).reduce((n, [card, count]) => n + (isUnitCard(card) ? (count ?? 0) : 0), 0);

/** The strength one permanent effect adds to a unit in its army. */
function permanentStrength(p: Permanent, state: GameState, b: Battle, unit: BattleUnit): number {
  switch (p.kind) {
    case 'strengthBeside':
      return hasNeighbour(b, unit) ? p.amount : 0;
    case 'strengthAgainstHeart':
      return heartAgainst(state, b, unit.owner) ? p.amount : 0;
    case 'strengthDefending':
      return b.defender === unit.owner ? p.amount : 0;
    case 'strengthOnTerrain':
      return onOwnTerrain(state, b, unit.owner) ? p.amount : 0;
    case 'strengthFromDiscard':
      return Math.min(p.max, unitsDiscarded(state, unit.owner));
    case 'destroyedIfRemoved':
    case 'cheaperWithHeart':
    case 'crystalInHand':
    case 'playedAsUnit':
    case 'crystalsAsUnits':
    case 'ignoreFirstNegative':
    case 'moreTroops':
    case 'pureInAccount':
    case 'steadfast':
      return 0;
  }
}

/** B5, K14: a unit's strength: its card's, its permanent effects', and what abilities gave for the rest of the combat; a neutralised unit counts 0. */
export function unitStrength(state: GameState, b: Battle, unit: BattleUnit): number {
  if (unit.face === 'down') return 0;
  let n = printedStrength(state, unit);
  for (const p of permanentsOf(unit.card)) n += permanentStrength(p, state, b, unit);
  for (const boost of effectsOf(b).boosts) if (boost.unit === unit.id || (boost.unit === null && boost.seat === unit.owner)) n += boost.amount;
  return Math.max(0, n);
}

/** The strength a card of `seat`'s hand would add if played now at the bottom of its army (its own and its permanent effects'). */
export function playedStrength(state: GameState, b: Battle, seat: Seat, card: CardId): number {
  const row = b.units.reduce((n, u) => (u.owner === seat ? Math.max(n, u.row + 1) : n), 0);
  const unit: BattleUnit = { id: -1, card, owner: seat, row, column: 0, face: 'up' };
  return unitStrength(state, b, unit);
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
      case 'playedAsUnit':
      case 'strengthAgainstHeart':
      case 'crystalsAsUnits':
      case 'ignoreFirstNegative':
      case 'moreTroops':
      case 'pureInAccount':
      case 'steadfast':
      case 'strengthDefending':
      case 'strengthOnTerrain':
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
