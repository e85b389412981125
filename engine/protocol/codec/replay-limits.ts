import { type Violation, violation } from '../errors.js';

/**
 * What a replay reader accepts at most (docs/replay-format.md, "Limits"). A verifier reads files
 * from anyone: each limit bounds the memory and time spent before a single entry is checked.
 * Measured for scale: a complete 4-player game is 6,408 elements, about 7,000 signed entries and
 * 5.6 MB of JSON (about 800 bytes an entry); the limits leave room for games 15 times longer.
 */
export const REPLAY_LIMITS = {
  /** The file as stored, gzip-compressed or not: checked before it is read. */
  fileBytes: 64 * 1024 * 1024,
  /** The JSON text, once inflated: inflation stops here (an inflating gzip is refused in the time it takes to inflate this much). */
  textBytes: 128 * 1024 * 1024,
  /** Log elements. */
  elements: 100_000,
  /** Signed entries in one log element (items by seat, then claims by seat in each round). */
  entriesPerElement: 64,
  /** Signed entries in the whole file (log, finals, evidence). */
  entries: 200_000,
  /** Any string in the file, as stored (an entry's text, a signature, the genesis). */
  stringChars: 1024 * 1024,
} as const;

export type ReplayLimits = { readonly [K in keyof typeof REPLAY_LIMITS]: number };

const MiB = 1024 * 1024;
export const sizeInWords = (bytes: number): string => (bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes} bytes`);

/** The deepest a replay's JSON nests: file object, log, element, signed entry. */
const DEPTH = 4;
/** No object of the format has more fields than this (the top level has 7). */
const FIELDS = 8;

const oversized = (message: string): Violation => violation('Oversized', `replay: ${message}`);

/**
 * Checks a replay's JSON text against the limits without building anything, in one pass over its
 * characters (string contents are skipped with indexOf): nesting, array lengths, string lengths,
 * and the number of JSON values (each element is an array and a comma, each signed entry an
 * object, a comma inside and one after it: 2 per element and 3 per entry, plus 64 for the rest).
 * It stops at the first character past a limit, so a file of millions of empty elements is
 * refused after reading a few hundred kilobytes, never handed to JSON.parse. Text that is not JSON
 * at all passes here and is refused by the parser that follows. Returns null if within limits.
 */
export function checkReplayText(text: string, limits: ReplayLimits = REPLAY_LIMITS): Violation | null {
  const maxTokens = 2 * limits.elements + 3 * limits.entries + 64;
  const commas = new Int32Array(DEPTH + 2);
  const arrays = new Uint8Array(DEPTH + 2);
  /** The field each open array is the value of ("log", "finals", "entries"…), so that a message names it. */
  const names: string[] = new Array<string>(DEPTH + 2).fill('');
  /** The last string read, and where it ended: a field's name if a colon follows. */
  let lastString = '';
  let lastEnd = -1;
  let depth = 0;
  let tokens = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: find its closing quote (one not escaped by an odd run of backslashes).
      let j = i + 1;
      for (;;) {
        j = text.indexOf('"', j);
        if (j < 0) return null; // unterminated: not JSON, the parser says so
        let k = j - 1;
        while (text.charCodeAt(k) === 0x5c) k--;
        if ((j - 1 - k) % 2 === 0) break;
        j++;
      }
      if (j - i - 1 > limits.stringChars) return oversized(`a string of more than ${sizeInWords(limits.stringChars)} characters (at character ${i})`);
      // Field names are short; a long string is never one (and is not copied).
      lastString = j - i - 1 <= 32 ? text.slice(i + 1, j) : '';
      lastEnd = j;
      i = j;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > DEPTH) return oversized(`nested deeper than the format's ${DEPTH} levels (at character ${i})`);
      if (++tokens > maxTokens) return oversized(`more JSON values than ${limits.elements} elements and ${limits.entries} entries can hold`);
      commas[depth] = 0;
      arrays[depth] = c === 0x5b ? 1 : 0;
      names[depth] = c === 0x5b && lastEnd >= 0 && /^\s*:\s*$/.test(text.slice(lastEnd + 1, i)) ? lastString : names[depth - 1] === 'log' ? 'element' : '';
    } else if (c === 0x5d || c === 0x7d) {
      if (--depth < 0) return null; // unbalanced: not JSON
    } else if (c === 0x2c) {
      if (++tokens > maxTokens) return oversized(`more JSON values than ${limits.elements} elements and ${limits.entries} entries can hold`);
      const items = ++commas[depth]! + 1;
      if (arrays[depth] === 0) {
        if (items > FIELDS) return oversized(`an object with more than ${FIELDS} fields (at character ${i})`);
      } else if (names[depth] === 'log') {
        if (items > limits.elements) return oversized(`more than ${limits.elements} log elements (at character ${i})`);
      } else if (names[depth] === 'element') {
        if (items > limits.entriesPerElement) return oversized(`a log element of more than ${limits.entriesPerElement} entries (at character ${i})`);
      } else if (items > limits.entriesPerElement) {
        // The other lists (genesisSignatures, finals, the evidence's entries) hold one item per seat at most.
        return oversized(`more than ${limits.entriesPerElement} items in "${names[depth] || 'a list'}" (at character ${i})`);
      }
    }
  }
  return null;
}
