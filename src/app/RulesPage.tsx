import { createEffect, on } from 'solid-js';
import en from '../../docs/rules.md?html';
import fr from '../../docs/rules.fr.md?html';
import type { Language } from '../display/index.js';
import { language, t } from '../i18n/index.js';
import { QuickStart } from '../learn/QuickStart.js';
import { route } from './router.js';

/** The rulebook in each language (docs/rules.md, docs/rules.fr.md), rendered when the page is built without its notes for maintainers (scripts/markdown.ts). */
const RULEBOOK: Readonly<Record<Language, string>> = { en, fr };

/**
 * The rules page: the quick start first, then the rulebook in the page's language. `#/rules#E15`
 * scrolls to the rule E15 (each rule's header has the anchor `rule-E15`) and marks it.
 */
export default function RulesPage() {
  let article!: HTMLElement;
  const target = (): Element | null => {
    const anchor = route().anchor;
    return anchor ? (article.querySelector(`[id="rule-${anchor}"]`) ?? article.querySelector(`[id="${anchor}"]`)) : null;
  };
  createEffect(
    on([() => route().anchor, language], () => {
      for (const old of article.querySelectorAll('.targeted')) old.classList.remove('targeted');
      const el = target();
      if (!el) return;
      // The rule's whole paragraph (or list item) is marked, not just its bold header.
      const block = el.closest('p, li, h1, h2, h3, h4') ?? el;
      block.classList.add('targeted');
      block.scrollIntoView?.({ block: 'start' });
    }),
  );
  return (
    <main class="page rules">
      <p>
        <a href="#/">← {t('app.home')}</a>
      </p>
      <QuickStart />
      <article id="rulebook" lang={language()} innerHTML={RULEBOOK[language()]} ref={article} />
    </main>
  );
}
