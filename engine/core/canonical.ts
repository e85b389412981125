/**
 * Canonical JSON: object keys sorted by UTF-16 code unit order (never by locale),
 * no whitespace, integers only. Two equal plain-data values always give the same
 * string, in Node and in every browser, so their hashes agree.
 */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

export function canonicalJson(value: unknown, object?: ObjectWriter): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isSafeInteger(value)) throw new TypeError(`canonicalJson: not a safe integer: ${value}`);
      return String(value);
    case 'object': {
      if (value === null) return 'null';
      if (!object) return members(value, undefined);
      return object(value, () => members(value, object));
    }
    default:
      throw new TypeError(`canonicalJson: unsupported ${typeof value}`);
  }
}

/**
 * How an object or array is written, for encodings built on canonical JSON (the protocol's
 * Merkle state digest): given the object and `write`, which gives its canonical text with its
 * members written the same way, returns the text to put in its place.
 */
export type ObjectWriter = (x: object, write: () => string) => string;

function members(value: object, object: ObjectWriter | undefined): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v, object)).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort(compareCodeUnits);
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k], object)}`).join(',')}}`;
}

/** Plain code-unit comparison: the same order everywhere, unlike localeCompare. */
export const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
