import { Show } from 'solid-js';
import { type HexKey, hexKey } from '../../engine/index.js';
import { route } from '../app/router.js';
import { Board } from '../board/Board.js';
import { NO_HIGHLIGHTS } from '../board/types.js';
import { LogPanel } from '../game/LogPanel.js';
import { PlayersColumn } from '../game/PlayersColumn.js';
import { createLog } from '../game/useLog.js';
import { language, t } from '../i18n/index.js';
import { type ReplayStatus, type ReplayViewer, createReplayViewer } from './createReplayViewer.js';
import { verdictBadge } from './verdictBadge.js';

/**
 * #/replay: open a replay file, verify it in a Worker (progress, then a badge with the verdict
 * `npm run verify` gives, in words), then step through it on the board beside the log (ui.md §5 keys).
 */
export default function ReplayScreen() {
  const replay = createReplayViewer();
  const { timeline, at, state } = replay;
  const lastHexes = (): HexKey[] => {
    const tl = timeline();
    const input = tl && at() > 0 ? (tl.inputs[at() - 1] as { at?: { q: number; r: number } }) : null;
    return input?.at ? [hexKey(input.at)] : [];
  };
  const log = createLog(() => {
    const tl = timeline();
    const n = at();
    return { states: tl ? Array.from({ length: n }, (_, i) => tl.at(i)) : [], inputs: tl ? tl.inputs.slice(0, n) : [], seq: n };
  }, language);

  return (
    <main class="replay page">
      <header class="replay-head">
        <h1>{t('replay.title')}</h1>
        <label class="file-button button-like">
          {t('replay.open')}…
          <input type="file" id="replay-input" class="visually-hidden" accept=".json,.gz,application/json,application/gzip" onChange={(e) => e.currentTarget.files?.[0] && void replay.open(e.currentTarget.files[0])} />
        </label>
        <Show when={replay.saved()}>
          {(file) => (
            <a class="button-like" id="replay-save" href={file().url} download={file().name}>
              {t('replay.save')}
            </a>
          )}
        </Show>
      </header>
      <StatusLine status={replay.status()} />
      <Show when={timeline() && state()}>
        <div class="replay-body">
          <div class="replay-board">
            <TimelineNav replay={replay} />
            <p class="help">{t('replay.keys')}</p>
            <Show when={timeline()!.playable < timeline()!.inputs.length}>
              <p class="error">{t('replay.unreadable', { at: timeline()!.playable })}</p>
            </Show>
            <Board state={state()!} highlights={{ ...NO_HIGHLIGHTS, last: lastHexes() }} label={t('board.label')} flat={route().query.get('board') === 'flat'} />
          </div>
          <aside class="side">
            <PlayersColumn state={state()!} viewer={null} bots={[]} awaited={null} thinking={null} />
            <LogPanel lines={log()} />
          </aside>
        </div>
      </Show>
    </main>
  );
}

/** Reading, verifying (with progress), then the verdict's badge; or why the file is no replay. */
function StatusLine(props: { status: ReplayStatus }) {
  const status = () => props.status;
  const badge = () => {
    const s = status();
    return s.kind === 'done' ? verdictBadge(s.verified, language()) : null;
  };
  return (
    <>
      <Show when={status().kind === 'idle'}>
        <p class="help">{t('replay.drop')}</p>
      </Show>
      <Show when={status().kind === 'reading'}>
        <p role="status">{t('replay.reading', { name: (status() as { name: string }).name })}</p>
      </Show>
      <Show when={status().kind === 'verifying'}>
        {(() => {
          const s = () => status() as { done: number; total: number };
          return (
            <div role="status" class="progress" id="verify-progress">
              <span>{s().total > 0 ? t('replay.progress', { done: s().done, total: s().total }) : t('replay.verifying')}</span>
              <Show when={s().total > 0} fallback={<progress aria-label={t('replay.verifying')} />}>
                <progress max={s().total} value={s().done} />
              </Show>
            </div>
          );
        })()}
      </Show>
      <Show when={status().kind === 'error'}>
        <p class="badge invalid" id="replay-badge" data-valid="false" data-verdict="invalid" role="alert">
          <strong>{t('replay.verdict.invalid')}</strong> {(status() as { message: string }).message}
        </p>
      </Show>
      <Show when={badge()}>
        {(b) => (
          <p class={`badge ${b().tone}`} id="replay-badge" data-valid={String(b().verdict === 'valid')} data-verdict={b().verdict} role="status">
            <strong>{b().title}</strong> {b().detail}
          </p>
        )}
      </Show>
    </>
  );
}

/** The timeline: first, previous, play, next, last, a scrubber, and where it stands. */
function TimelineNav(props: { replay: ReplayViewer }) {
  const at = () => props.replay.at();
  const go = (i: number): void => props.replay.go(i);
  const timeline = () => props.replay.timeline()!;
  return (
    <nav class="timeline" aria-label="timeline">
      <button type="button" id="replay-first" onClick={() => go(0)}>
        « <span class="visually-hidden">{t('replay.first')}</span>
      </button>
      <button type="button" id="replay-prev" onClick={() => go(at() - 1)}>
        ◀ <span class="visually-hidden">{t('replay.prev')}</span>
      </button>
      <button type="button" id="replay-play" onClick={() => props.replay.togglePlay()}>
        {props.replay.playing() ? t('replay.pause') : t('replay.play')}
      </button>
      <button type="button" id="replay-next" onClick={() => go(at() + 1)}>
        ▶ <span class="visually-hidden">{t('replay.next')}</span>
      </button>
      <button type="button" id="replay-last" onClick={() => go(timeline().length - 1)}>
        » <span class="visually-hidden">{t('replay.last')}</span>
      </button>
      <input type="range" id="replay-scrub" min="0" max={timeline().length - 1} value={at()} aria-label={t('replay.step', { at: at(), total: timeline().length - 1 })} onInput={(e) => go(Number(e.currentTarget.value))} />
      <span id="replay-at" data-at={at()}>
        {t('replay.step', { at: at(), total: timeline().length - 1 })}
      </span>
    </nav>
  );
}
