import { For } from 'solid-js';
import type { Option, Take } from '../../../engine/index.js';
import { hexLabel } from '../../board/describe.js';
import { language, t } from '../../i18n/index.js';
import { dirName } from './options.js';
import { Stepper } from './Stepper.js';

export type TakeOption = Extract<Option, { kind: 'take' }>;

/** The take a draft stands for: directions in increasing order, counts >= 1 (as the engine writes it). */
export const takeOf = (option: TakeOption, counts: Readonly<Record<number, number>>): Take[] =>
  option.stacks.flatMap((s) => ((counts[s.dir] ?? 0) > 0 ? [{ dir: s.dir, count: counts[s.dir]! }] : [])).sort((a, b) => a.dir - b.dir);

/** A first draft: the stacks in the engine's order, filled up to the option's minimum (the smallest legal choice). */
export function firstTake(option: TakeOption): Record<number, number> {
  const out: Record<number, number> = {};
  let left = option.min;
  for (const s of option.stacks) {
    const n = Math.min(s.count, left);
    out[s.dir] = n;
    left -= n;
  }
  return out;
}

/** B11 losses or B12a refill: troops taken from the tile's frontiers, a stepper per frontier, the total bounded by the engine. */
export function TakePanel(props: { option: TakeOption; counts: Readonly<Record<number, number>>; onChange: (dir: number, n: number) => void }) {
  const total = () => Object.values(props.counts).reduce((a, b) => a + b, 0);
  const losses = () => props.option.action.kind === 'allocateLosses';
  return (
    <section class="conquest-panel take" aria-label={t(losses() ? 'take.losses' : 'take.refill')}>
      <h3>{t(losses() ? 'take.losses' : 'take.refill')}</h3>
      <p class="panel-help">
        {t(losses() ? 'take.lossesHelp' : 'take.refillHelp', { at: hexLabel(props.option.action.at), count: props.option.min, min: props.option.min, max: props.option.max })}
      </p>
      <For each={props.option.stacks}>
        {(s) => (
          <Stepper id={`take-${s.dir}`} label={t('take.side', { dir: dirName(s.dir, language()), count: s.count })} value={props.counts[s.dir] ?? 0} min={0} max={s.count} onChange={(n) => props.onChange(s.dir, n)} />
        )}
      </For>
      <p class="take-total" classList={{ bad: total() < props.option.min || total() > props.option.max }}>
        {t('take.total', { total: total(), min: props.option.min, max: props.option.max })}
      </p>
    </section>
  );
}
