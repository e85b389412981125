import { type Accessor, For, onCleanup, Show } from 'solid-js';
import type { Seat } from '../../engine/index.js';
import { playerName } from '../display/index.js';
import { minorityWords, seatsAnd } from '../game/endWords.js';
import { type Key, language, t } from '../i18n/index.js';
import type { LinkState } from '../net/index.js';
import type { GoneSeat, Settled, Split } from '../table/types.js';

/**
 * What an online page says of absent players (issue 19, items 3 and 4): this page's own player
 * declared absent (and the way back), a game resting on a minority's word, a table split in two,
 * and why a connected seat is not waited for. Presentational: the containers hold the views.
 */

/** This page's seat was declared absent: the table answers for it until its player says it is back. */
export function AwayBanner(props: { onBack: () => void }) {
  return (
    <p class="banner error" role="alert" id="away-banner">
      {t('online.away')}{' '}
      <button type="button" id="im-back" class="primary" onClick={() => props.onBack()}>
        {t('online.imBack')}
      </button>
    </p>
  );
}

/**
 * Calls `here` on any click or key on the page while `away` says this page's player is away: a
 * person at the page is back, whatever they touched. Listens in the capture phase, so a control
 * that stops the event still counts. Removed with the owner.
 */
export function createBackOnActivity(away: Accessor<boolean>, here: () => void): void {
  const back = (): void => {
    if (away()) here();
  };
  window.addEventListener('pointerdown', back, true);
  window.addEventListener('keydown', back, true);
  onCleanup(() => {
    window.removeEventListener('pointerdown', back, true);
    window.removeEventListener('keydown', back, true);
  });
}

/** The absences settled on a minority's word, from the first: every page of the game shows it, spectators' too. */
export function MinorityBanner(props: { minority: readonly Settled[] }) {
  return (
    <Show when={props.minority[0]}>
      {(first) => (
        <p class="banner error" role="status" id="minority-banner" data-seq={first().seq}>
          {t('online.minority', { seq: first().seq, settled: minorityWords(props.minority, language(), 'element') })}
        </p>
      )}
    </Show>
  );
}

/** Seats went on without this page on another branch of the game: it says so, and offers the replay it has. */
export function SplitBanner(props: { split: Split; onReplay: () => void }) {
  return (
    <p class="banner error" role="alert" id="split-banner" data-seq={props.split.seq}>
      {t('online.split', { seats: seatsAnd(props.split.seats, language()), seq: props.split.seq })}{' '}
      <button type="button" id="split-replay" onClick={() => props.onReplay()}>
        {t('online.openReplay')}
      </button>
    </p>
  );
}

/**
 * The connection dot and word of each other seat; next to a seat the page does not wait for
 * although it may look connected, why: declared absent (its decisions answered at once), or gone
 * on with the other side of a split.
 */
export function Connections(props: { peers: readonly LinkState[]; skip?: Seat | null; gone?: readonly GoneSeat[]; split?: Split | null }) {
  const gone = (seat: Seat): boolean => props.gone?.some((g) => g.seat === seat) === true;
  const split = (seat: Seat): boolean => props.split?.seats.includes(seat) === true;
  return (
    <ul class="connections" aria-label={t('online.connections')}>
      <For each={props.peers}>
        {(state, i) => (
          <Show when={i() !== props.skip}>
            <li class={`conn conn-${state}`} data-seat={i()} data-gone={gone(i()) ? 'true' : undefined} data-split={split(i()) ? 'true' : undefined}>
              <span class="dot" aria-hidden="true" /> {playerName(i(), language())}: {t(`online.peer.${state}` as Key)}
              <Show when={split(i())} fallback={<Show when={gone(i())}>{' — '}<span class="conn-why">{t('online.peer.gone')}</span></Show>}>
                {' — '}
                <span class="conn-why">{t('online.peer.split', { seq: props.split!.seq })}</span>
              </Show>
            </li>
          </Show>
        )}
      </For>
    </ul>
  );
}
