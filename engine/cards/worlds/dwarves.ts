import type { UnitDesign } from '../abilities.js';

/**
 * The dwarves of the mountains: the first designed cards (issue 21), taken from file 000's FAQ.
 * Their World's other places are still plain units of their rank.
 */
export const DWARVES: readonly UnitDesign[] = [
  {
    id: 'dwarves.infantrySquad',
    civilisation: 'dwarves',
    rank: 'basic',
    copies: 4,
    starting: 2,
    name: { en: 'Infantry Squad', fr: "Escouade d'infanterie" },
    text: {
      en: 'Immediate: reveal the top 2 cards of your deck to yourself; you may play the first if it is a unit, or discard it; put the rest back in any order.',
      fr: "Immédiate : révélez-vous les 2 cartes du dessus de votre pioche ; vous pouvez jouer la première si c'est une unité, ou la défausser ; replacez les autres dans l'ordre de votre choix.",
    },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'peek', count: 2 }], text: { en: 'Reveal the top 2 cards of your deck.', fr: 'Révélez les 2 cartes du dessus de votre pioche.' } }],
  },
  {
    id: 'dwarves.diggingMachine',
    civilisation: 'dwarves',
    rank: 'basic',
    copies: 4,
    starting: 1,
    name: { en: 'Digging Machine', fr: 'Foreuse' },
    text: {
      en: 'Immediate: harvest: gain 1 energy stock for each non-black territory next to a tile of your involved troops (beyond the map counts as black).',
      fr: "Immédiate : récoltez : gagnez 1 stock d'énergie par territoire non noir voisin d'une tuile de vos troupes impliquées (au-delà de la carte, tout est noir).",
    },
    permanent: [],
    abilities: [{ type: 'immediate', effects: [{ kind: 'harvest' }], text: { en: 'Harvest the neighbouring territories.', fr: 'Récoltez les territoires voisins.' } }],
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
];
