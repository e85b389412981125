/**
 * Driving the online screens as a person would, with nothing but `evaluate` and mouse clicks, so
 * that the same steps run in Chromium (playwright) and Firefox (puppeteer over WebDriver BiDi).
 */
import { conquestStep, SMALLEST } from '../browser/conquest.js';
import { type Clicker, clickButton, clickHex, clickableLegal, type Snapshot, snapshot, waitForChange } from '../browser/play.js';

/** What the page shows at a hex's projected centre instead of the board, and the window's size: to say why a hex cannot be clicked. */
const coveredBy = (page: Clicker, key: string): Promise<string> =>
  page.evaluate((k) => {
    const [q, r] = k.split(',').map(Number) as [number, number];
    const at = window.bfe.board!.screenOf(q, r);
    const el = document.elementFromPoint(at.x, at.y);
    return `at ${Math.round(at.x)},${Math.round(at.y)} of ${innerWidth}x${innerHeight}: ${el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}` : 'nothing'}`;
  }, key);

/** Polls the page until `test(arg)` holds there. */
export async function waitUntil<A>(page: Clicker, test: (arg: A) => boolean, arg: A, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await page.evaluate(test, arg))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Clicks the first element matching `selector` (a DOM click, as a person's tap). */
export const clickSelector = (page: Clicker, selector: string): Promise<void> =>
  page.evaluate((sel) => {
    const el = document.querySelector<HTMLElement>(sel);
    if (!el) throw new Error(`nothing matches ${sel}`);
    el.click();
  }, selector);

/** In the lobby: once `others` seats show ready (the room has synced), takes `seat` and says ready. */
export async function takeSeatAndReady(page: Clicker, seat: number, others = 0): Promise<void> {
  await waitUntil(page, (n) => document.querySelectorAll('.lobby-seat .ready.yes').length >= n, others, `${others} seats ready`);
  await waitUntil(page, (s) => document.querySelector(`.lobby-seat[data-seat="${s}"] .take-seat`) !== null, seat, `seat ${seat} free`);
  await clickSelector(page, `.lobby-seat[data-seat="${seat}"] .take-seat`);
  await waitUntil(page, () => document.querySelector('#ready') !== null, null, 'the seat taken');
  await clickSelector(page, '#ready');
}

/**
 * Plays this page's own turns by clicks until the conquest's day `day` begins: map creation
 * (draw, place on a glowing hex, the portal at its first chance, then Done), then each conquest
 * decision (the smallest: Done, Pass, Keep, the first offer). Other seats' turns arrive over
 * the network.
 */
export const playUntilDay = (page: Clicker, day: number): Promise<Snapshot> => playUntil(page, (s) => s.phase === 'conquest' && s.day >= day);

/** Plays this page's own turns by clicks (as playUntilDay) until `done` holds or the game is over (or stopped, online). */
export async function playUntil(page: Clicker, done: (s: Snapshot) => boolean): Promise<Snapshot> {
  let k = 0;
  const portalPlaced = new Set<string>();
  const moved = new Set<string>();
  const settle = (s: Snapshot) => waitForChange(page, s.seq, (n) => n.buttons.join() !== s.buttons.join() || n.legal.join() !== s.legal.join() || n.over || n.stop !== null, 1200);
  for (let steps = 0; steps < 3000; steps++) {
    const s = await snapshot(page);
    if (s.over || s.stop !== null || done(s)) return s;
    const has = (id: string): boolean => s.buttons.includes(id);
    if (s.phase === 'conquest') {
      if (await conquestStep(page, s, SMALLEST, moved)) await settle(s);
      else await waitForChange(page, s.seq, (n) => n.buttons.length > 0 || n.legal.length > 0 || n.stop !== null, 1200);
      continue;
    }
    const portalStep = has('done') || has('remove-portal') || /portal/i.test(s.prompt);
    if (has('draw')) await clickButton(page, 'draw');
    else if (has('face-up') && s.legal.length === 0) await clickButton(page, 'face-up');
    else if (s.legal.length > 0 && (!portalStep || !portalPlaced.has(s.viewer))) {
      let legal = await clickableLegal(page, s);
      // On a phone the first view shows the hexes at a readable size, not always the glowing ones: a person presses Fit.
      if (legal.length === 0 && s.board === '3d') {
        await clickButton(page, 'fit');
        legal = await clickableLegal(page, s);
      }
      if (legal.length === 0) throw new Error(`no glowing hex shows on the ${s.board} board: ${s.legal.join(' ')} (${await coveredBy(page, s.legal[0]!)})`);
      await clickHex(page, legal[k++ % legal.length]!, s.board);
      // A click from a stale snapshot (the board redrawn meanwhile) chooses nothing: look again.
      const chosen = await waitUntil(page, () => !!document.querySelector('#confirm:not([disabled])'), null, 'Confirm', 5000).then(
        () => true,
        () => false,
      );
      if (!chosen) continue;
      await clickButton(page, 'confirm');
      if (portalStep) portalPlaced.add(s.viewer);
    } else if (has('done')) await clickButton(page, 'done');
    else if (has('set-aside')) await clickButton(page, 'set-aside');
    else {
      await waitForChange(page, s.seq, (n) => n.buttons.length > 0 || n.legal.length > 0 || n.stop !== null, 1200);
      continue;
    }
    await settle(s);
  }
  throw new Error('the game did not get there');
}

/** What every page must agree on: the position and each seat's public figures. */
export const publicView = (page: Clicker): Promise<{ seq: string | null; stats: string[] }> =>
  page.evaluate(() => ({
    seq: document.querySelector('main.game')?.getAttribute('data-seq') ?? null,
    stats: [...document.querySelectorAll<HTMLElement>('.players-column .chip-stats')].map((e) => e.innerText),
  }));
