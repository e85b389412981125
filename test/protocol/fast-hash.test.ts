import { afterEach, describe, expect, it } from 'vitest';
import { hashBytes, hashText, utf8 } from '../../engine/core/hash.js';
import { nativeHashLoaded, useReferenceHash } from '../../engine/protocol/crypto/digest.js';
import { useNodeCrypto } from '../../scripts/node/crypto.js';
import { installFastHash } from '../../src/app/fastHash.js';

describe("the pages' WebAssembly SHA-512 (hash-wasm)", () => {
  afterEach(async () => {
    useReferenceHash();
    await useNodeCrypto();
  });

  it('is installed, and hashes every text as the reference does (multi-byte, lone surrogates, long)', async () => {
    useReferenceHash();
    expect(nativeHashLoaded()).toBe(false);
    expect(await installFastHash()).toBe(true);
    expect(nativeHashLoaded()).toBe(true);
    const texts = ['', 'bfe', 'é✓ 𝄞 中文', '\ud800 lone', 'x\udc00', 'a'.repeat(100_000), JSON.stringify({ k: [1, 2, { z: 'ü' }] })];
    for (const t of texts) expect(hashText(t), JSON.stringify(t.slice(0, 20))).toBe(hashBytes(utf8(t)));
  });
});
