import type { AnyStage, GameState } from '../../engine/index.js';
import type { Key } from '../i18n/index.js';

/**
 * The guided first game's lessons (issue 22, item 6): one per phase of the game, in the order a
 * game meets them, each with its text and the rule it sums up.
 */
export type Topic = 'map' | 'portal' | 'production' | 'moves' | 'spread' | 'feints' | 'combat' | 'afterCombat' | 'exercise' | 'logistics' | 'end';

export const LESSONS: Readonly<Record<Topic, { readonly title: Key; readonly text: Key; readonly rule: string }>> = {
  map: { title: 'learn.map.title', text: 'learn.map.text', rule: 'M5' },
  portal: { title: 'learn.portal.title', text: 'learn.portal.text', rule: 'M11' },
  production: { title: 'learn.production.title', text: 'learn.production.text', rule: 'P2' },
  moves: { title: 'learn.moves.title', text: 'learn.moves.text', rule: 'E1' },
  spread: { title: 'learn.spread.title', text: 'learn.spread.text', rule: 'E3' },
  feints: { title: 'learn.feints.title', text: 'learn.feints.text', rule: 'E5' },
  combat: { title: 'learn.combat.title', text: 'learn.combat.text', rule: 'B6' },
  afterCombat: { title: 'learn.afterCombat.title', text: 'learn.afterCombat.text', rule: 'E15' },
  exercise: { title: 'learn.exercise.title', text: 'learn.exercise.text', rule: 'E16' },
  logistics: { title: 'learn.logistics.title', text: 'learn.logistics.text', rule: 'L1' },
  end: { title: 'learn.end.title', text: 'learn.end.text', rule: 'W1' },
};

/** The phase of the game a stage belongs to, as the lessons name it. */
function topicOfStage(stage: AnyStage): Topic | null {
  switch (stage.kind) {
    case 'pile':
    case 'take':
    case 'draw':
    case 'place':
    case 'blacks':
      return 'map';
    case 'portal':
    case 'finalRound':
      return 'portal';
    case 'deal':
    case 'reshuffle':
    case 'drawing':
    case 'production':
      return 'production';
    case 'moves':
      return 'moves';
    case 'spread':
      return 'spread';
    case 'secretCommit':
    case 'secretReveal':
      return stage.round.purpose === 'feint' ? 'feints' : 'logistics';
    case 'combats':
    case 'choose':
    case 'camps':
    case 'proposal':
    case 'discards':
    case 'armies':
    case 'abilities':
    case 'peek':
    case 'ignore':
    case 'strengths':
    case 'opposing':
    case 'losses':
    case 'refill':
    case 'consequences':
      return 'combat';
    case 'returnUnits':
    case 'keepOrAccount':
    case 'endCombat':
      return 'afterCombat';
    case 'exercise':
      return 'exercise';
    case 'troops':
    case 'vassalTroops':
    case 'requests':
    case 'vacate':
    case 'endDay':
      return 'logistics';
    case 'over':
      return 'end';
    case 'built':
      return null;
  }
}

/**
 * The lessons a position calls for: its phase's, after Production's once the conquest has begun
 * (Production plays itself, and a page may see the first position of a day after it).
 */
export function topicsAt(state: GameState): Topic[] {
  const topic = topicOfStage(state.phase.stage);
  if (topic === null) return [];
  return state.phase.name === 'conquest' && topic !== 'production' && topic !== 'end' ? ['production', topic] : [topic];
}
