import { type Accessor, createMemo } from 'solid-js';
import type { Seat } from '../../engine/index.js';
import type { Language } from '../display/index.js';
import { textIn } from '../i18n/index.js';
import type { GoneSeat } from '../table/types.js';

/** A gone seat as the page shows it: when it went (the log's day) and when this page first saw it away (the page's clock). */
export interface AwaySeat extends GoneSeat {
  readonly seen: Date;
}

/**
 * The gone seats with the time this page first saw each one away: the page's own knowledge, not
 * the log's (a page opened later saw it later). A seat back and declared absent again is a new
 * absence, seen anew. Reactive: follows `gone`, keeps each first sight while the seat stays gone.
 */
export function createAwaySeats(gone: Accessor<readonly GoneSeat[]>, now: () => Date = () => new Date()): Accessor<ReadonlyMap<Seat, AwaySeat>> {
  return createMemo<ReadonlyMap<Seat, AwaySeat>>(
    (before) => {
      const next = new Map<Seat, AwaySeat>();
      for (const g of gone()) {
        const known = before.get(g.seat);
        next.set(g.seat, known && known.since === g.since ? known : { ...g, seen: now() });
      }
      return next;
    },
    new Map(),
    { equals: (a, b) => a.size === b.size && [...a].every(([seat, s]) => b.get(seat) === s) },
  );
}

/** The time of day as hours and minutes (14:05), in both languages. */
export const timeOfDay = (d: Date, lang: Language): string => d.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "away since day 3, 14:05: the table answers at once" (before the conquest: since the map creation). */
export function awayWords(a: AwaySeat, lang: Language): string {
  const time = timeOfDay(a.seen, lang);
  return a.day === null ? textIn(lang, 'game.awaySinceMap', { time }) : textIn(lang, 'game.awaySinceDay', { day: a.day, time });
}
