import { fromHex, toHex, utf8 } from '../../core/hash.js';

/** Byte helpers shared by the protocol; everything on the wire is hex or canonical JSON text. */
export { fromHex, toHex, utf8 };

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Little-endian bytes to an unsigned integer. */
export function bytesToBigLE(bytes: Uint8Array): bigint {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!);
  return n;
}

/** An unsigned integer to `length` little-endian bytes (the caller makes sure it fits). */
export function bigToBytesLE(n: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    out[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return out;
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64url without padding (JWK's encoding of key bytes). */
export function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    s += B64URL[(n >> 18) & 63]! + B64URL[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) s += B64URL[(n >> 6) & 63]!;
    if (i + 2 < bytes.length) s += B64URL[n & 63]!;
  }
  return s;
}

/** Exactly `bytes` bytes as lower-case hex. */
export function isHexOf(x: unknown, bytes: number): x is string {
  if (typeof x !== 'string' || x.length !== 2 * bytes) return false;
  for (let i = 0; i < x.length; i++) {
    const c = x.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/** UTF-8 length of a text without encoding it. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
