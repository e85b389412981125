import { render } from 'solid-js/web';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type GameState, awaiting } from '../../engine/index.js';
import { localVault } from '../../engine/local/index.js';
import { navigate, route } from '../../src/app/router.js';
import { setupOf } from '../../src/game/config.js';
import { en } from '../../src/i18n/en.js';
import { fr } from '../../src/i18n/fr.js';
import { setLanguage } from '../../src/i18n/index.js';
import { LEARN_CONFIG, LearnGame } from '../../src/learn/LearnRoute.js';
import { LESSONS, type Topic, topicsAt } from '../../src/learn/topics.js';
import { chooseBotAction } from '../../src/table/bots.js';
import { makeDirectTable } from '../support/directTable.js';

/**
 * The guided first game (issue 22, item 6): the learn config's fixed deal against the page's bot,
 * the person's turns played by the same bot through the table; the first time each phase comes,
 * its lesson shows (before any later one), in the page's language; the lesson can be left at any
 * point. (The route itself runs the same screen on a protocol table with the bot in a Worker.)
 */

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});
afterAll(() => setLanguage('en'));
const tick = () => new Promise((r) => setTimeout(r, 0));

function start() {
  const cfg = LEARN_CONFIG;
  const table = makeDirectTable({ setup: setupOf(cfg), seed: cfg.seed, bots: [1], bot: async (s, seat, v) => chooseBotAction(s, seat, v) });
  const host = document.createElement('div');
  document.body.append(host);
  disposers.push(render(() => <LearnGame table={table} config={cfg} flat />, host), () => host.remove(), () => table.dispose());
  const $ = (sel: string) => host.querySelector(sel) as HTMLElement | null;
  return { table, $, vault: localVault(cfg.seed, 0) };
}

/** The lessons the box shows, read one after another ("Got it") until none is left. */
function readLessons($: (sel: string) => HTMLElement | null): string[] {
  const read: string[] = [];
  for (let topic = $('#lesson')!.dataset['topic']; topic; topic = $('#lesson')!.dataset['topic']) {
    read.push(topic);
    $('#lesson-next')!.click();
  }
  return read;
}

/** The phases that came for the first time among `states`, after those already met. */
function freshTopics(states: readonly GameState[], met: Set<Topic>): Topic[] {
  const out: Topic[] = [];
  for (const s of states) for (const topic of topicsAt(s)) if (!met.has(topic)) (met.add(topic), out.push(topic));
  return out;
}

describe('the guided first game', () => {
  const TEXTS = { en, fr };
  for (const lang of ['en', 'fr'] as const) {
    it(`explains each phase the first time it comes (${lang}), and can be left in the middle of the game`, async () => {
      setLanguage(lang);
      navigate('/learn', true);
      const { table, $, vault } = start();
      await tick();
      expect($('#lesson')!.dataset['topic']).toBe('intro');
      expect($('#lesson h2')!.textContent).toBe(TEXTS[lang]['learn.title']);
      expect($('#learn-leave')!.textContent).toBe(TEXTS[lang]['learn.leave']);
      $('#lesson-next')!.click();
      const met = new Set<Topic>();
      let seen = 0;
      const order: string[] = [];
      let whyShown = false;
      for (let step = 0; step < 2000; step++) {
        await tick();
        // Every lesson shows at the first position of its phase: what the box shows now is exactly what came since the last look.
        const titles: string[] = [];
        const box = $('#lesson')!;
        for (let topic = box.dataset['topic']; topic; topic = box.dataset['topic']) {
          titles.push(box.querySelector('h2')!.textContent!);
          expect(box.querySelector('a.rule-link')!.getAttribute('href')).toBe(`#/rules#${LESSONS[topic as Topic].rule}`);
          order.push(topic);
          $('#lesson-next')!.click();
        }
        const fresh = freshTopics(table.states().slice(seen), met);
        seen = table.states().length;
        expect(order.slice(order.length - titles.length)).toEqual(fresh);
        expect(titles).toEqual(fresh.map((topic) => TEXTS[lang][LESSONS[topic].title]));
        const s = table.view().state;
        if (s.phase.name === 'conquest' && s.phase.day >= 2 && s.phase.stage.kind === 'moves') break;
        const who = awaiting(s);
        if (who.kind === 'seat' && who.seat === 0) {
          if ($('#why')) whyShown = true;
          await table.submit(chooseBotAction(s, 0, vault));
        }
      }
      expect(whyShown).toBe(true);
      // The phases of a first day, in the order they come.
      const first = ['map', 'portal', 'production', 'moves', 'spread', 'feints', 'logistics'];
      expect(order.filter((t) => first.includes(t))).toEqual(first);
      expect(new Set(order).size).toBe(order.length);
      expect(readLessons($)).toEqual([]);
      // Leaving in the middle of the game goes Home.
      expect(table.view().outcome.kind).toBe('playing');
      $('#learn-leave')!.click();
      expect(route().path).toBe('/');
    });
  }
});
