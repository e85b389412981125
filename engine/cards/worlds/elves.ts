import type { UnitDesign } from '../abilities.js';

/**
 * The elves of the forests: they **swarm**. Many cheap units that bring more units beside them,
 * draw the cards to play, and grow stronger in numbers: side by side on a row, or all together.
 */

const BESIDE = { en: 'Play a unit beside it.', fr: 'Jouez une unité à côté.' };

export const ELVES: readonly UnitDesign[] = [
  {
    id: 'elves.scout',
    civilisation: 'elves',
    rank: 'basic',
    copies: 3,
    starting: 1,
    name: { en: 'Scout', fr: 'Éclaireuse' },
    text: { en: 'Immediate: draw 1 card.', fr: 'Immédiate : piochez 1 carte.' },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'draw', count: 1 }], text: { en: 'Draw 1 card.', fr: 'Piochez 1 carte.' } }],
  },
  {
    id: 'elves.skirmisher',
    civilisation: 'elves',
    rank: 'basic',
    copies: 3,
    starting: 1,
    name: { en: 'Skirmisher', fr: 'Tirailleuse' },
    text: {
      en: 'Immediate: play a unit from your hand to the left or right of this unit, on its row.',
      fr: 'Immédiate : jouez une unité de votre main à gauche ou à droite de cette unité, sur sa rangée.',
    },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'playBeside' }], text: BESIDE }],
  },
  {
    id: 'elves.kin',
    civilisation: 'elves',
    rank: 'basic',
    copies: 2,
    starting: 1,
    name: { en: 'Forest Kin', fr: 'Sylvain' },
    text: {
      en: '+1 strength while another unit of your army stands beside it on its row.',
      fr: "+1 en force tant qu'une autre unité de votre armée se tient à côté d'elle sur sa rangée.",
    },
    permanent: [{ kind: 'strengthBeside', amount: 1 }],
    abilities: [],
  },
  {
    id: 'elves.archer',
    civilisation: 'elves',
    rank: 'warrior',
    copies: 3,
    name: { en: 'Archer', fr: 'Archère' },
    text: { en: 'Immediate: discard a card from your hand to draw 2 cards.', fr: 'Immédiate : défaussez une carte de votre main pour piocher 2 cartes.' },
    permanent: [],
    abilities: [
      {
        type: 'immediate',
        effects: [{ kind: 'discardFromHand' }, { kind: 'draw', count: 2 }],
        text: { en: 'Discard a card: draw 2 cards.', fr: 'Défaussez une carte : piochez 2 cartes.' },
      },
    ],
  },
  {
    id: 'elves.warband',
    civilisation: 'elves',
    rank: 'warrior',
    copies: 3,
    name: { en: 'Warband', fr: 'Bande de guerre' },
    text: {
      en: 'Delayed: play a unit from your hand to the left or right of this unit, on its row.',
      fr: 'Retardée : jouez une unité de votre main à gauche ou à droite de cette unité, sur sa rangée.',
    },
    permanent: [],
    abilities: [{ type: 'delayed', effects: [{ kind: 'playBeside' }], text: BESIDE }],
  },
  {
    id: 'elves.grovewarden',
    civilisation: 'elves',
    rank: 'greater',
    copies: 4,
    name: { en: 'Grovewarden', fr: 'Gardien du bosquet' },
    text: {
      en: '+2 strength while another unit of your army stands beside it on its row.',
      fr: "+2 en force tant qu'une autre unité de votre armée se tient à côté d'elle sur sa rangée.",
    },
    permanent: [{ kind: 'strengthBeside', amount: 2 }],
    abilities: [],
  },
  {
    id: 'elves.hornblower',
    civilisation: 'elves',
    rank: 'tactical',
    copies: 2,
    name: { en: 'Hornblower', fr: 'Sonneuse de cor' },
    text: { en: 'Delayed: your units get +1 strength for the rest of the combat.', fr: 'Retardée : vos unités gagnent +1 en force pour le reste du combat.' },
    permanent: [],
    abilities: [{ type: 'delayed', effects: [{ kind: 'boost', amount: 1, who: 'army' }], text: { en: 'Your units: +1 strength.', fr: 'Vos unités : +1 en force.' } }],
  },
  {
    id: 'elves.pathfinder',
    civilisation: 'elves',
    rank: 'tactical',
    copies: 2,
    name: { en: 'Pathfinder', fr: 'Pisteuse' },
    text: { en: 'Immediate: draw 2 cards.', fr: 'Immédiate : piochez 2 cartes.' },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'draw', count: 2 }], text: { en: 'Draw 2 cards.', fr: 'Piochez 2 cartes.' } }],
  },
  {
    id: 'elves.ranger',
    civilisation: 'elves',
    rank: 'champion',
    copies: 3,
    name: { en: 'High Ranger', fr: 'Grande Rôdeuse' },
    text: {
      en: 'Immediate: play a unit from your hand beside this unit. +1 strength while another unit of yours stands beside it.',
      fr: "Immédiate : jouez une unité de votre main à côté de cette unité. +1 en force tant qu'une autre de vos unités est à côté.",
    },
    permanent: [{ kind: 'strengthBeside', amount: 1 }],
    abilities: [{ type: 'immediate', effects: [{ kind: 'playBeside' }], text: BESIDE }],
  },
  {
    id: 'elves.forestQueen',
    civilisation: 'elves',
    rank: 'immortal',
    copies: 2,
    name: { en: 'Forest Queen', fr: 'Reine de la forêt' },
    text: {
      en: 'Immediate: draw 2 cards. Delayed: your units get +1 strength for the rest of the combat.',
      fr: 'Immédiate : piochez 2 cartes. Retardée : vos unités gagnent +1 en force pour le reste du combat.',
    },
    permanent: [],
    abilities: [
      { type: 'immediate', effects: [{ kind: 'draw', count: 2 }], text: { en: 'Draw 2 cards.', fr: 'Piochez 2 cartes.' } },
      { type: 'delayed', effects: [{ kind: 'boost', amount: 1, who: 'army' }], text: { en: 'Your units: +1 strength.', fr: 'Vos unités : +1 en force.' } },
    ],
  },
];
