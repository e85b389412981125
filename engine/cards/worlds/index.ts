import type { UnitDesign } from '../abilities.js';
import { DRUIDS } from './druids.js';
import { DWARVES } from './dwarves.js';
import { ELVES } from './elves.js';
import { MINERS } from './miners.js';
import { NECROMANCERS } from './necromancers.js';
import { TRITONS } from './tritons.js';

/**
 * Every designed unit card, one module per civilisation (ruling 8). The dwarves, the necromancers,
 * the miners, the elves and the druids are complete Worlds; the tritons have their first designed cards, and
 * the places of their World those do not take are plain units of their rank (engine/cards/catalogue.ts).
 */
export const DESIGNS: readonly UnitDesign[] = [...DWARVES, ...NECROMANCERS, ...MINERS, ...ELVES, ...DRUIDS, ...TRITONS];
