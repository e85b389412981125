import { readFile } from 'node:fs/promises';
import { marked } from 'marked';
import type { Plugin } from 'vite';

/**
 * The rulebook as the rules page shows it (issue 22, item 3): the Markdown without its notes for
 * maintainers, rendered to HTML, each rule's bold header given the anchor a prompt's rule link
 * points at (`<strong id="rule-E15">E15. ...`, reached by `#/rules#E15`).
 */

/** A part of the rulebook for maintainers only, between these two comments: the page skips it. */
const MAINTAINERS = /<!--\s*maintainers\s*-->[\s\S]*?<!--\s*\/maintainers\s*-->/g;

/** A rule's bold header as marked renders it: "<strong>E15. Accounting...". */
const RULE_HEADER = /<strong>([A-Z]\d+[a-z]?)\./g;

export const ruleAnchor = (id: string): string => `rule-${id}`;

/** A heading's anchor, as GitHub makes it: "A. The digital table's ground rules" is "a-the-digital-tables-ground-rules" (accents dropped). */
export function headingSlug(text: string): string {
  const plain = text.replace(/<[^>]+>/g, '').replace(/&#39;|&rsquo;/g, "'").replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  return plain.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');
}

const HEADING = /<h([1-6])>([\s\S]*?)<\/h\1>/g;
/** A link within the rulebook ("#m-creating-the-map"): the page's routes own the address's first `#`. */
const LOCAL_LINK = /href="#(?!\/)([^"]*)"/g;

export function rulesHtml(markdown: string): string {
  const html = marked.parse(markdown.replace(MAINTAINERS, ''), { async: false });
  return html
    .replace(RULE_HEADER, (_, id: string) => `<strong id="${ruleAnchor(id)}">${id}.`)
    .replace(HEADING, (_, level: string, inner: string) => `<h${level} id="${headingSlug(inner)}">${inner}</h${level}>`)
    .replace(LOCAL_LINK, (_, to: string) => `href="#/rules#${to}"`);
}

/**
 * `import html from './file.md?html'`: the Markdown rendered to HTML when the page is built, so
 * the page ships the rulebook as HTML and not the Markdown renderer.
 */
export function markdownHtml(): Plugin {
  return {
    name: 'bfe-markdown-html',
    enforce: 'pre',
    load: {
      // Only `.md?html` (the dev server adds `import` to the query of a non-script import).
      filter: { id: /\.md\?(?:.*&)?html(?:&|$)/ },
      async handler(id) {
        const file = id.split('?')[0]!;
        this.addWatchFile(file);
        return `export default ${JSON.stringify(rulesHtml(await readFile(file, 'utf8')))};`;
      },
    },
  };
}
