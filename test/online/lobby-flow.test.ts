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
    expect(errors).toEqual([]);
  });
});
