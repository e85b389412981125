import type { UnitDesign } from '../abilities.js';

/**
 * The positronium miners: they **harvest energy**. They dig energy stocks out of the territories
 * around their troops and spend them in the middle of a combat: on strength, on blasting a row,
 * on buying units at once. Rocket Roll, Charge Leader and Digging Machine are file 000's.
 */

const HARVEST = { en: 'harvest (1 energy stock per non-black territory next to your involved troops)', fr: 'récoltez (1 stock par territoire non noir voisin de vos troupes impliquées)' };

export const MINERS: readonly UnitDesign[] = [
  {
    id: 'miners.rocketRoll',
    civilisation: 'miners',
    rank: 'basic',
    copies: 2,
    starting: 1,
    name: { en: 'Rocket Roll', fr: 'Roquette roulante' },
    text: {
      en: 'Immediate: destroy a card of your discard pile to buy a unit of your World now, paid in energy stocks, into your hand.',
      fr: "Immédiate : détruisez une carte de votre défausse pour acheter aussitôt une unité de votre Monde, payée en stocks d'énergie, dans votre main.",
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
    starting: 1,
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
    copies: 3,
    name: { en: 'Surveyor', fr: 'Géomètre' },
    text: { en: 'Costs 1 less while you control the Heart of Eden.', fr: "Coûte 1 de moins tant que vous contrôlez le Cœur d'Eden." },
    permanent: [{ kind: 'cheaperWithHeart', amount: 1 }],
    abilities: [],
  },
  {
    id: 'miners.foreman',
    civilisation: 'miners',
    rank: 'warrior',
    copies: 3,
    name: { en: 'Foreman', fr: 'Contremaître' },
    text: {
      en: 'Immediate: pay 2 energy stocks to give this unit +2 strength for the rest of the combat.',
      fr: "Immédiate : payez 2 stocks d'énergie pour donner +2 en force à cette unité pour le reste du combat.",
    },
    permanent: [],
    abilities: [
      {
        type: 'immediate',
        effects: [{ kind: 'pay', amount: 2 }, { kind: 'boost', amount: 2, who: 'self' }],
        text: { en: 'Pay 2 energy stocks: +2 strength.', fr: "Payez 2 stocks d'énergie : +2 en force." },
      },
    ],
  },
  {
    id: 'miners.blaster',
    civilisation: 'miners',
    rank: 'greater',
    copies: 4,
    name: { en: 'Blaster', fr: 'Dynamiteur' },
    text: {
      en: "Immediate: pay 3 energy stocks to make the opponents remove from the combat their units on this unit's row.",
      fr: "Immédiate : payez 3 stocks d'énergie pour que les adversaires retirent du combat leurs unités de la rangée de cette unité.",
    },
    permanent: [],
    abilities: [
      {
        type: 'immediate',
        effects: [{ kind: 'pay', amount: 3 }, { kind: 'removeRow' }],
        text: { en: 'Pay 3 energy stocks: clear the enemy row facing it.', fr: "Payez 3 stocks d'énergie : videz la rangée ennemie en face." },
      },
    ],
  },
  {
    id: 'miners.assayer',
    civilisation: 'miners',
    rank: 'tactical',
    copies: 2,
    name: { en: 'Assayer', fr: 'Essayeur' },
    text: { en: 'Immediate: discard a card from your hand to gain 2 energy stocks.', fr: "Immédiate : défaussez une carte de votre main pour gagner 2 stocks d'énergie." },
    permanent: [],
    abilities: [
      {
        type: 'immediate',
        effects: [{ kind: 'discardFromHand' }, { kind: 'gain', amount: 2 }],
        text: { en: 'Discard a card: gain 2 energy stocks.', fr: "Défaussez une carte : gagnez 2 stocks d'énergie." },
      },
    ],
  },
  {
    id: 'miners.overclocker',
    civilisation: 'miners',
    rank: 'tactical',
    copies: 2,
    name: { en: 'Overclocker', fr: 'Surcadenceur' },
    text: {
      en: 'Delayed: pay 3 energy stocks to give your units +1 strength for the rest of the combat.',
      fr: "Retardée : payez 3 stocks d'énergie pour donner +1 en force à vos unités pour le reste du combat.",
    },
    permanent: [],
    abilities: [
      {
        type: 'delayed',
        effects: [{ kind: 'pay', amount: 3 }, { kind: 'boost', amount: 1, who: 'army' }],
        text: { en: 'Pay 3 energy stocks: your units +1 strength.', fr: "Payez 3 stocks d'énergie : vos unités +1 en force." },
      },
    ],
  },
  {
    id: 'miners.mineBoss',
    civilisation: 'miners',
    rank: 'champion',
    copies: 3,
    name: { en: 'Mine Boss', fr: 'Chef de mine' },
    text: {
      en: `Immediate: ${HARVEST.en}. Reaction (your hand is empty): draw 1 card.`,
      fr: `Immédiate : ${HARVEST.fr}. Réaction (votre main est vide) : piochez 1 carte.`,
    },
    permanent: [],
    abilities: [
      { type: 'immediate', effects: [{ kind: 'harvest' }], text: { en: 'Harvest the neighbouring territories.', fr: 'Récoltez les territoires voisins.' } },
      { type: 'condition', on: 'handEmpty', effects: [{ kind: 'draw', count: 1 }], text: { en: 'Your hand is empty: draw 1 card.', fr: 'Votre main est vide : piochez 1 carte.' } },
    ],
  },
  {
    id: 'miners.positronColossus',
    civilisation: 'miners',
    rank: 'immortal',
    copies: 2,
    name: { en: 'Positron Colossus', fr: 'Colosse positronique' },
    text: {
      en: `Delayed: pay 4 energy stocks to give this unit +4 strength. Post-combat: ${HARVEST.en}.`,
      fr: `Retardée : payez 4 stocks d'énergie : cette unité gagne +4 en force. Post-combat : ${HARVEST.fr}.`,
    },
    permanent: [],
    abilities: [
      {
        type: 'delayed',
        effects: [{ kind: 'pay', amount: 4 }, { kind: 'boost', amount: 4, who: 'self' }],
        text: { en: 'Pay 4 energy stocks: +4 strength.', fr: "Payez 4 stocks d'énergie : +4 en force." },
      },
      { type: 'postCombat', effects: [{ kind: 'harvest' }], text: { en: 'Harvest the neighbouring territories.', fr: 'Récoltez les territoires voisins.' } },
    ],
  },
];
