import { type Accessor, createEffect, createSignal, on, onCleanup, Show } from 'solid-js';
import type { LinkState } from '../net/index.js';

/**
 * The decision timer of an online game (ui.md §6, "Absent peer"): the time the awaited seat has
 * left before the others may claim it absent, as this page's own timer counts it (the protocol's
 * clock starts at each place when this page reaches it), drawn as a ring that pulses in the last
 * 20 s. It shows who is awaited and whether that seat is reachable; nothing here decides anything:
 * the protocol's claims do. A seat declared absent and not back has its decisions answered at once
 * (issue 19, item 3): no time counts down for it, the timer says so instead.
 */
export const URGENT_SECONDS = 20;

export function remaining(timerSeconds: number, startedMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil(timerSeconds - (nowMs - startedMs) / 1000));
}

/**
 * The one decision clock of an online game: the seconds the awaited seat has left at this place,
 * by this page's clock, starting again with each new position. The ring and the prompt bar both
 * read it, so the page shows one time. Cleans up its interval with the owner.
 */
export function createDecisionClock(timer: number | null, seq: Accessor<number>, now: () => number = () => performance.now()): Accessor<number> {
  const [start, setStart] = createSignal(now());
  const [t, setT] = createSignal(now());
  createEffect(on(seq, () => setStart(now())));
  const tick = setInterval(() => setT(now()), 250);
  onCleanup(() => clearInterval(tick));
  return () => (timer === null ? 0 : remaining(timer, start(), t()));
}

export function DecisionTimer(props: {
  /** The genesis timer in seconds (one protocol tick a second), null: no timer. */
  timer: number | null;
  /** The position of the log: the timer starts again with each new one. */
  seq: Accessor<number>;
  /** The seat awaited and its connection state (null: no seat, a random event or the end); `atOnce`: it is gone, the table answers for it at once. */
  awaited: Accessor<{ name: string; state: LinkState; mine: boolean; atOnce?: boolean } | null>;
  label: (left: string, who: string, state: LinkState, mine: boolean) => string;
  /** What the timer says of a decision the table answers at once (no time counts down). */
  atOnceLabel?: (who: string, mine: boolean) => string;
  /** The page's decision clock (createDecisionClock), shared with the prompt bar; by default one of its own. */
  left?: Accessor<number>;
  now?: () => number;
}) {
  const left = props.left ?? createDecisionClock(props.timer, props.seq, props.now);
  const R = 9;
  const C = 2 * Math.PI * R;
  return (
    <Show when={props.timer !== null && props.awaited()}>
      {(who) => (
        <Show
          when={!who().atOnce}
          fallback={
            <p id="decision-timer" class="decision-timer at-once" classList={{ mine: who().mine }} data-state="at-once" role="status">
              <span>{props.atOnceLabel?.(who().name, who().mine) ?? who().name}</span>
            </p>
          }
        >
          <p
            id="decision-timer"
            class="decision-timer"
            classList={{ urgent: left() <= URGENT_SECONDS, away: who().state === 'away' || who().state === 'reconnecting', mine: who().mine }}
            data-left={left()}
            data-state={who().state}
            role="timer"
          >
            <svg class="ring" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <circle cx="12" cy="12" r={R} class="ring-track" />
              <circle cx="12" cy="12" r={R} class="ring-left" stroke-dasharray={`${(C * left()) / props.timer!} ${C}`} transform="rotate(-90 12 12)" />
            </svg>
            <span>{props.label(clock(left()), who().name, who().state, who().mine)}</span>
          </p>
        </Show>
      )}
    </Show>
  );
}

/** Seconds as m:ss. */
export function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${s < 10 ? '0' : ''}${s}`;
}
