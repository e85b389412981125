import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `new Worker(new URL('./x.ts', import.meta.url), { type: 'module' })`.
 * The module's own path is group 2; only a relative path names a module of the page.
 */
const MODULE_WORKER = /\bnew\s+Worker\s*\(\s*new\s+URL\s*\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*,\s*import\.meta\.url\s*\)\s*,\s*\{\s*type:\s*'module'\s*\}\s*\)/g;

/**
 * Each module Worker the page starts is an entry of the page's own build and shares its chunks.
 * Vite would bundle each Worker in a build of its own, with its own copy of every module it
 * imports: the bots' Worker carried a second engine (about 60 kB gzipped) beside the one the game
 * page had already downloaded. A module Worker imports the page's chunks from the same addresses,
 * so the browser fetches each once; each realm still runs its own instance of the modules.
 *
 * Only in a build (the dev server serves a Worker's modules as it serves the page's), and only
 * module Workers (a classic Worker cannot import). bench/ui.ts counts a Worker with the chunks it
 * imports; test/table/mainThread.test.ts holds the chunks to it.
 */
export function workerChunks(): Plugin {
  const workers = new Set<string>();
  return {
    name: 'bfe-worker-chunks',
    apply: 'build',
    // Before Vite's own Worker plugin, which would bundle the Worker apart.
    enforce: 'pre',
    buildStart() {
      workers.clear();
    },
    transform: {
      filter: { code: /new\s+Worker/ },
      handler(code, id) {
        if (id.includes('/node_modules/')) return null;
        const dir = path.dirname(id.split('?')[0]!);
        let found = false;
        const out = code.replace(MODULE_WORKER, (match: string, _quote: string, file: string) => {
          found = true;
          const ref = this.emitFile({ type: 'chunk', id: path.resolve(dir, file) });
          workers.add(ref);
          // As many line breaks as the call had: every line after it stays where it was, no source map needed.
          return `new Worker(import.meta.ROLLUP_FILE_URL_${ref}, { type: 'module' })${'\n'.repeat(match.split('\n').length - 1)}`;
        });
        return found ? { code: out, map: null } : null;
      },
    },
    // The Worker's address beside the chunk that starts it (both in assets/): wherever the page is served from.
    resolveFileUrl({ referenceId, relativePath }) {
      return workers.has(referenceId) ? `new URL(${JSON.stringify(relativePath)}, import.meta.url).href` : null;
    },
  };
}
