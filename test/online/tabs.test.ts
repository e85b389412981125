/**
 * Issue 28, item 1: one seat, one page. Two tabs of one browser (one context: the same storage,
 * hence the same seat secrets) never both sign for a seat: the second tab that opens the share
 * link of a game says the seat is played in another tab and offers "Watch here" and "Play here
 * instead"; a takeover is clean (the old tab stops signing before the new one signs, says so and
 * watches). Real page (vite build) served by `npm start`'s server, WebRTC relayed by coturn.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verdictOf, verifyReplay } from '../../engine/protocol/index.js';
import { browserRequired, findChromium, launchChromium, NO_CHROMIUM, repoRoot } from '../browser/support.js';
import { type NetServers, startNetServers } from '../net/support/servers.js';
import { turnInstalled } from '../net/support/turn.js';
import { clickSelector, playUntil, takeSeatAndReady, waitUntil } from './drive.js';

const chromiumPath = findChromium();
const missing = [!chromiumPath && 'chromium', !turnInstalled() && 'coturn'].filter(Boolean);
if (missing.length > 0) {
  if (browserRequired()) throw new Error(`the tabs test needs ${missing.join(', ')}`);
  console.warn(NO_CHROMIUM);
}

describe.skipIf(missing.length > 0)('two tabs of one browser on one seat', () => {
  let outDir: string;
  let servers: NetServers;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'bfe-tabs-'));
    await build({ root: repoRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    servers = await startNetServers(outDir);
    await writeFile(path.join(outDir, 'bfe-config.json'), JSON.stringify({ ice: servers.ice }));
    browser = await launchChromium(chromiumPath!);
  });
  afterAll(async () => {
    await browser?.close();
    await servers?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  const tab = async (context: BrowserContext, url: string): Promise<Page> => {
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
    return page;
  };
  const newContext = (): Promise<BrowserContext> => browser.newContext({ viewport: { width: 1280, height: 720 } });
  const absences = (p: Page, who: string): Promise<number> => p.locator('#log li', { hasText: `${who} was absent` }).count();

  /** The lobby case, from `origin`: the second tab is told, and taking the lobby over there keeps the seat. */
  async function lobbyHandover(home: BrowserContext, origin: string): Promise<void> {
    const a = await tab(home, `${origin}/#/`);
    await a.locator('#create-online').click();
    const link = await a.locator('#share-link').inputValue();
    await a.locator('#lobby-players').selectOption('2');
    await waitUntil(a, () => document.querySelector('.lobby-seat[data-seat="0"] .take-seat') !== null, null, 'seat 0 free');
    await clickSelector(a, '.lobby-seat[data-seat="0"] .take-seat');
    await waitUntil(a, () => document.querySelector('.lobby-seat[data-seat="0"][data-mine="yes"]') !== null, null, 'seat 0 mine');
    const a2 = await tab(home, link);
    await a2.locator('#other-tab').waitFor({ timeout: 20_000 });
    expect(await a2.locator('.lobby').count()).toBe(0);
    expect(await a2.locator('#watch-here').count()).toBe(1);
    await a2.locator('#play-here').click();
    // The old tab lets go and watches; the new one is the same member, holding the same seat.
    await a.locator('#tab-watching[data-handed-over="true"]').waitFor({ timeout: 20_000 });
    expect(await a.locator('.lobby').count()).toBe(0);
    await waitUntil(a2, () => document.querySelector('.lobby-seat[data-seat="0"][data-mine="yes"]') !== null, null, 'seat 0 still mine in the new tab', 30_000);
    expect(errors).toEqual([]);
  }

  it('in the lobby: the second tab is told, and playing it there instead keeps the seat', async () => {
    const home = await newContext();
    await lobbyHandover(home, servers.server.localUrl.replace(/\/$/, ''));
    await home.close();
  });

  it('on a plain-http LAN page (no Web Locks there: a lease in IndexedDB), the same', async () => {
    // Chromium resolves the made-up name lan.test to 127.0.0.1: http://lan.test is not a secure context.
    const lan = await launchChromium(chromiumPath!, ['--host-resolver-rules=MAP lan.test 127.0.0.1']);
    try {
      const home = await lan.newContext({ viewport: { width: 1280, height: 720 } });
      const probe = await tab(home, `http://lan.test:${servers.server.port}/#/`);
      expect(await probe.evaluate(() => ({ secure: window.isSecureContext, locks: 'locks' in navigator }))).toEqual({ secure: false, locks: false });
      await probe.close();
      await lobbyHandover(home, `http://lan.test:${servers.server.port}`);
    } finally {
      await lan.close();
    }
  });

  it('in a game, map creation then the conquest: handed over and back, nothing signed twice, no absence, a valid replay', async () => {
    const home = await newContext();
    const away = await newContext();
    const a = await tab(home, `${servers.server.localUrl}#/`);
    await a.locator('#create-online').click();
    const link = await a.locator('#share-link').inputValue();
    await a.locator('#lobby-players').selectOption('2');
    await a.locator('#lobby-days').fill('1');
    await a.locator('#lobby-days').dispatchEvent('change');
    await takeSeatAndReady(a, 0);
    const b = await tab(away, link);
    await takeSeatAndReady(b, 1, 1);
    await Promise.all([a, b].map((p) => p.locator('main.game').waitFor({ timeout: 60_000 })));

    // A few elements of map creation, then the link opened in a second tab of the same browser.
    let holder = a;
    let keep = true;
    const bPlays = playUntil(b, () => !keep);
    await playUntil(a, (s) => s.seq >= 6);
    const a2 = await tab(home, link);
    await a2.locator('#other-tab').waitFor({ timeout: 20_000 });
    expect(await a2.locator('main.game').count()).toBe(0);
    // Play here instead: the old tab stops first and watches; the new tab plays the seat.
    await a2.locator('#play-here').click();
    await a.locator('#tab-watching[data-handed-over="true"]').waitFor({ timeout: 30_000 });
    await a2.locator('main.game[data-viewer="0"]').waitFor({ timeout: 30_000 });
    holder = a2;
    // The watching tab offers no decision: it shows the game read-only.
    await a.locator('main.game[data-readonly="true"]').waitFor({ timeout: 30_000 });
    expect(await a.locator('header.prompt button').count()).toBe(0);
    await playUntil(holder, (s) => s.phase === 'conquest');
    // And back to the first tab, in the conquest.
    await a.locator('#play-here-again').click();
    await a2.locator('#tab-watching[data-handed-over="true"]').waitFor({ timeout: 30_000 });
    holder = a;
    await a.locator('main.game[data-viewer="0"]').waitFor({ timeout: 30_000 });
    await playUntil(holder, () => false);
    keep = false;
    await bPlays;
    await expect.poll(() => holder.locator('#game-stop').getAttribute('data-kind'), { timeout: 60_000 }).toBe('finished');
    await expect.poll(() => b.locator('#game-stop').getAttribute('data-kind'), { timeout: 60_000 }).toBe('finished');
    // Nobody was taken for absent, and nobody for a cheat.
    expect(await absences(b, 'Player 1')).toBe(0);
    expect(await absences(holder, 'Player 1')).toBe(0);
    await holder.locator('#game-stop button').click();
    const [download] = await Promise.all([holder.waitForEvent('download'), holder.click('#replay-save')]);
    const verified = await verifyReplay(JSON.parse(await readFile(await download.path(), 'utf8')));
    expect(verdictOf(verified)).toBe('valid');
    expect(errors).toEqual([]);
    await home.close();
    await away.close();
  }, 400_000);
});
