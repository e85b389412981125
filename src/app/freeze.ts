// A deep import: this module loads with the Home screen, which does not load the engine.
import { setFreezeStates } from '../../engine/core/freeze.js';

/**
 * Deep-freezes every state the engine returns in development builds (Vite's dev server, `npm run
 * dev`), so that code mutating one fails at once, as in tests; production builds skip it, where it
 * would only cost time. Each realm (the page, a Worker) has its own engine and calls this once.
 */
export const freezeStatesInDevelopment = (): void => setFreezeStates(import.meta.env.DEV);
