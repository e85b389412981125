import { canonicalJson, type Json } from '../../core/canonical.js';
import { err, ok, type Result } from '../../core/result.js';
import { type Violation, violation } from '../errors.js';

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

