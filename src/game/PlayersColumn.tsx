import { For, Show } from 'solid-js';
import {
  type GameState,
  type Seat,
  seatSummaries,
  tilesLeft,
} from '../../engine/index.js';
import { CIVILISATION_NAME, TERRAIN, playerName } from '../display/index.js';
import { language, t } from '../i18n/index.js';

/** A chip per seat: who, colour glyph, whose turn, bots thinking, a forfeit (T7); stocks, pure energy, hand size. Public data only. */
export function PlayersColumn(props: { state: GameState; viewer: Seat | null; bots: readonly Seat[]; awaited: Seat | null; thinking: Seat | null; names?: readonly (string | undefined)[] }) {
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
            return (
              <li class="chip" classList={{ awaited: props.awaited === i(), viewer: props.viewer === i(), forfeited: player()?.forfeited === true }} data-seat={i()} style={{ '--seat-colour': TERRAIN[seat.colour].rgb }}>
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
                  <Show when={secret(i())}>{(k) => <span class="tag secret" data-secret={k()}>{t(k() === 'sealed' ? 'game.sealed' : 'game.choosing')}</span>}</Show>
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
                    </dl>
                  )}
                </Show>
              </li>
            );
          }}
        </For>
      </ul>
    </section>
  );
}
