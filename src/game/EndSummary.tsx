import { For, Show, createMemo } from 'solid-js';
import { type GameState, type Seat, seatSummaries } from '../../engine/index.js';
import { type Language, playerLabel, playerName } from '../display/index.js';
import { language, t, textIn } from '../i18n/index.js';
import type { Victory } from './publicFacts.js';

/**
 * Who won, by which victory and why, in words: the engine's `won` event (victoryOf), with W2's
 * facts for an energy victory; where the game ended otherwise (a day cap, a forfeit...), the words
 * the protocol's end gives (`ended`).
 */
export function resultWords(state: GameState, winner: Seat | null, victory: Victory | null, ended: string | null, lang: Language): { winner: string; why: string | null } {
  const who = winner === null ? null : playerLabel(winner, state.seats[winner]!.colour, lang);
  const head = who === null ? textIn(lang, 'result.noWinner') : textIn(lang, 'result.winner', { player: who });
  let why: string | null = ended;
  if (victory && victory.seat === winner) {
    if (victory.how === 'supremacy') why = textIn(lang, 'result.supremacy');
    else if (victory.since !== null && victory.day !== null) why = textIn(lang, 'result.energy', { since: victory.since, day: victory.day });
  }
  return { winner: head, why };
}

/** The end of a game (a player's screen, the spectator's, the replay viewer's last position): the result and every player's position. Presentational. */
export function EndSummary(props: { state: GameState; winner: Seat | null; victory: Victory | null; ended?: string | null }) {
  const words = () => resultWords(props.state, props.winner, props.victory, props.ended ?? null, language());
  const rows = createMemo(() => (props.state.phase.name === 'conquest' ? seatSummaries(props.state) : []));
  return (
    <details class="end-summary" id="end-summary" open data-winner={props.winner ?? ''} data-how={props.victory?.how ?? ''}>
      <summary>{t('result.title')}</summary>
      <p class="end-winner">
        <strong>{words().winner}</strong>
      </p>
      <Show when={words().why}>{(why) => <p class="end-why">{why()}</p>}</Show>
      <Show when={rows().length > 0}>
        <table class="end-positions">
          <caption>{t('result.positions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('result.player')}</th>
              <th scope="col">{t('game.territories')}</th>
              <th scope="col">{t('game.troops')}</th>
              <th scope="col">{t('game.energy')}</th>
              <th scope="col">{t('game.pure')}</th>
              <th scope="col">{t('result.suzerain')}</th>
            </tr>
          </thead>
          <tbody>
            <For each={rows()}>
              {(row) => (
                <tr data-seat={row.seat} classList={{ winner: row.seat === props.winner }}>
                  <th scope="row">
                    {playerLabel(row.seat, props.state.seats[row.seat]!.colour, language())}
                    <Show when={row.forfeited}> ({t('game.forfeited')})</Show>
                  </th>
                  <td>{row.territories}</td>
                  <td>{row.troops}</td>
                  <td>{row.energy}</td>
                  <td>{row.pure}</td>
                  <td>{row.suzerain === null ? t('result.free') : playerName(row.suzerain, language())}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </Show>
    </details>
  );
}
