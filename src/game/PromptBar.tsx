import { For, Show } from 'solid-js';
import { RuleLink, RuleText } from '../app/RuleText.js';
import { t } from '../i18n/index.js';
import type { WhyLine } from './turn/why.js';

export interface PromptButton {
  readonly id: string;
  readonly label: string;
  readonly onClick: () => void;
  readonly primary?: boolean;
  readonly disabled?: boolean;
  /** A keyboard shortcut shown on the button (the screen handles the key). */
  readonly key?: string;
  /** Hovering or focusing the button (a combat choice frames its hexes on the board). */
  readonly onHover?: (on: boolean) => void;
}

/**
 * The one prompt, always visible: who, what, how long; the buttons live only here (ui.md §1.3).
 * Presentational; `aria-live` repeats the prompt to screen readers.
 */
export function PromptBar(props: { text: string; why?: WhyLine | null; hint?: string | null; buttons: readonly PromptButton[]; timer: string; mine: boolean }) {
  return (
    <header class="prompt" classList={{ mine: props.mine }}>
      <div class="prompt-text">
        <p id="prompt" aria-live="polite">
          <RuleText text={props.text} />
        </p>
        <Show when={props.why}>
          {(why) => (
            <p id="why" class="why" title={why().text}>
              <span class="visually-hidden">{t('why.label')}: </span>
              <RuleLink rule={why().rule} /> {why().text}
            </p>
          )}
        </Show>
        <Show when={props.hint}>
          {(hint) => (
            <p id="hint" class="hint" aria-live="polite">
              <RuleText text={hint()} />
            </p>
          )}
        </Show>
      </div>
      <div class="prompt-buttons">
        <For each={props.buttons}>
          {(b) => (
            <button type="button" id={b.id} classList={{ primary: !!b.primary }} disabled={b.disabled} onClick={() => b.onClick()}
              onMouseEnter={() => b.onHover?.(true)}
              onMouseLeave={() => b.onHover?.(false)}
              onFocus={() => b.onHover?.(true)}
              onBlur={() => b.onHover?.(false)}
              aria-keyshortcuts={b.key}
            >
              {b.label}
              <Show when={b.key}>
                <kbd>{b.key}</kbd>
              </Show>
            </button>
          )}
        </For>
      </div>
      <time class="timer" aria-label="turn time">
        {props.timer}
      </time>
    </header>
  );
}
