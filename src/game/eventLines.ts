import { type GameEvent, type GameState, type Seat, play } from '../../engine/index.js';
import { hexLabel } from '../board/describe.js';
import { type Language, playerLabel } from '../display/index.js';
import { textIn } from '../i18n/index.js';

/** Events of the input applied to a state: states are immutable values, so each is played once. */
const EVENTS = new WeakMap<GameState, readonly GameEvent[] | null>();
export function eventsAfter(state: GameState, input: unknown): readonly GameEvent[] | null {
  if (!EVENTS.has(state)) {
    const r = play(state, input);
    EVENTS.set(state, r.ok ? r.value.events : null);
  }
  return EVENTS.get(state)!;
}

/**
 * What the table did after an input, in words, from the engine's events: the outcomes a person
 * looks for (strengths, losses, territories taken, vassals, the end), not every step.
 */
export function describeEvents(state: GameState, events: readonly GameEvent[], lang: Language): string[] {
  const who = (seat: Seat): string => playerLabel(seat, state.seats[seat]!.colour, lang);
  const out: string[] = [];
  for (const e of events) {
    switch (e.kind) {
      case 'strengths': {
        const parts = Object.entries(e.strengths).map(([s, n]) => `${who(Number(s))} ${n}`);
        if (e.wild !== null) parts.push(textIn(lang, 'log.wildStrength', { value: e.wild }));
        out.push(textIn(lang, 'log.strengths', { sides: parts.join(', ') }));
        break;
      }
      case 'troopsLost':
        out.push(textIn(lang, 'log.troopsLost', { player: who(e.seat), count: e.count, at: hexLabel(e.at) }));
        break;
      case 'territoryTaken':
        out.push(textIn(lang, 'log.territoryTaken', { player: who(e.seat), at: hexLabel(e.at) }));
        break;
      case 'wildDefeated':
        out.push(textIn(lang, 'log.wildDefeated', { at: hexLabel(e.at) }));
        break;
      case 'combatDropped':
        out.push(textIn(lang, 'log.combatDropped'));
        break;
      case 'vassalMade':
        out.push(textIn(lang, 'log.vassalMade', { vassal: who(e.vassal), suzerain: who(e.suzerain) }));
        break;
      case 'vassalFreed':
        out.push(textIn(lang, 'log.vassalFreed', { vassal: who(e.vassal) }));
        break;
      case 'forfeited':
        out.push(textIn(lang, 'log.forfeited', { player: who(e.seat) }));
        break;
      case 'won':
        out.push(textIn(lang, e.how === 'supremacy' ? 'log.wonSupremacy' : 'log.wonEnergy', { player: who(e.seat) }));
        break;
      default:
        break;
    }
  }
  return out;
}
