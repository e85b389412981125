import { For, Show } from 'solid-js';
import { type Battle, type BattleUnit, type Camp, type FighterLoss, type GameState, type Seat, involvedTroops, seatStrength } from '../../../engine/index.js';
import { hexLabel } from '../../board/describe.js';
import { cardFace } from '../../cards/cardInfo.js';
import { language, t } from '../../i18n/index.js';
import { campWords, seatWords } from './options.js';
import { reckoningPlace, reckoningText } from './reckoning.js';
import type { CombatReport } from './report.js';

/**
 * The combat view (ui.md §3, Armies): a column per fighter, his units as rows and columns in play
 * order with their strengths, his troops, the total the engine counts; then what each side lost
 * and why (the engine's reckoning: rule, differences, stronger opponents), read from its events.
 * Public: units in play are face up for everyone.
 */
export function CombatView(props: { state: GameState; battle: Battle; report: CombatReport | null; ready?: readonly Seat[] }) {
  const seats = (): Seat[] => Object.keys(props.battle.camps).map(Number);
  const unitsOf = (seat: Seat): BattleUnit[][] => {
    const rows: BattleUnit[][] = [];
    for (const u of props.battle.units.filter((x) => x.owner === seat)) (rows[u.row] ??= []).push(u);
    return rows.filter(Boolean).map((r) => [...r].sort((a, b) => a.column - b.column));
  };
  const camp = (seat: Seat): Camp => props.battle.camps[seat]!;
  const fightersOf = (seat: Seat | 'wild'): FighterLoss[] => (props.report?.fighters ?? []).filter((f) => f.seat === seat);
  /** One line per fighter; a seat on several frontiers (S2d) says where each stood. */
  const Why = (p: { seat: Seat | 'wild' }) => (
    <Show when={fightersOf(p.seat).length > 0}>
      <ul class="army-why" aria-label={t('combat.why.title')}>
        <For each={fightersOf(p.seat)}>
          {(f) => (
            <li>
              <Show when={fightersOf(p.seat).length > 1}>{reckoningPlace(f, language())} </Show>
              {reckoningText(props.state, f, language())}
            </li>
          )}
        </For>
      </ul>
    </Show>
  );
  const where = (): string => {
    const c = props.battle.combat;
    return c.kind === 'territory' ? t('conquest.combat.territoryKey', { at: c.at }) : t('conquest.combat.frontierKey', { at: c.at });
  };
  return (
    <section class="combat-view" id="combat-view" aria-label={t('combat.title')}>
      <h3>
        {t('combat.title')} · {where()}
      </h3>
      <div class="combat-columns">
        <For each={seats()}>
          {(seat) => (
            <div class="combat-column" data-seat={seat}>
              <h4>
                {seatWords(props.state, seat, language())}
                <small> · {campWords(props.state, camp(seat), language())}</small>
                <Show when={props.ready?.includes(seat)}>
                  <span class="tag ready"> ✓ {t('combat.ready')}</span>
                </Show>
              </h4>
              <ol class="army">
                <For each={unitsOf(seat)} fallback={<li class="army-empty">{t('combat.noUnit')}</li>}>
                  {(row) => (
                    <li class="army-row">
                      <For each={row}>
                        {(u) => (
                          <span class="army-card" data-card={u.card} data-unit={u.id}>
                            {cardFace(u.card, language()).name} <b>{cardFace(u.card, language()).strength ?? 0}</b>
                          </span>
                        )}
                      </For>
                    </li>
                  )}
                </For>
              </ol>
              <p class="army-troops">{t('combat.troops', { count: involvedTroops(props.state, props.battle, seat) })}</p>
              <p class="army-total">{t('combat.total', { value: props.report?.strengths[seat] ?? seatStrength(props.state, props.battle, seat) })}</p>
              <Show when={props.report && (props.report.lost[seat] ?? 0) > 0}>
                <p class="army-lost">{t('combat.lost', { count: props.report!.lost[seat] ?? 0 })}</p>
              </Show>
              <Why seat={seat} />
            </div>
          )}
        </For>
        <Show when={props.battle.defender === 'wild' && props.battle.target}>
          {(k) => (
            <div class="combat-column wild" data-seat="wild">
              <h4>{t('combat.wildColumn')}</h4>
              <p class="army-troops">{t('combat.wild', { value: (props.state.territories[k()]?.wild ?? []).join(' + ') || '0' })}</p>
              <p class="army-total">{t('combat.total', { value: props.report?.wild ?? (props.state.territories[k()]?.wild ?? []).reduce((a, b) => a + b, 0) })}</p>
              <Why seat="wild" />
            </div>
          )}
        </Show>
      </div>
      <Show when={props.report && props.report.taken.length > 0}>
        <p class="combat-outcome">
          <For each={props.report!.taken}>{(x) => <span>{t('combat.taken', { player: seatWords(props.state, x.seat, language()), at: hexLabel(x.at) })} </span>}</For>
        </p>
      </Show>
    </section>
  );
}
