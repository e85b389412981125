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
    case 'exercise':
    case 'requests':
    case 'vassalTroops':
      return `conquest.stage.${stage.kind}`;
    case 'secret':
      return `conquest.stage.${stage.round.purpose}`;
    case 'battle':
      return `conquest.stage.${stage.battle.step}`;
    case 'production':
    case 'combats':
    case 'troops':
    case 'endDay':
    case 'over':
      return 'conquest.stage.other';
  }
}
