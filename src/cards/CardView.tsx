import { Show } from 'solid-js';
import type { CardId } from '../../engine/index.js';
import { language, t } from '../i18n/index.js';
import { CardArt } from './CardArt.js';
import { cardFace } from './cardInfo.js';

/**
 * One card: its picture (drawn from its data), cost, name, strength, type and rules text, in the
 * page's language. Presentational. `compact` (the hand, the shop, the combat) keeps the picture and
 * the text, clamped to a few lines with the whole text on hover and focus; `strength` shows the
 * strength the engine counts in a combat when it differs from the card's; `down`: a unit turned
 * face down (neutralised, K18c), which counts 0.
 */
export function CardView(props: { card: CardId; compact?: boolean; copies?: number; strength?: number; down?: boolean }) {
  const face = () => cardFace(props.card, language());
  const strength = () => (props.down ? 0 : (props.strength ?? face().strength));
  const changed = () => props.strength !== undefined && props.strength !== face().strength;
  return (
    <article
      class="card-view"
      classList={{ compact: !!props.compact, [face().type]: true, down: !!props.down }}
      data-card={props.card}
      aria-label={face().name}
      title={props.compact ? `${face().name}: ${face().text}` : undefined}
      tabIndex={props.compact ? 0 : undefined}
    >
      <header>
        <span class="card-cost" title={face().costLine} aria-label={`${t('cards.cost')} ${face().costLine}`}>
          {face().cost}
        </span>
        <h3 class="card-name">{face().name}</h3>
        <Show when={strength() !== null}>
          <span class="card-strength" classList={{ changed: changed() || !!props.down }} aria-label={`${t('cards.strength')} ${strength()}`}>
            {strength()}
          </span>
        </Show>
      </header>
      <CardArt art={face().art} label={face().artLabel} />
      <Show when={props.down}>
        <p class="card-down">{t('cards.down')}</p>
      </Show>
      <p class="card-type">{face().typeLine}</p>
      <p class="card-text">{face().text}</p>
      <Show when={!props.compact}>
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
