import type { UnitDesign } from '../abilities.js';

/**
 * The dwarves of the mountains: they **fortify**. Their units grow stronger side by side on a row
 * and when they defend their own ground, and the best of them cannot be removed from the combat.
 * Infantry Squad and Captain are file 000's.
 */

const STEADFAST = { en: 'Steadfast (cannot be removed from the combat nor neutralised).', fr: 'Inébranlable (ne peut être ni retirée du combat ni neutralisée).' };

export const DWARVES: readonly UnitDesign[] = [
  {
    id: 'dwarves.infantrySquad',
    civilisation: 'dwarves',
    rank: 'basic',
    copies: 3,
    starting: 3,
    name: { en: 'Infantry Squad', fr: "Escouade d'infanterie" },
    text: {
      en: "Immediate: look at your deck's top 2 cards; you may play the first (a unit) or discard it; put the rest back in any order.",
      fr: 'Immédiate : regardez les 2 premières cartes de votre pioche ; vous pouvez jouer la première (une unité) ou la défausser ; replacez les autres dans votre ordre.',
    },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'peek', count: 2 }], text: { en: 'Reveal the top 2 cards of your deck.', fr: 'Révélez les 2 cartes du dessus de votre pioche.' } }],
  },
  {
    id: 'dwarves.sentinel',
    civilisation: 'dwarves',
    rank: 'basic',
    copies: 3,
    name: { en: 'Sentinel', fr: 'Sentinelle' },
    text: { en: '+3 strength while you defend your own territory.', fr: '+3 en force tant que vous défendez votre propre territoire.' },
    permanent: [{ kind: 'strengthDefending', amount: 3 }],
    abilities: [],
  },
  {
    id: 'dwarves.shieldBearer',
    civilisation: 'dwarves',
    rank: 'basic',
    copies: 2,
    name: { en: 'Shield Bearer', fr: 'Porte-bouclier' },
    text: {
      en: '+2 strength while another unit of your army stands beside it on its row.',
      fr: "+2 en force tant qu'une autre unité de votre armée se tient à côté d'elle sur sa rangée.",
    },
    permanent: [{ kind: 'strengthBeside', amount: 2 }],
    abilities: [],
  },
  {
    id: 'dwarves.captain',
    civilisation: 'dwarves',
    rank: 'warrior',
    copies: 3,
    name: { en: 'Captain', fr: 'Capitaine' },
    text: { en: 'Immediate: draw 1 card.', fr: 'Immédiate : piochez 1 carte.' },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'draw', count: 1 }], text: { en: 'Draw 1 card.', fr: 'Piochez 1 carte.' } }],
  },
  {
    id: 'dwarves.lineSergeant',
    civilisation: 'dwarves',
    rank: 'warrior',
    copies: 3,
    name: { en: 'Line Sergeant', fr: 'Sergent de ligne' },
    text: {
      en: 'Immediate: play a unit from your hand to the left or right of this unit, on its row.',
      fr: 'Immédiate : jouez une unité de votre main à gauche ou à droite de cette unité, sur sa rangée.',
    },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'playBeside' }], text: { en: 'Play a unit beside it.', fr: 'Jouez une unité à côté.' } }],
  },
  {
    id: 'dwarves.hammerguard',
    civilisation: 'dwarves',
    rank: 'greater',
    copies: 2,
    name: { en: 'Hammerguard', fr: 'Garde-marteau' },
    text: STEADFAST,
    permanent: [{ kind: 'steadfast' }],
    abilities: [],
  },
  {
    id: 'dwarves.bulwark',
    civilisation: 'dwarves',
    rank: 'greater',
    copies: 2,
    name: { en: 'Bulwark', fr: 'Rempart' },
    text: {
      en: '+3 strength while another unit of your army stands beside it on its row.',
      fr: "+3 en force tant qu'une autre unité de votre armée se tient à côté d'elle sur sa rangée.",
    },
    permanent: [{ kind: 'strengthBeside', amount: 3 }],
    abilities: [],
  },
  {
    id: 'dwarves.runesmith',
    civilisation: 'dwarves',
    rank: 'tactical',
    copies: 2,
    name: { en: 'Runesmith', fr: 'Forgeron runique' },
    text: {
      en: "Delayed: your units on this unit's row get +3 strength for the rest of the combat.",
      fr: 'Retardée : vos unités de la rangée de cette unité gagnent +3 en force pour le reste du combat.',
    },
    permanent: [],
    abilities: [{ type: 'delayed', effects: [{ kind: 'boostRow', amount: 3 }], text: { en: 'Its row: +3 strength.', fr: 'Sa rangée : +3 en force.' } }],
  },
  {
    id: 'dwarves.tunneller',
    civilisation: 'dwarves',
    rank: 'tactical',
    copies: 2,
    name: { en: 'Tunneller', fr: 'Sapeur' },
    text: {
      en: 'Delayed: play a unit from your hand to the left or right of this unit, on its row.',
      fr: 'Retardée : jouez une unité de votre main à gauche ou à droite de cette unité, sur sa rangée.',
    },
    permanent: [],
    abilities: [{ type: 'delayed', effects: [{ kind: 'playBeside' }], text: { en: 'Play a unit beside it.', fr: 'Jouez une unité à côté.' } }],
  },
  {
    id: 'dwarves.ironThane',
    civilisation: 'dwarves',
    rank: 'champion',
    copies: 3,
    name: { en: 'Iron Thane', fr: 'Thane de fer' },
    text: {
      en: `${STEADFAST.en} Immediate: play a unit from your hand beside this unit.`,
      fr: `${STEADFAST.fr} Immédiate : jouez une unité de votre main à côté de cette unité.`,
    },
    permanent: [{ kind: 'steadfast' }],
    abilities: [{ type: 'immediate', effects: [{ kind: 'playBeside' }], text: { en: 'Play a unit beside it.', fr: 'Jouez une unité à côté.' } }],
  },
  {
    id: 'dwarves.mountainKing',
    civilisation: 'dwarves',
    rank: 'immortal',
    copies: 2,
    name: { en: 'Mountain King', fr: 'Roi de la Montagne' },
    text: {
      en: `${STEADFAST.en} +3 strength while you defend your own territory.`,
      fr: `${STEADFAST.fr} +3 en force tant que vous défendez votre propre territoire.`,
    },
    permanent: [{ kind: 'steadfast' }, { kind: 'strengthDefending', amount: 3 }],
    abilities: [],
  },
];
