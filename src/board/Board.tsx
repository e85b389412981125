import { For, Show, createSignal, lazy } from 'solid-js';
import {
  type GameState,
  type Hex,
  type Seat,
  parseHexKey,
} from '../../engine/index.js';
import { hasWebGL } from '../board3d/webgl.js';
import { language, t } from '../i18n/index.js';
import { describeHex, describeTile, hexLabel } from './describe.js';
import { HexMap } from './HexMap.js';
import { tileViews } from './tiles.js';
import type { BoardInput, Highlights } from './types.js';

const Board3D = lazy(() => import('../board3d/Board3D.js'));

/**
 * The board: the 3D board where WebGL works, else (or when asked: `flat`) the flat map with a note.
 * Beside it, the board as a list for screen readers, and a caption that says in words the hex
 * under the pointer or last tapped. `focus`: the seat at this device, whose part of the map a
 * small screen shows first.
 */
export function Board(props: { state: GameState; highlights: Highlights; label: string; flat?: boolean; focus?: Seat | null } & BoardInput) {
  const webgl = !props.flat && hasWebGL();
  // The hex the caption describes: hovered, else the last one picked (a tap has no hover).
  const [hovered, setHovered] = createSignal<Hex | null>(null);
  const [picked, setPicked] = createSignal<Hex | null>(null);
  const onHover = (hex: Hex | null): void => {
    setHovered(hex);
    props.onHover?.(hex);
  };
  const onPick = (hex: Hex): void => {
    setPicked(hex);
    props.onPick?.(hex);
  };
  const pointed = (): Hex | null => hovered() ?? picked();
  return (
    // Focusable (Tab reaches it): the keys then move the hex cursor and go through the glowing hexes (ui.md §7).
    <div class="board" role="region" tabindex="0" aria-label={props.label} data-board={webgl ? '3d' : 'flat'}>
      <Show
        when={webgl}
        fallback={
          <>
            <Show when={!props.flat}>
              <p class="note" role="status">
                {t('board.noWebgl')}
              </p>
            </Show>
            <HexMap state={props.state} highlights={props.highlights} label={props.label} onPick={onPick} onHover={onHover} />
          </>
        }
      >
        <Board3D state={props.state} highlights={props.highlights} focus={props.focus ?? null} onPick={onPick} onHover={onHover} />
      </Show>
      <Show when={pointed()}>{(hex) => <p class="hex-caption">{describeHex(props.state, hex(), language())}</p>}</Show>
      <details class="board-list visually-hidden-until-focus">
        <summary>{t('board.asList')}</summary>
        <ul>
          <For each={tileViews(props.state, 1)}>{(tile) => <li data-hex={tile.key}>{describeTile(tile, language())}</li>}</For>
          <For each={[...props.highlights.legal]}>
            {(key) => (
              <li class="legal" data-hex={key}>
                {t('board.legalPlace', { at: hexLabel(parseHexKey(key)) })}
              </li>
            )}
          </For>
        </ul>
      </details>
    </div>
  );
}
