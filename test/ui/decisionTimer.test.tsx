import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage, t } from '../../src/i18n/index.js';
import type { LinkState } from '../../src/net/index.js';
import { clock, createDecisionClock, DecisionTimer, remaining } from '../../src/online/DecisionTimer.js';
import { PromptBar } from '../../src/game/PromptBar.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  setLanguage('en');
  vi.useRealTimers();
});

describe('the decision timer of an online game', () => {
  it('counts down from the genesis timer, starts again at each position, pulses in the last 20 s, and says when the awaited seat is away', async () => {
    vi.useFakeTimers();
    let clock = 0;
    const [seq, setSeq] = createSignal(10);
    const [awaited, setAwaited] = createSignal<{ name: string; state: LinkState; mine: boolean } | null>({ name: 'Player 2', state: 'connected', mine: false });
    const host = document.createElement('div');
    document.body.append(host);
    disposers.push(
      render(
        () => (
          <DecisionTimer
            timer={60}
            seq={seq}
            awaited={awaited}
            now={() => clock}
            label={(left, who, state, mine) => (mine ? t('online.timer.mine', { left }) : state === 'away' ? t('online.timer.away', { who, left }) : t('online.timer.waiting', { who, left }))}
          />
        ),
        host,
      ),
      () => host.remove(),
    );
    const el = (): HTMLElement => host.querySelector('#decision-timer')!;
    expect(el().dataset['left']).toBe('60');
    expect(el().textContent).toBe('Player 2 decides: 1:00 left');
    clock = 41_000;
    await vi.advanceTimersByTimeAsync(300);
    expect(el().dataset['left']).toBe('19');
    expect(el().classList.contains('urgent')).toBe(true);
    setAwaited({ name: 'Player 2', state: 'away', mine: false });
    expect(el().textContent).toBe('Player 2 is away: unless back within 0:19, the table plays the passive choice (T5)');
    expect(el().classList.contains('away')).toBe(true);
    // A new element: the next decision has the whole timer again.
    setSeq(11);
    await vi.advanceTimersByTimeAsync(300);
    expect(el().dataset['left']).toBe('60');
    expect(el().classList.contains('urgent')).toBe(false);
    setLanguage('fr');
    setAwaited({ name: 'Joueur 1', state: 'connected', mine: true });
    expect(el().textContent).toBe('À vous de décider : encore 1:00');
    // Nobody awaited (a random event, the end): no timer.
    setAwaited(null);
    expect(host.querySelector('#decision-timer')).toBeNull();
  });

  it('never goes below zero', () => {
    expect(remaining(60, 0, 0)).toBe(60);
    expect(remaining(60, 0, 59_001)).toBe(1);
    expect(remaining(60, 0, 600_000)).toBe(0);
  });

  it('one clock feeds the ring and the prompt bar: both show the time left, and start again together', async () => {
    vi.useFakeTimers();
    let now = 0;
    const [seq, setSeq] = createSignal(3);
    const host = document.createElement('div');
    document.body.append(host);
    disposers.push(
      render(() => {
        const left = createDecisionClock(90, seq, () => now);
        return (
          <>
            <DecisionTimer timer={90} seq={seq} left={left} awaited={() => ({ name: 'Player 2', state: 'connected', mine: false })} label={(l, who) => `${who}: ${l}`} />
            <PromptBar text="Player 2 is choosing" buttons={[]} timer={clock(left())} mine={false} />
          </>
        );
      }, host),
      () => host.remove(),
    );
    const ring = (): string => host.querySelector('#decision-timer span')!.textContent!;
    const bar = (): string => host.querySelector('time.timer')!.textContent!.trim();
    expect([ring(), bar()]).toEqual(['Player 2: 1:30', '1:30']);
    now = 30_500;
    await vi.advanceTimersByTimeAsync(300);
    expect([ring(), bar()]).toEqual(['Player 2: 1:00', '1:00']);
    setSeq(4);
    await vi.advanceTimersByTimeAsync(300);
    expect([ring(), bar()]).toEqual(['Player 2: 1:30', '1:30']);
  });
});
