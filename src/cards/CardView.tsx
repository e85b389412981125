import { Show } from 'solid-js';
import type { CardId } from '../../engine/index.js';
import { language, t } from '../i18n/index.js';
import { cardFace } from './cardInfo.js';

/** One card: name, type, cost, strength, text, in the chosen language. Presentational. */
export function CardView(props: { card: CardId; compact?: boolean; copies?: number }) {
  const face = () => cardFace(props.card, language());
  return (
    <article class="card-view" classList={{ compact: !!props.compact, [face().type]: true }} data-card={props.card} aria-label={face().name}>
      <header>
        <span class="card-cost" title={face().costLine} aria-label={`${t('cards.cost')} ${face().costLine}`}>
          {face().cost}
        </span>
        <h3 class="card-name">{face().name}</h3>
        <Show when={face().strength !== null}>
          <span class="card-strength" aria-label={`${t('cards.strength')} ${face().strength}`}>
            {face().strength}
          </span>
        </Show>
      </header>
      <p class="card-type">{face().typeLine}</p>
      <Show when={!props.compact}>
        <p class="card-text">{face().text}</p>
        <p class="card-costline">{face().costLine}</p>
        <Show when={!face().forSale}>
          <p class="card-note">{t('cards.notForSale')}</p>
        </Show>
        <Show when={props.copies !== undefined}>
          <p class="card-copies">{t('cards.copies', { count: props.copies! })}</p>
        </Show>
      </Show>
    </article>
  );
}
