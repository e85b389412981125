import type { Ability, Permanent, Text, UnitDesign } from './abilities.js';
import { DESIGNS } from './worlds/index.js';

/**
 * The cards (ruling 8): the common cards and the technologies, each with its names, rules text,
 * cost and effects (docs/cards.md says why each costs what it does), and each civilisation's
 * World: its designed units (engine/cards/worlds/, with their effects) and, in the places of a
 * rank they do not take, plain units of that rank with a cost and a strength.
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
/** Every card: common cards and units, which go into decks, and technologies, kept in front of their owner (K13a). */
export type CardId = CommonCard | UnitCard | Technology;

export interface CommonCardInfo {
  readonly name: Text;
  /** Cost in energy stocks (any stocks, set aside or not: L3). */
  readonly cost: number;
  /** Value when the hand is accounted for (Energy Crystals; other cards by their `crystalInHand` effect). */
  readonly crystal: number;
  /** Its rules text, as the card shows it. */
  readonly text: Text;
  /** K14: its permanent effects; `playedAsUnit` lets it into an army (B3, S7). */
  readonly permanent: readonly Permanent[];
  /** Its abilities once played like a unit (K15-K17). */
  readonly abilities: readonly Ability[];
}

const crystal = (value: number): CommonCardInfo => ({
  name: { en: `Energy Crystal (${value})`, fr: `Cristal d'Énergie (${value})` },
  cost: value,
  crystal: value,
  text: { en: `Worth ${value} when you account for your hand.`, fr: `Vaut ${value} quand vous comptabilisez votre main.` },
  permanent: [],
  abilities: [],
});

export const COMMON: Readonly<Record<CommonCard, CommonCardInfo>> = {
  crystal1: crystal(1),
  crystal2: crystal(2),
  crystal3: crystal(3),
  terrain: {
    name: { en: 'Favourable Ground', fr: 'Terrain Favorable' },
    cost: 2,
    crystal: 0,
    text: {
      en: "On your terrain (the attacked territory or your troops' tile is of your colour), play it as a unit of strength 2. In hand: worth 1.",
      fr: 'Sur votre terrain (territoire attaqué ou tuile de vos troupes de votre couleur), jouez-la comme une unité de force 2. En main : vaut 1.',
    },
    permanent: [
      { kind: 'playedAsUnit', strength: 2, onColour: true },
      { kind: 'crystalInHand', value: 1 },
    ],
    abilities: [],
  },
  opportunity: {
    name: { en: 'Opportunity', fr: 'Opportunité' },
    cost: 3,
    crystal: 0,
    text: {
      en: 'Play it as a unit of strength 1, or 4 when the Heart of Eden is attacked or held by an opponent. Immediate: draw 1 card.',
      fr: "Jouez-la comme une unité de force 1, ou 4 si le Cœur d'Eden est attaqué ou tenu par un adversaire. Immédiate : piochez 1 carte.",
    },
    permanent: [
      { kind: 'playedAsUnit', strength: 1, onColour: false },
      { kind: 'strengthAgainstHeart', amount: 3 },
    ],
    abilities: [{ type: 'immediate', effects: [{ kind: 'draw', count: 1 }], text: { en: 'Draw 1 card.', fr: 'Piochez 1 carte.' } }],
  },
};

export interface TechnologyInfo {
  readonly name: Text;
  /** Cost in pure energy (L4). */
  readonly cost: number;
  /** Its rules text: a technology is kept in front of its owner, out of his deck (K13a). */
  readonly text: Text;
  /** K14: what owning it changes, for its owner alone. */
  readonly permanent: readonly Permanent[];
}

const KEPT = { en: 'Kept in front of you, out of your deck.', fr: 'Gardée devant vous, hors de votre deck.' };
const kept = (en: string, fr: string): Text => ({ en: `${KEPT.en} ${en}`, fr: `${KEPT.fr} ${fr}` });

/** Technologies cost pure energy (L4), one copy each; Suprématie's cost and effect are ruling W2's. */
export const TECHNOLOGY: Readonly<Record<Technology, TechnologyInfo>> = {
  shield: {
    name: { en: 'Energy Shield', fr: "Bouclier d'énergie" },
    cost: 4,
    text: kept('In each combat, you may ignore the first negative effect you would suffer.', 'À chaque combat, vous pouvez ignorer le premier effet négatif que vous devriez subir.'),
    permanent: [{ kind: 'ignoreFirstNegative' }],
  },
  overcharged: {
    name: { en: 'Overcharged Crystal', fr: 'Cristal surchargé' },
    cost: 6,
    text: kept('Your Energy Crystals can be played as units, of strength equal to their value.', "Vos Cristaux d'Énergie peuvent être joués comme des unités, de force égale à leur valeur."),
    permanent: [{ kind: 'crystalsAsUnits' }],
  },
  stabiliser: {
    name: { en: 'Portal Stabiliser', fr: 'Stabilisateur de Portail' },
    cost: 5,
    text: kept('You receive 1 more new troop in each Logistics phase.', 'Vous recevez 1 nouvelle troupe de plus à chaque phase de Logistique.'),
    permanent: [{ kind: 'moreTroops', amount: 1 }],
  },
  amplifier: {
    name: { en: 'Resonance Amplifier', fr: 'Amplificateur de Résonance' },
    cost: 5,
    text: kept('When you account for your hand, each pure energy you spend counts 3.', 'Quand vous comptabilisez votre main, chaque énergie pure que vous dépensez compte pour 3.'),
    permanent: [{ kind: 'pureInAccount', value: 3 }],
  },
  supremacy: {
    name: { en: 'Supremacy', fr: 'Suprématie' },
    cost: 25,
    text: kept(
      'From the next day on, you win at the end of Logistics while you hold the Heart of Eden, connected to your portal, as no vassal. Costs 12 at two players.',
      "Dès le jour suivant, vous gagnez à la fin de la Logistique si vous tenez le Cœur d'Eden, relié à votre portail, sans être vassal. Coûte 12 à deux joueurs.",
    ),
    permanent: [],
  },
};

/** Every technology is for sale (L4), each card with its effect. Kept for the interface, which reads it. */
export const TECHNOLOGIES_FOR_SALE: readonly Technology[] = TECHNOLOGIES;
/** Every common card is for sale (L3), each with its effect. Kept for the interface, which reads it. */
export const COMMON_FOR_SALE: readonly CommonCard[] = COMMON_CARDS;

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
export { DESIGNS };

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
/** A card's permanent effects (K14): a designed unit's, a common card's or a technology's; none for a plain unit. */
export const cardPermanents = (id: CardId): readonly Permanent[] =>
  isCommonCard(id) ? COMMON[id].permanent : isTechnology(id) ? TECHNOLOGY[id].permanent : (designOf(id)?.permanent ?? []);

/** A card's abilities in a combat: a designed unit's, or a common card's played like a unit. */
export const cardAbilities = (id: CardId): readonly Ability[] => (isCommonCard(id) ? COMMON[id].abilities : (designOf(id)?.abilities ?? []));

/** A card's rules text, or null for a plain unit (its rank says what it is). */
export const cardText = (id: CardId): Text | null => (isCommonCard(id) ? COMMON[id].text : isTechnology(id) ? TECHNOLOGY[id].text : (designOf(id)?.text ?? null));

/** A card's value when the hand is accounted for (E15): an Energy Crystal's, or a permanent effect's from the hand (K14). */
export const crystalValue = (id: CardId): number => {
  if (isCommonCard(id) && COMMON[id].crystal > 0) return COMMON[id].crystal;
  const fromHand = cardPermanents(id).find((p) => p.kind === 'crystalInHand');
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
