import type { UnitDesign } from '../abilities.js';
import { DRUIDS } from './druids.js';
import { DWARVES } from './dwarves.js';
import { ELVES } from './elves.js';
import { MINERS } from './miners.js';
import { NECROMANCERS } from './necromancers.js';
import { TRITONS } from './tritons.js';

/**
 * Every designed unit card, one module per civilisation (ruling 8). The dwarves, the necromancers,
 * the miners, the elves, the druids and the tritons are complete Worlds: every place of each is a designed card
 * (a plain unit of a rank, engine/cards/catalogue.ts, remains a card id that no World holds).
 */
export const DESIGNS: readonly UnitDesign[] = [...DWARVES, ...NECROMANCERS, ...MINERS, ...ELVES, ...DRUIDS, ...TRITONS];
