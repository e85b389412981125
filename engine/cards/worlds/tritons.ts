import type { UnitDesign } from '../abilities.js';

/**
 * The tritons of the lakes: they **disrupt**. They neutralise enemy units and make the opponents
 * clear whole rows, at once or after every army is complete, and their own units removed from the
 * combat bring them cards.
 */

const NEUTRALISE = { en: 'Neutralise an enemy unit.', fr: 'Neutralisez une unité ennemie.' };
const CLEAR_ROW = { en: 'Clear the enemy row facing this unit.', fr: 'Videz la rangée ennemie en face de cette unité.' };
export const TRITONS: readonly UnitDesign[] = [
  {
    id: 'tritons.harpooner',
    civilisation: 'tritons',
    rank: 'basic',
    copies: 3,
    starting: 2,
    name: { en: 'Harpooner', fr: 'Harponneur' },
    text: {
      en: "Immediate: the opponents remove from the combat their units on this unit's row.",
      fr: "Immédiate : les adversaires retirent du combat leurs unités de la rangée de cette unité.",
    },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'removeRow' }], text: CLEAR_ROW }],
  },
  {
    id: 'tritons.decoy',
    civilisation: 'tritons',
    rank: 'basic',
    copies: 3,
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
      en: 'Immediate: play a unit from your hand to the left or right of this unit, on its row.',
      fr: 'Immédiate : jouez une unité de votre main à gauche ou à droite de cette unité, sur sa rangée.',
    },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'playBeside' }], text: { en: 'Play a unit beside it.', fr: 'Jouez une unité à côté.' } }],
  },
  {
    id: 'tritons.netCaster',
    civilisation: 'tritons',
    rank: 'warrior',
    copies: 3,
    name: { en: 'Net Caster', fr: 'Lanceur de filet' },
    text: { en: 'Immediate: neutralise a unit of an opponent (it counts 0 and loses its abilities).', fr: "Immédiate : neutralisez une unité d'un adversaire (elle compte 0 et perd ses capacités)." },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'neutralise' }], text: NEUTRALISE }],
  },
  {
    id: 'tritons.diver',
    civilisation: 'tritons',
    rank: 'warrior',
    copies: 3,
    name: { en: 'Pearl Diver', fr: 'Plongeur de perles' },
    text: { en: 'Immediate: draw 1 card.', fr: 'Immédiate : piochez 1 carte.' },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'draw', count: 1 }], text: { en: 'Draw 1 card.', fr: 'Piochez 1 carte.' } }],
  },
  {
    id: 'tritons.reefGuard',
    civilisation: 'tritons',
    rank: 'greater',
    copies: 4,
    name: { en: 'Reef Guard', fr: 'Garde du récif' },
    text: { en: 'Immediate: neutralise a unit of an opponent (it counts 0 and loses its abilities).', fr: "Immédiate : neutralisez une unité d'un adversaire (elle compte 0 et perd ses capacités)." },
    permanent: [],
    abilities: [
      {
        type: 'immediate',
        effects: [{ kind: 'neutralise' }],
        text: { en: 'Neutralise an enemy unit.', fr: 'Neutralisez une unité ennemie.' },
      },
    ],
  },
  {
    id: 'tritons.siren',
    civilisation: 'tritons',
    rank: 'tactical',
    copies: 2,
    name: { en: 'Siren', fr: 'Sirène' },
    text: { en: 'Delayed: neutralise a unit of an opponent (it counts 0 and loses its abilities).', fr: "Retardée : neutralisez une unité d'un adversaire (elle compte 0 et perd ses capacités)." },
    permanent: [],
    abilities: [{ type: 'delayed', effects: [{ kind: 'neutralise' }], text: NEUTRALISE }],
  },
  {
    id: 'tritons.tidecaller',
    civilisation: 'tritons',
    rank: 'tactical',
    copies: 2,
    name: { en: 'Tidecaller', fr: 'Mande-marée' },
    text: {
      en: "Delayed: the opponents remove from the combat their units on this unit's row.",
      fr: 'Retardée : les adversaires retirent du combat leurs unités de la rangée de cette unité.',
    },
    permanent: [],
    abilities: [{ type: 'delayed', effects: [{ kind: 'removeRow' }], text: CLEAR_ROW }],
  },
  {
    id: 'tritons.tideLord',
    civilisation: 'tritons',
    rank: 'champion',
    copies: 3,
    name: { en: 'Tide Lord', fr: 'Seigneur des marées' },
    text: {
      en: "Immediate: the opponents remove from the combat their units on this unit's row. Reaction (this unit is removed): draw 1 card.",
      fr: 'Immédiate : les adversaires retirent du combat leurs unités de sa rangée. Réaction (cette unité est retirée) : piochez 1 carte.',
    },
    permanent: [],
    abilities: [
      { type: 'immediate', effects: [{ kind: 'removeRow' }], text: CLEAR_ROW },
      { type: 'event', on: 'removed', effects: [{ kind: 'draw', count: 1 }], text: { en: 'Removed: draw 1 card.', fr: 'Retirée : piochez 1 carte.' } },
    ],
  },
  {
    id: 'tritons.kraken',
    civilisation: 'tritons',
    rank: 'immortal',
    copies: 2,
    name: { en: 'Kraken', fr: 'Kraken' },
    text: {
      en: "Immediate: neutralise a unit of an opponent. Delayed: the opponents remove from the combat their units on this unit's row.",
      fr: "Immédiate : neutralisez une unité d'un adversaire. Retardée : les adversaires retirent du combat leurs unités de sa rangée.",
    },
    permanent: [],
    abilities: [
      { type: 'immediate', effects: [{ kind: 'neutralise' }], text: NEUTRALISE },
      { type: 'delayed', effects: [{ kind: 'removeRow' }], text: CLEAR_ROW },
    ],
  },
];
