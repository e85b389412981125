import { For, Show, createMemo } from 'solid-js';
import {
  type GameState,
  type Seat,
  seatSummaries,
  tilesLeft,
} from '../../engine/index.js';
import { CIVILISATION_NAME, TERRAIN, playerName } from '../display/index.js';
import { language, t } from '../i18n/index.js';
import { cardFace } from '../cards/cardInfo.js';
import { type AwaySeat, awayWords } from './awaySince.js';
import { countsWords } from './eventLines.js';
import { type DayProduction, type PublicCards, countOfAll, publicCards } from './publicFacts.js';

/**
 * A chip per seat: who, colour glyph, whose turn, bots thinking, a forfeit (T7), away (declared
 * absent and not back: since when, answered at once); stocks, pure energy, hand size, the
 * technologies owned (Suprématie flagged). Folded under it, the rest of what is public: what
 * deck and hand hold together, the discard pile (ruling 4) and the day's production. Public data only.
 */
export function PlayersColumn(props: { state: GameState; viewer: Seat | null; bots: readonly Seat[]; awaited: Seat | null; thinking: Seat | null; names?: readonly (string | undefined)[]; away?: ReadonlyMap<Seat, AwaySeat>; production?: DayProduction | null }) {
  // In a secret round (feints, purchases): who has sealed a choice, who is still choosing; never what.
  const secret = (seat: Seat): 'sealed' | 'choosing' | null => {
    const p = props.state.phase;
    if (p.name !== 'conquest' || (p.stage.kind !== 'secretCommit' && p.stage.kind !== 'secretReveal')) return null;
    return p.stage.round.commits[seat] !== undefined ? 'sealed' : 'choosing';
  };
  const summaries = () => (props.state.phase.name === 'conquest' ? seatSummaries(props.state) : null);
  return (
    <section class="players-column" aria-label={t('game.players')}>
      <ul>
        <For each={props.state.seats}>
          {(seat, i) => {
            const player = () => props.state.players[i()];
            const summary = () => summaries()?.[i()];
            const cards = createMemo(() => publicCards(props.state, i()));
            const supremacyDay = () => player()?.supremacyDay ?? null;
            return (
              <li class="chip" classList={{ awaited: props.awaited === i(), viewer: props.viewer === i(), forfeited: player()?.forfeited === true, away: props.away?.has(i()) === true }} data-seat={i()} style={{ '--seat-colour': TERRAIN[seat.colour].rgb }}>
                <div class="chip-head">
                  <span class="glyph-badge" aria-hidden="true">
                    {TERRAIN[seat.colour].glyph}
                  </span>
                  <strong>{playerName(i(), language())}</strong>
                  <Show when={props.names?.[i()]}>{(name) => <span class="chip-name">{name()}</span>}</Show>
                  <Show when={props.viewer === i()}>
                    <span class="tag">{t('game.you')}</span>
                  </Show>
                  <Show when={props.bots.includes(i())}>
                    <span class="tag">{t('game.bot')}</span>
                  </Show>
                  <Show when={props.thinking === i()}>
                    <span class="tag thinking">{t('game.thinking')}</span>
                  </Show>
                  <Show when={player()?.forfeited}>
                    <span class="tag forfeited" title={t('game.forfeitedWhy')}>
                      {t('game.forfeited')}
                    </span>
                  </Show>
                  <Show when={props.away?.get(i())}>
                    {(a) => (
                      <span class="tag away" data-since={a().since} title={t('game.awayWhy')}>
                        {awayWords(a(), language())}
                      </span>
                    )}
                  </Show>
                  <Show when={secret(i())}>{(k) => <span class="tag secret" data-secret={k()}>{t(k() === 'sealed' ? 'game.sealed' : 'game.choosing')}</span>}</Show>
                  <Show when={supremacyDay() !== null}>
                    <span class="tag supremacy" data-since={supremacyDay()!}>
                      ⚠ {t('public.supremacySince', { day: supremacyDay()! })}
                    </span>
                  </Show>
                </div>
                <div class="chip-sub">{CIVILISATION_NAME[seat.civilisation][language()]}</div>
                <Show
                  when={player()}
                  fallback={
                    <div class="chip-stats">
                      <span>{t('game.tilesLeft', { count: tilesLeft(seat) })}</span>
                      <Show when={seat.faceUp}>{(c) => <span>{t('game.faceUp', { tile: `${TERRAIN[c()].glyph} ${TERRAIN[c()].name[language()]}` })}</span>}</Show>
                    </div>
                  }
                >
                  {(p) => (
                    <dl class="chip-stats">
                      <dt>{t('game.energy')}</dt>
                      <dd data-stat="energy">{p().energy}</dd>
                      <dt>{t('game.setAside')}</dt>
                      <dd data-stat="setAside">{p().setAside}</dd>
                      <dt>{t('game.pure')}</dt>
                      <dd data-stat="pure">{p().pure}</dd>
                      <dt>{t('game.handSize')}</dt>
                      <dd data-stat="hand">{p().cards.hand.length}</dd>
                      <dt>{t('game.territories')}</dt>
                      <dd>{summary()?.territories ?? 0}</dd>
                      <dt>{t('game.troops')}</dt>
                      <dd>{summary()?.troops ?? 0}</dd>
                      <Show when={p().suzerain !== null}>
                        <dt class="wide">{t('game.vassalOf', { player: playerName(p().suzerain!, language()) })}</dt>
                      </Show>
                      <Show when={cards()?.technologies.length}>
                        <dt>{t('public.technologies')}</dt>
                        <dd class="wide-value" data-stat="technologies">
                          {cards()!.technologies.map((tech) => cardFace(tech, language()).name).join(', ')}
                        </dd>
                      </Show>
                    </dl>
                  )}
                </Show>
                <Show when={cards()}>{(c) => <ChipDetails seat={i()} cards={c()} production={props.production ?? null} />}</Show>
              </li>
            );
          }}
        </For>
      </ul>
    </section>
  );
}

/** What a chip folds away (a phone keeps it short): deck and hand together, the discard pile, the day's production and tributes. */
function ChipDetails(props: { seat: Seat; cards: PublicCards; production: DayProduction | null }) {
  const list = (cards: PublicCards['discard']): string => (cards.length === 0 ? t('public.none') : countsWords(cards, language()).join(', '));
  const made = () => props.production?.seats.get(props.seat) ?? null;
  return (
    <details class="chip-details" data-seat={props.seat}>
      <summary>{t('public.details')}</summary>
      {/* On a phone, a bottom sheet over the board (public.css): it says whose it is. */}
      <div class="chip-sheet">
        <p class="chip-sheet-title">
          {playerName(props.seat, language())} · {t('public.details')}
        </p>
        <dl>
          <dt title={t('public.why')}>{t('public.deckHand', { count: countOfAll(props.cards.deckAndHand) })}</dt>
          <dd data-public="deck-hand">{list(props.cards.deckAndHand)}</dd>
          <dt>{t('public.discard', { count: countOfAll(props.cards.discard) })}</dt>
          <dd data-public="discard">{list(props.cards.discard)}</dd>
          <Show when={made()}>
            {(m) => (
              <>
                <dt>{t('public.production', { day: props.production!.day })}</dt>
                <dd data-public="production">
                  {t('public.produced', { energy: m().energy, pure: m().pure })}
                  <Show when={m().paid}>{(paid) => <>; {t('public.tributeTo', { player: playerName(paid().to, language()), energy: paid().energy, pure: paid().pure })}</>}</Show>
                  <For each={m().received}>{(r) => <>; {t('public.tributeFrom', { player: playerName(r.from, language()), energy: r.energy, pure: r.pure })}</>}</For>
                </dd>
              </>
            )}
          </Show>
        </dl>
      </div>
    </details>
  );
}
