/**
 * Reading canonical JSON in one pass: the value of `text` if the text is canonical (what
 * canonicalJson writes) within a plain subset, ASCII strings without escapes and integers of at
 * most 15 digits; undefined otherwise, for anything else: not JSON, not canonical, or canonical
 * outside the subset. Callers then take the general path (JSON.parse and isCanonical), so this is
 * only ever a shortcut: it reads a text and checks its canonical form in the time JSON.parse takes
 * to read it alone, which is what keeps replay verification close to a bare replay.
 *
 * Checked against the reference (JSON.parse, canonicalJson) on generated and mutated texts in
 * test/protocol/fastread.test.ts.
 */
export function readPlainCanonical(text: string): unknown {
  const read = readPlainCanonicalAt(text, 0);
  return read && read.end === text.length ? read.value : undefined;
}

/** The same for the value that starts at `start` in `text`: the value and the index just past it. */
export function readPlainCanonicalAt(text: string, start: number): { readonly value: unknown; readonly end: number } | undefined {
  const r = new Reader(text);
  r.at = start;
  try {
    const value = r.value(0);
    return value === NOT_READ ? undefined : { value, end: r.at };
  } catch {
    return undefined;
  }
}

const NOT_READ: unique symbol = Symbol('not read');
type Read = unknown;

const MAX_DEPTH = 32;
const QUOTE = 34;
const COMMA = 44;
const COLON = 58;
const MINUS = 45;
const ZERO = 48;
const NINE = 57;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const BACKSLASH = 92;

class Reader {
  at = 0;
  constructor(private readonly t: string) {}

  value(depth: number): Read {
    const c = this.t.charCodeAt(this.at);
    if (c === QUOTE) return this.string();
    if (c === OPEN_BRACE) return depth < MAX_DEPTH ? this.object(depth) : NOT_READ;
    if (c === OPEN_BRACKET) return depth < MAX_DEPTH ? this.array(depth) : NOT_READ;
    if (c === MINUS || (c >= ZERO && c <= NINE)) return this.integer();
    return this.literal();
  }

  private object(depth: number): Read {
    const t = this.t;
    const o: Record<string, unknown> = {};
    this.at++;
    if (t.charCodeAt(this.at) === CLOSE_BRACE) {
      this.at++;
      return o;
    }
    let prevStart = -1;
    let prevEnd = -1;
    for (;;) {
      const start = this.at;
      const key = this.string();
      // A "__proto__" key would set the prototype here, where JSON.parse makes a property.
      if (key === NOT_READ || key === '__proto__' || t.charCodeAt(this.at) !== COLON) return NOT_READ;
      // Keys strictly increasing by code unit: sorted and unique.
      if (prevStart >= 0 && !before(t, prevStart + 1, prevEnd - 1, start + 1, this.at - 1)) return NOT_READ;
      prevStart = start;
      prevEnd = this.at;
      this.at++;
      const v = this.value(depth + 1);
      if (v === NOT_READ) return NOT_READ;
      o[key] = v;
      const d = t.charCodeAt(this.at++);
      if (d === CLOSE_BRACE) return o;
      if (d !== COMMA) return NOT_READ;
    }
  }

  private array(depth: number): Read {
    const t = this.t;
    const a: unknown[] = [];
    this.at++;
    if (t.charCodeAt(this.at) === CLOSE_BRACKET) {
      this.at++;
      return a;
    }
    for (;;) {
      const v = this.value(depth + 1);
      if (v === NOT_READ) return NOT_READ;
      a.push(v);
      const d = t.charCodeAt(this.at++);
      if (d === CLOSE_BRACKET) return a;
      if (d !== COMMA) return NOT_READ;
    }
  }

  /** Printable ASCII without `"` or `\`: written exactly as JSON.stringify writes it. */
  private string(): string | typeof NOT_READ {
    const t = this.t;
    if (t.charCodeAt(this.at) !== QUOTE) return NOT_READ;
    for (let j = this.at + 1; j < t.length; j++) {
      const c = t.charCodeAt(j);
      if (c === QUOTE) {
        const s = t.slice(this.at + 1, j);
        this.at = j + 1;
        return s;
      }
      if (c < 32 || c > 126 || c === BACKSLASH) return NOT_READ;
    }
    return NOT_READ;
  }

  /** -?(0|[1-9][0-9]*), at most 15 digits (so a safe integer), never -0. */
  private integer(): Read {
    const t = this.t;
    const negative = t.charCodeAt(this.at) === MINUS;
    const start = negative ? this.at + 1 : this.at;
    let j = start;
    let n = 0;
    for (; j < t.length; j++) {
      const c = t.charCodeAt(j);
      if (c < ZERO || c > NINE) break;
      n = n * 10 + (c - ZERO);
    }
    const digits = j - start;
    if (digits === 0 || digits > 15 || (t.charCodeAt(start) === ZERO && (digits > 1 || negative))) return NOT_READ;
    this.at = j;
    return negative ? -n : n;
  }

  private literal(): Read {
    const t = this.t;
    for (const [word, value] of LITERALS) {
      if (t.startsWith(word, this.at)) {
        this.at += word.length;
        return value;
      }
    }
    return NOT_READ;
  }
}

const LITERALS: readonly (readonly [string, boolean | null])[] = [
  ['true', true],
  ['false', false],
  ['null', null],
];

/** Whether the key t[a..aEnd) sorts strictly before t[b..bEnd) by code units. */
function before(t: string, a: number, aEnd: number, b: number, bEnd: number): boolean {
  for (; a < aEnd && b < bEnd; a++, b++) {
    const x = t.charCodeAt(a);
    const y = t.charCodeAt(b);
    if (x !== y) return x < y;
  }
  return aEnd - a < bEnd - b;
}
