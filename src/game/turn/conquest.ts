import { abilities, ignore, peek } from './abilities.js';
import { armies, camps, choose, discards, keepOrAccount, losses, opposing, proposal, refill, returnUnits } from './combat.js';
import { deal, reshuffle, secretCommit, secretReveal } from './secrets.js';
import { exercise, moves, requests, spread, vacate, vassalTroops } from './steps.js';
import type { ConquestControllers, Controller } from './types.js';

/** A stage that never asks the person anything: a random draw, or the game over. */
const NOTHING: Controller<'drawing' | 'over'> = { view: () => null };

/**
 * The conquest's interactions (issue 10, item 3), one controller per decision stage of the
 * engine: a prompt, board highlights and, where counts or secrets are chosen, a panel, all built
 * from the engine's legal options and the person's draft. Reversible steps (moves, spreading) are
 * staged and sent on Done; irreversible choices ask first. A decision stage the engine adds
 * without a controller here does not compile.
 */
export const CONQUEST_CONTROLLERS: ConquestControllers = {
  deal,
  reshuffle,
  drawing: NOTHING,
  moves,
  spread,
  secretCommit,
  secretReveal,
  choose,
  camps,
  proposal,
  discards,
  armies,
  abilities,
  peek,
  ignore,
  opposing,
  losses,
  refill,
  returnUnits,
  keepOrAccount,
  exercise,
  vassalTroops,
  requests,
  vacate,
  over: NOTHING,
};
