import { Index, Match, Show, Switch } from 'solid-js';
import type { SeatAction } from '../../../engine/index.js';
import { DIRECTION_ARROW, hexLabel } from '../../board/describe.js';
import { language, t } from '../../i18n/index.js';
import { dirName } from '../conquest/options.js';
import { PeekPanel } from '../conquest/PeekPanel.js';
import { FeintPanel, ShopPanel } from '../conquest/SecretPanel.js';
import { Stepper } from '../conquest/Stepper.js';
import { SubsetPanel } from '../conquest/SubsetPanel.js';
import { TakePanel } from '../conquest/TakePanel.js';
import type { Intent, Panel } from './types.js';

/**
 * A stage's private panel, rendered from its controller's data (types.ts Panel); its controls do
 * what the data says through `onIntent`. Presentational: it keeps no state of its own, and
 * stays mounted while the panel's kind does, so a count being typed keeps its focus.
 */
export function TurnPanel(props: { panel: Panel; busy: boolean; onIntent: (intent: Intent) => void }) {
  const of = <K extends Panel['kind']>(kind: K): Extract<Panel, { kind: K }> | null => (props.panel.kind === kind ? (props.panel as Extract<Panel, { kind: K }>) : null);
  return (
    <Switch>
      <Match when={of('steppers')}>{(p) => <SteppersPanel panel={p()} busy={props.busy} onIntent={props.onIntent} />}</Match>
      <Match when={of('feints')}>{(p) => <FeintPanel option={p().option} counts={p().counts} onChange={(i, n) => props.onIntent({ draft: p().set(i, n) })} />}</Match>
      <Match when={of('shop')}>{(p) => <ShopPanel option={p().option} cart={p().cart} onChange={(cart) => props.onIntent({ draft: p().set(cart) })} />}</Match>
      <Match when={of('take')}>{(p) => <TakePanel option={p().option} counts={p().counts} onChange={(dir, n) => props.onIntent({ draft: p().set(dir, n) })} />}</Match>
      <Match when={of('peek')}>{(p) => <PeekPanel panel={p()} onIntent={props.onIntent} />}</Match>
      <Match when={of('subset')}>
        {(p) => <SubsetPanel id={p().id} title={p().title} help={p().help} items={p().items} chosen={p().chosen} onToggle={(key) => props.onIntent({ draft: p().toggle(key) })} />}
      </Match>
    </Switch>
  );
}

/** Counts between the engine's bounds (a step, a spread's sides, the energy accounted, withdrawals), and the staged steps. */
function SteppersPanel(props: { panel: Extract<Panel, { kind: 'steppers' }>; busy: boolean; onIntent: (intent: Intent) => void }) {
  return (
    <section class={`conquest-panel ${props.panel.class}`}>
      <Show when={props.panel.title}>{(title) => <h3>{title()}</h3>}</Show>
      <Show when={props.panel.help}>{(help) => <p class="panel-help">{help()}</p>}</Show>
      <Index each={props.panel.rows}>
        {(row) => {
          const stepper = () => <Stepper id={row().id} label={row().label} value={row().value} min={row().min} max={row().max} all={row().all} onChange={(n) => props.onIntent({ draft: row().set(n) })} />;
          return (
            <Show when={row().go} fallback={stepper()}>
              {(go) => (
                <div class="withdraw-row">
                  {stepper()}
                  <button type="button" id={go().id} disabled={props.busy || !!go().disabled} onClick={() => props.onIntent(go().does)}>
                    {go().label}
                  </button>
                </div>
              )}
            </Show>
          );
        }}
      </Index>
      <Show when={props.panel.staged}>{(staged) => <StagedList actions={staged()} />}</Show>
    </section>
  );
}

/** The staged, unsent steps of a draft, in words. */
function StagedList(props: { actions: readonly SeatAction[] }) {
  return (
    <ol class="staged" id="staged" aria-label={t('conquest.staged')}>
      {props.actions.map((a) => (
        <li>
          {a.kind === 'moveTroops'
            ? t('moves.staged', { count: a.count, from: hexLabel(a.from), to: hexLabel(a.to) })
            : a.kind === 'spread'
              ? t('spread.staged', { count: a.count, at: hexLabel(a.at), dir: `${DIRECTION_ARROW[a.dir]} ${dirName(a.dir, language())}` })
              : a.kind}
        </li>
      ))}
    </ol>
  );
}
