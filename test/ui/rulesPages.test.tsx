import { render } from 'solid-js/web';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { navigate } from '../../src/app/router.js';
import RulesPage from '../../src/app/RulesPage.js';
import { Home } from '../../src/home/Home.js';
import { en } from '../../src/i18n/en.js';
import { fr } from '../../src/i18n/fr.js';
import { setLanguage } from '../../src/i18n/index.js';

/**
 * The quick start (on Home, and first on the rules page) and the rules page in both languages
 * (issue 22, item 3): the same rule anchors in English and French, the notes for maintainers
 * left out, and `#/rules#ID` marking the rule.
 */

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});
afterAll(() => setLanguage('en'));
const tick = () => new Promise((r) => setTimeout(r, 0));

function mount(page: () => unknown): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  disposers.push(render(page as () => never, host), () => host.remove());
  return host;
}
const QUICK = ['quick.map', 'quick.days', 'quick.combat', 'quick.account', 'quick.win'] as const;
const anchorIds = (root: Element): string[] => [...root.querySelectorAll('[id^="rule-"]')].map((e) => e.id).sort();

describe('the quick start', () => {
  const TEXTS = { en, fr };
  for (const lang of ['en', 'fr'] as const) {
    it(`is on Home in ${lang === 'en' ? 'English' : 'French'}: five steps, and the way to the guided game`, async () => {
      setLanguage(lang);
      const host = mount(() => <Home />);
      await tick();
      const quick = host.querySelector('#quick-start')!;
      expect(quick.querySelector('h2')!.textContent).toBe(TEXTS[lang]['quick.title']);
      expect([...quick.querySelectorAll('li')].map((li) => li.textContent)).toEqual(QUICK.map((k) => TEXTS[lang][k]));
      expect(quick.querySelector('a#learn-link')!.getAttribute('href')).toBe('#/learn');
    });
  }
});

describe('the rules page', () => {
  it('shows the quick start first, then the English rulebook with an anchor for every rule and without the notes for maintainers', async () => {
    setLanguage('en');
    navigate('/rules', true);
    const host = mount(() => <RulesPage />);
    await tick();
    const main = host.querySelector('main.rules')!;
    const quick = main.querySelector('#quick-start')!;
    const book = main.querySelector('#rulebook')!;
    expect(quick.compareDocumentPosition(book) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(book.querySelector('h1')!.textContent).toBe('Battle For Eden — Rules');
    expect(anchorIds(book).length).toBeGreaterThan(150);
    expect(book.querySelector('#rule-E15')!.textContent).toMatch(/^E15\. Accounting for the hand/);
    expect(book.textContent).not.toContain('Appendix: every ruling');
    expect(book.textContent).not.toContain('issue 19');
    // Links within the rulebook go through the page's routes.
    expect(book.querySelector('a[href="#/rules#m-creating-the-map"]')).not.toBeNull();
    expect(book.querySelector('#m-creating-the-map')).not.toBeNull();
  });

  it('in French: the French rulebook, with the same rule anchors', async () => {
    setLanguage('en');
    navigate('/rules', true);
    const host = mount(() => <RulesPage />);
    await tick();
    const english = anchorIds(host.querySelector('#rulebook')!);
    setLanguage('fr');
    await tick();
    const book = host.querySelector('#rulebook')!;
    expect(book.getAttribute('lang')).toBe('fr');
    expect(book.querySelector('h1')!.textContent).toBe('Battle For Eden — Règles');
    expect(host.querySelector('#quick-start h2')!.textContent).toBe(fr['quick.title']);
    expect(anchorIds(book)).toEqual(english);
    expect(book.querySelector('#rule-E15')!.textContent).toMatch(/^E15\. Comptabiliser sa main/);
    expect(book.querySelector('a[href="#/rules#e-la-phase-dexpansion"]')).not.toBeNull();
    expect(book.querySelector('#e-la-phase-dexpansion')).not.toBeNull();
  });

  it('#/rules#E15 marks the rule E15; another rule id moves the mark', async () => {
    setLanguage('en');
    navigate('/rules#E15', true);
    const host = mount(() => <RulesPage />);
    await tick();
    const marked = () => [...host.querySelectorAll('.targeted')];
    expect(marked().length).toBe(1);
    expect(marked()[0]!.querySelector('#rule-E15')).not.toBeNull();
    navigate('/rules#B12a', true);
    await tick();
    expect(marked().length).toBe(1);
    expect(marked()[0]!.querySelector('#rule-B12a')).not.toBeNull();
    navigate('/rules', true);
  });
});
