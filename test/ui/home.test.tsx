// IndexedDB, as the page keeps the local game (idb-keyval): happy-dom has none, fake-indexeddb is a whole implementation in memory.
import 'fake-indexeddb/auto';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { navigate, route } from '../../src/app/router.js';
import type { LocalGameConfig } from '../../src/game/config.js';
import { loadGame, makeGameStore, saveNewGame } from '../../src/game/persist.js';
import { Home } from '../../src/home/Home.js';
import { tick } from './screenSupport.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  navigate('/');
});

const config: LocalGameConfig = { mode: 'hotseat', seed: 'home-test', seats: [{ colour: 'forest', civilisation: 'elves', bot: false }, { colour: 'mountain', civilisation: 'dwarves', bot: false }] };
/** A stored game of three (unsigned) elements: Home reads only whether there is one and whether it has ended. */
async function storeGame(over: boolean): Promise<void> {
  await saveNewGame(config);
  await makeGameStore(config, []).save([[{ text: 'a', sig: '1' }], [{ text: 'b', sig: '2' }], [{ text: 'c', sig: '3' }]], over);
}

async function mountHome() {
  const host = document.createElement('div');
  document.body.append(host);
  disposers.push(render(() => <Home />, host), () => host.remove());
  // The stored game is read from IndexedDB.
  for (let i = 0; i < 50 && !host.querySelector('#start'); i++) await tick();
  await tick(10);
  return (selector: string) => host.querySelector(selector) as HTMLElement | null;
}

describe('Home over the local game stored on the device', () => {
  it('offers to resume a game in progress, and "Start the game" asks first, since it would end that game', async () => {
    await storeGame(false);
    const $ = await mountHome();
    expect($('#resume')).not.toBeNull();
    $('#start')!.click();
    await tick();
    // Nothing started, nothing stored over the game in progress.
    expect($('#start-question')!.textContent).toMatch(/A game is in progress/);
    expect(route().path).toBe('/');
    expect((await loadGame())!.log.length).toBe(3);
    $('#start-cancel')!.click();
    await tick();
    expect($('#start-question')).toBeNull();
    $('#start')!.click();
    await tick();
    $('#start-confirm')!.click();
    for (let i = 0; i < 50 && route().path === '/'; i++) await tick();
    expect(route().path).toBe('/local');
    expect((await loadGame())!.log.length).toBe(0);
  });

  it('offers no Resume for a game played to its end, and starts a new one without asking', async () => {
    await storeGame(true);
    expect((await loadGame())!.over).toBe(true);
    const $ = await mountHome();
    expect($('#resume')).toBeNull();
    $('#start')!.click();
    for (let i = 0; i < 50 && route().path === '/'; i++) await tick();
    expect($('#start-question')).toBeNull();
    expect(route().path).toBe('/local');
  });
});
