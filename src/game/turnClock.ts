import { type Accessor, createEffect, createSignal, on, onCleanup } from 'solid-js';
import type { Seat } from '../../engine/index.js';

const clock = (ms: number): string => {
  const s = Math.floor(Math.max(0, ms) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * The prompt's timer (time since the awaited seat last changed, as m:ss) and the bot's
 * "thinking" chip, shown once a bot has taken 400 ms (ui.md §5). Cleans up its timers.
 */
export function createTurnClock(awaited: Accessor<Seat | null>, bots: readonly Seat[]): { timer: Accessor<string>; thinking: Accessor<Seat | null> } {
  const [now, setNow] = createSignal(Date.now());
  const [start, setStart] = createSignal(Date.now());
  createEffect(on(awaited, () => setStart(Date.now())));
  const tick = setInterval(() => setNow(Date.now()), 1000);
  onCleanup(() => clearInterval(tick));

  const [thinking, setThinking] = createSignal<Seat | null>(null);
  createEffect(() => {
    const a = awaited();
    setThinking(null);
    if (a === null || !bots.includes(a)) return;
    const timer = setTimeout(() => setThinking(a), 400);
    onCleanup(() => clearTimeout(timer));
  });
  return { timer: () => clock(now() - start()), thinking };
}
