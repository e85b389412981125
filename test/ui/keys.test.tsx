import { afterEach, describe, expect, it } from 'vitest';
import { type GameState, awaiting, legalOptions, parseHexKey } from '../../engine/index.js';
import { describeHex } from '../../src/board/describe.js';
import { type MountedScreen, legalKeys, screenAt, tick } from './screenSupport.js';

let screen: MountedScreen | null = null;
afterEach(() => {
  screen?.dispose();
  screen = null;
});

/** Moves from at least two sources: `]` has somewhere to go. */
const twoSources = (s: GameState): boolean => {
  if (s.phase.name !== 'conquest' || s.phase.stage.kind !== 'moves' || awaiting(s).kind !== 'seat') return false;
  const from = legalOptions(s, (awaiting(s) as { seat: number }).seat).flatMap((o) => (o.kind === 'count' && o.action.kind === 'moveTroops' ? [`${o.action.from.q},${o.action.from.r}`] : []));
  return new Set(from).size >= 2;
};

const press = async (target: EventTarget, key: string): Promise<void> => {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  await tick();
};

describe('the game screen by the keyboard (ui.md §7)', () => {
  it('Tab reaches the board; [ and ] go through the glowing spaces of the conquest, Enter picks one; Enter on a focused button presses it', async () => {
    screen = await screenAt('ui-keys', twoSources);
    const { $, host } = screen;
    $('#curtain')!.click();
    await tick();
    const board = $('.board')!;
    expect(board.tabIndex).toBe(0);
    board.focus();
    expect(document.activeElement).toBe(board);
    const sources = legalKeys(host);
    const says = (key: string): string => describeHex(screen!.table.view().state, parseHexKey(key), 'en');

    // The cursor goes through the sources and back, saying what each is; nothing is picked.
    await press(board, ']');
    expect($('#hint')!.textContent).toBe(says(sources[0]!));
    await press(board, ']');
    expect($('#hint')!.textContent).toBe(says(sources[1]!));
    await press(board, '[');
    expect($('#hint')!.textContent).toBe(says(sources[0]!));
    expect(legalKeys(host)).toEqual(sources);
    expect($('#cancel')).toBeNull();

    // Enter picks the source under the cursor: its targets glow, and ] goes through them.
    await press(board, 'Enter');
    expect($('#cancel')).not.toBeNull();
    const targets = legalKeys(host);
    expect(targets).not.toEqual(sources);
    await press(board, ']');
    expect($('#hint')!.textContent).toBe(says(targets[0]!));

    // Enter on the focused Cancel presses Cancel (not the hex under the cursor).
    $('#cancel')!.focus();
    await press($('#cancel')!, 'Enter');
    expect($('#cancel')).toBeNull();
    expect($('#stage')).toBeNull();
    expect(legalKeys(host)).toEqual(sources);
  });
});
