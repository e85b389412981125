import { For, Show } from 'solid-js';
import { type Battle, type BattleUnit, type Camp, type FighterLoss, type GameState, type Seat, involvedTroops, seatStrength, unitStrength } from '../../../engine/index.js';
import { hexLabel } from '../../board/describe.js';
import { CardView } from '../../cards/CardView.js';
import { cardFace } from '../../cards/cardInfo.js';
import { language, t } from '../../i18n/index.js';
import { describeEvents } from '../eventLines.js';
import type { PromptButton } from '../PromptBar.js';
import type { TurnView } from '../turn/createTurn.js';
import { campWords, seatWords } from './options.js';
import { reckoningPlace, reckoningText } from './reckoning.js';
import type { CombatReport } from './report.js';

/** The choices of the decision on screen that the combat view shows (abilities: buttons beside units, cards to choose). */
export type CombatChoices = NonNullable<TurnView['battle']>;

/** A unit of the battle as its card, with the strength the engine counts for it, and the buttons beside it. */
function UnitCard(props: { state: GameState; battle: Battle; unit: BattleUnit; buttons: readonly PromptButton[]; active: boolean; aside?: boolean }) {
  return (
    <div class="army-card" classList={{ active: props.active, aside: !!props.aside }} data-card={props.unit.card} data-unit={props.unit.id}>
      <CardView card={props.unit.card} compact strength={props.aside ? undefined : unitStrength(props.state, props.battle, props.unit)} down={props.unit.face === 'down'} />
      <Show when={props.buttons.length > 0}>
        <div class="unit-actions">
          <For each={props.buttons}>
            {(b) => (
              <button type="button" id={b.id} classList={{ primary: !!b.primary }} disabled={b.disabled} onClick={() => b.onClick()}>
                {b.label}
              </button>
            )}
          </For>
        </div>
      </Show>
    </div>
  );
}

/** Cards to choose for an ability (of the discard pile, the World, the hand): each face with its button and what choosing it would do. */
function CardChoices(props: { choices: NonNullable<CombatChoices['cards']> }) {
  return (
    <section class="battle-cards" aria-label={props.choices.title}>
      <h4>{props.choices.title}</h4>
      <ul>
        <For each={props.choices.items}>
          {(c) => (
            <li data-choice={c.id}>
              <CardView card={c.card} compact />
              <button type="button" id={`choice-${c.id}`} onClick={() => c.onClick()}>
                {t('abilities.targetUnit', { card: cardFace(c.card, language()).name })}
                <Show when={c.note}>{(note) => <small> · {note()}</small>}</Show>
              </button>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}

/**
 * The combat view (ui.md §3, Armies): a column per fighter, his units as rows and columns in play
 * order with their strengths, his troops, the total the engine counts; then what each side lost
 * and why (the engine's reckoning: rule, differences, stronger opponents), read from its events.
 * Public: units in play are face up for everyone.
 */
export function CombatView(props: { state: GameState; battle: Battle; report: CombatReport | null; ready?: readonly Seat[]; choices?: CombatChoices | null }) {
  const buttonsOf = (unit: number): readonly PromptButton[] => props.choices?.beside[unit] ?? [];
  const asideOf = (seat: Seat): BattleUnit[] => props.battle.aside.filter((u) => u.owner === seat);
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
      <Show when={props.choices?.cards}>{(cards) => <CardChoices choices={cards()} />}</Show>
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
                      <For each={row}>{(u) => <UnitCard state={props.state} battle={props.battle} unit={u} buttons={buttonsOf(u.id)} active={props.choices?.active === u.id} />}</For>
                    </li>
                  )}
                </For>
              </ol>
              <Show when={asideOf(seat).length > 0}>
                <div class="army-aside" aria-label={t('combat.aside')}>
                  <h5>{t('combat.aside')}</h5>
                  <For each={asideOf(seat)}>{(u) => <UnitCard state={props.state} battle={props.battle} unit={u} buttons={buttonsOf(u.id)} active={props.choices?.active === u.id} aside />}</For>
                </div>
              </Show>
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
      <Show when={(props.report?.effects.length ?? 0) > 0}>
        <section class="combat-effects" aria-label={t('combat.effects')}>
          <h4>{t('combat.effects')}</h4>
          <ol>
            <For each={props.report!.effects.flatMap((x) => describeEvents(x.before, [x.event], language(), x.after, x.input))}>{(line) => <li>{line}</li>}</For>
          </ol>
        </section>
      </Show>
      <Show when={props.report && props.report.taken.length > 0}>
        <p class="combat-outcome">
          <For each={props.report!.taken}>{(x) => <span>{t('combat.taken', { player: seatWords(props.state, x.seat, language()), at: hexLabel(x.at) })} </span>}</For>
        </p>
      </Show>
    </section>
  );
}
