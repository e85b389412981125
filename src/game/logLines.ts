import type { Action, GameState, TileColour } from '../../engine/index.js';
import { parseAction } from '../../engine/index.js';
import { cardFace } from '../cards/cardInfo.js';
import { hexLabel } from '../board/describe.js';
import { type Language, TERRAIN, playerLabel, playerName } from '../display/index.js';
import { type Key, textIn } from '../i18n/index.js';

/** One line of the log: the position it follows and the words, built again on a language switch. */
export interface LogLine {
  readonly seq: number;
  readonly seat: number | null;
  readonly text: string;
}

const tileWords = (c: TileColour, lang: Language): string => `${TERRAIN[c].glyph} ${TERRAIN[c].name[lang]}`;

/** The line of the input that took `before` to position `seq`: read from the action it parses to; null for none (see describeAction). */
export function inputLine(before: GameState, input: unknown, seq: number, lang: Language): LogLine | null {
  const parsed = parseAction(input);
  if (!parsed.ok) return null;
  const action = parsed.value;
  const text = describeAction(before, action, lang);
  return text === null ? null : { seq, seat: 'seat' in action ? action.seat : null, text };
}

/**
 * An action applied to `before`, in words; null for what a person need not read (random events
 * show through their consequences, in the events' lines).
 */
export function describeAction(before: GameState, a: Action, lang: Language): string | null {
  if (a.kind === 'random') return null;
  const seat = a.seat;
  const colour = before.seats[seat]?.colour;
  const player = colour ? playerLabel(seat, colour, lang) : `#${seat}`;
  switch (a.kind) {
    case 'commitTiles':
    case 'drawTile':
    case 'removePortal':
    case 'endTurn':
    case 'absent':
      return textIn(lang, `log.${a.kind}`, { player });
    case 'setAsideTile':
      return textIn(lang, 'log.setAside', { player });
    case 'placeTile': {
      const tile = a.from === 'faceUp' ? before.seats[seat]?.faceUp : a.opening?.value;
      return tile ? textIn(lang, a.from === 'faceUp' ? 'log.placeFaceUp' : 'log.placeTile', { player, tile: tileWords(tile, lang), at: hexLabel(a.at) }) : null;
    }
    case 'placeBlack':
      return textIn(lang, 'log.placeBlack', { player, at: hexLabel(a.at) });
    case 'placePortal':
      return textIn(lang, 'log.placePortal', { player, at: hexLabel(a.at) });
    case 'done': {
      // Which step the seat finished, from the stage it finished (public).
      const stage = before.phase.name === 'conquest' ? before.phase.stage.kind : '';
      const step = DONE_STEPS[stage];
      return textIn(lang, step ?? 'log.done', { player });
    }
    case 'revealSecret':
      // Which round (public): what it revealed is said once the round is carried out (describeEvents).
      return textIn(lang, a.choice.purpose === 'feint' ? 'log.revealFeints' : 'log.revealPurchases', { player });
    case 'commitCards':
    case 'commitSecret':
    case 'chooseCombat':
    case 'joinCamp':
    case 'answer':
    case 'exercise':
      return textIn(lang, `log.${a.kind}`, { player });
    case 'moveTroops':
      return textIn(lang, 'log.moveTroops', { player, count: a.count, from: hexLabel(a.from), to: hexLabel(a.to) });
    case 'spread':
    case 'withdraw':
      return textIn(lang, `log.${a.kind}`, { player, count: a.count, at: hexLabel(a.at) });
    case 'placeTroops':
      return textIn(lang, 'log.placeTroops', { player, at: hexLabel(a.at) });
    case 'request':
      return textIn(lang, 'log.request', { player, vassal: playerName(a.vassal, lang) });
    case 'returnUnits':
      return textIn(lang, 'log.returnUnits', { player, count: a.units.length });
    case 'keepHand':
    case 'discardExtra':
    case 'chooseOpposing':
      return textIn(lang, `log.${a.kind}`, { player });
    case 'accountHand':
      return textIn(lang, 'log.accountHand', { player, total: a.setAside });
    case 'allocateLosses':
    case 'refill':
      return textIn(lang, `log.${a.kind}`, { player, at: hexLabel(a.at) });
    case 'vacate':
      return textIn(lang, 'log.vacate', { player, to: hexLabel(a.to) });
    case 'playUnit':
      return textIn(lang, 'log.playUnit', { player, card: cardFace(a.opening.value, lang).name });
    // Card effects are said by the lines of their events (eventLines.ts): the ability activated, what the revealed cards became, a negative effect ignored or suffered.
    case 'activate':
    case 'putBack':
    case 'ignoreEffect':
      return null;
  }
}

const DONE_STEPS: Readonly<Record<string, Key>> = {
  moves: 'log.doneMoves',
  spread: 'log.doneSpread',
  camps: 'log.doneCamps',
  armies: 'log.doneArmy',
  abilities: 'log.doneAbilities',
  exercise: 'log.doneExercise',
  requests: 'log.doneRequests',
};

/** The whole log so far: states[i] is the position before inputs[i]. */
export function logLines(states: readonly GameState[], inputs: readonly unknown[], lang: Language): LogLine[] {
  return inputs.flatMap((input, i) => inputLine(states[i]!, input, i + 1, lang) ?? []);
}
