import type { UnitDesign } from '../abilities.js';
import type { Civilisation } from '../catalogue.js';
import { DRUIDS } from './druids.js';
import { DWARVES } from './dwarves.js';
import type { Identity } from './identity.js';
import { MINERS } from './miners.js';
import { NECROMANCERS } from './necromancers.js';
import { TRITONS } from './tritons.js';

/**
 * Every designed unit card, one module per civilisation (ruling 8). These are the first cards of
 * the designed content (issue 21): enough to exercise every ability type and timing rule. The
 * places of a World they do not take are plain units of their rank (engine/cards/catalogue.ts).
 */
export const DESIGNS: readonly UnitDesign[] = [...DWARVES, ...NECROMANCERS, ...MINERS, ...DRUIDS, ...TRITONS];

/** The identity of each civilisation whose World is designed: its verb and its way to play (the Home screen and docs/cards.md say them). */
export const IDENTITIES: Readonly<Partial<Record<Civilisation, Identity>>> = {};

export type { Identity };
