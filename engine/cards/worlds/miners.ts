import type { UnitDesign } from '../abilities.js';

/** The positronium miners: the first designed cards (issue 21). Rocket Roll, Charge Leader and Digging Machine are file 000's. */
export const MINERS: readonly UnitDesign[] = [
  {
    id: 'miners.rocketRoll',
    civilisation: 'miners',
    rank: 'basic',
    copies: 2,
    starting: 1,
    name: { en: 'Rocket Roll', fr: 'Roquette roulante' },
    text: {
      en: 'Immediate: destroy a card of your discard pile to buy a unit of your World at once, paying its cost in energy stocks; it goes to your hand.',
      fr: "Immédiate : détruisez une carte de votre défausse pour acheter aussitôt une unité de votre Monde, en payant son coût en stocks d'énergie ; elle va dans votre main.",
    },
    permanent: [],
    abilities: [
      {
        type: 'immediate',
        effects: [{ kind: 'destroyFromDiscard' }, { kind: 'buyUnit' }],
        text: { en: 'Destroy a discarded card to buy a unit.', fr: 'Détruisez une carte défaussée pour acheter une unité.' },
      },
    ],
  },
  {
    id: 'miners.chargeLeader',
    civilisation: 'miners',
    rank: 'basic',
    copies: 2,
    starting: 1,
    name: { en: 'Charge Leader', fr: 'Meneur de charge' },
    text: { en: 'Reaction (your hand is empty): draw 1 card.', fr: 'Réaction (votre main est vide) : piochez 1 carte.' },
    permanent: [],
    abilities: [{ type: 'condition', on: 'handEmpty', effects: [{ kind: 'draw', count: 1 }], text: { en: 'Your hand is empty: draw 1 card.', fr: 'Votre main est vide : piochez 1 carte.' } }],
  },
  {
    id: 'miners.diggingMachine',
    civilisation: 'miners',
    rank: 'basic',
    copies: 2,
    starting: 1,
    name: { en: 'Digging Machine', fr: 'Foreuse' },
    text: {
      en: 'Immediate: harvest: gain 1 energy stock for each non-black territory next to a tile of your involved troops (beyond the map counts as black).',
      fr: "Immédiate : récoltez : gagnez 1 stock d'énergie par territoire non noir voisin d'une tuile de vos troupes impliquées (au-delà de la carte, tout est noir).",
    },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'harvest' }], text: { en: 'Harvest the neighbouring territories.', fr: 'Récoltez les territoires voisins.' } }],
  },
  {
    id: 'miners.prospector',
    civilisation: 'miners',
    rank: 'basic',
    copies: 2,
    name: { en: 'Prospector', fr: 'Prospecteur' },
    text: { en: 'Post-combat: destroy this unit to gain 2 energy stocks.', fr: "Post-combat : détruisez cette unité pour gagner 2 stocks d'énergie." },
    permanent: [],
    abilities: [
      {
        type: 'postCombat',
        effects: [{ kind: 'destroySelf' }, { kind: 'gain', amount: 2 }],
        text: { en: 'Destroy it to gain 2 energy stocks.', fr: "Détruisez-la pour gagner 2 stocks d'énergie." },
      },
    ],
  },
  {
    id: 'miners.surveyor',
    civilisation: 'miners',
    rank: 'warrior',
    copies: 2,
    name: { en: 'Surveyor', fr: 'Géomètre' },
    text: { en: 'Costs 1 less while you control the Heart of Eden.', fr: "Coûte 1 de moins tant que vous contrôlez le Cœur d'Eden." },
    permanent: [{ kind: 'cheaperWithHeart', amount: 1 }],
    abilities: [],
  },
];
