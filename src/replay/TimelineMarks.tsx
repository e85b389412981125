import { For } from 'solid-js';
import { t } from '../i18n/index.js';
import type { GamePart, TimelineMark } from './timeline.js';

const PART_KEY = { mapCreation: 'game.phase.mapCreation', setup: 'game.phase.setup', production: 'replay.part.production', expansion: 'replay.part.expansion', logistics: 'replay.part.logistics' } as const satisfies Record<GamePart, string>;

/** A mark in words: "Day 2 · Expansion", "Logistics", "Map creation". */
export function markWords(m: TimelineMark): string {
  const part = t(PART_KEY[m.part]);
  return m.day !== null && m.startsDay ? `${t('game.day', { day: m.day })} · ${part}` : part;
}

/**
 * The timeline's ticks under its scrubber (ui.md §5): a tall tick with the day's number where a day
 * starts, a short one for each of its phases; a click goes there (Shift+arrows do by the keyboard).
 */
export function TimelineMarks(props: { marks: readonly TimelineMark[]; last: number; onGo: (at: number) => void }) {
  return (
    <ol class="timeline-marks" aria-label={t('replay.marks')}>
      <For each={props.marks}>
        {(m) => (
          <li
            class="mark"
            classList={{ day: m.startsDay }}
            data-at={m.at}
            data-part={m.part}
            data-day={m.day ?? ''}
            title={markWords(m)}
            style={{ left: `${(100 * m.at) / Math.max(1, props.last)}%` }}
            onClick={() => props.onGo(m.at)}
          >
            <span aria-hidden="true">{m.startsDay && m.day !== null ? m.day : ''}</span>
            <span class="visually-hidden">{markWords(m)}</span>
          </li>
        )}
      </For>
    </ol>
  );
}
