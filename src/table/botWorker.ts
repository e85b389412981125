/// <reference lib="webworker" />
import { expose } from 'comlink';
import type { GameState, Seat, Vault } from '../../engine/index.js';
import { installFastHash } from '../app/fastHash.js';
import { freezeStatesInDevelopment } from '../app/freeze.js';
import { chooseBotAction, chooseGreedyAction } from './bots.js';
import { buildLocalPosition } from '../explorer/position.js';

/** This Worker's own engine hashes with WebAssembly too, and freezes states in development builds (a Worker is a realm of its own). */
const fast = installFastHash();
freezeStatesInDevelopment();

/**
 * The bots' Worker, the only place the page's bots think (test/table/mainThread.test.ts holds the
 * page to it): the page never freezes while a bot thinks. It returns actions, never states.
 */
const api = {
  choose: async (state: GameState, seat: Seat, vault: Vault) => {
    await fast;
    return chooseBotAction(state, seat, vault);
  },
  greedy: async (state: GameState, seat: Seat, vault: Vault) => {
    await fast;
    return chooseGreedyAction(state, seat, vault);
  },
  /** The explorer's position at a conquest day, played by greedy agents (src/explorer/position.ts). */
  position: async (players: number, seed: string, day: number) => {
    await fast;
    return buildLocalPosition(players, seed, day);
  },
};
export type BotWorkerApi = typeof api;
expose(api);
