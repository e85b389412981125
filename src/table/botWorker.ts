/// <reference lib="webworker" />
import { expose } from 'comlink';
import type { GameState, Seat, Vault } from '../../engine/index.js';
import { chooseBotAction } from './bots.js';

/** The bots' Worker: the page never freezes while a bot thinks. It returns actions, never states. */
const api = {
  choose: (state: GameState, seat: Seat, vault: Vault) => chooseBotAction(state, seat, vault),
};
export type BotWorkerApi = typeof api;
expose(api);
