import type { UnitDesign } from '../abilities.js';

/** The necromancers: the first designed cards (issue 21). The Skeleton is file 000's. */
export const NECROMANCERS: readonly UnitDesign[] = [
  {
    id: 'necromancers.skeleton',
    civilisation: 'necromancers',
    rank: 'basic',
    copies: 4,
    starting: 2,
    name: { en: 'Skeleton', fr: 'Squelette' },
    text: {
      en: 'Delayed: this unit gets +1 strength. If this unit must be removed from the combat, it is destroyed instead.',
      fr: 'Retardée : cette unité gagne +1 en force. Si cette unité doit être retirée du combat, elle est détruite à la place.',
    },
    permanent: [{ kind: 'destroyedIfRemoved' }],
    abilities: [{ type: 'delayed', effects: [{ kind: 'boost', amount: 1, who: 'self' }], text: { en: '+1 strength.', fr: '+1 en force.' } }],
  },
  {
    id: 'necromancers.graveCaller',
    civilisation: 'necromancers',
    rank: 'basic',
    copies: 2,
    starting: 1,
    name: { en: 'Grave Caller', fr: 'Appeleur de tombes' },
    text: {
      en: 'Delayed: destroy a card of your discard pile to add a Skeleton from your World to your army.',
      fr: 'Retardée : détruisez une carte de votre défausse pour ajouter un Squelette de votre Monde à votre armée.',
    },
    permanent: [],
    abilities: [
      {
        type: 'delayed',
        effects: [{ kind: 'destroyFromDiscard' }, { kind: 'summon', card: 'necromancers.skeleton' }],
        text: { en: 'Destroy a discarded card to raise a Skeleton.', fr: 'Détruisez une carte défaussée pour relever un Squelette.' },
      },
    ],
  },
];
