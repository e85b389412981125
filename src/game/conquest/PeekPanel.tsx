import { For, Show } from 'solid-js';
import { CardView } from '../../cards/CardView.js';
import { cardFace } from '../../cards/cardInfo.js';
import { language, t } from '../../i18n/index.js';
import type { Intent, Panel, PeekFirst } from '../turn/types.js';

const FATE_LABEL: Readonly<Record<PeekFirst, 'peek.play' | 'peek.discard' | 'peek.keep'>> = { play: 'peek.play', discard: 'peek.discard', keep: 'peek.keep' };

/**
 * K5c: the cards revealed to the seat alone (the panel is built only for the seat at the device,
 * after its curtain): the first card's fate, and the cards put back in the person's order, by
 * dragging or with the up and down buttons (keyboard reachable). Presentational.
 */
export function PeekPanel(props: { panel: Extract<Panel, { kind: 'peek' }>; onIntent: (intent: Intent) => void }) {
  const move = (from: number, to: number) => props.onIntent({ draft: props.panel.move(from, to) });
  const name = (card: Parameters<typeof cardFace>[0]) => cardFace(card, language()).name;
  return (
    <section class="conquest-panel peek" id="peek-panel" aria-label={t('peek.title')}>
      <h3>{t('peek.title')}</h3>
      <div class="peek-first">
        <h4>{t('peek.first')}</h4>
        <CardView card={props.panel.first.card} compact />
        <div class="peek-fates" role="group" aria-label={t('peek.first')}>
          <For each={props.panel.fates}>
            {(fate) => (
              <button type="button" id={`peek-${fate}`} aria-pressed={props.panel.fate === fate} classList={{ primary: props.panel.fate === fate }} onClick={() => props.onIntent({ draft: props.panel.setFate(fate) })}>
                {t(FATE_LABEL[fate])}
              </button>
            )}
          </For>
        </div>
      </div>
      <p class="panel-help">{t('peek.order')}</p>
      <Show when={props.panel.order.length > 0} fallback={<p class="panel-help">{t('peek.nothingBack')}</p>}>
        <ol class="peek-order" id="peek-order">
          <For each={props.panel.order}>
            {(c, i) => (
              <li
                draggable="true"
                data-ref={c.ref}
                data-card={c.card}
                onDragStart={(e) => e.dataTransfer?.setData('text/plain', String(i()))}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  const from = Number(e.dataTransfer?.getData('text/plain'));
                  if (Number.isInteger(from)) move(from, i());
                }}
              >
                <CardView card={c.card} compact />
                <span class="peek-moves">
                  <button type="button" class="peek-up" aria-label={t('peek.up', { card: name(c.card) })} disabled={i() === 0} onClick={() => move(i(), i() - 1)}>
                    ↑
                  </button>
                  <button type="button" class="peek-down" aria-label={t('peek.down', { card: name(c.card) })} disabled={i() === props.panel.order.length - 1} onClick={() => move(i(), i() + 1)}>
                    ↓
                  </button>
                </span>
              </li>
            )}
          </For>
        </ol>
      </Show>
    </section>
  );
}
