import type { UnitDesign } from '../abilities.js';

/**
 * The necromancers: they **return from the dead**. Their discard pile is a resource: they raise
 * units from it, destroy its cards for strength, and sacrifice their own units for cards and
 * energy; their dead come back to the World to be raised again. The Skeleton is file 000's.
 */
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
  {
    id: 'necromancers.ghoul',
    civilisation: 'necromancers',
    rank: 'basic',
    copies: 2,
    starting: 1,
    name: { en: 'Ghoul', fr: 'Goule' },
    text: {
      en: 'Reaction (another unit of your army is destroyed): this unit gets +1 strength for the rest of the combat.',
      fr: 'Réaction (une autre unité de votre armée est détruite) : cette unité gagne +1 en force pour le reste du combat.',
    },
    permanent: [],
    abilities: [{ type: 'event', on: 'allyDestroyed', effects: [{ kind: 'boost', amount: 1, who: 'self' }], text: { en: 'A unit of yours destroyed: +1 strength.', fr: 'Une de vos unités détruite : +1 en force.' } }],
  },
  {
    id: 'necromancers.gravedigger',
    civilisation: 'necromancers',
    rank: 'warrior',
    copies: 3,
    name: { en: 'Gravedigger', fr: 'Fossoyeur' },
    text: { en: 'Immediate: add a unit of cost 1 from your discard pile to your army.', fr: 'Immédiate : ajoutez à votre armée une unité de coût 1 de votre défausse.' },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'raise', maxCost: 1 }], text: { en: 'Raise a cost-1 unit from your discard pile.', fr: 'Relevez une unité de coût 1 de votre défausse.' } }],
  },
  {
    id: 'necromancers.cultist',
    civilisation: 'necromancers',
    rank: 'warrior',
    copies: 3,
    name: { en: 'Cultist', fr: 'Cultiste' },
    text: { en: 'Immediate: destroy another unit of your army to draw 2 cards.', fr: 'Immédiate : détruisez une autre unité de votre armée pour piocher 2 cartes.' },
    permanent: [],
    abilities: [
      {
        type: 'immediate',
        effects: [{ kind: 'sacrifice' }, { kind: 'draw', count: 2 }],
        text: { en: 'Sacrifice a unit to draw 2 cards.', fr: 'Sacrifiez une unité pour piocher 2 cartes.' },
      },
    ],
  },
  {
    id: 'necromancers.deathKnight',
    civilisation: 'necromancers',
    rank: 'greater',
    copies: 4,
    name: { en: 'Death Knight', fr: 'Chevalier de la mort' },
    text: {
      en: 'Immediate: destroy a card of your discard pile to give this unit +2 strength for the rest of the combat.',
      fr: 'Immédiate : détruisez une carte de votre défausse pour donner +2 en force à cette unité pour le reste du combat.',
    },
    permanent: [],
    abilities: [
      {
        type: 'immediate',
        effects: [{ kind: 'destroyFromDiscard' }, { kind: 'boost', amount: 2, who: 'self' }],
        text: { en: 'Destroy a discarded card: +2 strength.', fr: 'Détruisez une carte défaussée : +2 en force.' },
      },
    ],
  },
  {
    id: 'necromancers.necromancer',
    civilisation: 'necromancers',
    rank: 'tactical',
    copies: 2,
    name: { en: 'Necromancer', fr: 'Nécromancien' },
    text: { en: 'Delayed: add a unit of cost 3 or less from your discard pile to your army.', fr: 'Retardée : ajoutez à votre armée une unité de coût 3 ou moins de votre défausse.' },
    permanent: [],
    abilities: [{ type: 'delayed', effects: [{ kind: 'raise', maxCost: 3 }], text: { en: 'Raise a unit of cost 3 or less.', fr: 'Relevez une unité de coût 3 ou moins.' } }],
  },
  {
    id: 'necromancers.soulReaper',
    civilisation: 'necromancers',
    rank: 'tactical',
    copies: 2,
    name: { en: 'Soul Reaper', fr: "Faucheuse d'âmes" },
    text: { en: 'Post-combat: destroy another unit of your army to gain 2 energy stocks.', fr: "Post-combat : détruisez une autre unité de votre armée pour gagner 2 stocks d'énergie." },
    permanent: [],
    abilities: [
      {
        type: 'postCombat',
        effects: [{ kind: 'sacrifice' }, { kind: 'gain', amount: 2 }],
        text: { en: 'Sacrifice a unit for 2 energy stocks.', fr: "Sacrifiez une unité pour 2 stocks d'énergie." },
      },
    ],
  },
  {
    id: 'necromancers.graveLord',
    civilisation: 'necromancers',
    rank: 'champion',
    copies: 3,
    name: { en: 'Grave Lord', fr: 'Seigneur des tombes' },
    text: {
      en: 'Immediate: add a unit of cost 2 or less from your discard pile to your army. Reaction (another unit of yours is destroyed): +1 strength.',
      fr: 'Immédiate : ajoutez à votre armée une unité de coût 2 ou moins de votre défausse. Réaction (une autre de vos unités détruite) : +1 en force.',
    },
    permanent: [],
    abilities: [
      { type: 'immediate', effects: [{ kind: 'raise', maxCost: 2 }], text: { en: 'Raise a unit of cost 2 or less.', fr: 'Relevez une unité de coût 2 ou moins.' } },
      { type: 'event', on: 'allyDestroyed', effects: [{ kind: 'boost', amount: 1, who: 'self' }], text: { en: 'A unit of yours destroyed: +1 strength.', fr: 'Une de vos unités détruite : +1 en force.' } },
    ],
  },
  {
    id: 'necromancers.lich',
    civilisation: 'necromancers',
    rank: 'immortal',
    copies: 2,
    name: { en: 'Lich', fr: 'Liche' },
    text: {
      en: 'Gets +1 strength per unit card in your discard pile (max +3). Delayed: add one of cost 5 or less to your army.',
      fr: "Gagne +1 en force par carte d'unité de votre défausse (max +3). Retardée : ajoutez-en une de coût 5 ou moins à votre armée.",
    },
    permanent: [{ kind: 'strengthFromDiscard', max: 3 }],
    abilities: [{ type: 'delayed', effects: [{ kind: 'raise', maxCost: 5 }], text: { en: 'Raise a unit of cost 5 or less.', fr: 'Relevez une unité de coût 5 ou moins.' } }],
  },
];
