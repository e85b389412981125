import { type Accessor, Show, createEffect, createSignal, on } from 'solid-js';
import type { GameState } from '../../engine/index.js';
import { RuleLink } from '../app/RuleText.js';
import { t } from '../i18n/index.js';
import { LESSONS, type Topic, topicsAt } from './topics.js';

/**
 * The guided game's box (issue 22, item 6): the first time a phase of the game comes, its lesson
 * shows, one at a time in the order they came ("Got it" shows the next); "Leave the lesson" is
 * always there. The lessons read the public position only.
 */
export function Lesson(props: { state: Accessor<GameState>; onLeave: () => void }) {
  // Lessons met and not yet read, in order; every lesson is queued once only.
  const [queue, setQueue] = createSignal<readonly Topic[]>([]);
  const met = new Set<Topic>();
  const [intro, setIntro] = createSignal(true);
  createEffect(
    on(props.state, (s) => {
      const fresh = topicsAt(s).filter((topic) => !met.has(topic));
      if (fresh.length === 0) return;
      for (const topic of fresh) met.add(topic);
      setQueue((q) => [...q, ...fresh]);
    }),
  );
  const shown = (): Topic | null => queue()[0] ?? null;
  return (
    <aside class="lesson" id="lesson" aria-labelledby="lesson-title" aria-live="polite" data-topic={intro() ? 'intro' : (shown() ?? '')}>
      <Show
        when={!intro() && shown()}
        fallback={
          <Show when={intro()} fallback={<h2 id="lesson-title">{t('learn.title')}</h2>}>
            <h2 id="lesson-title">{t('learn.title')}</h2>
            <p>{t('learn.intro')}</p>
          </Show>
        }
      >
        {(topic) => (
          <>
            <h2 id="lesson-title">{t(LESSONS[topic()].title)}</h2>
            <p>
              {t(LESSONS[topic()].text)} <RuleLink rule={LESSONS[topic()].rule} />
            </p>
          </>
        )}
      </Show>
      <div class="lesson-buttons">
        <Show when={intro() || shown()}>
          <button type="button" id="lesson-next" class="primary" onClick={() => (intro() ? setIntro(false) : setQueue((q) => q.slice(1)))}>
            {t('learn.next')}
          </button>
        </Show>
        <button type="button" id="learn-leave" onClick={() => props.onLeave()}>
          {t('learn.leave')}
        </button>
      </div>
    </aside>
  );
}
