/**
 * Online play from a plain-http LAN address (README, docs/hosting.md): a page that is not a
 * secure context (no crypto.subtle, no Clipboard API) creates a game, another joins by the link,
 * and they play map creation. The address stays on loopback: Chromium resolves the made-up name
 * lan.test to 127.0.0.1, and http://lan.test is not "potentially trustworthy" as localhost is.
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
import { playUntil, takeSeatAndReady } from './drive.js';

const chromiumPath = findChromium();
const missing = [!chromiumPath && 'chromium', !turnInstalled() && 'coturn'].filter(Boolean);
if (missing.length > 0) {
  if (browserRequired()) throw new Error(`the LAN test needs ${missing.join(', ')}`);
  console.warn(NO_CHROMIUM);
}

describe.skipIf(missing.length > 0)('online from a plain-http LAN page (not a secure context)', () => {
  let outDir: string;
  let servers: NetServers;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'bfe-lan-'));
    await build({ root: repoRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    servers = await startNetServers(outDir);
    await writeFile(path.join(outDir, 'bfe-config.json'), JSON.stringify({ ice: servers.ice }));
    browser = await launchChromium(chromiumPath!, ['--host-resolver-rules=MAP lan.test 127.0.0.1']);
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

  it('creates a game, a second page joins by the link, both get ready and play map creation', async () => {
    const a = await open(`http://lan.test:${servers.server.port}/#/`);
    expect(await a.evaluate(() => ({ secure: window.isSecureContext, subtle: typeof crypto.subtle }))).toEqual({ secure: false, subtle: 'undefined' });
    await a.locator('#create-online').click();
    const link = await a.locator('#share-link').inputValue();
    expect(link.startsWith(`http://lan.test:${servers.server.port}/`)).toBe(true);
    // The other secure-context features fall back: Copy without the Clipboard API, no share sheet
    // (navigator.share is missing), the WebAssembly hash still serves the engine.
    await a.locator('#copy-link').click();
    await expect.poll(() => a.locator('.share .toast').innerText()).toMatch(/\S/);
    expect(await a.locator('#share-sheet').count()).toBe(0);
    await expect.poll(() => a.evaluate(() => window.bfe.hashEngine)).toBe('wasm');
    await a.locator('#lobby-players').selectOption('2');
    await takeSeatAndReady(a, 0);
    const b = await open(link);
    await takeSeatAndReady(b, 1, 1);
    const ends = await Promise.all([a, b].map((p) => playUntil(p, (s) => s.phase === 'conquest')));
    expect(ends.map((e) => e.phase)).toEqual(['conquest', 'conquest']);
    expect(errors).toEqual([]);
  });
});
