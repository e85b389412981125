import { compareCodeUnits } from '../core/canonical.js';
import { TAGS, taggedDigest } from './digest.js';

/**
 * The state digest peers echo after every element (G1): a Merkle hash of the public state's
 * canonical JSON, where every object or array whose canonical text is long is replaced by
 * "#" + its own digest. Equal states give equal digests, on every platform.
 *
 * The engine never mutates a state and shares unchanged parts between successive states, so the
 * encoding of each object is remembered (a WeakMap keyed by the object): after one action only
 * the objects that changed are hashed again, instead of the whole state. The final signatures
 * still sign the engine's own stateHash.
 */
const INLINE = 96;
const encoded = new WeakMap<object, string>();

export function stateDigest(state: unknown): string {
  const e = encode(state);
  return e.startsWith('#') ? e.slice(1) : taggedDigest(TAGS.state, e);
}

function encode(x: unknown): string {
  switch (typeof x) {
    case 'string':
      return JSON.stringify(x);
    case 'boolean':
      return x ? 'true' : 'false';
    case 'number':
      if (!Number.isSafeInteger(x)) throw new TypeError(`stateDigest: not a safe integer: ${x}`);
      return String(x);
    case 'object': {
      if (x === null) return 'null';
      const hit = encoded.get(x);
      if (hit !== undefined) return hit;
      let text: string;
      if (Array.isArray(x)) text = `[${x.map(encode).join(',')}]`;
      else {
        const o = x as Record<string, unknown>;
        const keys = Object.keys(o)
          .filter((k) => o[k] !== undefined)
          .sort(compareCodeUnits);
        text = `{${keys.map((k) => `${JSON.stringify(k)}:${encode(o[k])}`).join(',')}}`;
      }
      const e = text.length <= INLINE ? text : `#${taggedDigest(TAGS.state, text)}`;
      encoded.set(x, e);
      return e;
    }
    default:
      throw new TypeError(`stateDigest: unsupported ${typeof x}`);
  }
}
