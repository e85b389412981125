import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameState, parseHexKey } from '../../engine/index.js';
import { describeHex } from '../../src/board/describe.js';
import { boxesTouch } from '../../src/board3d/badges.js';
import { playerLabel } from '../../src/display/index.js';
import { buildLocalPosition } from '../../src/explorer/position.js';
import { type ServedApp, NO_CHROMIUM, browserRequired, buildAndServe, findChromium, launchChromium } from './support.js';

/**
 * The 3D board at a glance (issue 22, item 2), in headless Chromium (SwiftShader WebGL): a
 * 6-player position (the explorer's map, its conquest played by greedy agents to day 5), on a
 * desktop and on a phone. Node builds the same position to know the answers.
 */
const executable = findChromium();
const SEED = 'bench-board';
const DAY = 5;
const VIEWS = [
  { name: 'desktop 1280 x 720', viewport: { width: 1280, height: 720 }, touch: false },
  { name: 'phone 390 x 844', viewport: { width: 390, height: 844 }, touch: true },
] as const;

type Badge = Awaited<ReturnType<NonNullable<Window['bfe']['board']>['badges']>>[number];

/** What each territory's line of the board as a list must say of its owner. */
function ownerWords(state: GameState): Map<string, string> {
  return new Map(
    Object.entries(state.territories).map(([key, t]) => [key, t.owner === null ? 'no owner' : `owner: ${playerLabel(t.owner, state.seats[t.owner]!.colour, 'en')}`]),
  );
}

/** Waits until the board has laid its badges out for the view it shows, and two more frames have passed. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => (window.bfe?.board?.badges().length ?? 0) > 0, undefined, { timeout: 60_000 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

if (!executable) {
  if (browserRequired()) {
    describe('browser board', () => {
      it('has chromium (REQUIRE_BROWSER=1)', () => {
        throw new Error('REQUIRE_BROWSER=1 but chromium is not installed: apt-get install -y chromium');
      });
    });
  } else {
    console.warn(`[test/browser/board] ${NO_CHROMIUM}`);
    describe.skip('browser board (no chromium)', () => {
      it('skipped', () => {});
    });
  }
} else {
  describe('browser: the 3D board at a glance, 6 players', () => {
    let app: ServedApp;
    let browser: Browser;
    const state = buildLocalPosition(6, SEED, DAY).state;
    const errors: string[] = [];

    beforeAll(async () => {
      app = await buildAndServe();
      browser = await launchChromium(executable);
    });
    afterAll(async () => {
      await browser?.close();
      await app?.close();
    });

    for (const view of VIEWS) {
      it(`${view.name}: the accessible list names every territory’s owner, no two count badges touch, territory counts all show, within 30 draw calls; a ${view.touch ? 'tap' : 'hover'} says the hex in words`, async () => {
        const context: BrowserContext = await browser.newContext({ viewport: view.viewport, hasTouch: view.touch, isMobile: view.touch });
        const page = await context.newPage();
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${app.url}#/map?players=6&seed=${SEED}&view=3d&full=1&day=${DAY}`);
        await settled(page);
        expect(await page.locator('.board').getAttribute('data-board')).toBe('3d');

        // Every territory's owner, read from the accessibility tree of the board as a list (opened as a person would).
        await page.click('.board-list summary');
        const tree = await page.locator('.board-list').ariaSnapshot();
        const items = tree.split('\n').filter((line) => line.includes('- listitem'));
        for (const [key, words] of ownerWords(state)) {
          const { q, r } = parseHexKey(key);
          const item = items.find((line) => line.includes(` (${q},${r}), `));
          expect(item, `the list's line for ${key}`).toBeDefined();
          expect(item, key).toContain(words);
        }
        await page.click('.board-list summary');

        // The badges as drawn, from their projected boxes: none touches another.
        const badges: Badge[] = await page.evaluate(() => window.bfe.board!.badges());
        const owned = Object.values(state.territories).filter((t) => t.owner !== null).length;
        expect(badges.filter((b) => b.kind === 'territory').length).toBeGreaterThan(view.touch ? owned / 3 : owned - 1);
        for (let i = 0; i < badges.length; i++)
          for (let j = i + 1; j < badges.length; j++) expect(boxesTouch(badges[i]!, badges[j]!), `${badges[i]!.key} and ${badges[j]!.key}`).toBe(false);
        // Each shows its territory's count, and the troops of its frontiers whose own badges found no room; every territory on the screen has its badge.
        const shownKeys = new Set(badges.map((b) => b.key));
        for (const b of badges.filter((x) => x.kind === 'territory')) {
          const t = state.territories[b.key]!;
          expect(b.value).toBe(t.troops);
          expect(b.folded, `${b.key}'s frontiers`).toBe(t.frontier.reduce((n, f, d) => n + (f > 0 && !shownKeys.has(`${b.key}/${d}`) ? f : 0), 0));
        }
        const hidden: string[] = await page.evaluate(() => window.bfe.board!.hiddenBadges());
        for (const key of hidden.filter((k) => !k.includes('/'))) {
          const { q, r } = parseHexKey(key);
          const at = await page.evaluate(([qq, rr]) => window.bfe.board!.screenOf(qq, rr), [q, r] as const);
          const onScreen = at.x >= 0 && at.x <= view.viewport.width && at.y >= 0 && at.y <= view.viewport.height;
          expect(onScreen, `territory ${key}'s badge hidden though its hex shows at ${at.x.toFixed(0)}, ${at.y.toFixed(0)}`).toBe(false);
        }
        // On the desktop, at the first view, every count shows: territories, frontiers (their own badges or folded), wild markers.
        if (!view.touch) expect(hidden).toEqual([]);

        await page.evaluate(() => window.bfe.board!.renderFrame());
        expect(await page.evaluate(() => window.bfe.board!.drawCalls())).toBeLessThanOrEqual(30);

        // Hovering (or tapping) a territory says it in words below the board.
        const [key] = [...Object.entries(state.territories)]
          .filter(([, t]) => t.owner !== null)
          .map(([k]) => k)
          .sort((a, b) => distanceToCentre(a) - distanceToCentre(b));
        const hex = parseHexKey(key!);
        const at = await page.evaluate(([q, r]) => window.bfe.board!.screenOf(q, r), [hex.q, hex.r] as const);
        if (view.touch) await page.touchscreen.tap(at.x, at.y);
        else await page.mouse.move(at.x, at.y);
        await expect.poll(() => page.locator('.hex-caption').textContent()).toBe(describeHex(state, hex, 'en'));
        expect(errors).toEqual([]);
        await context.close();
      }, 60_000);
    }

    /** The territories nearest the map's centre are on the screen in both views. */
    function distanceToCentre(key: string): number {
      const { q, r } = parseHexKey(key);
      return Math.abs(q) + Math.abs(r) + Math.abs(q + r);
    }
  });
}
