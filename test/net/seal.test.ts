import { describe, expect, it } from 'vitest';
import { fromBase64url, toBase64url } from '../../src/net/base64url.js';
import { MAX_SEALED, open, roomKey, seal } from '../../src/net/seal.js';

/** The sealing of the lobby's signaling (src/net/seal.ts); test/net/lobby-net.test.ts watches it on the wire. */
describe('sealed signaling messages', () => {
  const key = roomKey('room-one-abc', 'secret-of-room-one-xyz');

  it('open(seal(x)) is x, under the key of the room and secret only', () => {
    const text = JSON.stringify({ type: 'signal', from: 'a', to: 'b', signal: { type: 'offer', sdp: 'v=0 ✓' } });
    const sealed = seal(key, text);
    expect(open(key, sealed)).toBe(text);
    expect(seal(key, text)).not.toBe(sealed); // a fresh nonce each time
    expect(open(roomKey('room-one-abc', 'another-secret-xyz'), sealed)).toBeNull();
    expect(open(roomKey('room-two-abc', 'secret-of-room-one-xyz'), sealed)).toBeNull();
  });

  it('drops what is altered, cut, not base64url, not a string, or too large', () => {
    const sealed = seal(key, 'hello');
    const bytes = fromBase64url(sealed)!;
    for (const i of [0, 30, bytes.length - 1]) {
      const altered = bytes.slice();
      altered[i]! ^= 1;
      expect(open(key, toBase64url(altered))).toBeNull();
    }
    expect(open(key, toBase64url(bytes.subarray(0, 30)))).toBeNull();
    for (const bad of ['', 'not base64url!', '{"type":"announce"}', null, 42, { type: 'announce' }]) expect(open(key, bad)).toBeNull();
    const large = seal(key, 'x'.repeat(MAX_SEALED));
    expect(large.length).toBeGreaterThan(MAX_SEALED);
    expect(open(key, large)).toBeNull();
  });
});
