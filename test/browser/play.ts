/** Driving the game page by clicks, as a person would: shared by the browser tests (Chromium and Firefox). */

/** The little a test needs of a page; playwright's and puppeteer's pages both have it. */
export interface Clicker {
  evaluate<R>(fn: () => R): Promise<R>;
  evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R>;
  mouse: { click(x: number, y: number): Promise<unknown> };
}

export interface Snapshot {
  readonly phase: string;
  readonly seq: number;
  readonly curtain: boolean;
  readonly viewer: string;
  readonly prompt: string;
  readonly buttons: readonly string[];
  readonly legal: readonly string[];
  readonly board: string;
  readonly drawn: string | null;
  readonly privateShown: boolean;
  /** The conquest's stage kind, its day, whether the game is over, and whose private things the hand strip shows. */
  readonly stage: string;
  readonly day: number;
  readonly over: boolean;
  readonly handViewer: string | null;
  /** An online game's stop banner: finished, verdict or desync; null while it plays (and in a local game). */
  readonly stop: string | null;
  /** The prompt bar's height in CSS px (on a phone, its text's row). */
  readonly promptHeight: number;
}

export const snapshot = (page: Clicker): Promise<Snapshot> =>
  page.evaluate(() => {
    const game = document.querySelector('main.game');
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('.prompt-buttons button')].filter((b) => !b.disabled).map((b) => b.id);
    return {
      phase: game?.getAttribute('data-phase') ?? '',
      seq: Number(game?.getAttribute('data-seq') ?? -1),
      curtain: document.querySelector('#curtain') !== null,
      viewer: game?.getAttribute('data-viewer') ?? '',
      prompt: document.querySelector('#prompt')?.textContent ?? '',
      buttons,
      legal: [...document.querySelectorAll('.board-list li.legal')].map((li) => li.getAttribute('data-hex')!),
      board: document.querySelector('.board')?.getAttribute('data-board') ?? '',
      drawn: document.querySelector('#drawn-tile')?.getAttribute('data-colour') ?? null,
      privateShown: document.querySelector('section.hand') !== null,
      stage: game?.getAttribute('data-stage') ?? '',
      day: Number(game?.getAttribute('data-day') || 0),
      over: game?.getAttribute('data-over') === 'true',
      handViewer: document.querySelector('section.hand')?.getAttribute('data-viewer') ?? null,
      stop: document.querySelector('#game-stop')?.getAttribute('data-kind') ?? null,
      promptHeight: Math.max(document.querySelector('.prompt')?.getBoundingClientRect().height ?? 0, document.querySelector('.prompt-text')?.getBoundingClientRect().height ?? 0),
    };
  });

/** The legal hexes a person can click now: on the 3D board, those whose centre shows on the canvas (not under a button). */
export async function clickableLegal(page: Clicker, s: Snapshot): Promise<string[]> {
  if (s.board !== '3d') return [...s.legal];
  return page.evaluate((keys) => {
    const canvas = document.querySelector('canvas.board3d-canvas');
    return keys.filter((k) => {
      const [q, r] = k.split(',').map(Number) as [number, number];
      const at = window.bfe.board!.screenOf(q, r);
      return document.elementFromPoint(at.x, at.y) === canvas;
    });
  }, [...s.legal]);
}

/** Clicks a hex of the board, 3D (at its projected centre: the real raycast path) or flat (its SVG group). */
export async function clickHex(page: Clicker, key: string, board: string): Promise<void> {
  if (board === '3d') {
    const [q, r] = key.split(',').map(Number) as [number, number];
    const at = await page.evaluate(([qq, rr]) => window.bfe.board!.screenOf(qq, rr), [q, r] as const);
    await page.mouse.click(at.x, at.y);
  } else {
    await page.evaluate((k) => {
      const el = document.querySelector(`svg.hex-map [data-hex="${k}"]`);
      el?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    }, key);
  }
}

export const clickButton = (page: Clicker, id: string): Promise<void> =>
  page.evaluate((i) => {
    document.getElementById(i)?.click();
  }, id);

/** Waits until the page shows a position other than `seq` (or anything that needs a person). */
export async function waitForChange(page: Clicker, seq: number, until: (s: Snapshot) => boolean = () => false, tries = 600): Promise<Snapshot> {
  for (let i = 0; i < tries; i++) {
    const s = await snapshot(page);
    if (s.seq !== seq || until(s)) return s;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the page stayed at position ${seq}`);
}
