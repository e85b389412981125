import { del, get, set } from 'idb-keyval';
import { type LocalGameConfig, parseConfig } from './config.js';

/** The local game in progress, kept in IndexedDB so that it survives a refresh. Never sent anywhere. */
export interface StoredGame {
  readonly config: LocalGameConfig;
  readonly inputs: readonly unknown[];
}

const KEY = 'bfe.localGame';

export async function loadGame(): Promise<StoredGame | null> {
  try {
    const raw = (await get(KEY)) as { config?: unknown; inputs?: unknown } | undefined;
    const config = parseConfig(raw?.config);
    if (!config || !Array.isArray(raw?.inputs)) return null;
    return { config, inputs: raw.inputs as unknown[] };
  } catch {
    return null;
  }
}

export async function saveGame(game: StoredGame): Promise<void> {
  try {
    await set(KEY, { config: game.config, inputs: [...game.inputs] });
  } catch {
    // IndexedDB refused (private mode): the game goes on, unsaved
  }
}

export async function clearGame(): Promise<void> {
  try {
    await del(KEY);
  } catch {
    // nothing stored
  }
}
