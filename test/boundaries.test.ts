import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Import boundaries, read with TypeScript's own scanner (static imports, re-exports, dynamic
 * imports). engine/ is pure (README): no DOM, no Node, no clock. `tsc -p engine` (in `npm test`)
 * compiles it without the DOM library and without Node's types, so `window` or `node:fs` fail
 * there; but a package that reaches the DOM itself (three, peerjs) ships its own types and
 * compiles. So every import of engine/ is checked here: inside engine/, or one of the few pure
 * packages it uses.
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ENGINE = path.join(ROOT, 'engine') + path.sep;
const PACKAGES = new Set(['tweetnacl']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every module a file imports or re-exports, statically or dynamically, as written. */
const importsOf = (file: string): string[] => ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
/** Each relative import of the files under `dir`, as the file it names (relative to the repository), with the file importing it. */
const relativeImports = (dir: string): { from: string; to: string }[] =>
  sources(path.join(ROOT, dir)).flatMap((file) =>
    importsOf(file)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => ({ from: path.relative(ROOT, file), to: path.relative(ROOT, path.resolve(path.dirname(file), spec)) })),
  );

describe('engine/', () => {
  it('imports only its own files and pure packages', () => {
    const files = sources(ENGINE);
    expect(files.length).toBeGreaterThan(50);
    const outside: string[] = [];
    for (const file of files) {
      for (const spec of importsOf(file)) {
        const inside = spec.startsWith('.') ? path.resolve(path.dirname(file), spec).startsWith(ENGINE) : PACKAGES.has(spec);
        if (!inside) outside.push(`${path.relative(ENGINE, file)}: ${spec}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('is deterministic: no Math.random, no clock (randomness only from the explicit random input)', () => {
    const found: string[] = [];
    for (const file of sources(ENGINE)) {
      const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, readFileSync(file, 'utf8'));
      // Tokens, not text: a comment that names Date.now is no call to it.
      const tokens: string[] = [];
      for (let k = scanner.scan(); k !== ts.SyntaxKind.EndOfFileToken; k = scanner.scan()) tokens.push(scanner.getTokenText());
      for (let i = 0; i + 2 < tokens.length; i++) {
        const [a, dot, b] = [tokens[i], tokens[i + 1], tokens[i + 2]];
        if (dot === '.' && ((a === 'Math' && b === 'random') || (a === 'Date' && b === 'now') || (a === 'performance' && b === 'now'))) found.push(`${path.relative(ENGINE, file)}: ${a}.${b}`);
        if (a === 'new' && dot === 'Date') found.push(`${path.relative(ENGINE, file)}: new Date`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the protocol peer imports in one direction: no cycle among engine/protocol/peer/ files', () => {
    const dir = path.join(ENGINE, 'protocol', 'peer');
    const edges = new Map<string, string[]>();
    for (const file of sources(dir)) {
      const name = path.basename(file, '.ts');
      edges.set(name, importsOf(file).filter((spec) => spec.startsWith('./')).map((spec) => path.basename(spec, '.js')));
    }
    expect(edges.size).toBeGreaterThan(10);
    // Every file, with the files it reaches, must not reach itself.
    const cycles: string[] = [];
    for (const start of edges.keys()) {
      const seen = new Set<string>();
      const walk = (name: string): void => {
        for (const next of edges.get(name) ?? []) {
          if (next === start) cycles.push(start);
          else if (!seen.has(next)) {
            seen.add(next);
            walk(next);
          }
        }
      };
      walk(start);
    }
    expect(cycles).toEqual([]);
  });

  it('keeps its lowest layers apart: hex/ and cards/ import nothing else of the engine', () => {
    const across: string[] = [];
    for (const leaf of ['hex', 'cards']) {
      const dir = path.join(ENGINE, leaf);
      for (const file of sources(dir)) {
        for (const spec of importsOf(file)) if (spec.startsWith('.') && !path.resolve(path.dirname(file), spec).startsWith(dir + path.sep)) across.push(`${path.relative(ENGINE, file)}: ${spec}`);
      }
    }
    expect(across).toEqual([]);
  });
});

describe('src/net', () => {
  it('reaches the engine through its public entry points only', () => {
    const deep = relativeImports('src/net').filter((i) => i.to.startsWith('engine/') && !['engine/index.js', 'engine/protocol/index.js'].includes(i.to));
    expect(deep).toEqual([]);
  });
});

describe('bench/', () => {
  it('imports nothing of test/ (what both need lives in scripts/node)', () => {
    expect(relativeImports('bench').filter((i) => i.to.startsWith('test/'))).toEqual([]);
  });
});
