import { For } from 'solid-js';
import {
  CIVILISATIONS,
  COMMON_CARDS,
  RANKS,
  TECHNOLOGIES,
  UNIT_RANKS,
  unitCard,
} from '../../engine/index.js';
import { CIVILISATION_NAME } from '../display/index.js';
import { language, t } from '../i18n/index.js';
import { CardView } from './CardView.js';

/** Every card of the catalogue: common cards, technologies and each civilisation's World. */
export default function Gallery() {
  return (
    <main class="page gallery">
      <h1>{t('cards.title')}</h1>
      <section>
        <h2>{t('cards.common')}</h2>
        <ul class="card-grid">
          <For each={COMMON_CARDS}>{(c) => <li><CardView card={c} /></li>}</For>
        </ul>
      </section>
      <section>
        <h2>{t('cards.technologies')}</h2>
        <ul class="card-grid">
          <For each={TECHNOLOGIES}>{(c) => <li><CardView card={c} /></li>}</For>
        </ul>
      </section>
      <For each={CIVILISATIONS}>
        {(civ) => (
          <section data-world={civ}>
            <h2>{t('cards.world', { civ: CIVILISATION_NAME[civ][language()] })}</h2>
            <ul class="card-grid">
              <For each={UNIT_RANKS}>
                {(rank) => (
                  <li>
                    <CardView card={unitCard(civ, rank)} copies={RANKS[rank].copies} />
                  </li>
                )}
              </For>
            </ul>
          </section>
        )}
      </For>
    </main>
  );
}
