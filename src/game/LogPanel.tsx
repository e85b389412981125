import { For, Show, createEffect, onCleanup } from 'solid-js';
import { t } from '../i18n/index.js';
import type { LogLine } from './logLines.js';

/** The game in words, newest at the bottom, kept in view; `aria-live` reads new lines. Presentational. */
export function LogPanel(props: { lines: readonly LogLine[]; onPreview?: (seq: number | null) => void }) {
  let list: HTMLOListElement | undefined;
  // Kept in view once a frame: reading scrollHeight forces a layout, which bots at full speed
  // would otherwise pay on every position.
  let frame = 0;
  createEffect(() => {
    props.lines.length;
    if (frame === 0)
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (list) list.scrollTop = list.scrollHeight;
      });
  });
  onCleanup(() => cancelAnimationFrame(frame));
  return (
    <section class="log" aria-label={t('log.title')}>
      <h2>{t('log.title')}</h2>
      <Show when={props.lines.length > 0} fallback={<p class="help">{t('log.empty')}</p>}>
        <ol ref={list} id="log" aria-live="polite" onMouseLeave={() => props.onPreview?.(null)}>
          <For each={props.lines}>
            {(line) => (
              <li
                data-seq={line.seq}
                tabindex={props.onPreview ? 0 : undefined}
                onMouseEnter={() => props.onPreview?.(line.seq)}
                onFocus={() => props.onPreview?.(line.seq)}
                onBlur={() => props.onPreview?.(null)}
              >
                {line.text}
              </li>
            )}
          </For>
        </ol>
      </Show>
    </section>
  );
}
