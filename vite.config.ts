import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';
import { markdownHtml } from './scripts/markdown.js';
import { workerChunks } from './scripts/workerChunks.js';

export default defineConfig({
  plugins: [markdownHtml(), workerChunks(), solid()],
  // three.js alone is ~140 kB gzipped, in the lazily loaded board chunk; bench/ui.ts holds the page to its budget.
  build: { target: 'es2022', chunkSizeWarningLimit: 700 },
  worker: { format: 'es' },
});
