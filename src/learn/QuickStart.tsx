import { For } from 'solid-js';
import { type Key, t } from '../i18n/index.js';

const STEPS: readonly Key[] = ['quick.map', 'quick.days', 'quick.combat', 'quick.account', 'quick.win'];

/** "How to play in 5 minutes" (issue 22, item 3): on Home, and first on the rules page. Each step is true to the rulebook it sums up (M, D1, B5-B6, E15, W1-W2). */
export function QuickStart(props: { headingId?: string }) {
  const id = props.headingId ?? 'quick-start-title';
  return (
    <section class="card quick-start" id="quick-start" aria-labelledby={id}>
      <h2 id={id}>{t('quick.title')}</h2>
      <ol>
        <For each={STEPS}>{(k) => <li>{t(k)}</li>}</For>
      </ol>
      <p class="help">{t('quick.prompt')}</p>
      <p>
        <a href="#/learn" id="learn-link" class="button-like">
          {t('quick.learn')}
        </a>
      </p>
    </section>
  );
}
