import { t } from '../../i18n/index.js';

/**
 * A count between bounds the engine gave (ui.md §3: 1 to the engine's max, digits, All).
 * Presentational: the value lives with the caller.
 */
export function Stepper(props: { id: string; label: string; value: number; min: number; max: number; onChange: (n: number) => void; all?: boolean }) {
  const set = (n: number): void => props.onChange(Math.max(props.min, Math.min(props.max, n)));
  return (
    <div class="stepper" data-id={props.id}>
      <span class="stepper-label">{props.label}</span>
      <button type="button" id={`${props.id}-less`} aria-label={t('stepper.less')} disabled={props.value <= props.min} onClick={() => set(props.value - 1)}>
        −
      </button>
      <input
        type="number"
        id={props.id}
        aria-label={props.label}
        min={props.min}
        max={props.max}
        value={props.value}
        onInput={(e) => {
          const n = Number(e.currentTarget.value);
          if (Number.isInteger(n)) set(n);
        }}
      />
      <button type="button" id={`${props.id}-more`} aria-label={t('stepper.more')} disabled={props.value >= props.max} onClick={() => set(props.value + 1)}>
        +
      </button>
      {props.all !== false ? (
        <button type="button" id={`${props.id}-all`} class="link" disabled={props.value === props.max} onClick={() => set(props.max)}>
          {t('stepper.all', { max: props.max })}
        </button>
      ) : null}
    </div>
  );
}
