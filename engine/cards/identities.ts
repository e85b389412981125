import type { Text } from './abilities.js';
import type { Civilisation } from './catalogue.js';

/**
 * What each civilisation is like (issue 21, items 3 and 4): one line of identity, the way its
 * World plays, in both languages. The page shows it where a civilisation is chosen (Home, the
 * lobby) and on the cards page; docs may quote it. Data only: the cards of each World
 * (engine/cards/worlds/) are what make it true.
 */
export interface CivilisationIdentity {
  /** The style in one or two words: "swarm". */
  readonly style: Text;
  /** The line: what the style means in play. */
  readonly line: Text;
}

export const CIVILISATION_IDENTITY: Readonly<Record<Civilisation, CivilisationIdentity>> = {
  elves: {
    style: { en: 'Swarm', fr: 'Nuée' },
    line: { en: 'Many cheap units, played beside one another.', fr: 'Beaucoup d’unités bon marché, jouées les unes à côté des autres.' },
  },
  dwarves: {
    style: { en: 'Fortify', fr: 'Fortification' },
    line: { en: 'Units side by side that are hard to remove.', fr: 'Des unités côte à côte, difficiles à retirer.' },
  },
  necromancers: {
    style: { en: 'Return from the dead', fr: 'Retour d’entre les morts' },
    line: { en: 'The discard pile is a resource: what falls comes back.', fr: 'La défausse est une ressource : ce qui tombe revient.' },
  },
  miners: {
    style: { en: 'Harvest energy', fr: 'Récolte d’énergie' },
    line: { en: 'Gain and spend energy, and buy units during a combat.', fr: 'Gagnez et dépensez de l’énergie, et achetez des unités pendant un combat.' },
  },
  druids: {
    style: { en: 'Grow the land', fr: 'Faire croître la terre' },
    line: { en: 'Favourable Ground, terrain, and cards worth energy in your hand.', fr: 'Le Terrain Favorable, le terrain, et des cartes qui valent de l’énergie en main.' },
  },
  tritons: {
    style: { en: 'Disrupt', fr: 'Perturbation' },
    line: { en: 'Neutralise enemy units and clear whole rows.', fr: 'Neutralisez des unités ennemies et videz des rangées entières.' },
  },
};
