import nacl from 'tweetnacl';
import { canonicalJson } from './canonical.js';

/** Lower-case hexadecimal text of bytes. */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i]!];
  return s;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Bytes of a hexadecimal text, or undefined if it is not even-length lower/upper hex. */
export function fromHex(text: string): Uint8Array | undefined {
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) return undefined;
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/**
 * The project's hash: SHA-512 (tweetnacl, pure JS, identical on every platform)
 * truncated to 32 bytes, as hex. Truncated SHA-512 keeps 128-bit collision resistance.
 */
export function hashBytes(bytes: Uint8Array): string {
  return toHex(nacl.hash(bytes).subarray(0, 32));
}

/**
 * A faster implementation of hashText for this platform, if one was installed after checking
 * that it gives the same bytes (scripts/node/crypto.ts installs Node's SHA-512 through the protocol's useFasterHash).
 */
let nativeText: ((text: string) => string) | undefined;
export function installTextHash(fn: ((text: string) => string) | undefined): boolean {
  nativeText = fn && fn('bfe ✓') === hashBytes(utf8('bfe ✓')) && fn('') === hashBytes(new Uint8Array(0)) ? fn : undefined;
  return nativeText !== undefined;
}

export const hashText = (text: string): string => (nativeText ? nativeText(text) : hashBytes(utf8(text)));

/** Hash of a plain-data value through its canonical JSON. */
export const hashValue = (value: unknown): string => hashText(canonicalJson(value));

/** A 32-byte hex digest is 64 lower-case hex characters. */
export const isDigest = (x: unknown): x is string => typeof x === 'string' && /^[0-9a-f]{64}$/.test(x);
