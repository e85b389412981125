import { For } from 'solid-js';
import { CIVILISATIONS, COMMON_CARDS, type Civilisation, TECHNOLOGIES, type UnitCard, fullWorld } from '../../engine/index.js';
import { CIVILISATION_NAME } from '../display/index.js';
import { language, t } from '../i18n/index.js';
import { CivEmblem } from './CardArt.js';
import { CardView } from './CardView.js';
import { CivIdentity } from './CivIdentity.js';

/** A World's cards, in its ranks' order, each with its copies: designed units and the plain units in the places left. */
const worldCards = (civ: Civilisation): [UnitCard, number][] => Object.entries(fullWorld(civ)) as [UnitCard, number][];

/** Every card of the catalogue: common cards, technologies and each civilisation's World, with what the civilisation is like. */
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
            <h2>
              <CivEmblem civilisation={civ} /> {t('cards.world', { civ: CIVILISATION_NAME[civ][language()] })}
            </h2>
            <p>
              <CivIdentity civilisation={civ} emblem={false} />
            </p>
            <ul class="card-grid">
              <For each={worldCards(civ)}>
                {([card, copies]) => (
                  <li>
                    <CardView card={card} copies={copies} />
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
