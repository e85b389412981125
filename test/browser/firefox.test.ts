import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLocalMap } from '../../src/explorer/localMap.js';
import { clickButton, clickHex, snapshot, waitForChange } from './play.js';
import { type ServedApp, browserRequired, buildAndServe } from './support.js';

/** Debian's firefox-esr (a second browser engine), or null. */
function findFirefox(): string | null {
  const chosen = process.env['FIREFOX'];
  if (chosen) return existsSync(chosen) ? chosen : null;
  try {
    return execFileSync('which', ['firefox-esr'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return existsSync('/usr/bin/firefox-esr') ? '/usr/bin/firefox-esr' : null;
  }
}

const executable = findFirefox();
const CASES: readonly [number, string][] = [
  [2, 'eden'],
  [4, 'seed-42'],
  [5, 'Ünïcødé ✣'],
  [6, 'six'],
];

if (!executable) {
  if (browserRequired()) {
    describe('firefox', () => {
      it('has firefox-esr (REQUIRE_BROWSER=1)', () => {
        throw new Error('REQUIRE_BROWSER=1 but firefox-esr is not installed: apt-get install -y firefox-esr');
      });
    });
  } else {
    console.warn('[test/browser/firefox] firefox-esr is not installed (apt-get install -y firefox-esr): skipped.');
    describe.skip('firefox (not installed)', () => {
      it('skipped', () => {});
    });
  }
} else {
  // Headless Firefox has no WebGL here: the page falls back to the flat map, which this smoke test plays.
  describe('firefox (WebDriver BiDi): hash parity and a smoke test', () => {
    let app: ServedApp;
    let browser: Browser;
    let profile: string;
    let page: Page;
    const errors: string[] = [];

    beforeAll(async () => {
      app = await buildAndServe();
      profile = await mkdtemp(path.join(os.tmpdir(), 'bfe-firefox-'));
      browser = await puppeteer.launch({ browser: 'firefox', executablePath: executable, headless: true, userDataDir: profile, protocol: 'webDriverBiDi', timeout: 90_000 });
      page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 720 });
      page.on('pageerror', (e) => errors.push(String(e)));
    });
    afterAll(async () => {
      await browser?.close();
      await app?.close();
      if (profile) await rm(profile, { recursive: true, force: true });
    });

    it('computes the same state hashes as Node', async () => {
      await page.goto(app.url);
      await page.waitForFunction(() => typeof window.bfe?.hashFor === 'function');
      for (const [players, seed] of CASES) {
        const hash = await page.evaluate((p, s) => window.bfe.hashFor(p, s), players, seed);
        expect(hash, `players=${players} seed=${seed}`).toBe(buildLocalMap(players, seed).hash);
      }
      expect(errors).toEqual([]);
    });

    it('opens the page, starts a local game against bots and places a tile by clicks', async () => {
      await page.goto(app.url);
      await page.waitForSelector('#start');
      await page.select('#player-count', '3');
      await page.click('#start');
      await page.waitForSelector('main.game');
      await page.waitForSelector('#draw');
      let s = await snapshot(page);
      await clickButton(page, 'draw');
      s = await waitForChange(page, s.seq);
      await page.waitForSelector('.board-list li.legal');
      s = await snapshot(page);
      expect(s.drawn).not.toBeNull();
      expect(s.legal.length).toBeGreaterThan(0);
      // Without WebGL the page says so above the flat map.
      if (s.board === 'flat') expect(await page.evaluate(() => document.querySelector('.board .note')?.textContent ?? '')).toMatch(/WebGL/);
      const target = s.legal[0]!;
      await clickHex(page, target, s.board);
      await page.waitForSelector('#confirm:not([disabled])');
      await clickButton(page, 'confirm');
      s = await waitForChange(page, s.seq);
      // The tile stands where it was clicked, in the drawn colour.
      await page.waitForSelector(`.board-list li[data-hex="${target}"]`);
      const placed = await page.evaluate((k) => document.querySelector(`.board-list li[data-hex="${k}"]`)?.textContent ?? '', target);
      expect(placed).toContain(`(${target})`);
      await page.screenshot({ path: path.join(process.cwd(), 'test-results', 'firefox-smoke.png') as `${string}.png` });
      expect(errors).toEqual([]);
    });
  });
}
