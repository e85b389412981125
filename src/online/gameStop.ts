import type { GameState, Seat } from '../../engine/index.js';
import type { End } from '../../engine/protocol/index.js';
import { playerName } from '../display/index.js';
import { endWords } from '../game/endWords.js';
import { language, t } from '../i18n/index.js';
import type { NetGameEvent } from '../net/index.js';

/** What ends an online game on a page. */
export type StopEvent = Extract<NetGameEvent, { kind: 'desync' | 'verdict' | 'finished' }>;

/** How an online game ended, as plain data: what its page says, and what it keeps once the game is over (store.ts). */
export type GameStop =
  | { readonly kind: 'finished'; readonly end: End; readonly winner: Seat | null }
  | { readonly kind: 'verdict'; readonly seat: Seat; readonly code: string; readonly seq: number }
  | { readonly kind: 'desync'; readonly seq: number; readonly seats: readonly Seat[] };

export function gameStopOf(e: StopEvent, state: GameState): GameStop {
  if (e.kind === 'desync') return { kind: 'desync', seq: e.seq, seats: e.seats };
  if (e.kind === 'verdict') return { kind: 'verdict', seat: e.outcome.seat, code: e.outcome.code, seq: e.outcome.seq };
  return { kind: 'finished', end: e.outcome.end, winner: state.phase.name === 'conquest' ? state.phase.winner : null };
}

/** The words of a stop, in the page's language (reactive). */
export function stopWords(stop: GameStop): string {
  if (stop.kind === 'desync') return t('online.desync', { seq: stop.seq, seats: stop.seats.map((s) => playerName(s, language())).join(', ') });
  if (stop.kind === 'verdict') return t('online.verdict', { player: playerName(stop.seat, language()), code: stop.code, seq: stop.seq });
  return t('online.finished', { how: endWords(stop.end, stop.winner, language()) });
}

const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
const isSeat = (x: unknown): x is Seat => Number.isInteger(x) && (x as number) >= 0 && (x as number) < 6;

function parseEnd(x: unknown): End | null {
  const e = x as Record<string, unknown> | null;
  if (typeof e !== 'object' || e === null) return null;
  switch (e['kind']) {
    case 'over':
      return { kind: 'over' };
    case 'forfeit':
      return isSeat(e['seat']) && isCount(e['seq']) && (e['reason'] === 'noPassiveChoice' || e['reason'] === 'withheldOpenings') ? { kind: 'forfeit', seat: e['seat'], seq: e['seq'], reason: e['reason'] } : null;
    case 'exhausted':
    case 'limit':
      return isCount(e['seq']) ? { kind: e['kind'], seq: e['seq'] } : null;
    case 'days':
      return isCount(e['day']) && isCount(e['seq']) ? { kind: 'days', day: e['day'], seq: e['seq'] } : null;
    default:
      return null;
  }
}

/** A stop read back from storage (anything else: null). */
export function parseGameStop(x: unknown): GameStop | null {
  const s = x as Record<string, unknown> | null;
  if (typeof s !== 'object' || s === null) return null;
  if (s['kind'] === 'finished') {
    const end = parseEnd(s['end']);
    const winner = s['winner'] === null ? null : isSeat(s['winner']) ? s['winner'] : undefined;
    return end && winner !== undefined ? { kind: 'finished', end, winner } : null;
  }
  if (s['kind'] === 'verdict') return isSeat(s['seat']) && typeof s['code'] === 'string' && /^[A-Za-z]{1,40}$/.test(s['code']) && isCount(s['seq']) ? { kind: 'verdict', seat: s['seat'], code: s['code'], seq: s['seq'] } : null;
  if (s['kind'] === 'desync') return isCount(s['seq']) && Array.isArray(s['seats']) && s['seats'].length <= 6 && s['seats'].every(isSeat) ? { kind: 'desync', seq: s['seq'], seats: s['seats'] } : null;
  return null;
}
