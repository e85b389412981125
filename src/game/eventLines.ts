import { type BattleUnit, type CardId, type GameEvent, type GameState, type Seat, type Technology, energyVictoryThreats, play } from '../../engine/index.js';
import { DIRECTION_NAME, hexLabel } from '../board/describe.js';
import { cardFace } from '../cards/cardInfo.js';
import { type Language, playerLabel } from '../display/index.js';
import { type Key, textIn } from '../i18n/index.js';
import { NEGATIVE_NAME, abilityWords, unitIn } from './conquest/effects.js';

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

/** What an event's line is read with: the state the input was applied to (and the one it led to), the language, the input. */
interface LineContext {
  readonly state: GameState;
  readonly after: GameState | undefined;
  readonly lang: Language;
  readonly input: unknown;
  readonly who: (seat: Seat) => string;
}

/** A unit's card, by its number in the combat the input was applied to (or led to). */
function unitCardAt(c: LineContext, id: number | null): CardId | null {
  if (id === null) return null;
  for (const s of [c.state, c.after]) {
    const stage = s?.phase.stage;
    const unit = stage && 'battle' in stage ? unitIn(stage.battle, id) : undefined;
    if (unit) return unit.card;
  }
  return null;
}

const unitWords = (c: LineContext, unit: BattleUnit, key: Key): string => textIn(c.lang, key, { player: c.who(unit.owner), card: cardFace(unit.card, c.lang).name });
const cardList = (cards: readonly CardId[], lang: Language): string => cardsWords(cards, [], lang);
/** A draw that an ability's effect made (K15): the draws before an ability window goes on, not the hands refilled. */
const drawnByEffect = (state: GameState): boolean => state.phase.name === 'conquest' && state.phase.stage.kind === 'drawing' && state.phase.stage.pending.then.kind === 'abilities';

/** One function per event kind: its lines, or null for an event a person need not read. A mapped type: an event added to the engine without its entry here does not compile. */
type EventLines = { readonly [K in GameEvent['kind']]: ((e: Extract<GameEvent, { kind: K }>, c: LineContext) => readonly string[]) | null };

const LINES: EventLines = {
  conquestBegan: (e, c) => [textIn(c.lang, 'log.dayBegan', { day: 1, player: c.who(e.first) })],
  dayBegan: (e, c) => [textIn(c.lang, 'log.dayBegan', { day: e.day, player: c.who(e.first) })],
  produced: (e, c) => [textIn(c.lang, 'log.produced', { player: c.who(e.seat), energy: e.energy, pure: e.pure })],
  tributePaid: (e, c) => [textIn(c.lang, 'log.tributePaid', { player: c.who(e.seat), suzerain: c.who(e.to), energy: e.energy, pure: e.pure })],
  feintsRevealed: (e, c) => {
    const feints = e.feints.map((f) => textIn(c.lang, 'log.feint', { count: f.count, at: hexLabel(f.at), dir: DIRECTION_NAME[c.lang][f.dir] ?? String(f.dir) }));
    return [feints.length === 0 ? textIn(c.lang, 'log.noFeint', { player: c.who(e.seat) }) : textIn(c.lang, 'log.feints', { player: c.who(e.seat), feints: feints.join('; ') })];
  },
  cardsBought: (e, c) => {
    const out = [textIn(c.lang, 'log.bought', { player: c.who(e.seat), cards: cardsWords(e.cards, e.technologies, c.lang) })];
    const threat = e.technologies.includes('supremacy') && c.after ? energyVictoryThreats(c.after).find((x) => x.seat === e.seat) : undefined;
    if (threat) out.push(textIn(c.lang, 'log.supremacyBought', { player: c.who(e.seat), day: threat.fromDay }));
    return out;
  },
  newTroops: (e, c) => [textIn(c.lang, 'log.newTroops', { player: c.who(e.seat), count: e.count, at: hexLabel(e.at) })],
  strengths: (e, c) => {
    const parts = Object.entries(e.strengths).map(([s, n]) => `${c.who(Number(s))} ${n}`);
    if (e.wild !== null) parts.push(textIn(c.lang, 'log.wildStrength', { value: e.wild }));
    return [textIn(c.lang, 'log.strengths', { sides: parts.join(', ') })];
  },
  troopsLost: (e, c) => [textIn(c.lang, 'log.troopsLost', { player: c.who(e.seat), count: e.count, at: hexLabel(e.at) })],
  territoryTaken: (e, c) => [textIn(c.lang, 'log.territoryTaken', { player: c.who(e.seat), at: hexLabel(e.at) })],
  wildDefeated: (e, c) => [textIn(c.lang, 'log.wildDefeated', { at: hexLabel(e.at) })],
  combatDropped: (_e, c) => [textIn(c.lang, 'log.combatDropped')],
  vassalMade: (e, c) => [textIn(c.lang, 'log.vassalMade', { vassal: c.who(e.vassal), suzerain: c.who(e.suzerain) })],
  vassalFreed: (e, c) => [textIn(c.lang, 'log.vassalFreed', { vassal: c.who(e.vassal) })],
  forfeited: (e, c) => [textIn(c.lang, 'log.forfeited', { player: c.who(e.seat) })],
  won: (e, c) => {
    // W2's why: the day Suprématie was bought and the day whose end it won.
    const since = c.state.players[e.seat]?.supremacyDay ?? null;
    const day = c.state.phase.name === 'conquest' ? c.state.phase.day : null;
    if (e.how === 'energy' && since !== null && day !== null) return [textIn(c.lang, 'log.wonEnergyWhy', { player: c.who(e.seat), since, day })];
    return [textIn(c.lang, e.how === 'supremacy' ? 'log.wonSupremacy' : 'log.wonEnergy', { player: c.who(e.seat) })];
  },
  // Card effects (K14-K18): every one that happens is a line, from its event.
  abilityActivated: (e, c) => {
    const card = unitCardAt(c, e.unit);
    return card ? [textIn(c.lang, 'log.abilityActivated', { player: c.who(e.seat), card: cardFace(card, c.lang).name, ability: abilityWords(card, e.ability, c.lang) })] : [];
  },
  // A unit played from the hand is said by the action's own line; one added by an effect is said here.
  unitEntered: (e, c) => (isPlayUnit(c.input) ? [] : [textIn(c.lang, 'log.unitEntered', { player: c.who(e.unit.owner), card: cardFace(e.unit.card, c.lang).name, row: e.unit.row + 1 })]),
  strengthBoosted: (e, c) => {
    const card = unitCardAt(c, e.unit);
    if (e.unit === null || !card) return [textIn(c.lang, 'log.boostedArmy', { player: c.who(e.seat), amount: e.amount })];
    return [textIn(c.lang, 'log.boostedUnit', { player: c.who(e.seat), card: cardFace(card, c.lang).name, amount: e.amount })];
  },
  unitNeutralised: (e, c) => [unitWords(c, e.unit, 'log.unitNeutralised')],
  energyGained: (e, c) => [textIn(c.lang, 'log.energyGained', { player: c.who(e.seat), count: e.count })],
  unitBought: (e, c) => [textIn(c.lang, 'log.unitBought', { player: c.who(e.seat), card: cardFace(e.card, c.lang).name, count: e.cost })],
  effectIgnored: (e, c) => {
    const name = e.effect in NEGATIVE_NAME ? textIn(c.lang, NEGATIVE_NAME[e.effect as keyof typeof NEGATIVE_NAME]) : e.effect;
    return [textIn(c.lang, 'log.effectIgnored', { player: c.who(e.seat), by: c.who(e.by), effect: name })];
  },
  unitLeft: (e, c) => [unitWords(c, e.unit, 'log.unitLeft')],
  unitDestroyed: (e, c) => [unitWords(c, e.unit, 'log.unitDestroyed')],
  cardsDestroyed: (e, c) => [textIn(c.lang, 'log.cardsDestroyed', { player: c.who(e.seat), cards: cardList(e.cards, c.lang) })],
  cardsDiscarded: (e, c) => (e.cards.length > 0 ? [textIn(c.lang, 'log.cardsDiscarded', { player: c.who(e.seat), cards: cardList(e.cards, c.lang) })] : []),
  cardsPeeked: (e, c) => [textIn(c.lang, 'log.cardsPeeked', { player: c.who(e.seat), count: e.count })],
  cardsPutBack: (e, c) => (e.count > 0 ? [textIn(c.lang, 'log.cardsPutBack', { player: c.who(e.seat), count: e.count })] : []),
  cardsDrawn: (e, c) => (drawnByEffect(c.state) ? [textIn(c.lang, 'log.effectDraw', { player: c.who(e.seat), count: e.count })] : []),
  // What a person need not read here: said by the action's own line, shown on the board, or a step of the protocol.
  pileCommitted: null,
  tileDrawn: null,
  tilePlaced: null,
  tileSetAside: null,
  blackPlaced: null,
  blacksOwed: null,
  portalPlaced: null,
  portalRemoved: null,
  turnEnded: null,
  finalRoundBegan: null,
  deckCommitted: null,
  troopsMoved: null,
  troopsSpread: null,
  finished: null,
  choiceCommitted: null,
  combatsListed: null,
  combatBegan: null,
  campJoined: null,
  proposed: null,
  proposalAnswered: null,
  troopsWithdrawn: null,
  abilityWindow: null,
  opposingChosen: null,
  lossesWorkedOut: null,
  territoryRefilled: null,
  territoryLost: null,
  portalTaken: null,
  troopsCalledBack: null,
  unitsReturned: null,
  handKept: null,
  handAccounted: null,
  combatEnded: null,
  requestMade: null,
  territoryVacated: null,
  randomEvent: null,
  passiveChoice: null,
  gameOver: null,
  energyPaid: (e, c) => [textIn(c.lang, 'log.energyPaid', { player: c.who(e.seat), count: e.count })],
  unitRaised: (e, c) => [textIn(c.lang, 'log.unitRaised', { player: c.who(e.seat), card: cardFace(e.card, c.lang).name })],
};

const isPlayUnit = (input: unknown): boolean => typeof input === 'object' && input !== null && (input as { kind?: unknown }).kind === 'playUnit';

/** The lines of one event, or none. */
export function eventLines(e: GameEvent, c: LineContext): readonly string[] {
  const line = LINES[e.kind] as ((e: GameEvent, c: LineContext) => readonly string[]) | null;
  return line ? line(e, c) : [];
}

/**
 * What the table did after an input, in words, from the engine's events: the outcomes a person
 * looks for (the day, production, what a secret round revealed and bought, strengths, losses,
 * territories taken, vassals, new troops, every card effect, the end), not every step. `after` is
 * the state the input led to (what a purchase of Suprématie means is read there); `input` the
 * input itself (a unit played from the hand is said by its own line).
 */
export function describeEvents(state: GameState, events: readonly GameEvent[], lang: Language, after?: GameState, input?: unknown): string[] {
  const c: LineContext = { state, after, lang, input, who: (seat) => playerLabel(seat, state.seats[seat]!.colour, lang) };
  return events.flatMap((e) => eventLines(e, c));
}
