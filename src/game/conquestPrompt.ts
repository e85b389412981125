import type { GameState, Stage } from '../../engine/index.js';
import type { Key } from '../i18n/index.js';

/** What the conquest waits for, as a dictionary key (the stage, or the step of a battle or secret round). */
export function stageKey(state: GameState): Key {
  if (state.phase.name !== 'conquest') return 'conquest.stage.other';
  return keyOf(state.phase.stage);
}

function keyOf(stage: Stage): Key {
  switch (stage.kind) {
    case 'deal':
    case 'reshuffle':
    case 'drawing':
    case 'moves':
    case 'spread':
    case 'choose':
    case 'camps':
    case 'proposal':
    case 'discards':
    case 'armies':
    case 'abilities':
    case 'peek':
    case 'ignore':
    case 'opposing':
    case 'losses':
    case 'refill':
    case 'returnUnits':
    case 'keepOrAccount':
    case 'exercise':
    case 'requests':
    case 'vacate':
    case 'vassalTroops':
      return `conquest.stage.${stage.kind}`;
    case 'secretCommit':
    case 'secretReveal':
      return `conquest.stage.${stage.round.purpose}`;
    case 'production':
    case 'combats':
    case 'strengths':
    case 'consequences':
    case 'endCombat':
    case 'troops':
    case 'endDay':
    case 'over':
      return 'conquest.stage.other';
  }
}
