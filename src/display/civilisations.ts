import type { Civilisation, Colour } from '../../engine/index.js';

/**
 * How each civilisation is drawn on its cards: the terrain whose colour it wears (its favoured
 * terrain, ruling 1, by its flavour: elves of the forests, dwarves of the mountains, tritons of the
 * lakes...). A display choice only: a seat's colour is chosen apart (Home), and the cards of a World
 * look the same whatever colour their player took. The emblem itself is drawn in src/cards/art.tsx.
 */
export const CIVILISATION_TERRAIN: Readonly<Record<Civilisation, Colour>> = {
  elves: 'forest',
  dwarves: 'mountain',
  necromancers: 'marsh',
  miners: 'desert',
  druids: 'plain',
  tritons: 'lake',
};
