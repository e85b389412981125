/**
 * Small parsers for outside data (parse, don't trust): each takes an unknown value and a path,
 * and returns the typed value or fails with a message naming the path. Failure unwinds to the
 * caller of `parseWith`, which turns it into a result: nothing escapes as an exception.
 */
export type Schema<T> = (x: unknown, path: string) => T;

class SchemaFailure {
  constructor(readonly message: string) {}
}

export const fail = (path: string, message: string): never => {
  throw new SchemaFailure(`${path}: ${message}`);
};

/** Runs a schema; a failure comes back as its message. */
export function parseWith<T>(schema: Schema<T>, x: unknown, path = '$'): { ok: true; value: T } | { ok: false; message: string } {
  try {
    return { ok: true, value: schema(x, path) };
  } catch (e) {
    if (e instanceof SchemaFailure) return { ok: false, message: e.message };
    if (e instanceof RangeError) return { ok: false, message: `${path}: too deep or too large` };
    throw e;
  }
}

export const int =
  (min = 0, max = Number.MAX_SAFE_INTEGER): Schema<number> =>
  (x, p) =>
    Number.isSafeInteger(x) && (x as number) >= min && (x as number) <= max ? (x as number) : fail(p, `an integer from ${min} to ${max}`);

export const str =
  (pattern?: RegExp, max = 256): Schema<string> =>
  (x, p) =>
    typeof x === 'string' && x.length <= max && (!pattern || pattern.test(x)) ? x : fail(p, pattern ? `a string matching ${pattern}` : 'a string');

export const bool: Schema<boolean> = (x, p) => (typeof x === 'boolean' ? x : fail(p, 'true or false'));

export const oneOf =
  <T extends string | number>(values: readonly T[]): Schema<T> =>
  (x, p) =>
    values.includes(x as T) ? (x as T) : fail(p, `one of ${values.join(', ')}`);

export const nullable =
  <T>(s: Schema<T>): Schema<T | null> =>
  (x, p) =>
    x === null ? null : s(x, p);

export const arr =
  <T>(item: Schema<T>, max = 10_000, min = 0): Schema<T[]> =>
  (x, p) => {
    if (!Array.isArray(x) || x.length > max || x.length < min) return fail(p, `a list of ${min} to ${max} items`);
    return x.map((v, i) => item(v, `${p}[${i}]`));
  };

export const tuple6 =
  <T>(item: Schema<T>): Schema<[T, T, T, T, T, T]> =>
  (x, p) => {
    if (!Array.isArray(x) || x.length !== 6) return fail(p, 'a list of 6 items');
    return x.map((v, i) => item(v, `${p}[${i}]`)) as [T, T, T, T, T, T];
  };

const isPlain = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** An object with exactly these fields (those in `optional` may be absent). */
export const obj =
  <T>(fields: { readonly [K in keyof T]-?: Schema<T[K]> }, optional: readonly (keyof T & string)[] = []): Schema<T> =>
  (x, p) => {
    if (!isPlain(x)) return fail(p, 'an object');
    for (const k of Object.keys(x)) if (!(k in fields)) fail(`${p}.${k}`, 'an unexpected field');
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(fields) as (keyof T & string)[]) {
      if (x[k] === undefined && optional.includes(k)) continue;
      out[k] = (fields[k] as Schema<unknown>)(x[k], `${p}.${k}`);
    }
    return out as T;
  };

/** A record whose keys match `key` and whose values match `value`. */
export const record =
  <V>(key: Schema<string>, value: Schema<V>, max = 10_000): Schema<Record<string, V>> =>
  (x, p) => {
    if (!isPlain(x)) return fail(p, 'an object');
    const keys = Object.keys(x);
    if (keys.length > max) return fail(p, `at most ${max} entries`);
    const out: Record<string, V> = {};
    for (const k of keys) {
      key(k, `${p} key ${JSON.stringify(k.slice(0, 40))}`);
      out[k] = value(x[k], `${p}.${k}`);
    }
    return out;
  };

/**
 * A union told apart by a string field: one schema for each value of the tag, typed against the
 * union's member with that value (so a case missing, or a member's field missing from its case,
 * fails to compile).
 */
export const tagged =
  <T extends Readonly<Record<K, string>>, K extends keyof T & string>(tag: K, cases: { readonly [V in T[K]]: Schema<Extract<T, Readonly<Record<K, V>>>> }): Schema<T> =>
  (x, p) => {
    if (!isPlain(x) || typeof x[tag] !== 'string' || !Object.hasOwn(cases, x[tag] as string)) return fail(`${p}.${tag}`, `one of ${Object.keys(cases).join(', ')}`);
    return (cases as Readonly<Record<string, Schema<T>>>)[x[tag] as string]!(x, p);
  };

/** `true` and nothing else (an optional flag that is left out when false). */
export const isTrue: Schema<true> = (x, p) => (x === true ? true : fail(p, 'true'));

export const literal =
  <T extends string>(value: T): Schema<T> =>
  (x, p) =>
    x === value ? value : fail(p, JSON.stringify(value));
