import type { UnitDesign } from '../abilities.js';
import type { Civilisation } from '../catalogue.js';
import { DRUIDS } from './druids.js';
import { DWARVES, DWARVES_IDENTITY } from './dwarves.js';
import type { Identity } from './identity.js';
import { MINERS, MINERS_IDENTITY } from './miners.js';
import { NECROMANCERS, NECROMANCERS_IDENTITY } from './necromancers.js';
import { TRITONS } from './tritons.js';

/**
 * Every designed unit card, one module per civilisation (ruling 8). The dwarves, the necromancers
 * and the miners are complete Worlds; the other civilisations have their first designed cards, and
 * the places of their Worlds those do not take are plain units of their rank (engine/cards/catalogue.ts).
 */
export const DESIGNS: readonly UnitDesign[] = [...DWARVES, ...NECROMANCERS, ...MINERS, ...DRUIDS, ...TRITONS];

/** The identity of each civilisation whose World is designed: its verb and its way to play (the Home screen and docs/cards.md say them). */
export const IDENTITIES: Readonly<Partial<Record<Civilisation, Identity>>> = {
  dwarves: DWARVES_IDENTITY,
  necromancers: NECROMANCERS_IDENTITY,
  miners: MINERS_IDENTITY,
};

export type { Identity };
