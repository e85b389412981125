import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Small functions (style.md): no function in src/ has a body over MAX_BODY_LINES lines. Read with
 * TypeScript's parser: function declarations and expressions, arrow functions (a component, a
 * const), methods, getters and setters; a body's lines run from its opening brace (or, for an
 * arrow function without braces, its expression) to its end. A nested function counts within
 * its parent too, so a long function cannot hide its length in inner ones.
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const MAX_BODY_LINES = 120;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The name a function goes by: its own, the variable, property or method holding it, else `(anonymous)`. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) return parent.name.getText();
  return '(anonymous)';
}

interface LongFunction {
  readonly file: string;
  readonly name: string;
  readonly line: number;
  readonly lines: number;
}

/** Every function of `file` (a path relative to the repository) whose body is longer than `max` lines. */
function longFunctions(file: string, text: string, max: number): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lineOf = (pos: number): number => source.getLineAndCharacterOfPosition(pos).line + 1;
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const body = node.body as ts.Node;
      const lines = lineOf(body.getEnd()) - lineOf(body.getStart(source)) + 1;
      if (lines > max) found.push({ file, name: nameOf(node as ts.FunctionLikeDeclaration), line: lineOf(node.getStart(source)), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('src/', () => {
  it(`has no function whose body is over ${MAX_BODY_LINES} lines`, () => {
    const files = sources(path.join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap((f) => longFunctions(path.relative(ROOT, f), readFileSync(f, 'utf8'), MAX_BODY_LINES)).map((f) => `${f.file}:${f.line} ${f.name}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });

  it('counts what it should: a long arrow component, a long method, not a long object', () => {
    const body = (n: number): string => Array.from({ length: n }, (_, i) => `  const x${i} = ${i};`).join('\n');
    const text = [
      `export const Panel = () => {\n${body(130)}\n};`,
      `class A {\n  run() {\n${body(125)}\n  }\n}`,
      `function short() {\n${body(100)}\n}`,
      `const table = {\n${body(200).replace(/const (x\d+) =/g, '$1:').replace(/;/g, ',')}\n};`,
    ].join('\n');
    expect(longFunctions('x.tsx', text, MAX_BODY_LINES).map((f) => [f.name, f.lines])).toEqual([
      ['Panel', 132],
      ['run', 127],
    ]);
  });
});
