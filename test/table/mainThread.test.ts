import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { type Rolldown, build as viteBuild } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What the page's own thread loads, and when. This bundles the page from src/main.tsx as a bundler
 * does (every static and lazy import, the code tree-shaken away left out) and looks at the code
 * that ships:
 * - bots never think on the page's own thread (issue 20, item 3): a bot's choice (the greedy
 *   agent, or the local games' chooser) takes long enough late in a game to freeze the page, so
 *   the bots' choosers must ship only in the Workers the page starts (`new Worker(new URL(...))`,
 *   which the bundle does not follow);
 * - the French dictionary loads only when the page shows French: an English page never downloads it.
 *
 * Then the chunks Vite builds, which a browser downloads: the Workers share the page's chunks (the
 * engine ships once), and the bots' choosers stay in chunks that only the bots' Worker loads.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The bots' choosers: none of their code may run on the page's thread. */
const BOT_CODE = ['engine/agents/greedy.ts', 'src/table/bots.ts'];

/** The modules whose code ships in the bundle of `entry`, as paths from the repository root. */
async function shippedFrom(entry: string): Promise<{ shipped: Set<string>; metafile: Metafile }> {
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    splitting: true,
    outdir: 'out',
    jsx: 'preserve',
    packages: 'external',
    loader: { '.css': 'empty' },
    logLevel: 'silent',
    // The rulebook, rendered to HTML by a Vite plugin when the page is built.
    plugins: [{ name: 'md-html', setup: (b) => b.onResolve({ filter: /\.md\?html$/ }, (a) => ({ path: a.path, external: true })) }],
  });
  const shipped = new Set(Object.values(metafile.outputs).flatMap((o) => Object.entries(o.inputs).flatMap(([file, i]) => (i.bytesInOutput > 0 ? [file] : []))));
  return { shipped, metafile };
}

/** The Workers these modules start: `new Worker(new URL('./x.ts', import.meta.url))`, resolved from the module. */
async function workersOf(modules: Iterable<string>): Promise<string[]> {
  const workers: string[] = [];
  for (const file of modules) {
    const text = await readFile(path.join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/new Worker\(\s*new URL\(\s*(['"])(.+?)\1\s*,\s*import\.meta\.url\s*\)/g)) workers.push(path.posix.join(path.posix.dirname(file), m[2]!));
  }
  return workers;
}

/** The output chunks `chunk` imports at once (`import` statements), itself included, transitively. */
function staticClosure(metafile: Metafile, chunk: string): Set<string> {
  const out = new Set<string>();
  const visit = (c: string): void => {
    if (out.has(c)) return;
    out.add(c);
    for (const i of metafile.outputs[c]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(chunk);
  return out;
}

let page: Awaited<ReturnType<typeof shippedFrom>>;
beforeAll(async () => {
  page = await shippedFrom('src/main.tsx');
});

describe('the bots think in a Worker, never on the page’s thread', () => {
  it('the page’s bundle holds no bot chooser; the Worker it starts for its bots does', async () => {
    // The walk reaches the lazy routes whose bots play and where a person lets the bot play.
    for (const caller of ['src/game/GameRoute.tsx', 'src/online/OnlineRoute.tsx', 'src/online/startSeats.ts', 'src/table/botClient.ts']) expect(page.shipped).toContain(caller);
    expect(BOT_CODE.filter((f) => page.shipped.has(f))).toEqual([]);

    const workers = await workersOf(page.shipped);
    expect(workers).toContain('src/table/botWorker.ts');
    const inWorkers = new Set<string>();
    for (const w of workers) for (const f of (await shippedFrom(w)).shipped) inWorkers.add(f);
    for (const f of BOT_CODE) expect(inWorkers).toContain(f);
  });
});

describe('the French dictionary loads on demand', () => {
  const FRENCH = 'src/i18n/fr.ts';

  it('is a chunk of its own, outside the first load, that only a dynamic import reaches', () => {
    const { outputs } = page.metafile;
    const holding = Object.keys(outputs).filter((o) => (outputs[o]!.inputs[FRENCH]?.bytesInOutput ?? 0) > 0);
    expect(holding).toHaveLength(1);
    const french = holding[0]!;
    expect(Object.entries(outputs[french]!.inputs).flatMap(([file, i]) => (i.bytesInOutput > 0 ? [file] : []))).toEqual([FRENCH]);
    const entry = Object.keys(outputs).find((o) => outputs[o]!.entryPoint === 'src/main.tsx')!;
    expect(staticClosure(page.metafile, entry)).not.toContain(french);
    // No chunk, the lazy routes' included (the game's, the board's), pulls it in with its own code.
    const importers = (kind: string): string[] => Object.keys(outputs).filter((o) => outputs[o]!.imports.some((i) => i.path === french && i.kind === kind));
    expect(importers('import-statement')).toEqual([]);
    expect(importers('dynamic-import')).toHaveLength(1);
  });
});

/** A chunk of the page's build, by its file name: the modules whose code it holds and the chunks it imports. */
interface BuiltChunk {
  readonly modules: readonly string[];
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
  readonly source: string | null;
}

/** The page as `vite build` makes it: its chunks by file name, and the other files it emits. */
async function viteChunks(): Promise<{ chunks: Map<string, BuiltChunk>; assets: string[] }> {
  // Not minified: the same chunks, in half the time.
  const built = (await viteBuild({ root: ROOT, logLevel: 'silent', build: { write: false, minify: false } })) as Rolldown.RolldownOutput;
  const fromRoot = (id: string): string => path.relative(ROOT, id).split(path.sep).join('/');
  const chunks = new Map<string, BuiltChunk>();
  const assets: string[] = [];
  for (const o of built.output) {
    if (o.type === 'asset') assets.push(o.fileName);
    else
      chunks.set(o.fileName, {
        modules: Object.entries(o.modules).flatMap(([id, m]) => (m.renderedLength > 0 ? [fromRoot(id)] : [])),
        imports: o.imports,
        dynamicImports: o.dynamicImports,
        source: o.facadeModuleId ? fromRoot(o.facadeModuleId) : null,
      });
  }
  return { chunks, assets };
}

/** The chunks a chunk loads: at once (its imports), and later too if `lazy` (its dynamic imports), transitively. */
function chunkClosure(chunks: Map<string, BuiltChunk>, from: string, lazy: boolean): Set<string> {
  const out = new Set<string>();
  const visit = (c: string): void => {
    if (out.has(c)) return;
    out.add(c);
    const chunk = chunks.get(c)!;
    for (const i of lazy ? [...chunk.imports, ...chunk.dynamicImports] : chunk.imports) visit(i);
  };
  visit(from);
  return out;
}

describe('the page’s build: its Workers share its chunks', () => {
  let built: Awaited<ReturnType<typeof viteChunks>>;
  const chunkOf = (source: string): string => [...built.chunks].find(([, c]) => c.source === source)![0];
  beforeAll(async () => {
    built = await viteChunks();
  });

  it('each Worker the page starts is a chunk of the page’s build, and no module ships twice', () => {
    for (const w of ['src/table/botWorker.ts', 'src/replay/verifyWorker.ts']) expect([...built.chunks.values()].map((c) => c.source)).toContain(w);
    // A Worker bundled apart is emitted as a file of its own, with its own copy of the engine.
    expect(built.assets.filter((a) => a.endsWith('.js'))).toEqual([]);
    const holders = new Map<string, string[]>();
    for (const [file, c] of built.chunks) for (const m of c.modules) holders.set(m, [...(holders.get(m) ?? []), file]);
    expect([...holders].filter(([, files]) => files.length > 1)).toEqual([]);
    // The bots' Worker runs the engine the game page already loaded.
    const engine = [...built.chunks].find(([, c]) => c.modules.includes('engine/game/play.ts'))![0];
    expect(chunkClosure(built.chunks, chunkOf('src/table/botWorker.ts'), false)).toContain(engine);
    expect(chunkClosure(built.chunks, chunkOf('index.html'), true)).toContain(engine);
  });

  it('the bots’ choosers are in chunks only the bots’ Worker loads, never in one the page loads', () => {
    const page = chunkClosure(built.chunks, chunkOf('index.html'), true);
    const worker = chunkClosure(built.chunks, chunkOf('src/table/botWorker.ts'), false);
    for (const f of BOT_CODE) {
      const holding = [...built.chunks].filter(([, c]) => c.modules.includes(f)).map(([file]) => file);
      expect(holding).toHaveLength(1);
      expect(worker).toContain(holding[0]);
      expect(page).not.toContain(holding[0]);
    }
  });
});
