import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * engine/ is pure (README): no DOM, no Node, no clock. `tsc -p engine` (in `npm test`) compiles it
 * without the DOM library and without Node's types, so `window` or `node:fs` fail there; but a
 * package that reaches the DOM itself (three, peerjs) ships its own types and compiles. So every
 * import of engine/ is checked here: inside engine/, or one of the few pure packages it uses.
 */
const ENGINE = fileURLToPath(new URL('../engine/', import.meta.url));
const PACKAGES = new Set(['tweetnacl']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.ts$/.test(e.name) ? [p] : [];
  });
}

/** Every module a file imports or re-exports, statically or dynamically, as written. */
const importsOf = (file: string): string[] => ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);

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
