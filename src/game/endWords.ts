import type { Seat } from '../../engine/index.js';
import type { Absence, End, Ending } from '../../engine/protocol/index.js';
import { type Language, playerName } from '../display/index.js';
import { textIn } from '../i18n/index.js';

/**
 * How a game ended, in a person's words: the replay viewer, the spectator's banner and a player's
 * end screen say it alike. The same facts as the verifier's summary (engine/protocol/verify,
 * `describe`), which stays English for the command line and its logs.
 */
export function endWords(end: End, winner: Seat | null, lang: Language): string {
  const player = (seat: Seat): string => playerName(seat, lang);
  switch (end.kind) {
    case 'over':
      return winner !== null ? textIn(lang, 'end.won', { player: player(winner) }) : textIn(lang, 'end.over');
    case 'forfeit':
      return textIn(lang, end.reason === 'noPassiveChoice' ? 'end.forfeitAbsent' : 'end.forfeitOpenings', { player: player(end.seat), seq: end.seq });
    case 'exhausted':
      return textIn(lang, 'end.exhausted', { seq: end.seq });
    case 'limit':
      return textIn(lang, 'end.limit', { seq: end.seq });
    case 'days':
      return textIn(lang, 'end.days', { day: end.day });
  }
}

const seatList = (seats: readonly Seat[], lang: Language): string => seats.map((s) => playerName(s, lang)).join(', ');

/** The positions shown of a long list: the first few, then "…" (a dropped seat is absent at every turn). */
const SHOWN_POSITIONS = 5;

/** The absences settled without a majority, by seat set: "Player 2 at 12, 13, 18…". */
export function minorityWords(absences: readonly Absence[], lang: Language): string {
  const bySeats = new Map<string, { seats: readonly Seat[]; at: number[] }>();
  for (const a of absences) {
    const key = a.seats.join(',');
    const group = bySeats.get(key) ?? { seats: a.seats, at: [] };
    group.at.push(a.seq);
    bySeats.set(key, group);
  }
  return [...bySeats.values()]
    .map((g) => textIn(lang, 'end.absentAt', { seats: seatList(g.seats, lang), at: g.at.slice(0, SHOWN_POSITIONS).join(', ') + (g.at.length > SHOWN_POSITIONS ? '…' : '') }))
    .join('; ');
}

/** What a verified replay's ending says: how the game ended, who signed it, who did not. */
export function endingWords(ending: Ending, winner: Seat | null, lang: Language): string {
  switch (ending.kind) {
    case 'cheat':
      return textIn(lang, 'end.cheat', { player: playerName(ending.seat, lang), seq: ending.seq, code: ending.code, message: ending.message });
    case 'incomplete':
      return textIn(lang, 'end.stopsEarly');
    case 'finished': {
      const unsigned = ending.unsigned ?? [];
      const parts = [endWords(ending.end, winner, lang), textIn(lang, 'end.signed', { seats: ending.finals.length === 0 ? textIn(lang, 'end.nobody') : seatList(ending.finals, lang) })];
      if (unsigned.length > 0) parts.push(textIn(lang, 'end.unsigned', { seats: seatList(unsigned, lang) }));
      return parts.join(' ');
    }
  }
}
