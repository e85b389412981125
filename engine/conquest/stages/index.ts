import { abilitiesStage, ignoreStage, peekStage } from './abilities.js';
import { armiesStage, campsStage, discardsStage, proposalStage } from './combat.js';
import { dealStage, drawingStage, reshuffleStage } from './deals.js';
import { chooseStage, exerciseStage, movesStage, spreadStage } from './expansion.js';
import { overStage, requestsStage, vacateStage, vassalTroopsStage } from './logistics.js';
import { keepStage, lossesStage, opposingStage, refillStage, returnStage } from './resolution.js';
import { commitStage, revealStage } from './secret.js';

/**
 * The conquest's decision stages (K, E, B, S, L): for each, who it awaits, the actions it accepts
 * (each checked and offered by the same code) and the table's passive choice for an absent seat
 * (T5). The game's registry (engine/game/registry.ts) gathers them.
 */
export const CONQUEST_STAGES = {
  deal: dealStage,
  reshuffle: reshuffleStage,
  drawing: drawingStage,
  moves: movesStage,
  spread: spreadStage,
  secretCommit: commitStage,
  secretReveal: revealStage,
  choose: chooseStage,
  camps: campsStage,
  proposal: proposalStage,
  discards: discardsStage,
  armies: armiesStage,
  abilities: abilitiesStage,
  peek: peekStage,
  ignore: ignoreStage,
  opposing: opposingStage,
  losses: lossesStage,
  refill: refillStage,
  returnUnits: returnStage,
  keepOrAccount: keepStage,
  exercise: exerciseStage,
  vassalTroops: vassalTroopsStage,
  requests: requestsStage,
  vacate: vacateStage,
  over: overStage,
} as const;

export { pendingDeal } from './deals.js';
export { passiveChoice, secretOption } from './secret.js';
export { combatOf } from './expansion.js';
export { accountBounds } from './resolution.js';
