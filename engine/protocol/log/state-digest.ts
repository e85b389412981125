import { canonicalJson } from '../../core/canonical.js';
import { TAGS, taggedDigest } from '../crypto/digest.js';

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
  const e = canonicalJson(state, merkle);
  return e.startsWith('#') ? e.slice(1) : taggedDigest(TAGS.state, e);
}

/** An object's canonical text if short, else "#" + its digest; remembered for the object. */
function merkle(x: object, write: () => string): string {
  const hit = encoded.get(x);
  if (hit !== undefined) return hit;
  const text = write();
  const e = text.length <= INLINE ? text : `#${taggedDigest(TAGS.state, text)}`;
  encoded.set(x, e);
  return e;
}
