import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentStream } from '../../engine/local/index.js';
import { randomAgent } from '../../engine/agents/index.js';
import { makeReplayText, type Replay } from '../../engine/protocol/index.js';
import { playProtocolGame } from '../../engine/protocol/sim/index.js';
import { fr } from '../../src/i18n/fr.js';
import { makeShareLink, newGameLink } from '../../src/net/link.js';
import { afterStep, conquestStep, SMALLEST, untilPerson } from './conquest.js';
import { clickButton, clickHex, clickableLegal, snapshot, waitForChange } from './play.js';
import { type ServedApp, DESKTOP_SIZES, NO_CHROMIUM, PHONE_SIZES, browserRequired, buildAndServe, findChromium, launchChromium, readability, repoRoot } from './support.js';

const executable = findChromium();
const shots = path.join(repoRoot, 'test-results');
const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };
const BOTS_SEED = process.env['BFE_BOTS_SEED'] ?? 'e2e-bots-1';

/** Starts a local game from Home: `players` seats, hot-seat (all persons) or against bots. */
async function startGame(page: Page, url: string, mode: 'bots' | 'hotseat', players: number, query = '', seed = ''): Promise<void> {
  await page.goto(seed ? `${url}#/?seed=${seed}` : url);
  await page.locator('#start').waitFor();
  if (mode === 'hotseat') await page.click('#mode-hotseat');
  await page.selectOption('#player-count', String(players));
  await page.click('#start');
  await page.locator('main.game').waitFor();
  if (query) await page.goto(`${url}#/${mode === 'bots' ? 'local' : 'hotseat'}?${query}`);
  await page.locator('main.game').waitFor();
}

/**
 * Plays the person's map-creation turns by clicks until the conquest (or `stop`): draws rather
 * than taking the face-up tile, places on a legal hex (the board's projected centre: real
 * picking), places each portal at its first chance, removes seat 0's once, then Done.
 * Checks at every step that nothing private shows behind the curtain, and that a drawn tile shows
 * only for the seat that drew it.
 */
async function playMapCreation(page: Page, stop: (s: Awaited<ReturnType<typeof snapshot>>) => boolean = () => false, onStep?: (s: Awaited<ReturnType<typeof snapshot>>) => Promise<void>): Promise<number> {
  const portals = new Map<string, number>();
  let k = 0;
  let steps = 0;
  for (; steps < 600; steps++) {
    const s = await snapshot(page);
    if (s.phase === 'conquest' || stop(s)) return steps;
    await onStep?.(s);
    if (s.curtain) {
      expect(s.privateShown, 'nothing private behind the curtain').toBe(false);
      expect(await page.evaluate(() => document.body.innerHTML.includes('drawn-tile'))).toBe(false);
      await page.click('#curtain');
      await page.locator('#curtain').waitFor({ state: 'detached' });
      continue;
    }
    if (s.drawn !== null) expect(s.viewer, 'the drawn tile shows for its drawer').toBe(await page.locator('.chip.awaited').getAttribute('data-seat'));
    const has = (id: string): boolean => s.buttons.includes(id);
    const isPortalStep = has('done') || has('remove-portal') || /portal/i.test(s.prompt);
    if (has('draw')) await clickButton(page, 'draw');
    else if (has('face-up') && s.legal.length === 0) {
      await clickButton(page, 'face-up');
      await page.locator('.board-list li.legal').first().waitFor({ state: 'attached' });
      continue;
    } else if (isPortalStep) {
      const times = portals.get(s.viewer) ?? 0;
      portals.set(s.viewer, times + 1);
      const legal = await clickableLegal(page, s);
      if (legal.length > 0 && (times === 0 || !has('done'))) {
        await clickHex(page, legal[k++ % legal.length]!, s.board);
        await page.locator('#confirm:not([disabled])').waitFor();
        await clickButton(page, 'confirm');
      } else if (times === 1 && s.viewer === '0' && has('remove-portal')) await clickButton(page, 'remove-portal');
      else await clickButton(page, 'done');
    } else if (s.legal.length > 0) {
      const legal = await clickableLegal(page, s);
      expect(legal.length, 'a legal hex shows on the board').toBeGreaterThan(0);
      await clickHex(page, legal[k++ % legal.length]!, s.board);
      await page.locator('#confirm:not([disabled])').waitFor();
      await clickButton(page, 'confirm');
    } else if (has('set-aside')) await clickButton(page, 'set-aside');
    else {
      // A bot is playing, or a random event: wait for the next position.
      await waitForChange(page, s.seq, (n) => n.curtain !== s.curtain || n.buttons.length > 0);
      continue;
    }
    await waitForChange(page, s.seq);
  }
  throw new Error('map creation did not end');
}

if (!executable) {
  if (browserRequired()) {
    describe('browser game', () => {
      it('has chromium (REQUIRE_BROWSER=1)', () => {
        throw new Error('REQUIRE_BROWSER=1 but chromium is not installed: apt-get install -y chromium');
      });
    });
  } else {
    console.warn(`[test/browser/game] ${NO_CHROMIUM}`);
    describe.skip('browser game (no chromium)', () => {
      it('skipped', () => {});
    });
  }
} else {
  describe('browser game', () => {
    let app: ServedApp;
    let browser: Browser;
    const errors: string[] = [];
    const watch = (page: Page): Page => {
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      return page;
    };

    beforeAll(async () => {
      app = await buildAndServe();
      browser = await launchChromium(executable);
    });
    afterAll(async () => {
      await browser?.close();
      await app?.close();
    });

    it('hot-seat, 2 players: map creation and a whole day with a combat played by clicks on the 3D board and the HUD, the curtain hides each seat’s tiles and hand', async () => {
      const context = await browser.newContext({ viewport: DESKTOP });
      const page = watch(await context.newPage());
      await page.goto(app.url);
      await page.locator('#start').waitFor();
      await page.screenshot({ path: path.join(shots, 'home-desktop.png') });
      await startGame(page, app.url, 'hotseat', 2);
      await page.locator('#curtain').waitFor();
      await page.screenshot({ path: path.join(shots, 'curtain-desktop.png') });
      let shotDrawn = false;
      let shotPortal = false;
      const steps = await playMapCreation(page, undefined, async (s) => {
        expect(s.board).toBe('3d');
        if (!shotDrawn && s.drawn !== null && s.legal.length > 0) {
          shotDrawn = true;
          await page.screenshot({ path: path.join(shots, 'map-creation-drawn-desktop.png') });
        }
        if (!shotPortal && s.buttons.includes('done') && s.legal.length > 0) {
          shotPortal = true;
          await page.screenshot({ path: path.join(shots, 'map-creation-portal-desktop.png') });
        }
      });
      expect(steps).toBeGreaterThan(20);
      const s = await snapshot(page);
      expect(s.phase).toBe('conquest');
      // The log said every placement in words.
      const log = await page.locator('#log li').allTextContents();
      expect(log.filter((l) => / placed /.test(l)).length).toBeGreaterThanOrEqual(16);
      expect(shotDrawn && shotPortal).toBe(true);
      await page.screenshot({ path: path.join(shots, 'conquest-desktop.png') });
      // A whole day of the conquest by clicks, with a combat: moves on the board (a source, a
      // target, the stepper, staged, Done moving), secrets sealed in private panels, a combat
      // chosen, camps ready, armies from the hand, after combat. Each seat's hand shows only to it.
      const moved = new Set<string>();
      const shot = new Set<string>();
      const seen = new Set<string>();
      const promptHeights = new Set<number>();
      let combats = 0;
      for (let k = 0; k < 400; k++) {
        const c = await snapshot(page);
        if (c.over || (c.day > 1 && combats > 0) || c.day > 3) break;
        promptHeights.add(c.promptHeight);
        if (c.curtain) {
          expect(c.privateShown, 'no hand behind the curtain').toBe(false);
          await page.click('#curtain');
          await page.locator('#curtain').waitFor({ state: 'detached' });
          continue;
        }
        if (c.handViewer !== null) expect(c.handViewer, 'the hand shows for the seat at the device only').toBe(c.viewer);
        if (c.buttons.length > 0 || c.legal.length > 0) {
          seen.add(c.stage);
          if (c.stage === 'armies' && c.buttons.some((b) => b.startsWith('play-'))) combats++;
          const name = `${c.stage}${/buying/.test(c.prompt) ? '-shop' : ''}`;
          if (!shot.has(name)) {
            shot.add(name);
            if (c.stage === 'choose') await page.hover('#combat-0');
            await page.screenshot({ path: path.join(shots, `conquest-${name}-hotseat-desktop.png`) });
            // Each decision's screen reads at 1280 px: text of 14 px, targets of 24 px, nothing sideways, the hand strip included.
            const found = await readability(page, DESKTOP_SIZES);
            expect(found.small, name).toEqual([]);
            expect(found.tiny, name).toEqual([]);
            expect(found.overflow, name).toBeLessThanOrEqual(0);
            expect(await page.evaluate(() => { const h = document.querySelector('.hand'); return h ? h.scrollWidth - h.clientWidth : 0; }), `${name}: the hand strip scrolls sideways`).toBeLessThanOrEqual(0);
          }
        }
        if (!(await conquestStep(page, c, { move: true, spread: true, playUnits: true }, moved))) {
          await waitForChange(page, c.seq, (n) => n.curtain !== c.curtain || n.buttons.length > 0);
          continue;
        }
        await afterStep(page, c);
      }
      expect([...seen]).toEqual(expect.arrayContaining(['moves', 'spread', 'secretCommit', 'choose', 'armies']));
      // The prompt bar kept one height through every turn: the board was never resized by it.
      expect([...promptHeights]).toHaveLength(1);
      expect(combats, 'a combat was fought by clicks').toBeGreaterThan(0);
      expect((await page.locator('#log li').allTextContents()).some((l) => / moved \d+ troops? /.test(l))).toBe(true);
      // Both languages, switched mid-game: the prompt and the log follow.
      const english = await page.locator('#prompt').textContent();
      await page.click('[data-lang="fr"]');
      await expect.poll(() => page.locator('#prompt').textContent()).not.toBe(english);
      expect((await page.locator('#log li').allTextContents()).some((l) => / a déplacé \d+ troupes? /.test(l))).toBe(true);
      await page.screenshot({ path: path.join(shots, 'conquest-fr-desktop.png') });
      await page.click('[data-lang="en"]');
      await expect.poll(() => page.locator('#prompt').textContent()).toBe(english);
      // The conquest screen on a phone: nothing sideways, text of 16 px, targets of 44 px, the prompt's buttons under the thumb.
      await page.setViewportSize(PHONE);
      const phone = await readability(page, PHONE_SIZES);
      expect(phone.small).toEqual([]);
      expect(phone.tiny).toEqual([]);
      expect(phone.overflow).toBeLessThanOrEqual(0);
      const buttons = await page.evaluate(() => document.querySelector('.prompt-buttons')!.getBoundingClientRect().top);
      expect(buttons, 'the prompt’s buttons in the lower third').toBeGreaterThan((PHONE.height * 2) / 3);
      await page.screenshot({ path: path.join(shots, 'conquest-phone.png') });
      await page.setViewportSize(DESKTOP);
      // Draw calls within budget, on the final map.
      await page.evaluate(() => window.bfe.board!.renderFrame());
      expect(await page.evaluate(() => window.bfe.board!.drawCalls())).toBeLessThanOrEqual(30);
      // Unmounting the board frees every geometry and texture.
      await page.click('a.brand');
      await page.locator('#start').waitFor();
      expect(await page.evaluate(() => window.bfe.lastDisposed)).toEqual({ geometries: 0, textures: 0 });
      expect(errors).toEqual([]);
      await context.close();
    });

    it('against 3 bots: the page stays live while bots play in a Worker, a refresh resumes the game, and the person plays it to its end through the UI', async () => {
      // Reduced motion: no tile drops (the board's other path), and screenshots of resting pieces.
      const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
      const page = watch(await context.newPage());
      // A chosen seed: the whole game (bots, random events, the scripted person) is the same at
      // every run, so its length (and this test's time) is too.
      await startGame(page, app.url, 'bots', 4, 'pace=0', BOTS_SEED);
      // The keyboard: D draws, ] puts the cursor on a legal hex, Enter picks it, Enter places it.
      await page.locator('#draw').waitFor();
      let s0 = await snapshot(page);
      await page.keyboard.press('d');
      s0 = await waitForChange(page, s0.seq);
      await page.locator('.board-list li.legal').first().waitFor({ state: 'attached' });
      // Hovering an empty hex where the tile may not go names the rule.
      const illegal = await page.evaluate(() => {
        const canvas = document.querySelector('canvas.board3d-canvas');
        const taken = new Set([...document.querySelectorAll('.board-list li[data-hex]')].map((li) => li.getAttribute('data-hex')));
        for (let q = -5; q <= 5; q++)
          for (let r = -5; r <= 5; r++) {
            if (taken.has(`${q},${r}`)) continue;
            const at = window.bfe.board!.screenOf(q, r);
            if (document.elementFromPoint(at.x, at.y) === canvas) return at;
          }
        return null;
      });
      expect(illegal).not.toBeNull();
      await page.mouse.move(illegal!.x, illegal!.y);
      await expect.poll(() => page.locator('#hint').textContent(), { timeout: 10_000 }).toMatch(/^M\d+: /);
      await page.keyboard.press(']');
      await page.keyboard.press('Enter');
      await page.locator('#confirm:not([disabled])').waitFor();
      await page.keyboard.press('Enter');
      await waitForChange(page, s0.seq);
      // Play until the person has placed a few tiles, then refresh mid-game.
      let mine = 0;
      await playMapCreation(page, (s) => s.buttons.includes('draw') && ++mine > 3);
      const before = await snapshot(page);
      // The page stores each element as it comes (one IndexedDB write at a time): a refresh within
      // the write in flight would lose that element, so the test refreshes once it is stored.
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                new Promise<number>((resolve) => {
                  const open = indexedDB.open('keyval-store');
                  open.onsuccess = () => {
                    const get = open.result.transaction('keyval').objectStore('keyval').get('bfe.localGame');
                    get.onsuccess = () => resolve((get.result as { elements?: number } | undefined)?.elements ?? -1);
                  };
                }),
            ),
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(before.seq);
      // The refresh resumes on the flat map: the rest of the game (some 1500 bot moves) would
      // otherwise spend its time drawing every position in software WebGL.
      await page.goto(`${app.url}#/local?pace=0&board=flat`);
      await page.reload();
      await page.locator('main.game').waitFor();
      const after = await snapshot(page);
      expect(after.seq).toBeGreaterThanOrEqual(before.seq);
      expect(after.phase).toBe('mapCreation');
      await playMapCreation(page);
      expect((await snapshot(page)).phase).toBe('conquest');
      // The conquest, to the end: the person's every choice through the UI (always the smallest:
      // Done, Ready, Pass, else the first offered button, else the first glowing hex), the bots in
      // their Worker. The status line always says whose decision the game waits for.
      const moved = new Set<string>();
      const shot = new Set<string>();
      for (let k = 0; k < 5000; k++) {
        const c = await snapshot(page);
        if (c.over) break;
        if (process.env['BFE_PROGRESS'] && k % 25 === 0) console.log('PROGRESS', new Date().toISOString(), c.day, c.stage, c.seq);
        expect(c.prompt).toMatch(/Player \d|random|Waiting/);
        const name = `${c.stage}${/buying/.test(c.prompt) ? '-shop' : ''}`;
        if (!shot.has(name) && c.buttons.length > 0) {
          shot.add(name);
          await page.screenshot({ path: path.join(shots, `conquest-${name}-bots-desktop.png`) });
        }
        if (!(await conquestStep(page, c, SMALLEST, moved))) {
          await untilPerson(page, c.seq).catch(async (e) => {
            console.log('STUCK', JSON.stringify(await snapshot(page)));
            throw e;
          });
          continue;
        }
        await afterStep(page, c).catch(async (e) => {
          console.log('STUCK AFTER', JSON.stringify(c), JSON.stringify(await snapshot(page)));
          throw e;
        });
      }
      const end = await snapshot(page);
      if (process.env['BFE_PROGRESS']) console.log('END', end.day, end.seq);
      expect(end.over, 'the game was played to its end').toBe(true);
      expect(end.prompt).toMatch(/The game is over/);
      await page.screenshot({ path: path.join(shots, 'game-over-bots-desktop.png') });
      // The replay viewer verifies that very game, from the game-over screen's button (on the flat
      // map the game was resumed on).
      await clickButton(page, 'open-replay');
      await page.locator('#replay-badge').waitFor();
      expect(await page.locator('#replay-badge').getAttribute('data-valid')).toBe('true');
      expect(await page.locator('#replay-badge').textContent()).toMatch(/won/);
      await page.locator('#replay-at').waitFor();
      await page.screenshot({ path: path.join(shots, 'replay-bots-game-desktop.png') });
      // Its file, saved from the viewer, then a tampered copy: one signed action changed (the
      // person's first tile after the 20th element placed one hex further), the file still parseable.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#replay-save')]);
      const file = JSON.parse(await readFile(await download.path(), 'utf8')) as { log: { entry: string; sig: string }[][] };
      const target = file.log.findIndex((el, i) => {
        if (i < 20 || el.length !== 1) return false;
        const e = JSON.parse(el[0]!.entry) as { seat: number; body: { type: string; action?: { kind: string } } };
        return e.seat === 0 && e.body.type === 'action' && e.body.action?.kind === 'placeTile';
      });
      expect(target).toBeGreaterThan(0);
      const signed = JSON.parse(file.log[target]![0]!.entry) as { body: { action: { at: { q: number; r: number } } } };
      signed.body.action.at.q += 1;
      file.log[target]![0]!.entry = JSON.stringify(signed);
      const entry = file.log.slice(0, target).reduce((n, el) => n + el.length, 0) + 1;
      await page.setInputFiles('#replay-input', { name: 'tampered.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
      await expect.poll(() => page.locator('#replay-badge').getAttribute('data-valid')).toBe('false');
      expect(await page.locator('#replay-badge').textContent()).toContain(`entry ${entry}:`);
      // Shown only up to the violation.
      await page.locator('#replay-at').waitFor();
      await page.keyboard.press('End');
      expect(Number(await page.locator('#replay-at').getAttribute('data-at'))).toBe(target);
      await page.screenshot({ path: path.join(shots, 'replay-bots-game-tampered-desktop.png') });
      expect(errors).toEqual([]);
      await context.close();
      // A whole game's length depends on its fresh seed (some 2000-3000 positions): about 50 s
      // on an idle machine, more when the cores are shared.
    }, 240_000);

    it('fetches the French texts only for French: never on an English page; a French page (the browser’s language, or the saved choice) shows French from its first text; a switch loads them without a reload', async () => {
      /** Opens Home in a fresh context; `french()` says, once the page is idle, whether a script it fetched holds the French dictionary. */
      const open = async (options: BrowserContextOptions, saved?: 'fr'): Promise<{ page: Page; french: () => Promise<boolean> }> => {
        const context = await browser.newContext({ viewport: DESKTOP, ...options });
        if (saved) await context.addInitScript((lang) => localStorage.setItem('bfe.language', lang), saved);
        // The top bar's first text as first rendered (the page's first), kept on <html>: English first, then French, would show here.
        await context.addInitScript(() => {
          const seen = new MutationObserver(() => {
            const rules = document.querySelector('.topbar a[href="#/rules"]');
            if (!rules) return;
            document.documentElement.dataset['firstText'] = rules.textContent ?? '';
            seen.disconnect();
          });
          seen.observe(document, { childList: true, subtree: true });
        });
        const page = watch(await context.newPage());
        const scripts: Promise<string>[] = [];
        page.on('response', (r) => {
          if (r.url().endsWith('.js')) scripts.push(r.text());
        });
        await page.goto(app.url);
        await page.locator('#start').waitFor();
        const french = async (): Promise<boolean> => {
          await page.waitForLoadState('networkidle');
          return (await Promise.all(scripts)).some((text) => text.includes(fr['home.start']) && text.includes(fr['home.hotseatHelp']));
        };
        return { page, french };
      };
      const english = await open({ locale: 'en-GB' });
      expect(await english.page.evaluate(() => document.documentElement.dataset['firstText'])).toBe('Rules');
      expect(await english.page.locator('#start').textContent()).toBe('Start the game');
      expect(await english.french()).toBe(false);
      // The switch: the same document (no reload), French once its chunk has come.
      const opened = await english.page.evaluate(() => performance.timeOrigin);
      await english.page.click('[data-lang="fr"]');
      await expect.poll(() => english.page.locator('#start').textContent()).toBe(fr['home.start']);
      expect(await english.page.evaluate(() => performance.timeOrigin)).toBe(opened);
      expect(await english.page.evaluate(() => document.documentElement.lang)).toBe('fr');
      expect(await english.french()).toBe(true);
      await english.page.context().close();
      for (const [why, french] of [['browser', await open({ locale: 'fr-FR' })], ['saved', await open({ locale: 'en-GB' }, 'fr')]] as const) {
        // The page renders once its dictionary has come: its first text is French, never English first.
        expect(await french.page.evaluate(() => document.documentElement.dataset['firstText']), why).toBe(fr['app.rules']);
        expect(await french.page.locator('#start').textContent(), why).toBe(fr['home.start']);
        expect(await french.page.evaluate(() => document.documentElement.lang), why).toBe('fr');
        expect(await french.french(), why).toBe(true);
        await french.page.context().close();
      }
      expect(errors).toEqual([]);
    });

    it('is usable on a phone (390 x 844): nothing overflows sideways, no text under 16 px, no target under 44 px, in both languages', async () => {
      const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      const page = watch(await context.newPage());
      const check = async (name: string): Promise<void> => {
        const found = await readability(page, PHONE_SIZES);
        expect(found.small, name).toEqual([]);
        expect(found.tiny, name).toEqual([]);
        expect(found.overflow, `${name}: horizontal overflow`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(shots, `${name}-phone.png`) });
      };
      await page.goto(app.url);
      await page.locator('#start').waitFor();
      await check('home');
      await page.click('[data-lang="fr"]');
      await expect.poll(() => page.locator('#start').textContent()).toBe('Commencer la partie');
      await check('home-fr');
      await page.click('[data-lang="en"]');
      await startGame(page, app.url, 'hotseat', 2);
      await page.locator('#curtain').waitFor();
      await check('curtain');
      await page.click('#curtain');
      await clickButton(page, 'draw');
      await page.locator('#drawn-tile').waitFor();
      await check('map-creation');
      // The log is a bottom sheet on a phone.
      expect(await page.locator('#log').isVisible()).toBe(false);
      await page.click('#log-toggle');
      await page.locator('#log').waitFor();
      await check('map-creation-log');
      await page.goto(`${app.url}#/cards`);
      await page.locator('.card-view').first().waitFor();
      await check('cards');
      await page.goto(`${app.url}#/rules`);
      await page.locator('.rules h1').first().waitFor();
      await check('rules');
      await page.goto(`${app.url}#/map?players=4&seed=phone`);
      await page.locator('#state-hash').waitFor();
      await check('explorer');
      expect(errors).toEqual([]);
      await context.close();
    });

    describe('replay viewer', () => {
      let dir: string;
      let replay: Replay;
      beforeAll(async () => {
        dir = await mkdtemp(path.join(os.tmpdir(), 'bfe-replay-'));
        const setup = { players: [{ colour: 'forest', civilisation: 'elves' }, { colour: 'mountain', civilisation: 'dwarves' }] as const, firstSeat: 0 };
        const game = await playProtocolGame(setup, 'ui-replay', [0, 1].map((s) => randomAgent(agentStream('ui-replay', s))), { settings: { limit: 60 } });
        replay = game.replay;
        await writeFile(path.join(dir, 'game.json.gz'), gzipSync(makeReplayText(replay)));
        // A tampered copy: one hex digit of the 5th log element's first signature changed.
        const el = 4;
        const sig = replay.log[el]![0]!.sig;
        const bad: Replay = { ...replay, log: replay.log.map((l, i) => (i === el ? l.map((e, j) => (j === 0 ? { ...e, sig: sig.slice(0, 10) + (sig[10] === '0' ? '1' : '0') + sig.slice(11) } : e)) : l)) };
        await writeFile(path.join(dir, 'tampered.json'), makeReplayText(bad));
        await writeFile(path.join(dir, 'not-a-replay.json'), '{"hello": 1}');
      });
      afterAll(() => rm(dir, { recursive: true, force: true }));

      it('verifies a gzipped replay in a Worker, says valid, and steps through it with the keys', async () => {
        const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
        const page = watch(await context.newPage());
        await page.goto(`${app.url}#/replay`);
        await page.setInputFiles('#replay-input', path.join(dir, 'game.json.gz'));
        await page.locator('#replay-badge').waitFor();
        expect(await page.locator('#replay-badge').getAttribute('data-valid')).toBe('true');
        await page.locator('#replay-at').waitFor();
        await page.keyboard.press('End');
        const end = Number(await page.locator('#replay-at').getAttribute('data-at'));
        expect(end).toBeGreaterThan(10);
        await page.keyboard.press('ArrowLeft');
        expect(Number(await page.locator('#replay-at').getAttribute('data-at'))).toBe(end - 1);
        await page.keyboard.press('Home');
        expect(Number(await page.locator('#replay-at').getAttribute('data-at'))).toBe(0);
        await page.keyboard.press('Shift+ArrowRight');
        expect(Number(await page.locator('#replay-at').getAttribute('data-at'))).toBeGreaterThan(0);
        expect(page.url()).toMatch(/#\/replay\?at=\d+/);
        await page.keyboard.press('End');
        await page.screenshot({ path: path.join(shots, 'replay-desktop.png') });
        // The other screens at desktop size, for people to look at.
        await page.goto(`${app.url}#/cards`);
        await page.locator('.card-view').first().waitFor();
        await page.screenshot({ path: path.join(shots, 'cards-desktop.png') });
        await page.goto(`${app.url}#/rules`);
        await page.locator('.rules h1').first().waitFor();
        await page.screenshot({ path: path.join(shots, 'rules-desktop.png') });
        expect(errors).toEqual([]);
        await context.close();
      });

      it('the share link of a game this page played to its end says it is over and opens its replay (IndexedDB, as store.ts keeps it)', async () => {
        const context = await browser.newContext({ viewport: DESKTOP });
        const page = watch(await context.newPage());
        await page.goto(app.url);
        const link = newGameLink();
        // What Playing keeps when its game ends (endOnline), written where idb-keyval keeps it.
        const ended = { ended: { stop: { kind: 'finished', end: { kind: 'limit', seq: 60 }, winner: null }, replay: makeReplayText(replay) } };
        await page.evaluate(
          ([key, value]) =>
            new Promise<void>((resolve, reject) => {
              const open = indexedDB.open('keyval-store');
              open.onupgradeneeded = () => open.result.createObjectStore('keyval');
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const tx = open.result.transaction('keyval', 'readwrite');
                tx.objectStore('keyval').put(value, key);
                tx.oncomplete = () => (open.result.close(), resolve());
                tx.onerror = () => reject(tx.error);
              };
            }),
          [`bfe.online.${link.room}`, ended] as const,
        );
        await page.goto(makeShareLink(link, app.url));
        await page.locator('#game-ended').waitFor();
        expect(await page.locator('#game-ended').textContent()).toBe('The game is over. Stopped at the agreed limit of 60 log elements.');
        await page.click('#open-ended-replay');
        await page.locator('#replay-badge').waitFor();
        expect(await page.locator('#replay-badge').getAttribute('data-verdict')).toBe('valid');
        expect(errors).toEqual([]);
        await context.close();
      });

      it('shows a tampered replay as invalid at the right entry, and a non-replay as invalid', async () => {
        const context = await browser.newContext({ viewport: DESKTOP });
        const page = watch(await context.newPage());
        await page.goto(`${app.url}#/replay`);
        await page.setInputFiles('#replay-input', path.join(dir, 'tampered.json'));
        await page.locator('#replay-badge').waitFor();
        expect(await page.locator('#replay-badge').getAttribute('data-valid')).toBe('false');
        const entry = replay.log.slice(0, 4).reduce((n, el) => n + el.length, 0) + 1;
        expect(await page.locator('#replay-badge').textContent()).toContain(`entry ${entry}`);
        // It can be stepped through only up to the violation (the 5th element).
        await page.keyboard.press('End');
        expect(Number(await page.locator('#replay-at').getAttribute('data-at'))).toBe(4);
        await page.screenshot({ path: path.join(shots, 'replay-invalid-desktop.png') });
        await page.setInputFiles('#replay-input', path.join(dir, 'not-a-replay.json'));
        await expect.poll(() => page.locator('#replay-badge').textContent()).toMatch(/not a valid replay/);
        expect(errors).toEqual([]);
        await context.close();
      });
    });
  });
}
