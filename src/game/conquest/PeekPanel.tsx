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
  let list: HTMLOListElement | undefined;
  /** Moves a card by a button, and gives the focus back to its button (moving an element in the page drops the focus): the keyboard keeps moving it. */
  const step = (ref: string, from: number, by: -1 | 1) => {
    move(from, from + by);
    queueMicrotask(() => {
      const moves = list?.querySelector(`li[data-ref="${ref}"] .peek-moves`);
      const buttons = [...(moves?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
      (buttons.find((b) => b.classList.contains(by < 0 ? 'peek-up' : 'peek-down') && !b.disabled) ?? buttons.find((b) => !b.disabled))?.focus();
    });
  };
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
        <ol class="peek-order" id="peek-order" ref={list}>
          {/* Keyed by reference: a card moved keeps its element, and the button pressed keeps the focus. */}
          <For each={props.panel.order.map((c) => c.ref)}>
            {(ref, i) => {
              const card = () => props.panel.order.find((c) => c.ref === ref)!.card;
              return (
                <li
                  draggable="true"
                  data-ref={ref}
                  data-card={card()}
                  onDragStart={(e) => e.dataTransfer?.setData('text/plain', String(i()))}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => {
                    e.preventDefault();
                    const from = Number(e.dataTransfer?.getData('text/plain'));
                    if (Number.isInteger(from)) move(from, i());
                  }}
                >
                  <CardView card={card()} compact />
                  <span class="peek-moves">
                    <button type="button" class="peek-up" aria-label={t('peek.up', { card: name(card()) })} disabled={i() === 0} onClick={() => step(ref, i(), -1)}>
                      ↑
                    </button>
                    <button type="button" class="peek-down" aria-label={t('peek.down', { card: name(card()) })} disabled={i() === props.panel.order.length - 1} onClick={() => step(ref, i(), 1)}>
                      ↓
                    </button>
                  </span>
                </li>
              );
            }}
          </For>
        </ol>
      </Show>
    </section>
  );
}
