/**
 * The browser game's benchmark rows: the page's JavaScript (gzipped, lazy chunks named) and, in
 * headless Chromium, the 3D board with a 6-player position at 1280 x 720 (the explorer's map, its
 * conquest played to day 5: owners' bands, count badges, frontiers, props): main-thread time of a
 * still frame and of a frame of a camera move (the badges laid out again), draw calls, frames per
 * second (software rendering here), and time to the first frame.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, findChromium } from '../scripts/node/chromium.js';
import type { Row } from './table.js';

const root = fileURLToPath(new URL('..', import.meta.url));

interface ManifestChunk {
  readonly file: string;
  readonly name?: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

/** Every chunk a chunk needs at once (its static imports, transitively). */
function closure(manifest: Record<string, ManifestChunk>, keys: readonly string[]): Set<string> {
  const out = new Set<string>();
  const visit = (k: string): void => {
    const c = manifest[k];
    if (!c || out.has(c.file)) return;
    out.add(c.file);
    for (const i of c.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return out;
}

async function bundleRows(outDir: string): Promise<Row[]> {
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const gz = new Map<string, number>();
  const assets = await readdir(path.join(outDir, 'assets'));
  for (const f of assets.filter((a) => a.endsWith('.js'))) gz.set(`assets/${f}`, gzipSync(await readFile(path.join(outDir, 'assets', f))).length);
  const kb = (files: Iterable<string>): number => [...files].reduce((n, f) => n + (gz.get(f) ?? 0), 0) / 1024;
  const bySrc = (suffix: string): string => Object.keys(manifest).find((k) => k.endsWith(suffix))!;
  const entry = bySrc('index.html');
  const initial = closure(manifest, [entry]);
  // A Worker is an entry of the page's build (scripts/workerChunks.ts): it imports the page's chunks,
  // downloaded once, so the page counts each file once, the Worker's own with the chunks it imports.
  const game = closure(manifest, [entry, bySrc('src/game/GameRoute.tsx'), bySrc('src/board3d/Board3D.tsx'), bySrc('src/table/botWorker.ts')]);
  // Every lazy chunk outside the first load, named by its source.
  const lazy = Object.values(manifest)
    .filter((c) => !initial.has(c.file))
    .map((c) => `${c.name ?? path.basename(c.file)} ${(gz.get(c.file) ?? 0) / 1024 < 0.05 ? '' : ((gz.get(c.file) ?? 0) / 1024).toFixed(1) + ' KB'}`.trim());
  const workers = ['src/table/botWorker.ts', 'src/replay/verifyWorker.ts'].map((w) => {
    const all = closure(manifest, [bySrc(w)]);
    return `${path.basename(w, '.ts')} ${kb([manifest[bySrc(w)]!.file]).toFixed(1)} KB, ${kb(all).toFixed(1)} KB with the chunks it imports`;
  });
  return [
    { name: 'game page JS, gzipped (home, game, 3D board with three.js, bot worker)', value: kb(game), unit: 'KB', target: { max: 350 }, detail: `${game.size} files` },
    { name: 'first load JS, gzipped (home screen)', value: kb(initial), unit: 'KB', detail: `lazy chunks: ${lazy.join(', ')}; workers: ${workers.join(', ')}` },
  ];
}

async function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const server = http.createServer((req, res) => {
    const rel = path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = path.join(dir, rel.endsWith('/') ? `${rel}index.html` : rel);
    readFile(file).then(
      (body) => res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

async function boardRows(outDir: string): Promise<Row[]> {
  const executable = findChromium();
  if (!executable) return [{ name: '3D board rows', value: 0, unit: '', detail: 'skipped: chromium is not installed' }];
  const site = await serve(outDir);
  const browser = await chromium.launch({ executablePath: executable, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const url = `${site.url}#/map?players=6&seed=bench-board&view=3d&full=1&day=5`;
    // Time to the board drawn: a fresh page, from navigation start to the first frame with the map.
    const firsts: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto('about:blank');
      await page.goto(url);
      await page.waitForFunction(() => window.bfe?.firstBoardFrame !== undefined, undefined, { timeout: 60_000 });
      firsts.push(await page.evaluate(() => window.bfe.firstBoardFrame!));
    }
    firsts.sort((a, b) => a - b);
    // In-page code as text: tsx would wrap named functions in a helper the page does not have.
    const measured = (await page.evaluate(`(async () => {
      const board = window.bfe.board;
      // Frames per second first: one render per animation frame for 3 s (the browser paces frames
      // to the rasterizer). Measured after the timed batches below, it would wait out their backlog.
      let frames = 0;
      const t0 = performance.now();
      await new Promise((done) => {
        requestAnimationFrame(function tick() {
          board.renderFrame();
          frames++;
          if (performance.now() - t0 < 3000) requestAnimationFrame(tick);
          else done();
        });
      });
      const fps = frames / ((performance.now() - t0) / 1000);
      for (let i = 0; i < 10; i++) board.renderFrame();
      // Batches of 10 frames: performance.now() is coarse (0.1 ms) in a page that is not cross-origin isolated.
      const times = [];
      for (let b = 0; b < 12; b++) {
        const t = performance.now();
        for (let i = 0; i < 10; i++) board.renderFrame();
        times.push((performance.now() - t) / 10);
      }
      times.sort((a, b) => a - b);
      // A camera move: every frame lays the badges out again before it renders.
      const moves = [];
      for (let b = 0; b < 12; b++) {
        const t = performance.now();
        for (let i = 0; i < 10; i++) board.moveFrame();
        moves.push((performance.now() - t) / 10);
      }
      moves.sort((a, b) => a - b);
      const calls = board.drawCalls();
      return { median: (times[5] + times[6]) / 2, p90: times[10], moveMedian: (moves[5] + moves[6]) / 2, moveP90: moves[10], badges: board.badges().length, calls, fps };
    })()`)) as { median: number; p90: number; moveMedian: number; moveP90: number; badges: number; calls: number; fps: number };
    return [
      { name: '3D board frame, main thread (6-player position, 1280x720, headless Chromium)', value: measured.median, unit: 'ms', target: { max: 4 }, detail: `median of 12 batches of 10 frames; 11th of 12: ${measured.p90.toFixed(2)} ms` },
      { name: '3D board frame of a camera move, main thread (badge layout + render)', value: measured.moveMedian, unit: 'ms', target: { max: 4 }, detail: `${measured.badges} badges; median of 12 batches of 10 frames; 11th of 12: ${measured.moveP90.toFixed(2)} ms` },
      { name: '3D board draw calls per frame (6-player position)', value: measured.calls, unit: 'calls', target: { max: 30 } },
      { name: '3D board frames per second (SwiftShader software rendering)', value: measured.fps, unit: 'fps', detail: 'bounded by software rasterizing here, not by the main thread' },
      { name: 'page open to 3D board drawn (6-player map)', value: firsts[1]!, unit: 'ms', detail: `median of 3 (${firsts.map((f) => f.toFixed(0)).join(', ')} ms)` },
    ];
  } finally {
    await browser.close();
    await site.close();
  }
}

export async function uiBenchmarks(): Promise<Row[]> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'bfe-bench-ui-'));
  try {
    await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
    return [...(await bundleRows(outDir)), ...(await boardRows(outDir))];
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
