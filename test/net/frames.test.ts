import { describe, expect, it } from 'vitest';
import { hashText, RandomStream } from '../../engine/index.js';
import { type FrameProblem, messageFrames, Reassembler, utf8Bytes } from '../../src/net/frames.js';

const randomText = (r: RandomStream, length: number): string => {
  const pieces = ['a', 'é', '€', '😀', '"', '\\', '\u0000', '{'];
  let s = '';
  while (s.length < length) s += pieces[r.index(pieces.length)];
  return s;
};

describe('data channel frames', () => {
  it('read(frames(x)) is x for short, long and multi-byte texts, cut at any chunk size', () => {
    const r = new RandomStream(hashText('frames'));
    for (let i = 0; i < 200; i++) {
      const text = randomText(r, r.index(3000));
      const chunk = 2 + r.index(700);
      const problems: FrameProblem[] = [];
      const reader = new Reassembler(1 << 20, (p) => problems.push(p));
      const frames = messageFrames(text, i, chunk);
      const out = frames.map((f) => reader.read(f));
      expect(out.slice(0, -1).every((x) => x === null)).toBe(true);
      expect(out.at(-1)).toEqual({ kind: 'message', text });
      expect(problems).toEqual([]);
      // No frame holds half a surrogate pair.
      for (const f of frames) expect(new TextDecoder().decode(new TextEncoder().encode(f))).toBe(f);
    }
  });

  it('counts UTF-8 bytes as TextEncoder does', () => {
    const r = new RandomStream(hashText('utf8'));
    for (let i = 0; i < 100; i++) {
      const t = randomText(r, r.index(200));
      expect(utf8Bytes(t)).toBe(new TextEncoder().encode(t).length);
    }
    expect(utf8Bytes('\ud800')).toBe(3); // a lone surrogate travels as U+FFFD
  });

  it('refuses oversized messages before reading them, whole or chunked, and holds nothing of them', () => {
    const problems: FrameProblem[] = [];
    const reader = new Reassembler(100, (p) => problems.push(p));
    expect(reader.read(`m${'€'.repeat(34)}`)).toBeNull(); // 102 bytes in 34 characters
    const big = messageFrames('x'.repeat(1000), 1, 50);
    expect(big.map((f) => reader.read(f)).every((x) => x === null)).toBe(true);
    // A chunked message that lies about its length is cut off when it passes it.
    expect(reader.read('c2,0,3,60:' + 'y'.repeat(50))).toBeNull();
    expect(reader.read('c2,1,3,60:' + 'y'.repeat(50))).toBeNull();
    // A single chunk frame larger than the cap is refused before its header is read.
    expect(reader.read(`c3,0,2,90:${'z'.repeat(200)}`)).toBeNull();
    expect(problems.map((p) => p.kind)).toEqual(['oversized', 'oversized', 'oversized', 'oversized']);
    expect(reader.read('mok')).toEqual({ kind: 'message', text: 'ok' });
  });

  it('reports malformed frames and goes on', () => {
    const problems: FrameProblem[] = [];
    const reader = new Reassembler(1000, (p) => problems.push(p));
    for (const f of ['', 42, null, 'x', 'c1,0,1,3:abc', 'c1,1,2,4:ab', 'cbad:header', `p${'1'.repeat(40)}`]) expect(reader.read(f)).toBeNull();
    expect(problems.every((p) => p.kind === 'malformed')).toBe(true);
    expect(problems).toHaveLength(8);
    expect(reader.read('pabc')).toEqual({ kind: 'ping', token: 'abc' });
    expect(reader.read('mfine')).toEqual({ kind: 'message', text: 'fine' });
  });
});
