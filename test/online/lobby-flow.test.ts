/**
 * Online play end to end in Chromium: the real page (vite build) served by the one-port server
 * of `npm start` (PeerJS and y-webrtc signaling on the page's own origin), every WebRTC
 * connection relayed by coturn on loopback (bfe-config.json beside the page sets relay-only ICE).
 * One page creates a game, the others join through its share link, take seats, get ready; the
 * genesis is signed by every seat and the game starts on every page, which then agree on states.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, findChromium, launchChromium, NO_CHROMIUM, repoRoot } from '../browser/support.js';
import { type NetServers, startNetServers } from '../net/support/servers.js';
import { turnInstalled } from '../net/support/turn.js';
import { afterStep, conquestStep, SMALLEST } from '../browser/conquest.js';
import { clickButton, clickHex, clickableLegal, type Snapshot, snapshot, waitForChange } from '../browser/play.js';

/**
 * Plays this page's own turns by clicks (as its person would) until the conquest's day `day`
 * begins: map creation (draw, place on a glowing hex, the portal at its first chance, then
 * Done), then each conquest decision (the smallest: Done, Pass, Keep, the first offer). Other
 * seats' turns arrive over the network.
 */
async function playUntilDay(page: Page, day: number): Promise<Snapshot> {
  let k = 0;
  const portalPlaced = new Set<string>();
  const moved = new Set<string>();
  for (let steps = 0; steps < 2000; steps++) {
    const s = await snapshot(page);
    if (s.over || (s.phase === 'conquest' && s.day >= day)) return s;
    const has = (id: string): boolean => s.buttons.includes(id);
    if (s.phase === 'conquest') {
      if (await conquestStep(page, s, SMALLEST, moved)) await afterStep(page, s);
      else await waitForChange(page, s.seq, (n) => n.buttons.length > 0 || n.legal.length > 0, 1200);
      continue;
    }
    const portalStep = has('done') || has('remove-portal') || /portal/i.test(s.prompt);
    if (has('draw')) await clickButton(page, 'draw');
    else if (has('face-up') && s.legal.length === 0) await clickButton(page, 'face-up');
    else if (s.legal.length > 0 && (!portalStep || !portalPlaced.has(s.viewer))) {
      const legal = await clickableLegal(page, s);
      await clickHex(page, legal[k++ % legal.length] ?? s.legal[0]!, legal.length > 0 ? s.board : 'flat-list');
      await page.locator('#confirm:not([disabled])').waitFor({ timeout: 5000 }).catch(async (e) => {
        await page.screenshot({ path: path.join(repoRoot, 'test-results', `online-stuck-${s.viewer}.png`) });
        console.log('STUCK', JSON.stringify(s), legal);
        throw e;
      });
      await clickButton(page, 'confirm');
      if (portalStep) portalPlaced.add(s.viewer);
    } else if (has('done')) await clickButton(page, 'done');
    else if (has('set-aside')) await clickButton(page, 'set-aside');
    else {
      await waitForChange(page, s.seq, (n) => n.buttons.length > 0 || n.legal.length > 0, 1200);
      continue;
    }
    await waitForChange(page, s.seq, (n) => n.buttons.join() !== s.buttons.join() || n.legal.join() !== s.legal.join(), 1200);
  }
  throw new Error('the game did not reach the day');
}


const chromiumPath = findChromium();
const missing = [!chromiumPath && 'chromium', !turnInstalled() && 'coturn'].filter(Boolean);
if (missing.length > 0) {
  if (browserRequired()) throw new Error(`online tests need ${missing.join(', ')}`);
  console.warn(NO_CHROMIUM);
}

describe.skipIf(missing.length > 0)('online: create, share, join, ready, play', () => {
  let outDir: string;
  let servers: NetServers;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'bfe-online-'));
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

  const open = async (url: string): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
    return page;
  };
  const takeSeatAndReady = async (page: Page, seat: number): Promise<void> => {
    await page.locator(`.lobby-seat[data-seat="${seat}"] .take-seat`).click();
    await page.locator('#ready').click();
  };

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
    await a.locator('#lobby-players').selectOption('3');
    await takeSeatAndReady(a, 0);
    const b = await open(link);
    const c = await open(link);
    await expect.poll(() => b.locator('.lobby-seat[data-seat="0"] .ready.yes').count(), { timeout: 30_000 }).toBe(1);
    await takeSeatAndReady(b, 1);
    await expect.poll(() => c.locator('.lobby-seat[data-seat="1"] .ready.yes').count(), { timeout: 30_000 }).toBe(1);
    await takeSeatAndReady(c, 2);
    for (const p of [a, b, c]) await expect.poll(() => p.locator('.connections').count(), { timeout: 60_000 }).toBe(1);
    await a.screenshot({ path: path.join(repoRoot, 'test-results', 'online-started.png') });
    // Map creation and the first day, each page clicking for its own seat only.
    const ends = await Promise.all([a, b, c].map((p) => playUntilDay(p, 2)));
    for (const e of ends) expect(e.phase).toBe('conquest');
    await a.screenshot({ path: path.join(repoRoot, 'test-results', 'online-day-2.png') });
    // Every page holds the same public state at the same position.
    const seqs = () => Promise.all([a, b, c].map((p) => p.locator('main.game').getAttribute('data-seq')));
    await expect.poll(async () => new Set(await seqs()).size, { timeout: 20_000 }).toBe(1);
    const columns = await Promise.all([a, b, c].map((p) => p.locator('.players-column .chip-stats').allInnerTexts()));
    expect(columns[0]!.length).toBe(3);
    expect(columns[1]).toEqual(columns[0]);
    expect(columns[2]).toEqual(columns[0]);
    // The log says in words what every seat did, on every page.
    for (const p of [a, b, c]) expect((await p.locator('#log li').allTextContents()).filter((l) => / placed /.test(l)).length).toBeGreaterThanOrEqual(9);
    expect(errors).toEqual([]);
  });
});
