/** Playing the conquest by clicks on the game page, as a person would: shared by the browser tests. */
import { type Clicker, type Snapshot, clickButton, clickHex, clickableLegal, snapshot } from './play.js';

export interface ConquestPolicy {
  /** Moves some troops by clicks on the board (a source, a target, the stepper's default), staged, then "Done moving". */
  readonly move: boolean;
  /** Plays the units of the hand into an army (the first offered each turn) before "Army complete". */
  readonly playUnits: boolean;
  /** Spreads a troop of a territory onto one of its frontiers (a side's stepper), staged, then "Done spreading". */
  readonly spread?: boolean;
}

export const SMALLEST: ConquestPolicy = { move: false, playUnits: false };

const waitFor = async (page: Clicker, test: () => boolean, tries = 200): Promise<void> => {
  for (let i = 0; i < tries; i++) {
    if (await page.evaluate(test)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`waited in vain for ${test.toString()}`);
};

/**
 * One decision of the person the page waits for, by clicks: a confirmation is answered yes; with
 * `policy.move`, a move made on the board; else Done (Ready, Pass) where offered, else the first
 * offered button (a combat, a camp, a unit with `playUnits`, Keep, Commit...), else the first
 * glowing hex then Confirm. Returns false when the page waits for nobody here (a bot, a random event).
 */
export async function conquestStep(page: Clicker, s: Snapshot, policy: ConquestPolicy, moved: Set<string>): Promise<boolean> {
  const has = (id: string): boolean => s.buttons.includes(id);
  if (has('confirm-yes')) return void (await clickButton(page, 'confirm-yes')), true;
  const key = `${s.day}/${s.viewer}`;
  if (s.stage === 'moves' && policy.move && !moved.has(key) && s.legal.length > 0) {
    moved.add(key);
    const sources = await clickableLegal(page, s);
    if (sources.length > 0) {
      await clickHex(page, sources[0]!, s.board);
      await waitFor(page, () => document.getElementById('cancel') !== null);
      const targets = await clickableLegal(page, await snapshot(page));
      if (targets.length > 0) {
        await clickHex(page, targets[0]!, s.board);
        await waitFor(page, () => document.getElementById('stage') !== null);
        await clickButton(page, 'stage');
        await waitFor(page, () => document.getElementById('staged') !== null);
        await clickButton(page, 'done');
        return true;
      }
      await clickButton(page, 'cancel');
    }
  }
  if (s.stage === 'spread' && policy.spread && !moved.has(`spread ${key}`) && s.legal.length > 0) {
    moved.add(`spread ${key}`);
    for (const tile of await clickableLegal(page, s)) {
      await clickHex(page, tile, s.board);
      await waitFor(page, () => document.getElementById('cancel') !== null);
      const more = await page.evaluate(() => {
        const b = document.querySelector<HTMLButtonElement>('.conquest-panel.spread [id^="side-"][id$="-more"]:not([disabled])');
        b?.click();
        return b !== null;
      });
      if (!more) {
        await clickButton(page, 'cancel');
        continue;
      }
      await waitFor(page, () => document.getElementById('stage') !== null);
      await clickButton(page, 'stage');
      await waitFor(page, () => document.getElementById('staged') !== null);
      await clickButton(page, 'done');
      return true;
    }
  }
  if (s.stage === 'armies' && policy.playUnits && has('play-0')) return void (await clickButton(page, 'play-0')), true;
  if (has('done')) return void (await clickButton(page, 'done')), true;
  const first = s.buttons.find((b) => b !== 'cancel' && b !== 'undo');
  if (first) return void (await clickButton(page, first)), true;
  if (s.legal.length > 0) {
    const legal = await clickableLegal(page, s);
    const at = legal[0] ?? s.legal[0]!;
    await clickHex(page, at, legal.length > 0 ? s.board : 'flat-list');
    // The snapshot may be stale by the click (an online page moves on with the others' messages):
    // without a Confirm, nothing was chosen; the caller looks again and decides afresh.
    const chosen = await waitFor(page, () => !!document.querySelector<HTMLButtonElement>('#confirm:not([disabled])')).then(
      () => true,
      () => false,
    );
    if (!chosen) return false;
    await clickButton(page, 'confirm');
    return true;
  }
  return false;
}

/** A page that can wait in itself (playwright's): no round trip per poll. */
export interface Waiter extends Clicker {
  waitForFunction<A>(fn: (arg: A) => boolean, arg: A, options: { polling: number; timeout: number }): Promise<unknown>;
}

/** Waits for what follows a step: a new position, or a new prompt (a confirmation asked). */
export async function afterStep(page: Waiter, s: Snapshot): Promise<void> {
  // What the page showed before the step (the snapshot taken then), in `shown`'s form.
  const before = [String(s.seq), String(s.over), s.curtain ? 'curtain' : '', s.prompt, s.buttons.join(' ')].join('|');
  await page.waitForFunction(
    (was) => {
      // The position, the curtain, the prompt and its enabled buttons, as the snapshot reads them.
      const game = document.querySelector('main.game');
      const buttons = [...document.querySelectorAll<HTMLButtonElement>('.prompt-buttons button')].filter((b) => !b.disabled).map((b) => b.id);
      const now = [game?.getAttribute('data-seq'), game?.getAttribute('data-over'), document.querySelector('#curtain') ? 'curtain' : '', document.querySelector('#prompt')?.textContent, buttons.join(' ')].join('|');
      return now !== was;
    },
    before,
    { polling: 10, timeout: 30_000 },
  );
}

/** Waits until the page waits for the person (a button or a glowing hex) at a position after `seq`, or the game ends. */
export async function untilPerson(page: Waiter, seq: number): Promise<void> {
  await page.waitForFunction(
    (at) => {
      const game = document.querySelector('main.game');
      if (game?.getAttribute('data-over') === 'true') return true;
      if (Number(game?.getAttribute('data-seq')) === at) return false;
      return document.querySelector('.prompt-buttons button:not([disabled])') !== null || document.querySelector('.board-list li.legal') !== null || document.querySelector('#curtain') !== null;
    },
    seq,
    { polling: 10, timeout: 30_000 },
  );
}
