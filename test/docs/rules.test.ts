import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/rules.md keeps its promise: every ruling in the rule text is listed in its appendix, and
 * every rule the appendix lists exists in the text. docs/rules.fr.md, the French rulebook, has
 * the same rules: the same ids in the same order, each citing the same sections of 004.
 */
const text = readFileSync(new URL('../../docs/rules.md', import.meta.url), 'utf8');
const french = readFileSync(new URL('../../docs/rules.fr.md', import.meta.url), 'utf8');
const [body, appendix] = text.split('## Appendix: every ruling');

/** Rule ids defined in the text (a bold "**ID." at the start of a rule), and those whose header says "Ruling". */
function rules(): { all: Set<string>; rulings: Set<string> } {
  const all = new Set<string>();
  const rulings = new Set<string>();
  const header = /\*\*([A-Z]\d+[a-z]?)\.([^*]*)\*\*/g;
  for (const m of body!.matchAll(header)) {
    all.add(m[1]!);
    // The ruling mark is in the bold header ("**E11b. Ruling: ...**"), or the rule ends "— Ruling."
    const rest = body!.slice(m.index!, body!.indexOf('\n\n', m.index!));
    if (/Ruling/.test(m[2]!) || /^— Ruling/m.test(rest)) rulings.add(m[1]!);
  }
  return { all, rulings };
}

/** The ids an appendix row names: "M7–M10" is M7 to M10, "D4, T1, T2" three rules. */
function appendixIds(): Set<string> {
  const out = new Set<string>();
  for (const line of appendix!.split('\n')) {
    const cell = /^\| ([^|]+) \|/.exec(line)?.[1];
    if (!cell || cell.startsWith('Rule') || cell.startsWith('---')) continue;
    for (const part of cell.split(',').map((x) => x.trim())) {
      const range = /^([A-Z])(\d+)–[A-Z](\d+)$/.exec(part);
      if (range) for (let n = Number(range[2]); n <= Number(range[3]); n++) out.add(`${range[1]}${n}`);
      else out.add(part);
    }
  }
  return out;
}

describe('docs/rules.md', () => {
  const { all, rulings } = rules();
  const listed = appendixIds();

  it('has its rules and an appendix', () => {
    expect(all.size).toBeGreaterThan(150);
    expect(listed.size).toBeGreaterThan(80);
  });

  it('lists every ruling of the text in the appendix', () => {
    const missing = [...rulings].filter((id) => !listed.has(id));
    expect(missing).toEqual([]);
  });

  it('lists only rules that exist in the text', () => {
    const unknown = [...listed].filter((id) => !all.has(id));
    expect(unknown).toEqual([]);
  });
});

/** Each rule's id, in order, with the sections of 004 its text cites ("Conquête › La phase d'Expansion"). */
function citations(rulebook: string): [string, string[]][] {
  const headers = [...rulebook.matchAll(/\*\*([A-Z]\d+[a-z]?)\.([^*]*)\*\*/g)];
  return headers.map((m, i) => {
    const span = rulebook.slice(m.index!, headers[i + 1]?.index ?? rulebook.length);
    const sources = span.split('\n').filter((line) => line.trimStart().startsWith('— '));
    return [m[1]!, sources.flatMap((line) => [...line.matchAll(/\b004, ([^,;.()\n]+)/g)].map((c) => c[1]!.trim()))];
  });
}

describe('docs/rules.fr.md', () => {
  const english = citations(body!);
  const translated = citations(french);

  it('has every rule of the English rulebook, and no other, in the same order', () => {
    const ids = english.map(([id]) => id);
    expect(ids.length).toBeGreaterThan(150);
    expect(translated.map(([id]) => id)).toEqual(ids);
  });

  it('cites the same sections of 004 for each rule', () => {
    expect(english.filter(([, c]) => c.length > 0).length).toBeGreaterThan(80);
    expect(translated).toEqual(english);
  });

  it('is French, not a copy of the English', () => {
    expect(french).toMatch(/## E\. La phase d'Expansion/);
    // English words only in the titles of the older files it quotes (« Create the Map »).
    expect((french.match(/\b(the|and|of|player)\b/g) ?? []).length).toBeLessThan(5);
  });
});
