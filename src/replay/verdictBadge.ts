import type { Verdict } from '../../engine/protocol/index.js';
import type { Language } from '../display/index.js';
import { endingWords, minorityWords } from '../game/endWords.js';
import { textIn } from '../i18n/index.js';
import type { VerifiedReplay } from './verify.js';

export interface VerdictBadge {
  readonly verdict: Verdict;
  /** The badge's colour: sound, in doubt (a minority's word, an incomplete log), or at fault. */
  readonly tone: 'valid' | 'doubt' | 'invalid';
  readonly title: string;
  readonly detail: string;
}

const TONE: { readonly [V in Verdict]: VerdictBadge['tone'] } = { valid: 'valid', minority: 'doubt', incomplete: 'doubt', cheat: 'invalid', invalid: 'invalid' };

/** The replay viewer's badge: the verifier's verdict (the one `npm run verify` prints) and what it rests on. */
export function verdictBadge(v: VerifiedReplay, lang: Language): VerdictBadge {
  const title = textIn(lang, `replay.verdict.${v.verdict}`);
  const head = { verdict: v.verdict, tone: TONE[v.verdict], title };
  const r = v.result;
  if (!r.valid) {
    const f = r.failure;
    const detail = f.entry === null ? textIn(lang, 'replay.invalidFile', { code: f.code, message: f.message }) : textIn(lang, 'replay.invalidAt', { entry: f.entry, code: f.code, message: f.message });
    return { ...head, detail };
  }
  const ended = endingWords(r.summary.ending, r.summary.winner, lang);
  switch (v.verdict) {
    case 'minority':
      return { ...head, detail: textIn(lang, 'replay.minorityDetail', { absences: minorityWords(r.summary.minority, lang), ended }) };
    case 'incomplete':
      return { ...head, detail: textIn(lang, 'replay.incompleteDetail', { ended }) };
    case 'cheat':
      return { ...head, detail: textIn(lang, 'replay.cheatDetail', { ended }) };
    default:
      return { ...head, detail: textIn(lang, 'replay.validDetail', { ended }) };
  }
}
