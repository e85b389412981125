import html from '../../docs/rules.md?html';
import { t } from '../i18n/index.js';

/** docs/rules.md, the project's rulebook, readable in the page (rendered when the page is built; loaded only on this screen). */
export default function RulesPage() {
  return (
    <main class="page rules">
      <p>
        <a href="#/">← {t('app.home')}</a>
      </p>
      <article innerHTML={html} />
    </main>
  );
}
