import type { FighterLoss, GameState, Seat } from '../../../engine/index.js';
import { hexLabel } from '../../board/describe.js';
import type { Language } from '../../display/index.js';
import { textIn } from '../../i18n/index.js';
import { campWords, seatWords } from './options.js';

/**
 * A fighter's losses in words, from the engine's reckoning (the `lossesWorkedOut` event): the rule
 * that gave them, the strongest opposing camp, each difference and what it costs, the stronger
 * opponents, the total, and B10 when the involved troops could not pay. Nothing is computed here.
 */
export function reckoningText(state: GameState, f: FighterLoss, lang: Language): string {
  const who = (s: Seat | 'wild'): string => (s === 'wild' ? textIn(lang, 'combat.wildColumn') : seatWords(state, s, lang));
  const parts: string[] = [];
  if (f.rule === 'B9') parts.push(f.owed > 0 ? textIn(lang, 'combat.why.equal', { owed: f.owed }) : textIn(lang, 'combat.why.equalNone'));
  else if (f.camp === null) parts.push(textIn(lang, 'combat.why.none'));
  else {
    parts.push(textIn(lang, 'combat.why.camp', { camp: campWords(state, f.camp, lang) }));
    const steps = f.gaps.map((g) => textIn(lang, 'combat.why.gap', { player: who(g.seat), theirs: g.strength, mine: f.strength, loss: g.loss }));
    steps.push(textIn(lang, 'combat.why.stronger', { players: f.stronger.map(who).join(', '), count: f.stronger.length }));
    parts.push(`${steps.join('; ')}; ${textIn(lang, 'combat.why.owed', { owed: f.owed })}`);
  }
  if (f.seat === 'wild') {
    if (f.owed > 0) parts.push(textIn(lang, 'combat.why.wild'));
  } else if (f.short === 'i') parts.push(textIn(lang, 'combat.why.undefended', { involved: f.involved }));
  else if (f.short === 'ii') parts.push(textIn(lang, 'combat.why.missing', { involved: f.involved, missing: f.missing }));
  return parts.join(' ');
}

/** Where a fighter's involved troops stood, for a seat fighting from several places (S2d). */
export const reckoningPlace = (f: FighterLoss, lang: Language): string => textIn(lang, 'combat.why.where', { at: hexLabel(f.at) });
