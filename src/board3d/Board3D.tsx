import { createEffect, onCleanup, onMount } from 'solid-js';
import type { GameState, Seat } from '../../engine/index.js';
import type { BoardInput, Highlights } from '../board/types.js';
import { t } from '../i18n/index.js';
import { type Board3D as Board3DHandle, makeBoard3D } from './scene.js';

/**
 * The 3D board as a Solid component: `makeBoard3D` on mount, `dispose` on cleanup; every state and
 * highlight change is one `update`. The state is passed whole (a signal's value, never a store).
 */
export default function Board3D(props: { state: GameState; highlights: Highlights; focus?: Seat | null } & BoardInput) {
  let host!: HTMLDivElement;
  let board: Board3DHandle | undefined;
  const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const onKey = (e: KeyboardEvent): void => {
    if ((e.key === 'f' || e.key === 'F') && !(e.target instanceof HTMLInputElement)) board?.fit();
  };
  onMount(() => {
    board = makeBoard3D(host, { onPick: (h) => props.onPick?.(h), onHover: (h) => props.onHover?.(h) }, reducedMotion);
    const b = board;
    window.bfe.board = {
      drawCalls: () => b.renderer.info.render.calls,
      memory: () => ({ geometries: b.renderer.info.memory.geometries, textures: b.renderer.info.memory.textures }),
      frameMs: () => b.renderNow(),
      renderFrame: () => b.renderNow(),
      screenOf: (q, r) => b.screenOf({ q, r }),
      moveFrame: () => b.moveFrame(),
      badges: () => b.badges(),
      hiddenBadges: () => b.hiddenBadges(),
    };
    window.addEventListener('keydown', onKey);
    createEffect(() => board!.update(props.state, props.highlights, props.focus ?? null));
  });
  onCleanup(() => {
    window.removeEventListener('keydown', onKey);
    if (window.bfe.board) delete window.bfe.board;
    board?.dispose();
    board = undefined;
  });
  return (
    <div class="board3d" ref={host}>
      <button type="button" class="fit" id="fit" title={t('board.fitHelp')} onClick={() => board?.fit()}>
        {t('board.fit')} <kbd>F</kbd>
      </button>
    </div>
  );
}
