import type { UnitDesign } from './abilities.js';
import { DESIGNS, IDENTITIES } from './worlds/index.js';

/**
 * The cards (ruling 8): the common cards, the technologies' costs, and each civilisation's World:
 * its designed units (engine/cards/worlds/, with their effects) and, in the places of a rank they
 * do not take, plain units of that rank with a cost and a strength. The other technologies'
 * effects are still to come; until then those technologies are not for sale
 * (TECHNOLOGIES_FOR_SALE) rather than sold without their effect.
 */

/**
 * The six civilisations, each with its World of unit cards. Here rather than in core/vocabulary.ts
 * (which re-exports them) so that the cards, below the core, import nothing of it.
 */
export const CIVILISATIONS = ['elves', 'dwarves', 'necromancers', 'miners', 'druids', 'tritons'] as const;
export type Civilisation = (typeof CIVILISATIONS)[number];
export const isCivilisation = (x: unknown): x is Civilisation => typeof x === 'string' && (CIVILISATIONS as readonly string[]).includes(x);

export const UNIT_RANKS = ['basic', 'warrior', 'greater', 'tactical', 'champion', 'immortal'] as const;
export type UnitRank = (typeof UNIT_RANKS)[number];

/** A World: 8 cost-1 basic units, 6 cost-2 warriors, 4 cost-3 greater warriors, 4 cost-3 tactical units, 3 cost-5 champions, 2 cost-6 immortals (file 003, ruling 8). */
export const RANKS: Readonly<Record<UnitRank, { copies: number; cost: number; strength: number }>> = {
  basic: { copies: 8, cost: 1, strength: 1 },
  warrior: { copies: 6, cost: 2, strength: 2 },
  greater: { copies: 4, cost: 3, strength: 3 },
  tactical: { copies: 4, cost: 3, strength: 2 },
  champion: { copies: 3, cost: 5, strength: 5 },
  immortal: { copies: 2, cost: 6, strength: 6 },
};

export const COMMON_CARDS = ['crystal1', 'crystal2', 'crystal3', 'terrain', 'opportunity'] as const;
export type CommonCard = (typeof COMMON_CARDS)[number];

export const TECHNOLOGIES = ['shield', 'overcharged', 'stabiliser', 'amplifier', 'supremacy'] as const;
export type Technology = (typeof TECHNOLOGIES)[number];

/** A unit card's id: "<civilisation>.<rank>" for a plain unit, "<civilisation>.<name>" for a designed one. */
export type UnitCard = `${Civilisation}.${string}`;
/** Every card that can be in a deck: common cards, units and technologies (bought technologies go to the discard pile, L5). */
export type CardId = CommonCard | UnitCard | Technology;

export interface CommonCardInfo {
  readonly name: { readonly en: string; readonly fr: string };
  /** Cost in energy stocks (any stocks, set aside or not: L2). */
  readonly cost: number;
  /** Value when the hand is accounted for (Energy Crystals only). */
  readonly crystal: number;
}

export const COMMON: Readonly<Record<CommonCard, CommonCardInfo>> = {
  crystal1: { name: { en: 'Energy Crystal (1)', fr: "Cristal d'Énergie (1)" }, cost: 1, crystal: 1 },
  crystal2: { name: { en: 'Energy Crystal (2)', fr: "Cristal d'Énergie (2)" }, cost: 2, crystal: 2 },
  crystal3: { name: { en: 'Energy Crystal (3)', fr: "Cristal d'Énergie (3)" }, cost: 3, crystal: 3 },
  terrain: { name: { en: 'Favourable Ground', fr: 'Terrain Favorable' }, cost: 2, crystal: 0 },
  opportunity: { name: { en: 'Opportunity', fr: 'Opportunité' }, cost: 2, crystal: 0 },
};

/** Technologies cost pure energy (L4); Suprématie's cost is ruling W2's. */
export const TECHNOLOGY: Readonly<Record<Technology, { readonly name: { readonly en: string; readonly fr: string }; readonly cost: number }>> = {
  shield: { name: { en: 'Energy Shield', fr: "Bouclier d'énergie" }, cost: 4 },
  overcharged: { name: { en: 'Overcharged Crystal', fr: 'Cristal surchargé' }, cost: 4 },
  stabiliser: { name: { en: 'Portal Stabiliser', fr: 'Stabilisateur de Portail' }, cost: 5 },
  amplifier: { name: { en: 'Resonance Amplifier', fr: 'Amplificateur de Résonance' }, cost: 6 },
  supremacy: { name: { en: 'Supremacy', fr: 'Suprématie' }, cost: 20 },
};

/** Technologies whose effect the engine implements, so they can be bought (Suprématie: W2). */
export const TECHNOLOGIES_FOR_SALE: readonly Technology[] = ['supremacy'];
/** Common cards that can be bought now: Favourable Ground and Opportunity have effects that come with the card-effect engine. */
export const COMMON_FOR_SALE: readonly CommonCard[] = ['crystal1', 'crystal2', 'crystal3'];

/** The plain unit of a rank in a civilisation's World. */
export const unitCard = (civ: Civilisation, rank: UnitRank): UnitCard => `${civ}.${rank}`;

/** Every unit card, with its civilisation, rank and design: looked up, never parsed from its id (cards are read on every combat). */
interface UnitInfo {
  readonly civ: Civilisation;
  readonly rank: UnitRank;
  readonly design: UnitDesign | null;
}
const UNITS: ReadonlyMap<string, UnitInfo> = new Map<string, UnitInfo>([
  ...CIVILISATIONS.flatMap((civ) => UNIT_RANKS.map((rank): [string, UnitInfo] => [unitCard(civ, rank), { civ, rank, design: null }])),
  ...DESIGNS.map((d): [string, UnitInfo] => [d.id, { civ: d.civilisation, rank: d.rank, design: d }]),
]);

/** A unit's design (its text, permanent effects and abilities), or null for a plain unit and any other card. */
export const designOf = (id: CardId): UnitDesign | null => UNITS.get(id)?.design ?? null;
export { DESIGNS, IDENTITIES };

export const isUnitCard = (id: string): id is UnitCard => UNITS.has(id);
export const isCommonCard = (id: string): id is CommonCard => (COMMON_CARDS as readonly string[]).includes(id);
export const isCardId = (x: unknown): x is CardId => typeof x === 'string' && (UNITS.has(x) || isCommonCard(x) || isTechnology(x));
export const isTechnology = (x: unknown): x is Technology => typeof x === 'string' && (TECHNOLOGIES as readonly string[]).includes(x);

export const unitRank = (id: UnitCard): UnitRank => UNITS.get(id)!.rank;
export const unitCiv = (id: UnitCard): Civilisation => UNITS.get(id)!.civ;

/** A card's strength in an army: units only. */
export const strengthOf = (id: CardId): number => {
  const unit = UNITS.get(id);
  return unit ? RANKS[unit.rank].strength : 0;
};
/** A card's purchase cost: energy stocks for units and common cards, pure energy for technologies. */
export const costOf = (id: CardId): number => {
  const unit = UNITS.get(id);
  return unit ? RANKS[unit.rank].cost : isTechnology(id) ? TECHNOLOGY[id].cost : COMMON[id as CommonCard].cost;
};
/** A card's value when the hand is accounted for (E15): an Energy Crystal's, or a permanent effect's from the hand (K14). */
export const crystalValue = (id: CardId): number => {
  if (isCommonCard(id)) return COMMON[id].crystal;
  const fromHand = designOf(id)?.permanent.find((p) => p.kind === 'crystalInHand');
  return fromHand?.kind === 'crystalInHand' ? fromHand.value : 0;
};

/** The designs of a civilisation, by rank. */
const designsOf = (civ: Civilisation, rank: UnitRank): readonly UnitDesign[] => DESIGNS.filter((d) => d.civilisation === civ && d.rank === rank);

/** The starting deck (K5): 2 Favourable Ground, 2 Energy Crystals of cost 1, 1 of cost 2, 3 cost-1 units of the player's World (its designed ones first). */
export function startingDeck(civ: Civilisation): CardId[] {
  const units: CardId[] = designsOf(civ, 'basic').flatMap((d) => Array<CardId>(d.starting ?? 0).fill(d.id)).slice(0, 3);
  while (units.length < 3) units.push(unitCard(civ, 'basic'));
  return ['terrain', 'terrain', 'crystal1', 'crystal1', 'crystal2', ...units];
}

/** A full World, before the starting units leave it: each rank's designed units, and plain units in the places left. */
export function fullWorld(civ: Civilisation): Record<UnitCard, number> {
  const out: Record<UnitCard, number> = {};
  for (const rank of UNIT_RANKS) {
    const designs = designsOf(civ, rank);
    const plain = RANKS[rank].copies - designs.reduce((n, d) => n + d.copies, 0);
    if (plain > 0) out[unitCard(civ, rank)] = plain;
    for (const d of designs) out[d.id] = d.copies;
  }
  return out;
}

/** A multiset of cards, sorted and counted the same everywhere. */
export type CardCounts = Readonly<Partial<Record<CardId, number>>>;
