import { type CardId, type GameEvent, type GameState, type Seat, type Technology, energyVictoryThreats, play } from '../../engine/index.js';
import { DIRECTION_NAME, hexLabel } from '../board/describe.js';
import { cardFace } from '../cards/cardInfo.js';
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

/** Counted cards as a person lists them: "2 × Energy Crystal (1), Warrior". */
export const countsWords = (counts: Iterable<readonly [CardId, number]>, lang: Language): string[] =>
  [...counts].map(([id, n]) => (n === 1 ? cardFace(id, lang).name : textIn(lang, 'log.copies', { count: n, name: cardFace(id, lang).name })));

/** Cards bought as a person lists them: "2 × Energy Crystal (1), Warrior, the technology Supremacy". */
export function cardsWords(cards: readonly CardId[], technologies: readonly Technology[], lang: Language): string {
  const counts = new Map<CardId, number>();
  for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...countsWords(counts, lang), ...technologies.map((tech) => textIn(lang, 'log.technology', { name: cardFace(tech, lang).name }))].join(', ');
}

/**
 * What the table did after an input, in words, from the engine's events: the outcomes a person
 * looks for (the day, production, what a secret round revealed and bought, strengths, losses,
 * territories taken, vassals, new troops, the end), not every step. `after` is the state the
 * input led to (what a purchase of Suprématie means is read there).
 */
export function describeEvents(state: GameState, events: readonly GameEvent[], lang: Language, after?: GameState): string[] {
  const who = (seat: Seat): string => playerLabel(seat, state.seats[seat]!.colour, lang);
  const out: string[] = [];
  for (const e of events) {
    switch (e.kind) {
      case 'conquestBegan':
        out.push(textIn(lang, 'log.dayBegan', { day: 1, player: who(e.first) }));
        break;
      case 'dayBegan':
        out.push(textIn(lang, 'log.dayBegan', { day: e.day, player: who(e.first) }));
        break;
      case 'produced':
        out.push(textIn(lang, 'log.produced', { player: who(e.seat), energy: e.energy, pure: e.pure }));
        break;
      case 'tributePaid':
        out.push(textIn(lang, 'log.tributePaid', { player: who(e.seat), suzerain: who(e.to), energy: e.energy, pure: e.pure }));
        break;
      case 'feintsRevealed': {
        const feints = e.feints.map((f) => textIn(lang, 'log.feint', { count: f.count, at: hexLabel(f.at), dir: DIRECTION_NAME[lang][f.dir] ?? String(f.dir) }));
        out.push(feints.length === 0 ? textIn(lang, 'log.noFeint', { player: who(e.seat) }) : textIn(lang, 'log.feints', { player: who(e.seat), feints: feints.join('; ') }));
        break;
      }
      case 'cardsBought': {
        out.push(textIn(lang, 'log.bought', { player: who(e.seat), cards: cardsWords(e.cards, e.technologies, lang) }));
        const threat = e.technologies.includes('supremacy') && after ? energyVictoryThreats(after).find((x) => x.seat === e.seat) : undefined;
        if (threat) out.push(textIn(lang, 'log.supremacyBought', { player: who(e.seat), day: threat.fromDay }));
        break;
      }
      case 'newTroops':
        out.push(textIn(lang, 'log.newTroops', { player: who(e.seat), count: e.count, at: hexLabel(e.at) }));
        break;
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
      case 'won': {
        // W2's why: the day Suprématie was bought and the day whose end it won.
        const since = state.players[e.seat]?.supremacyDay ?? null;
        const day = state.phase.name === 'conquest' ? state.phase.day : null;
        if (e.how === 'energy' && since !== null && day !== null) out.push(textIn(lang, 'log.wonEnergyWhy', { player: who(e.seat), since, day }));
        else out.push(textIn(lang, e.how === 'supremacy' ? 'log.wonSupremacy' : 'log.wonEnergy', { player: who(e.seat) }));
        break;
      }
      default:
        break;
    }
  }
  return out;
}
