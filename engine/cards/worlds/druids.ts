import type { UnitDesign } from '../abilities.js';

/** The druids: the first designed cards (issue 21). The Shaman is file 000's. */
export const DRUIDS: readonly UnitDesign[] = [
  {
    id: 'druids.shaman',
    civilisation: 'druids',
    rank: 'basic',
    copies: 3,
    starting: 1,
    name: { en: 'Shaman', fr: 'Chamane' },
    text: {
      en: 'Immediate: your units get +1 strength for the rest of the combat. Immediate: draw 1 card.',
      fr: 'Immédiate : vos unités gagnent +1 en force pour le reste du combat. Immédiate : piochez 1 carte.',
    },
    permanent: [],
    abilities: [
      { type: 'immediate', effects: [{ kind: 'boost', amount: 1, who: 'army' }], text: { en: 'Your units: +1 strength for the rest of the combat.', fr: 'Vos unités : +1 en force pour le reste du combat.' } },
      { type: 'immediate', effects: [{ kind: 'draw', count: 1 }], text: { en: 'Draw 1 card.', fr: 'Piochez 1 carte.' } },
    ],
  },
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
    copies: 2,
    starting: 1,
    name: { en: 'Seedling', fr: 'Pousse' },
    text: {
      en: 'In your hand, counts as an Energy Crystal of value 1 when you account for it. Immediate: discard a card from your hand: this unit gets +2 strength.',
      fr: "Dans votre main, compte comme un Cristal d'Énergie de valeur 1 quand vous la comptabilisez. Immédiate : défaussez une carte de votre main : cette unité gagne +2 en force.",
    },
    permanent: [{ kind: 'crystalInHand', value: 1 }],
    abilities: [
      {
        type: 'immediate',
        effects: [{ kind: 'discardFromHand' }, { kind: 'boost', amount: 2, who: 'self' }],
        text: { en: 'Discard a card: +2 strength.', fr: 'Défaussez une carte : +2 en force.' },
      },
    ],
  },
];
