import { availableParallelism } from 'node:os';
import solid from 'vite-plugin-solid';
import { defineConfig } from 'vitest/config';
import { markdownHtml } from './scripts/markdown.js';

/**
 * Three projects in two groups, one after the other:
 *
 * 1. The engine, protocol and UI tests: pure computation (in-process peers, happy-dom), run on
 *    every core. Vitest would keep one core for itself (cores - 1 workers: one on a 2-core
 *    machine), but its own work is small beside a whole game played through the protocol.
 *    - `node`: everything in Node.
 *    - `ui`: the UI's component tests (test/ui/**\/*.test.tsx) in happy-dom with Solid's browser
 *      build; kept apart because the Solid plugin makes every import resolve its browser build,
 *      which Node-only tests (ws, wrtc) must not get.
 * 2. `network`: real WebRTC, signaling servers, a TURN relay and real browsers, one file at a time
 *    and with the machine to themselves (peers, relays and browsers share its cores, and their
 *    heartbeats and connect timeouts run on the clock).
 */
const NETWORK = ['test/net/**/*.test.ts', 'test/browser/**/*.test.ts', 'test/online/**/*.test.ts'];
const cores = Math.max(1, availableParallelism());

export default defineConfig({
  test: {
    // States are deep-frozen in every test: code that mutates an engine state fails at once.
    setupFiles: ['test/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['test/**/*.test.ts'], exclude: NETWORK, environment: 'node', maxWorkers: cores, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        // The rules page imports the rulebook as HTML, as the page's build does.
        plugins: [markdownHtml(), solid()],
        test: { name: 'ui', include: ['test/ui/**/*.test.tsx'], environment: 'happy-dom', maxWorkers: cores, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'network', include: NETWORK, environment: 'node', maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
