/**
 * Online play end to end in Chromium: the real page (vite build) served by the one-port server
 * of `npm start` (PeerJS and y-webrtc signaling on the page's own origin), every WebRTC
 * connection relayed by coturn on loopback (bfe-config.json beside the page sets relay-only ICE).
 * One page creates a game, the others join through its share link, take seats, get ready; the
 * genesis is signed by every seat and the game starts on every page, which then agree on states.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { Browser as FirefoxBrowser } from 'puppeteer-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, FIREFOX, findChromium, launchChromium, launchFirefoxForWebRtc, NO_CHROMIUM, readability, repoRoot } from '../browser/support.js';
import { type NetServers, startNetServers } from '../net/support/servers.js';
import { turnInstalled } from '../net/support/turn.js';
import { verdictOf, verifyReplay } from '../../engine/protocol/index.js';
import { MIN_TIMER } from '../../src/net/lobby-doc.js';
import { playUntil, playUntilDay, publicView, takeSeatAndReady } from './drive.js';

const chromiumPath = findChromium();
const missing = [!chromiumPath && 'chromium', !existsSync(FIREFOX) && 'firefox-esr', !turnInstalled() && 'coturn'].filter(Boolean);
if (missing.length > 0) {
  if (browserRequired()) throw new Error(`online tests need ${missing.join(', ')}`);
  console.warn(NO_CHROMIUM);
}

describe.skipIf(missing.length > 0)('online: create, share, join, ready, play', () => {
  let outDir: string;
  let servers: NetServers;
  let browser: Browser;
  let firefox: FirefoxBrowser;
  const errors: string[] = [];

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'bfe-online-'));
    await build({ root: repoRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    servers = await startNetServers(outDir);
    await writeFile(path.join(outDir, 'bfe-config.json'), JSON.stringify({ ice: servers.ice }));
    browser = await launchChromium(chromiumPath!);
    firefox = await launchFirefoxForWebRtc();
  });
  afterAll(async () => {
    await browser?.close();
    await firefox?.close();
    await servers?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
  const open = async (url: string, device: Parameters<Browser['newContext']>[0] = { viewport: { width: 1280, height: 720 } }): Promise<Page> => {
    const page = await (await browser.newContext(device)).newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
    return page;
  };

  /** The elements matching `selector` whose lower edge lies below the window's (none when the layout fits). */
  const bottomsOutOfView = (page: Page, selector: string): Promise<string[]> =>
    page.evaluate(
      (sel) => [...document.querySelectorAll(sel)].flatMap((e) => (e.getBoundingClientRect().bottom > window.innerHeight + 0.5 ? [`${e.tagName.toLowerCase()}.${e.className}: ${Math.round(e.getBoundingClientRect().bottom)} > ${window.innerHeight}`] : [])),
      selector,
    );

  it('a wrong or cut link gets a clear error', async () => {
    const page = await open(`${servers.server.localUrl}#/g/abc/def?c=12345678`);
    await expect.poll(() => page.locator('#link-error').getAttribute('data-code')).toBe('BadRoom');
    await page.goto(`${servers.server.localUrl}#/`);
    await page.locator('#join-link').fill('https://example.org/#/g/short');
    await page.locator('#join').click();
    await expect.poll(() => page.locator('#join-error').isVisible()).toBe(true);
    await page.context().close();
  });

  it('three pages: one creates, two join by the link, all ready: the game starts everywhere', async () => {
    const a = await open(`${servers.server.localUrl}#/`);
    await a.locator('#create-online').click();
    const link = await a.locator('#share-link').inputValue();
    expect(link).toMatch(/#\/g\/[A-Za-z0-9_-]{12}\/[A-Za-z0-9_-]{22}\?c=/);
    const watch = await a.locator('#watch-link').inputValue();
    expect(watch).toMatch(/#\/w\/[A-Za-z0-9_-]{12}\/[A-Za-z0-9_-]{22}\?c=/);
    await a.locator('#lobby-players').selectOption('3');
    await takeSeatAndReady(a, 0);
    const b = await open(link);
    const c = await open(link, PHONE);
    await takeSeatAndReady(b, 1, 1);
    await a.screenshot({ path: path.join(repoRoot, 'test-results', 'online-lobby-desktop.png') });
    // The third player is on a phone: the lobby reads there, in both languages.
    for (const lang of ['en', 'fr']) {
      await c.locator(`[data-lang="${lang}"]`).click();
      // French comes with its own chunk: read the lobby once it shows.
      await expect.poll(() => c.evaluate(() => document.documentElement.lang)).toBe(lang);
      const r = await readability(c);
      expect(r.small, `lobby (${lang})`).toEqual([]);
      expect(r.overflow, `lobby (${lang}): horizontal overflow`).toBeLessThanOrEqual(0);
    }
    await c.screenshot({ path: path.join(repoRoot, 'test-results', 'online-lobby-phone.png'), fullPage: true });
    await c.locator('[data-lang="en"]').click();
    // Three newcomers who typed no name are three different guests on every page.
    await expect.poll(() => a.locator('.present li').allTextContents(), { timeout: 20_000 }).toHaveLength(3);
    const present = await a.locator('.present li').allTextContents();
    expect(present.every((n) => /^Guest [0-9A-F]{4}( \(you\))?$/.test(n)), present.join(', ')).toBe(true);
    expect(new Set(present.map((n) => n.replace(' (you)', ''))).size).toBe(3);
    await takeSeatAndReady(c, 2, 2);
    for (const p of [a, b, c]) await expect.poll(() => p.locator('.connections').count(), { timeout: 60_000 }).toBe(1);
    await a.screenshot({ path: path.join(repoRoot, 'test-results', 'online-started.png') });
    // The watch link stays at hand during the game (the lobby's panel is gone): the same link.
    expect(await a.locator('#watch-link-field').inputValue()).toBe(watch);
    // A spectator opens the watch link once the game has started: it finds the game, joins the
    // mesh read-only and follows; it has no seat, no hand and no choice.
    const w = await open(watch);
    await expect.poll(() => w.locator('#watch-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('following');
    expect(await w.locator('main.game').getAttribute('data-readonly')).toBe('true');
    expect(await w.locator('main.game').getAttribute('data-viewer')).toBe('');
    // A latecomer opens the share link once the game has started: no seat is left for it, so it is
    // offered the watch link (it once hit an uncaught TypeError starting no seat).
    const late = await open(link);
    await late.locator('#lobby-started').waitFor({ timeout: 30_000 });
    expect(await late.locator('#watch-instead').getAttribute('href')).toBe(watch);
    await late.context().close();
    // Map creation and the first day, each page clicking for its own seat only.
    const ends = await Promise.all([a, b, c].map((p) => playUntilDay(p, 2)));
    for (const e of ends) expect(e.phase).toBe('conquest');
    await a.screenshot({ path: path.join(repoRoot, 'test-results', 'online-day-2.png') });
    // The bars above an online game (timer, connections, watch link) take their room from the
    // board, not from the window: the whole game, the hand at its foot, stays in view.
    for (const p of [a, b, c]) expect(await bottomsOutOfView(p, 'main.game, section.hand')).toEqual([]);
    await c.screenshot({ path: path.join(repoRoot, 'test-results', 'online-day-2-phone.png') });
    // Every page holds the same public state at the same position, and so does the spectator's.
    await expect.poll(async () => new Set((await Promise.all([a, b, c, w].map(publicView))).map((v) => v.seq)).size, { timeout: 20_000 }).toBe(1);
    const views = await Promise.all([a, b, c, w].map(publicView));
    expect(views[0]!.stats.length).toBe(3);
    expect(views[1]).toEqual(views[0]);
    expect(views[2]).toEqual(views[0]);
    expect(views[3]).toEqual(views[0]);
    // It says what it watches, in both languages, and shows no action and no hand.
    expect(await w.locator('#watch-status').innerText()).toMatch(/^Watching: /);
    expect(await w.locator('header.prompt button, section.hand').count()).toBe(0);
    await w.locator('[data-lang="fr"]').click();
    // French arrives with its chunk (loaded on demand): the status follows once it has.
    await expect.poll(() => w.locator('#watch-status').innerText()).toMatch(/^Vous regardez : /);
    await w.screenshot({ path: path.join(repoRoot, 'test-results', 'online-spectator.png') });
    expect(await bottomsOutOfView(w, 'main.game')).toEqual([]);
    // The log says in words what every seat did, on every page.
    for (const p of [a, b, c]) expect((await p.locator('#log li').allTextContents()).filter((l) => / placed /.test(l)).length).toBeGreaterThanOrEqual(9);
    expect(errors).toEqual([]);
  });

  it('across browser engines: a Chromium page and a Firefox page play map creation and a day together and agree', async () => {
    const a = await open(`${servers.server.localUrl}#/`);
    await a.locator('#create-online').click();
    const link = await a.locator('#share-link').inputValue();
    await a.locator('#lobby-players').selectOption('2');
    await takeSeatAndReady(a, 0);
    const f = await firefox.newPage();
    await f.setViewport({ width: 1280, height: 720 });
    f.on('pageerror', (e) => errors.push(`firefox: ${String(e)}`));
    await f.goto(link);
    await takeSeatAndReady(f, 1, 1);
    const ends = await Promise.all([playUntilDay(a, 2), playUntilDay(f, 2)]);
    // Firefox headless has no WebGL here: it plays on the flat map, Chromium on the 3D board.
    expect(ends.map((e) => e.board)).toEqual(['3d', 'flat']);
    await expect.poll(async () => new Set((await Promise.all([a, f].map(publicView))).map((v) => v.seq)).size, { timeout: 20_000 }).toBe(1);
    const [va, vf] = await Promise.all([a, f].map(publicView));
    expect(vf).toEqual(va);
    await f.screenshot({ path: path.join(repoRoot, 'test-results', 'online-firefox-day-2.png') });
    expect(errors).toEqual([]);
  });

  it('a page refreshed in map creation resumes its seat with one session: a decision past the timer is claimed absent, the game plays to its end, its replay is valid', async () => {
    const a = await open(`${servers.server.localUrl}#/`);
    await a.locator('#create-online').click();
    const link = await a.locator('#share-link').inputValue();
    await a.locator('#lobby-players').selectOption('3');
    // The lobby's shortest timer (the screen offers 30 s at least), and one day: the game ends soon.
    await a.evaluate((seconds) => {
      const timer = document.querySelector<HTMLSelectElement>('#lobby-timer')!;
      timer.add(new Option(`${seconds} s`, String(seconds)));
      timer.value = String(seconds);
      timer.dispatchEvent(new Event('change'));
    }, MIN_TIMER);
    await a.locator('#lobby-days').fill('1');
    await a.locator('#lobby-days').dispatchEvent('change');
    await takeSeatAndReady(a, 0);
    const b = await open(link);
    const c = await open(link);
    await takeSeatAndReady(b, 1, 1);
    await takeSeatAndReady(c, 2, 2);
    // A few turns each, up to the first player's turn, which that player leaves to the timer;
    // meanwhile the second page reloads (in the middle of map creation) and resumes its seat.
    await Promise.all([a, b, c].map((p) => playUntil(p, (s) => s.seq >= 12 && s.prompt.includes('Player 1'))));
    await new Promise((r) => setTimeout(r, 2500)); // the page keeps its log at most every 2 s
    await b.reload();
    await b.locator('main.game').waitFor({ timeout: 30_000 });
    expect(await b.locator('.lobby').count()).toBe(0);
    // The other two claim the first player absent, the refreshed page from its one session (two
    // sessions of one seat would sign two different claims: an Equivocation, and every page stops).
    const absences = (p: Page): Promise<number> => p.locator('#log li', { hasText: 'Player 1 was absent' }).count();
    let claimed = false;
    const settled = expect.poll(async () => (await absences(c)) > 0 || (await c.locator('#game-stop').count()) > 0, { timeout: 90_000 }).toBe(true);
    const stopWaiting = (): void => void (claimed = true);
    settled.then(stopWaiting, stopWaiting);
    const waiting = Promise.all([b, c].map((p) => playUntil(p, () => claimed)));
    // The decision timer runs on both pages (ui.md §6): who is awaited and the time left.
    for (const p of [b, c]) await expect.poll(() => p.locator('#decision-timer').getAttribute('data-left')).toMatch(/^\d+$/);
    await Promise.all([settled, waiting]);
    for (const p of [a, b, c]) expect(await p.locator('#game-stop').allTextContents()).toEqual([]);
    // No page stopped with a verdict: the game went on to its end on every page.
    await Promise.all([a, b, c].map((p) => playUntil(p, () => false)));
    for (const p of [a, b, c]) await expect.poll(() => p.locator('#game-stop').getAttribute('data-kind')).toBe('finished');
    const [va, vb, vc] = await Promise.all([a, b, c].map(publicView));
    expect([vb, vc]).toEqual([va, va]);
    // The replay, saved from the first page's viewer, proves a whole match.
    await a.locator('#game-stop button').click();
    const [download] = await Promise.all([a.waitForEvent('download'), a.click('#replay-save')]);
    const verified = await verifyReplay(JSON.parse(await readFile(await download.path(), 'utf8')));
    expect(verdictOf(verified)).toBe('valid');
    expect(errors).toEqual([]);
  }, 300_000);
});
