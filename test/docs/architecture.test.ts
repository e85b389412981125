import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md stays true: every path it names in backticks exists, every name it puts in
 * backticks is still in the code, and the peer's layers are those step.ts's comment gives.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const page = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
const quoted = [...page.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);

/** A path: words joined by slashes, no spaces (`engine/index.ts`, `engine/hex/`). */
const isPath = (s: string): boolean => /^[\w.-]+(\/[\w.-]+)*\/$|^[\w.-]+(\/[\w.-]+)+$/.test(s) && !s.startsWith('node:');
/** A name: an identifier, or a member of one (`GameTable.submit`). */
const isName = (s: string): boolean => /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(s) && !isPath(s);

function sourceText(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? sourceText(p) : /\.tsx?$/.test(e.name) ? readFileSync(p, 'utf8') : '';
    })
    .join('\n');
}

describe('docs/architecture.md', () => {
  it('names only paths that exist', () => {
    const paths = quoted.filter(isPath);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });

  it('names only what the code has (each part of a dotted name, as a whole word)', () => {
    const code = ['engine', 'src'].map((d) => sourceText(path.join(ROOT, d))).join('\n') + readFileSync(path.join(ROOT, 'package.json'), 'utf8');
    const names = [...new Set(quoted.filter(isName).flatMap((n) => n.split('.')))];
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((n) => !new RegExp(`(^|[^\\w$])${n.replace(/\$/g, '\\$')}($|[^\\w$])`).test(code))).toEqual([]);
  });

  it("gives the peer's layers as the comment at the top of engine/protocol/peer/step.ts does", () => {
    const step = readFileSync(path.join(ROOT, 'engine/protocol/peer/step.ts'), 'utf8');
    const comment = step.slice(step.indexOf("The peer's parts"), step.indexOf('Handlers only take'));
    // Each layer's line: its files, comma-separated, then a wide gap and what they do.
    const layers = [...comment.matchAll(/^ \*\s+([\w-]+(?:, [\w-]+)*)\s{2,}/gm)].map((m) => m[1]!);
    expect(layers.length).toBeGreaterThan(5);
    const said = /each importing only those before it: ([^.]+)\./.exec(page.replace(/\s+/g, ' '))?.[1];
    expect(said).toBe(layers.join('; '));
  });
});
