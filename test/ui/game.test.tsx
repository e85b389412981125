import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { TERRAIN } from '../../src/display/index.js';
import type { LocalGameConfig } from '../../src/game/config.js';
import { setupOf } from '../../src/game/config.js';
import { GameScreen } from '../../src/game/GameScreen.js';
import { makeDirectTable } from '../support/directTable.js';
import {
  tileOpening,
} from '../../engine/index.js';
import { localVault } from '../../engine/local/index.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});
const tick = () => new Promise((r) => setTimeout(r, 0));

// happy-dom has no WebGL: the screen shows the flat map, whose hexes are SVG groups to click.
describe('game screen (hot-seat, 2 persons)', () => {
  const config: LocalGameConfig = {
    mode: 'hotseat',
    seed: 'screen',
    seats: [
      { colour: 'forest', civilisation: 'elves', bot: false },
      { colour: 'mountain', civilisation: 'dwarves', bot: false },
    ],
  };

  it('shows a seat’s drawn tile only after its curtain, never to the other seat, and places it by clicks', async () => {
    const table = makeDirectTable({ setup: setupOf(config), seed: config.seed, bots: [], bot: async () => null });
    const host = document.createElement('div');
    document.body.append(host);
    disposers.push(render(() => <GameScreen table={table} config={config} flat onAutoplay={() => {}} />, host), () => host.remove(), () => table.dispose());
    await tick();
    const $ = (sel: string) => host.querySelector(sel) as HTMLElement | null;
    // Curtain for seat 0: nothing private in the DOM.
    expect($('#curtain')!.textContent).toContain('Pass the device to Player 1');
    expect($('section.hand')).toBeNull();
    $('#curtain')!.click();
    await tick();
    expect($('section.hand')!.getAttribute('data-viewer')).toBe('0');
    $('#draw')!.click();
    await tick();
    await tick();
    const state = table.view().state;
    const drawn = tileOpening(localVault('screen', 0), state.seats[0]!.drawn!, state)!.value;
    expect($('#drawn-tile')!.getAttribute('data-colour')).toBe(drawn);
    expect($('#prompt')!.textContent).toContain(TERRAIN[drawn].name.en);
    // The hex cursor: arrows move it and the hint says what is there, or why the tile may not go there.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    await tick();
    expect($('#hint')!.textContent).toMatch(/M6|\(1,0\)/);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await tick();
    // Legal cells glow on the flat map; a click selects, Confirm places.
    const cells = host.querySelectorAll('svg.hex-map g.cell');
    expect(cells.length).toBeGreaterThan(0);
    const key = cells[0]!.getAttribute('data-hex')!;
    cells[0]!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await tick();
    expect(($('#confirm') as HTMLButtonElement).disabled).toBe(false);
    $('#confirm')!.click();
    await tick();
    await tick();
    expect(host.querySelector(`svg.hex-map g.hex[data-hex="${key}"]`)!.getAttribute('data-colour')).toBe(drawn);
    // Hovering the log's first line shows the board as it was then (the tile not yet placed); leaving returns.
    const firstLine = host.querySelector('#log li') as HTMLElement;
    firstLine.dispatchEvent(new MouseEvent('mouseenter'));
    await tick();
    expect(host.querySelector(`svg.hex-map g.hex[data-hex="${key}"]`)).toBeNull();
    expect($('.moment')).not.toBeNull();
    host.querySelector('#log')!.dispatchEvent(new MouseEvent('mouseleave'));
    await tick();
    expect(host.querySelector(`svg.hex-map g.hex[data-hex="${key}"]`)).not.toBeNull();
    // Seat 0 ends the turn: the curtain comes down for seat 1, and seat 0's things are gone.
    $('#done')!.click();
    await tick();
    await tick();
    expect($('#curtain')!.textContent).toContain('Player 2');
    expect($('section.hand')).toBeNull();
    expect(host.innerHTML).not.toContain('drawn-tile');
    $('#curtain')!.click();
    await tick();
    expect($('section.hand')!.getAttribute('data-viewer')).toBe('1');
    expect($('#drawn-tile')).toBeNull();
  });
});
