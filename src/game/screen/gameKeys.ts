import { onCleanup } from 'solid-js';
import type { PromptButton } from '../PromptBar.js';
import type { BoardInput } from './boardInput.js';

const ARROWS: Readonly<Record<string, readonly [number, number]>> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export interface GameKeys {
  readonly board: BoardInput;
  /** The prompt's buttons: a key shown on one presses it (D draws, U takes the face-up tile, Enter confirms, Z undoes). */
  buttons(): readonly PromptButton[];
  /** Hot-seat: behind the curtain, no key acts on the game. */
  blocked(): boolean;
  toggleHelp(): void;
  toggleLog(): void;
  /** Esc: drops the selection, the log preview, the help. */
  escape(): void;
}

/** The button a key presses: enabled, showing that key; Enter on a focused button is the button's own click. */
export function shortcut(buttons: readonly PromptButton[], key: string, onButton: boolean): PromptButton | null {
  if (key === 'Enter' && onButton) return null;
  return buttons.find((b) => !b.disabled && b.key !== undefined && b.key.toLowerCase() === key.toLowerCase()) ?? null;
}

/** The game screen's keyboard (ui.md §7), on the window while the screen is mounted. */
export function createGameKeys(keys: GameKeys): void {
  const onKey = (e: KeyboardEvent): void => {
    if (e.key === '?') return keys.toggleHelp();
    if ((e.key === 'l' || e.key === 'L') && !(e.target instanceof HTMLInputElement)) return keys.toggleLog();
    if (keys.blocked() || e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const arrow = ARROWS[e.key];
    if (arrow) return void (e.preventDefault(), keys.board.moveCursor(arrow[0], arrow[1]));
    if (e.key === 'Enter' && keys.board.pickCursor()) return void e.preventDefault();
    if (e.key === 'Escape') return keys.escape();
    if (e.key === ']' || e.key === '[') return keys.board.cycle(e.key === ']' ? 1 : -1);
    const b = shortcut(keys.buttons(), e.key, e.target instanceof HTMLButtonElement);
    if (!b) return;
    if (e.key === 'Enter') e.preventDefault();
    b.onClick();
  };
  window.addEventListener('keydown', onKey);
  onCleanup(() => window.removeEventListener('keydown', onKey));
}
