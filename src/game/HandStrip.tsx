import { For, Show } from 'solid-js';
import {
  type CardId,
  type GameState,
  type Seat,
  type Vault,
  cardOpening,
  tileOpening,
} from '../../engine/index.js';
import { CardView } from '../cards/CardView.js';
import { cardFace } from '../cards/cardInfo.js';
import { TERRAIN } from '../display/index.js';
import { language, t } from '../i18n/index.js';

/**
 * The viewer's private things: the drawn tile, the face-up tile and pile in map creation; the hand,
 * deck and discard in the conquest. Reads the viewer's vault only; unmounted when the viewer changes.
 */
export function HandStrip(props: { state: GameState; viewer: Seat; vault: Vault }) {
  const seat = () => props.state.seats[props.viewer]!;
  const drawn = () => {
    const ref = seat().drawn;
    return ref ? (tileOpening(props.vault, ref, props.state)?.value ?? null) : null;
  };
  const player = () => props.state.players[props.viewer];
  const hand = (): CardId[] => {
    const p = player();
    if (!p) return [];
    return p.cards.hand.flatMap((ref) => {
      const o = cardOpening(props.vault, props.state, ref);
      return o ? [o.value] : [];
    });
  };
  // K5c: the cards put back on top of the deck in the viewer's order, known to the viewer alone.
  const top = (): CardId[] => (player()?.cards.top ?? []).flatMap((ref) => {
    const o = cardOpening(props.vault, props.state, ref);
    return o ? [o.value] : [];
  });
  const count = (xs: object): number => Object.values(xs as Record<string, number>).reduce((a, b) => a + b, 0);
  return (
    <section class="hand" aria-label={t('game.hand')} data-viewer={props.viewer}>
      <Show
        when={player()}
        fallback={
          <div class="tiles-strip">
            <Show when={drawn()}>
              {(c) => (
                <figure class="tile-card drawn" id="drawn-tile" data-colour={c()}>
                  <span class="tile-face" style={{ background: TERRAIN[c()].rgb }} aria-hidden="true">
                    {TERRAIN[c()].glyph}
                  </span>
                  <figcaption>
                    {t('map.drawnTile')}: {TERRAIN[c()].glyph} {TERRAIN[c()].name[language()]}
                    <small>{t('map.drawnSecret')}</small>
                  </figcaption>
                </figure>
              )}
            </Show>
            <Show when={seat().faceUp}>
              {(c) => (
                <figure class="tile-card">
                  <span class="tile-face" style={{ background: TERRAIN[c()].rgb }} aria-hidden="true">
                    {TERRAIN[c()].glyph}
                  </span>
                  <figcaption>
                    {t('map.yourFaceUp')}: {TERRAIN[c()].glyph} {TERRAIN[c()].name[language()]}
                  </figcaption>
                </figure>
              )}
            </Show>
            <figure class="tile-card">
              <span class="tile-face back" aria-hidden="true">
                ?
              </span>
              <figcaption>
                {t('map.yourPile')}: {seat().pile?.refs.length ?? 0}
              </figcaption>
            </figure>
          </div>
        }
      >
        {(p) => (
          <div class="cards-strip">
            <ul class="hand-cards">
              <For each={hand()}>
                {(card) => (
                  <li>
                    <CardView card={card} compact />
                  </li>
                )}
              </For>
            </ul>
            <p class="deck-counts">
              {t('game.hand')} {hand().length} · {t('game.deck')} {p().cards.segments.reduce((n, s) => n + s.refs.length, 0) + (p().cards.top?.length ?? 0)} · {t('game.discard')} {count(p().cards.discard)}
            </p>
            <Show when={top().length > 0}>
              <p class="deck-top" id="deck-top">
                {t('hand.top', { cards: top().map((c) => cardFace(c, language()).name).join(', ') })}
              </p>
            </Show>
          </div>
        )}
      </Show>
    </section>
  );
}
