import { proxy, wrap } from 'comlink';
import { type Accessor, createMemo, createSignal, onCleanup } from 'solid-js';
import type { GameState } from '../../engine/index.js';
import { navigate, route } from '../app/router.js';
import { takePendingReplay } from './pending.js';
import { readReplayFile } from './readFile.js';
import { type Timeline, makeTimeline, nextPhase } from './timeline.js';
import type { VerifyWorkerApi } from './verifyWorker.js';
import type { VerifiedReplay } from './verify.js';

export type ReplayStatus =
  | { kind: 'idle' }
  | { kind: 'reading'; name: string }
  | { kind: 'verifying'; done: number; total: number }
  | { kind: 'done'; verified: VerifiedReplay }
  | { kind: 'error'; message: string };

export interface ReplayViewer {
  readonly status: Accessor<ReplayStatus>;
  readonly timeline: Accessor<Timeline | null>;
  /** The position shown, and its state. */
  readonly at: Accessor<number>;
  readonly state: Accessor<GameState | null>;
  readonly playing: Accessor<boolean>;
  /** The opened file, offered for saving as it was read: a game just played has no other copy. */
  readonly saved: Accessor<{ name: string; url: string } | null>;
  open(file: File): Promise<void>;
  /** Shows position `i` (clamped), kept in the address (`#/replay?at=123` links a moment). */
  go(i: number): void;
  togglePlay(): void;
}

/**
 * The replay viewer's state: a file read, verified in a Worker (progress, then the verdict), its
 * timeline stepped through by the buttons, the keys (ui.md §5: ←/→, Shift+←/→ a phase, Home/End,
 * Space plays) and the player. Frees the Worker, the timers and the file's URL on cleanup.
 */
export function createReplayViewer(): ReplayViewer {
  const [status, setStatus] = createSignal<ReplayStatus>({ kind: 'idle' });
  const [timeline, setTimeline] = createSignal<Timeline | null>(null);
  const [at, setAt] = createSignal(0);
  const [playing, setPlaying] = createSignal(false);
  const [saved, setSaved] = createSignal<{ name: string; url: string } | null>(null);
  let worker: Worker | null = null;

  const verify = async (text: string): Promise<VerifiedReplay> => {
    worker?.terminate();
    worker = new Worker(new URL('./verifyWorker.ts', import.meta.url), { type: 'module' });
    const api = wrap<VerifyWorkerApi>(worker);
    const verified = await api.verify(text, proxy((done: number, total: number) => setStatus({ kind: 'verifying', done, total })));
    worker.terminate();
    worker = null;
    return verified;
  };
  const open = async (file: File): Promise<void> => {
    setTimeline(null);
    const previous = saved();
    if (previous) URL.revokeObjectURL(previous.url);
    setSaved({ name: file.name, url: URL.createObjectURL(file) });
    setStatus({ kind: 'reading', name: file.name });
    const read = await readReplayFile(file);
    if (!read.ok) return void setStatus({ kind: 'error', message: read.message });
    setStatus({ kind: 'verifying', done: 0, total: 0 });
    const verified = await verify(read.text);
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
  const togglePlay = (): void => void setPlaying(!playing());

  const onKey = (e: KeyboardEvent): void => {
    const tl = timeline();
    if (!tl || e.target instanceof HTMLInputElement) return;
    const keys: Record<string, () => void> = {
      ArrowRight: () => go(e.shiftKey ? nextPhase(tl, at(), 1) : at() + 1),
      ArrowLeft: () => go(e.shiftKey ? nextPhase(tl, at(), -1) : at() - 1),
      Home: () => go(0),
      End: () => go(tl.length - 1),
      ' ': togglePlay,
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
  return { status, timeline, at, state, playing, saved, open, go, togglePlay };
}
