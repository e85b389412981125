import { marked } from 'marked';
import rules from '../../docs/rules.md?raw';
import { t } from '../i18n/index.js';

/** docs/rules.md, the project's rulebook, readable in the page (loaded only on this screen). */
export default function RulesPage() {
  const html = marked.parse(rules, { async: false });
  return (
    <main class="page rules">
      <p>
        <a href="#/">← {t('app.home')}</a>
      </p>
      <article innerHTML={html} />
    </main>
  );
}
