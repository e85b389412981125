import { canonicalJson, type Json } from '../core/canonical.js';
import { err, ok, type Result } from '../core/result.js';
import { type Violation, violation } from './errors.js';

export type Obj = Record<string, unknown>;
export const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Exactly these keys: extra fields make a message malformed rather than silently trimmed. */
export const hasOnlyKeys = (o: Obj, keys: readonly string[]): boolean => Object.keys(o).every((k) => keys.includes(k));

export const isCount = (x: unknown, max: number): x is number => Number.isSafeInteger(x) && (x as number) >= 0 && (x as number) <= max;

export const malformed = (message: string, where: { seat?: number; seq?: number } = {}) => err(violation('Malformed', message, where));

/** JSON.parse that returns a result instead of throwing. */
export function parseJson(text: string): Result<unknown, Violation> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch {
    return malformed('not JSON');
  }
}

/** Plain JSON data (objects, arrays, strings, safe integers, booleans, null), bounded in depth and size. */
export function isPlainJson(x: unknown, depth = 0, budget = { nodes: 4096 }): x is Json {
  if (--budget.nodes < 0 || depth > 12) return false;
  switch (typeof x) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isSafeInteger(x);
    case 'object':
      if (x === null) return true;
      if (Array.isArray(x)) return x.every((v) => isPlainJson(v, depth + 1, budget));
      return Object.values(x).every((v) => isPlainJson(v, depth + 1, budget));
    default:
      return false;
  }
}

/**
 * Signed texts must be in canonical form, so that one content has one byte string, one
 * hash and one signature, and no two JSON parsers can read the same bytes differently
 * (duplicate keys, number spellings, white space).
 *
 * For data read by JSON.parse, the text is canonical exactly when JSON.stringify gives it back
 * and every object's keys come in code-unit order: JSON.stringify escapes strings as
 * canonicalJson does, drops nothing, and a duplicate key or another spelling of a number would
 * not survive the round trip. Objects with integer-like keys (which JavaScript reorders) take
 * the general path.
 */
export function isCanonical(value: unknown, text: string): boolean {
  try {
    const order = keysInOrder(value);
    if (order === 'unsure') return canonicalJson(value) === text;
    return order && JSON.stringify(value) === text;
  } catch {
    return false;
  }
}

const INTEGER_LIKE = /^(0|[1-9][0-9]*)$/;

/**
 * Whether every object's keys in `x` come in code-unit order and every number is a safe integer;
 * 'unsure' where an object has integer-like keys, which JavaScript reorders.
 */
function keysInOrder(x: unknown): boolean | 'unsure' {
  if (typeof x !== 'object' || x === null) return typeof x !== 'number' || Number.isSafeInteger(x);
  let result: boolean | 'unsure' = true;
  if (Array.isArray(x)) {
    for (const v of x) {
      const r = keysInOrder(v);
      if (r === false) return false;
      if (r === 'unsure') result = 'unsure';
    }
    return result;
  }
  let prev: string | undefined;
  for (const k in x) {
    const c = k.charCodeAt(0);
    if (c >= 48 && c <= 57 && INTEGER_LIKE.test(k)) result = 'unsure';
    else if (prev !== undefined && !(prev < k) && result === true) return false;
    prev = k;
    const r = keysInOrder((x as Obj)[k]);
    if (r === false) return false;
    if (r === 'unsure') result = 'unsure';
  }
  return result;
}

/**
 * Whether `text` is certainly canonical JSON, judged from the text alone in one pass (no value
 * built, no string made): true only for texts that canonicalJson(JSON.parse(text)) gives back
 * exactly, within a simple subset: ASCII strings without escapes, integers of at most 15 digits.
 * False means "not in this subset or not canonical": the caller then decides with isCanonical.
 * Checked against the reference on generated and mutated texts (test/protocol/codecs.test.ts).
 */
export function isPlainCanonicalText(text: string): boolean {
  return canonicalValueEnd(text, 0, 0) === text.length;
}

const MAX_DEPTH = 32;

/** The index just past the canonical value starting at `i`, or -1. */
function canonicalValueEnd(t: string, i: number, depth: number): number {
  const c = t.charCodeAt(i);
  if (c === 34 /* " */) return stringEnd(t, i);
  if (c === 123 /* { */) {
    if (depth >= MAX_DEPTH) return -1;
    i++;
    if (t.charCodeAt(i) === 125 /* } */) return i + 1;
    let prevStart = -1;
    let prevEnd = -1;
    for (;;) {
      const keyEnd = stringEnd(t, i);
      if (keyEnd < 0 || t.charCodeAt(keyEnd) !== 58 /* : */) return -1;
      // Keys strictly increasing by code unit: sorted and unique.
      if (prevStart >= 0 && !keyBefore(t, prevStart + 1, prevEnd - 1, i + 1, keyEnd - 1)) return -1;
      prevStart = i;
      prevEnd = keyEnd;
      i = canonicalValueEnd(t, keyEnd + 1, depth + 1);
      if (i < 0) return -1;
      const d = t.charCodeAt(i);
      if (d === 125 /* } */) return i + 1;
      if (d !== 44 /* , */) return -1;
      i++;
    }
  }
  if (c === 91 /* [ */) {
    if (depth >= MAX_DEPTH) return -1;
    i++;
    if (t.charCodeAt(i) === 93 /* ] */) return i + 1;
    for (;;) {
      i = canonicalValueEnd(t, i, depth + 1);
      if (i < 0) return -1;
      const d = t.charCodeAt(i);
      if (d === 93 /* ] */) return i + 1;
      if (d !== 44 /* , */) return -1;
      i++;
    }
  }
  if (c === 45 /* - */ || (c >= 48 && c <= 57)) return integerEnd(t, i);
  if (t.startsWith('true', i)) return i + 4;
  if (t.startsWith('false', i)) return i + 5;
  if (t.startsWith('null', i)) return i + 4;
  return -1;
}

/** A string of printable ASCII without `"` or `\` (so written exactly as JSON.stringify writes it). */
function stringEnd(t: string, i: number): number {
  if (t.charCodeAt(i) !== 34) return -1;
  for (let j = i + 1; j < t.length; j++) {
    const c = t.charCodeAt(j);
    if (c === 34) return j + 1;
    if (c < 32 || c > 126 || c === 92) return -1;
  }
  return -1;
}

/** -?(0|[1-9][0-9]*) with at most 15 digits (always a safe integer), never -0. */
function integerEnd(t: string, i: number): number {
  const negative = t.charCodeAt(i) === 45;
  const start = negative ? i + 1 : i;
  let j = start;
  while (j < t.length) {
    const c = t.charCodeAt(j);
    if (c < 48 || c > 57) break;
    j++;
  }
  const digits = j - start;
  if (digits === 0 || digits > 15 || (t.charCodeAt(start) === 48 && (digits > 1 || negative))) return -1;
  const next = t.charCodeAt(j);
  if (next === 46 /* . */ || next === 101 /* e */ || next === 69 /* E */) return -1;
  return j;
}

/** Whether the key t[a..aEnd) sorts strictly before t[b..bEnd) by code units. */
function keyBefore(t: string, a: number, aEnd: number, b: number, bEnd: number): boolean {
  for (; a < aEnd && b < bEnd; a++, b++) {
    const x = t.charCodeAt(a);
    const y = t.charCodeAt(b);
    if (x !== y) return x < y;
  }
  return aEnd - a < bEnd - b;
}
