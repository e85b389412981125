import solid from 'vite-plugin-solid';
import { defineConfig } from 'vitest/config';

// Two projects: everything in Node as before, and the UI's component tests (test/ui/**/*.test.tsx)
// in happy-dom with Solid's browser build; kept apart because the Solid plugin makes every import
// resolve its browser build, which Node-only tests (ws, wrtc) must not get.
export default defineConfig({
  test: {
    // States are deep-frozen in every test: code that mutates an engine state fails at once.
    setupFiles: ['test/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['test/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        plugins: [solid()],
        test: { name: 'ui', include: ['test/ui/**/*.test.tsx'], environment: 'happy-dom' },
      },
    ],
  },
});
