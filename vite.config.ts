import { readFile } from 'node:fs/promises';
import { marked } from 'marked';
import { type Plugin, defineConfig } from 'vite';
import solid from 'vite-plugin-solid';

/**
 * `import html from './file.md?html'`: the Markdown rendered to HTML when the page is built, so
 * the page ships the rulebook as HTML and not the Markdown renderer.
 */
function markdownHtml(): Plugin {
  return {
    name: 'bfe-markdown-html',
    enforce: 'pre',
    load: {
      // Only `.md?html` (the dev server adds `import` to the query of a non-script import).
      filter: { id: /\.md\?(?:.*&)?html(?:&|$)/ },
      async handler(id) {
        const file = id.split('?')[0]!;
        this.addWatchFile(file);
        const html = await marked.parse(await readFile(file, 'utf8'), { async: true });
        return `export default ${JSON.stringify(html)};`;
      },
    },
  };
}

export default defineConfig({
  plugins: [markdownHtml(), solid()],
  // three.js alone is ~140 kB gzipped, in the lazily loaded board chunk; bench/ui.ts holds the page to its budget.
  build: { target: 'es2022', chunkSizeWarningLimit: 700 },
  worker: { format: 'es' },
});
