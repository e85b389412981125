import type { GameState, TileColour } from '../../engine/index.js';
import {
  isCardId,
  isTileColour,
} from '../../engine/index.js';
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

/**
 * The input that took `before` to the next position, in words; null for what a person need not
 * read (random events show through their consequences). Until the engine's typed events land
 * (issue 8), lines are read from the actions themselves.
 */
export function describeInput(before: GameState, input: unknown, lang: Language): string | null {
  const a = input as { kind?: string; seat?: number; at?: { q: number; r: number }; from?: unknown; to?: { q: number; r: number }; count?: number; vassal?: number; opening?: { value?: unknown } };
  if (!a || typeof a.kind !== 'string' || a.kind === 'random') return null;
  const seat = a.seat ?? 0;
  const colour = before.seats[seat]?.colour;
  const player = colour ? playerLabel(seat, colour, lang) : `#${seat}`;
  const at = a.at ? hexLabel(a.at) : '';
  switch (a.kind) {
    case 'commitTiles':
    case 'drawTile':
    case 'setAsideTile':
    case 'removePortal':
    case 'endTurn':
    case 'absent':
      return textIn(lang, a.kind === 'setAsideTile' ? 'log.setAside' : (`log.${a.kind}` as const), { player });
    case 'placeTile': {
      const tile = a.from === 'faceUp' ? before.seats[seat]?.faceUp : a.opening?.value;
      return isTileColour(tile) ? textIn(lang, a.from === 'faceUp' ? 'log.placeFaceUp' : 'log.placeTile', { player, tile: tileWords(tile, lang), at }) : null;
    }
    case 'placeBlack':
      return textIn(lang, 'log.placeBlack', { player, at });
    case 'placePortal':
      return textIn(lang, 'log.placePortal', { player, at });
    case 'done': {
      // Which step the seat finished, from the stage it finished (public).
      const stage = before.phase.name === 'conquest' ? before.phase.stage.kind : '';
      const step = DONE_STEPS[stage];
      return textIn(lang, step ?? 'log.done', { player });
    }
    case 'commitCards':
    case 'commitSecret':
    case 'revealSecret':
    case 'chooseCombat':
    case 'joinCamp':
    case 'answer':
    case 'afterCombat':
    case 'exercise':
    case 'cycleHand':
      return textIn(lang, `log.${a.kind}`, { player });
    case 'moveTroops':
      return textIn(lang, 'log.moveTroops', { player, count: a.count ?? 0, from: hexLabel(a.from as { q: number; r: number }), to: hexLabel(a.to!) });
    case 'spread':
    case 'withdraw':
      return textIn(lang, `log.${a.kind}`, { player, count: a.count ?? 0, at });
    case 'placeTroops':
      return textIn(lang, 'log.placeTroops', { player, at });
    case 'request':
      return textIn(lang, 'log.request', { player, vassal: playerName(a.vassal ?? 0, lang) });
    case 'returnUnits': {
      const units = (input as { units?: unknown[] }).units ?? [];
      return textIn(lang, 'log.returnUnits', { player, count: units.length });
    }
    case 'keepHand':
    case 'discardExtra':
    case 'chooseOpposing':
      return textIn(lang, `log.${a.kind}`, { player });
    case 'accountHand':
      return textIn(lang, 'log.accountHand', { player, total: (input as { setAside?: number }).setAside ?? 0 });
    case 'allocateLosses':
    case 'refill':
      return textIn(lang, `log.${a.kind}`, { player, at });
    case 'vacate':
      return textIn(lang, 'log.vacate', { player, to: hexLabel(a.to!) });
    case 'playUnit': {
      const card = a.opening?.value;
      return textIn(lang, 'log.playUnit', { player, card: isCardId(card) ? cardFace(card, lang).name : '?' });
    }
    default:
      return textIn(lang, 'log.other', { player, kind: a.kind });
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
  const out: LogLine[] = [];
  inputs.forEach((input, i) => {
    const text = describeInput(states[i]!, input, lang);
    if (text !== null) out.push({ seq: i + 1, seat: (input as { seat?: number }).seat ?? null, text });
  });
  return out;
}
