/**
 * The game channel in real browsers: pages built from test/net/browser/ (the mesh and a bots'
 * game, src/net), served by the one-port server of `npm start`, which they also use as their
 * signaling (found at their own origin), with every connection relayed by coturn on loopback.
 * Chromium through playwright-core; Firefox (Debian's firefox-esr) through puppeteer-core over
 * WebDriver BiDi.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser as PlaywrightBrowser, Page as PlaywrightPage } from 'playwright-core';
import type { Browser as PuppeteerBrowser, Page as PuppeteerPage } from 'puppeteer-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, FIREFOX, findChromium, launchChromium, launchFirefoxForWebRtc, NO_CHROMIUM } from '../browser/support.js';
import { type NetServers, startNetServers } from './support/servers.js';
import { botGenesis } from './support/table.js';
import { turnInstalled } from './support/turn.js';

const chromiumPath = findChromium();
const missing = [!chromiumPath && 'chromium', !existsSync(FIREFOX) && 'firefox-esr', !turnInstalled() && 'coturn'].filter(Boolean);
if (missing.length > 0) {
  if (browserRequired()) throw new Error(`browser tests need ${missing.join(', ')} (apt-get install -y chromium firefox-esr coturn)`);
  console.warn(`${missing.join(', ')} missing: ${NO_CHROMIUM}`);
}

/** One calling convention for a playwright page and a puppeteer page. */
type AnyPage = PlaywrightPage | PuppeteerPage;
const call = <T>(page: AnyPage, fn: string, ...args: unknown[]): Promise<T> =>
  (page as PlaywrightPage).evaluate(([f, a]) => (window as unknown as { bfeNet: Record<string, (...x: unknown[]) => unknown> }).bfeNet[f as string]!(...(a as unknown[])), [fn, args] as const) as Promise<T>;

async function until(page: AnyPage, what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  void page;
}

describe.skipIf(missing.length > 0)('the game channel in Chromium and Firefox', () => {
  let outDir: string;
  let servers: NetServers;
  let chromium: PlaywrightBrowser;
  let firefox: PuppeteerBrowser;
  let url: string;

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'bfe-net-harness-'));
    await build({ root: fileURLToPath(new URL('./browser', import.meta.url)), configFile: false, logLevel: 'warn', build: { outDir, emptyOutDir: true, target: 'es2022' } });
    servers = await startNetServers(outDir);
    url = servers.server.localUrl;
    chromium = await launchChromium(chromiumPath!);
    firefox = await launchFirefoxForWebRtc();
  });
  afterAll(async () => {
    await chromium?.close();
    await firefox?.close();
    await servers?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  const chromiumPage = async (): Promise<PlaywrightPage> => {
    const context = await chromium.newContext(); // a separate profile, as another player's browser
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => document.title === 'harness ready');
    return page;
  };
  const firefoxPage = async (): Promise<PuppeteerPage> => {
    const page = await firefox.newPage();
    await page.goto(url);
    await page.waitForFunction(() => document.title === 'harness ready');
    return page;
  };
  const connected = async (pages: AnyPage[]): Promise<boolean> => {
    for (const p of pages) if (!(await call<string[]>(p, 'states')).every((s) => s === 'connected')) return false;
    return true;
  };

  it('two Chromium pages connect through the one-port server and a TURN relay, and exchange messages', async () => {
    const [a, b] = [await chromiumPage(), await chromiumPage()];
    await call(a, 'mesh', 'chromium-pair', 2, 0, servers.ice);
    await call(b, 'mesh', 'chromium-pair', 2, 1, servers.ice);
    await until(a, 'a connected pair', () => connected([a, b]));
    const long = 'é'.repeat(30_000); // 60 kB in UTF-8: several chunks, under the 64 kB cap
    await call(a, 'send', 'hello from 0');
    await call(b, 'send', long, 0);
    await until(a, 'both messages', async () => (await call<unknown[]>(b, 'inbox')).length === 1 && (await call<unknown[]>(a, 'inbox')).length === 1);
    expect(await call(b, 'inbox')).toEqual([[0, 'hello from 0']]);
    expect(await call(a, 'inbox')).toEqual([[1, long]]);
    await a.context().close();
    await b.context().close();
  });

  it('a Chromium page and a Firefox page connect to each other over WebRTC', async () => {
    const c = await chromiumPage();
    const f = await firefoxPage();
    expect(await call<string>(f, 'userAgent')).toMatch(/Firefox/);
    await call(c, 'mesh', 'cross-pair', 2, 0, servers.ice);
    await call(f, 'mesh', 'cross-pair', 2, 1, servers.ice);
    await until(c, 'Chromium and Firefox connected', () => connected([c, f]));
    await call(c, 'send', 'from chromium');
    await call(f, 'send', 'from firefox');
    await until(c, 'both messages', async () => (await call<unknown[]>(f, 'inbox')).length === 1 && (await call<unknown[]>(c, 'inbox')).length === 1);
    expect(await call(f, 'inbox')).toEqual([[0, 'from chromium']]);
    expect(await call(c, 'inbox')).toEqual([[1, 'from firefox']]);
    await c.context().close();
    await f.close();
  });

  it('a Chromium page and a Firefox page play a bots game to its end and agree on the final state', async () => {
    const g = await botGenesis(2, 'cross-engine', { timer: null, days: 1 });
    const c = await chromiumPage();
    const f = await firefoxPage();
    const [rc, rf] = await Promise.all([
      call<{ outcome: string; hash: string; seq: number }>(c, 'play', g.genesis.text, g.signatures, 'cross-engine', 0, servers.ice),
      call<{ outcome: string; hash: string; seq: number }>(f, 'play', g.genesis.text, g.signatures, 'cross-engine', 1, servers.ice),
    ]);
    expect(rc.outcome).toBe('finished');
    expect(rf).toEqual(rc);
    await c.context().close();
    await f.close();
  });
});
