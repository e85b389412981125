import type { UnitDesign } from '../abilities.js';

/** The tritons of the lakes: the first designed cards (issue 21): rows, placement and removal. */
export const TRITONS: readonly UnitDesign[] = [
  {
    id: 'tritons.harpooner',
    civilisation: 'tritons',
    rank: 'basic',
    copies: 3,
    starting: 1,
    name: { en: 'Harpooner', fr: 'Harponneur' },
    text: {
      en: "Immediate: the opponents remove from the combat their units on this unit's row.",
      fr: "Immédiate : les adversaires retirent du combat leurs unités de la rangée de cette unité.",
    },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'removeRow' }], text: { en: "Clear the enemy row facing this unit.", fr: 'Videz la rangée ennemie en face de cette unité.' } }],
  },
  {
    id: 'tritons.decoy',
    civilisation: 'tritons',
    rank: 'basic',
    copies: 3,
    starting: 1,
    name: { en: 'Decoy', fr: 'Leurre' },
    text: { en: 'Reaction (this unit is removed from the combat): draw 1 card.', fr: 'Réaction (cette unité est retirée du combat) : piochez 1 carte.' },
    permanent: [],
    abilities: [{ type: 'event', on: 'removed', effects: [{ kind: 'draw', count: 1 }], text: { en: 'Removed: draw 1 card.', fr: 'Retirée : piochez 1 carte.' } }],
  },
  {
    id: 'tritons.vanguard',
    civilisation: 'tritons',
    rank: 'basic',
    copies: 2,
    starting: 1,
    name: { en: 'Vanguard', fr: 'Avant-garde' },
    text: {
      en: 'Immediate: play a unit from your hand to the left or right of this unit. +1 strength while a unit stands beside it on its row.',
      fr: "Immédiate : jouez une unité de votre main à gauche ou à droite de cette unité. +1 en force tant qu'une unité se tient à côté d'elle sur sa rangée.",
    },
    permanent: [{ kind: 'strengthBeside', amount: 1 }],
    abilities: [{ type: 'immediate', effects: [{ kind: 'playBeside' }], text: { en: 'Play a unit beside it.', fr: 'Jouez une unité à côté.' } }],
  },
];
