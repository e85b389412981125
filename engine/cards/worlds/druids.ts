import type { UnitDesign } from '../abilities.js';

/**
 * The druids: they **grow the land**. Their cards are worth energy in the hand, their units grow
 * stronger on the ground they hold, and their leaders raise the whole army for the rest of the
 * battle. The Shaman is file 000's (several immediate abilities, one "for the rest of the battle"):
 * two abilities make it a champion (complexity by rarity).
 */

const ARMY_BOOST = { en: 'Your units: +1 strength for the rest of the combat.', fr: 'Vos unités : +1 en force pour le reste du combat.' };
export const DRUIDS: readonly UnitDesign[] = [
  {
    id: 'druids.hexer',
    civilisation: 'druids',
    rank: 'basic',
    copies: 3,
    starting: 1,
    name: { en: 'Hexer', fr: 'Envoûteuse' },
    text: { en: "Immediate: neutralise a unit of an opponent (it counts 0 and loses its abilities).", fr: "Immédiate : neutralisez une unité d'un adversaire (elle compte 0 et perd ses capacités)." },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'neutralise' }], text: { en: 'Neutralise an enemy unit.', fr: 'Neutralisez une unité ennemie.' } }],
  },
  {
    id: 'druids.seedling',
    civilisation: 'druids',
    rank: 'basic',
    copies: 3,
    starting: 1,
    name: { en: 'Seedling', fr: 'Pousse' },
    text: {
      en: 'In your hand, counts as an Energy Crystal of value 1 when you account for it.',
      fr: "Dans votre main, compte comme un Cristal d'Énergie de valeur 1 quand vous la comptabilisez.",
    },
    permanent: [{ kind: 'crystalInHand', value: 1 }],
    abilities: [],
  },
  {
    id: 'druids.herbalist',
    civilisation: 'druids',
    rank: 'basic',
    copies: 2,
    starting: 1,
    name: { en: 'Herbalist', fr: 'Herboriste' },
    text: {
      en: 'Immediate: discard a card from your hand to give this unit +2 strength for the rest of the combat.',
      fr: 'Immédiate : défaussez une carte de votre main pour donner +2 en force à cette unité pour le reste du combat.',
    },
    permanent: [],
    abilities: [
      {
        type: 'immediate',
        effects: [{ kind: 'discardFromHand' }, { kind: 'boost', amount: 2, who: 'self' }],
        text: { en: 'Discard a card: +2 strength.', fr: 'Défaussez une carte : +2 en force.' },
      },
    ],
  },
  {
    id: 'druids.rootkeeper',
    civilisation: 'druids',
    rank: 'warrior',
    copies: 3,
    name: { en: 'Rootkeeper', fr: 'Gardienne des racines' },
    text: {
      en: 'In your hand, counts as an Energy Crystal of value 2 when you account for it.',
      fr: "Dans votre main, compte comme un Cristal d'Énergie de valeur 2 quand vous la comptabilisez.",
    },
    permanent: [{ kind: 'crystalInHand', value: 2 }],
    abilities: [],
  },
  {
    id: 'druids.thornguard',
    civilisation: 'druids',
    rank: 'warrior',
    copies: 3,
    name: { en: 'Thornguard', fr: 'Garde-ronces' },
    text: {
      en: "+2 strength on your terrain (the attacked territory or your troops' tile is of your colour).",
      fr: '+2 en force sur votre terrain (territoire attaqué ou tuile de vos troupes de votre couleur).',
    },
    permanent: [{ kind: 'strengthOnTerrain', amount: 2 }],
    abilities: [],
  },
  {
    id: 'druids.treant',
    civilisation: 'druids',
    rank: 'greater',
    copies: 4,
    name: { en: 'Treant', fr: 'Tréant' },
    text: {
      en: 'In your hand, counts as an Energy Crystal of value 3 when you account for it.',
      fr: "Dans votre main, compte comme un Cristal d'Énergie de valeur 3 quand vous la comptabilisez.",
    },
    permanent: [{ kind: 'crystalInHand', value: 3 }],
    abilities: [],
  },
  {
    id: 'druids.stormcaller',
    civilisation: 'druids',
    rank: 'tactical',
    copies: 2,
    name: { en: 'Stormcaller', fr: "Mande-tempête" },
    text: { en: 'Delayed: your units get +1 strength for the rest of the combat.', fr: 'Retardée : vos unités gagnent +1 en force pour le reste du combat.' },
    permanent: [],
    abilities: [{ type: 'delayed', effects: [{ kind: 'boost', amount: 1, who: 'army' }], text: ARMY_BOOST }],
  },
  {
    id: 'druids.sage',
    civilisation: 'druids',
    rank: 'tactical',
    copies: 2,
    name: { en: 'Grove Sage', fr: 'Sage du bosquet' },
    text: {
      en: 'Immediate: discard a card from your hand to give your units +1 strength for the rest of the combat.',
      fr: 'Immédiate : défaussez une carte de votre main pour donner +1 en force à vos unités pour le reste du combat.',
    },
    permanent: [],
    abilities: [
      {
        type: 'immediate',
        effects: [{ kind: 'discardFromHand' }, { kind: 'boost', amount: 1, who: 'army' }],
        text: { en: 'Discard a card: your units +1 strength.', fr: 'Défaussez une carte : vos unités +1 en force.' },
      },
    ],
  },
  {
    id: 'druids.shaman',
    civilisation: 'druids',
    rank: 'champion',
    copies: 3,
    name: { en: 'Shaman', fr: 'Chamane' },
    text: {
      en: 'Immediate: your units get +1 strength for the rest of the combat. Immediate: draw 1 card.',
      fr: 'Immédiate : vos unités gagnent +1 en force pour le reste du combat. Immédiate : piochez 1 carte.',
    },
    permanent: [],
    abilities: [
      { type: 'immediate', effects: [{ kind: 'boost', amount: 1, who: 'army' }], text: ARMY_BOOST },
      { type: 'immediate', effects: [{ kind: 'draw', count: 1 }], text: { en: 'Draw 1 card.', fr: 'Piochez 1 carte.' } },
    ],
  },
  {
    id: 'druids.worldTree',
    civilisation: 'druids',
    rank: 'immortal',
    copies: 2,
    name: { en: 'World Tree', fr: 'Arbre-Monde' },
    text: {
      en: 'In your hand, counts as an Energy Crystal of value 4 when you account for it. +3 strength while you defend your own territory.',
      fr: "En main, compte comme un Cristal d'Énergie de valeur 4 quand vous la comptabilisez. +3 en force tant que vous défendez votre territoire.",
    },
    permanent: [{ kind: 'crystalInHand', value: 4 }, { kind: 'strengthDefending', amount: 3 }],
    abilities: [],
  },
];
