import { wrap } from 'comlink';
import { proxy } from 'comlink';
import { Show, createMemo, createSignal, onCleanup } from 'solid-js';
import type { HexKey } from '../../engine/index.js';
import {
  hexKey,
} from '../../engine/index.js';
import { navigate, route } from '../app/router.js';
import { Board } from '../board/Board.js';
import { NO_HIGHLIGHTS } from '../board/types.js';
import { LogPanel } from '../game/LogPanel.js';
import { PlayersColumn } from '../game/PlayersColumn.js';
import { createLog } from '../game/useLog.js';
import { language, t } from '../i18n/index.js';
import { takePendingReplay } from './pending.js';
import { readReplayFile } from './readFile.js';
import { type Timeline, makeTimeline, nextPhase } from './timeline.js';
import type { VerifyWorkerApi } from './verifyWorker.js';
import type { VerifiedReplay } from './verify.js';
import { verdictBadge } from './verdictBadge.js';

type Status =
  | { kind: 'idle' }
  | { kind: 'reading'; name: string }
  | { kind: 'verifying'; done: number; total: number }
  | { kind: 'done'; verified: VerifiedReplay }
  | { kind: 'error'; message: string };

/**
 * #/replay: open a replay file, verify it in a Worker (progress, then a badge with the verdict
 * `npm run verify` gives, in words), then step through it on the board beside the log (ui.md §5 keys).
 */
export default function ReplayScreen() {
  const [status, setStatus] = createSignal<Status>({ kind: 'idle' });
  const [timeline, setTimeline] = createSignal<Timeline | null>(null);
  const [at, setAt] = createSignal(0);
  const [playing, setPlaying] = createSignal(false);
  // The opened file, offered for saving as it was read: a game just played has no other copy.
  const [saved, setSaved] = createSignal<{ name: string; url: string } | null>(null);
  let worker: Worker | null = null;

  const open = async (file: File): Promise<void> => {
    setTimeline(null);
    const previous = saved();
    if (previous) URL.revokeObjectURL(previous.url);
    setSaved({ name: file.name, url: URL.createObjectURL(file) });
    setStatus({ kind: 'reading', name: file.name });
    const read = await readReplayFile(file);
    if (!read.ok) return void setStatus({ kind: 'error', message: read.message });
    setStatus({ kind: 'verifying', done: 0, total: 0 });
    worker?.terminate();
    worker = new Worker(new URL('./verifyWorker.ts', import.meta.url), { type: 'module' });
    const api = wrap<VerifyWorkerApi>(worker);
    const verified = await api.verify(read.text, proxy((done: number, total: number) => setStatus({ kind: 'verifying', done, total })));
    worker.terminate();
    worker = null;
    setStatus({ kind: 'done', verified });
    // An invalid replay is shown only up to its first violation: what follows is not the game.
    const r = verified.result;
    const cut = !r.valid && r.failure.element !== null ? verified.inputs.slice(0, r.failure.element) : verified.inputs;
    const tl = verified.setup ? makeTimeline(verified.setup, cut) : null;
    setTimeline(tl);
    const wanted = Number(route().query.get('at'));
    setAt(tl ? Math.min(tl.length - 1, Number.isInteger(wanted) && wanted > 0 ? wanted : 0) : 0);
  };
  const pending = takePendingReplay();
  if (pending) void open(pending);

  const go = (i: number): void => {
    const tl = timeline();
    if (!tl) return;
    const next = Math.max(0, Math.min(tl.length - 1, i));
    setAt(next);
    navigate(`/replay?at=${next}${route().query.get('board') === 'flat' ? '&board=flat' : ''}`, true);
  };

  const onKey = (e: KeyboardEvent): void => {
    const tl = timeline();
    if (!tl || e.target instanceof HTMLInputElement) return;
    const keys: Record<string, () => void> = {
      ArrowRight: () => go(e.shiftKey ? nextPhase(tl, at(), 1) : at() + 1),
      ArrowLeft: () => go(e.shiftKey ? nextPhase(tl, at(), -1) : at() - 1),
      Home: () => go(0),
      End: () => go(tl.length - 1),
      ' ': () => setPlaying(!playing()),
    };
    const act = keys[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  };
  window.addEventListener('keydown', onKey);
  const player = setInterval(() => {
    const tl = timeline();
    if (!playing() || !tl) return;
    if (at() >= tl.length - 1) setPlaying(false);
    else go(at() + 1);
  }, 300);
  onCleanup(() => {
    window.removeEventListener('keydown', onKey);
    clearInterval(player);
    worker?.terminate();
    const file = saved();
    if (file) URL.revokeObjectURL(file.url);
  });

  const state = createMemo(() => timeline()?.at(at()) ?? null);
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

  const badge = () => {
    const s = status();
    return s.kind === 'done' ? verdictBadge(s.verified, language()) : null;
  };

  return (
    <main class="replay page">
      <header class="replay-head">
        <h1>{t('replay.title')}</h1>
        <label class="file-button button-like">
          {t('replay.open')}…
          <input type="file" id="replay-input" class="visually-hidden" accept=".json,.gz,application/json,application/gzip" onChange={(e) => e.currentTarget.files?.[0] && void open(e.currentTarget.files[0])} />
        </label>
        <Show when={saved()}>
          {(file) => (
            <a class="button-like" id="replay-save" href={file().url} download={file().name}>
              {t('replay.save')}
            </a>
          )}
        </Show>
      </header>
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
      <Show when={timeline() && state()}>
        <div class="replay-body">
          <div class="replay-board">
            <nav class="timeline" aria-label="timeline">
              <button type="button" id="replay-first" onClick={() => go(0)}>
                « <span class="visually-hidden">{t('replay.first')}</span>
              </button>
              <button type="button" id="replay-prev" onClick={() => go(at() - 1)}>
                ◀ <span class="visually-hidden">{t('replay.prev')}</span>
              </button>
              <button type="button" id="replay-play" onClick={() => setPlaying(!playing())}>
                {playing() ? t('replay.pause') : t('replay.play')}
              </button>
              <button type="button" id="replay-next" onClick={() => go(at() + 1)}>
                ▶ <span class="visually-hidden">{t('replay.next')}</span>
              </button>
              <button type="button" id="replay-last" onClick={() => go(timeline()!.length - 1)}>
                » <span class="visually-hidden">{t('replay.last')}</span>
              </button>
              <input type="range" id="replay-scrub" min="0" max={timeline()!.length - 1} value={at()} aria-label={t('replay.step', { at: at(), total: timeline()!.length - 1 })} onInput={(e) => go(Number(e.currentTarget.value))} />
              <span id="replay-at" data-at={at()}>
                {t('replay.step', { at: at(), total: timeline()!.length - 1 })}
              </span>
            </nav>
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
