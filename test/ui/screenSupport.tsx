/** The game screen mounted on a hot-seat game brought to a position by the page's bots (flat map: happy-dom has no WebGL). */
import { render } from 'solid-js/web';
import { type GameState, awaiting } from '../../engine/index.js';
import { setupOf } from '../../src/game/config.js';
import { GameScreen } from '../../src/game/GameScreen.js';
import type { GameTable } from '../../src/table/types.js';
import { makeDirectTable } from '../support/directTable.js';
import { config, inputsUntil } from './conquestSupport.js';

export const tick = async (n = 2): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

export interface MountedScreen {
  readonly table: GameTable;
  readonly host: HTMLElement;
  readonly $: (selector: string) => HTMLElement | null;
  /** The seat awaited at the position. */
  readonly seat: number;
  readonly inputs: readonly unknown[];
  dispose(): void;
}

/** Mounts the screen on `inputs` (a game of `players` persons dealt by `seed`): the curtain is down. */
export async function mountScreen(seed: string, inputs: readonly unknown[], players = 2): Promise<MountedScreen> {
  const cfg = config(players, seed);
  const table = makeDirectTable({ setup: setupOf(cfg), seed, bots: [], bot: async () => null, inputs });
  const host = document.createElement('div');
  document.body.append(host);
  const unmount = render(() => <GameScreen table={table} config={cfg} flat onAutoplay={() => {}} />, host);
  await tick();
  const who = awaiting(table.view().state);
  return {
    table,
    host,
    $: (selector) => host.querySelector(selector) as HTMLElement | null,
    seat: who.kind === 'seat' ? who.seat : -1,
    inputs,
    dispose() {
      unmount();
      host.remove();
      table.dispose();
    },
  };
}

/** The screen at the first position of a fresh game where `stop` holds. */
export const screenAt = (seed: string, stop: (s: GameState) => boolean, players = 2): Promise<MountedScreen> => mountScreen(seed, inputsUntil(config(players, seed), stop).inputs, players);

export const legalKeys = (host: HTMLElement): string[] => [...host.querySelectorAll('.board-list li.legal')].map((li) => li.getAttribute('data-hex')!);
export const clickHex = (host: HTMLElement, key: string): void => void host.querySelector(`svg.hex-map g.hex[data-hex="${key}"]`)!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
