import { beforeAll, describe, expect, it } from 'vitest';
import { hashText } from '../../engine/index.js';
import { canonicalJson } from '../../engine/core/canonical.js';
import { RandomStream } from '../../engine/core/random.js';
import { isCanonical } from '../../engine/protocol/codec/json.js';
import { readPlainCanonical } from '../../engine/protocol/codec/plain-json.js';
import type { Replay } from '../../engine/protocol/index.js';
import { parseSigned, PositionReader } from '../../engine/protocol/codec/entry.js';
import { play } from './harness.js';

/**
 * The verifier's fast reading (docs/protocol.md, "Fast verification") must accept nothing the
 * general reading refuses, and read what it accepts the same way. Checked on generated values,
 * on every entry of a recorded game, and on thousands of single-character changes of both.
 */

const stream = (seed: string) => new RandomStream(hashText(seed));
const pick = <T>(r: RandomStream, xs: readonly T[]): T => xs[r.index(xs.length)]!;

const CHARS = ['a', 'b', 'z', '0', '9', ' ', '"', '\\', '\n', '\u0001', 'é', '\u2028', '\ud800', '\udc00', '😀', '/', '~', '\u007f'];
const KEYS = ['a', 'b', 'ab', 'B', '_', '10', '2', '', 'é', 'kind', 'seat', '__proto__'];

/** A random JSON value: mostly in the plain subset, sometimes not (escapes, non-ASCII, big numbers). */
function value(r: RandomStream, depth = 0): unknown {
  switch (r.index(depth > 3 ? 4 : 6)) {
    case 0:
      return Array.from({ length: r.index(4) }, () => (r.index(5) === 0 ? pick(r, CHARS) : 'x')).join('') + (r.index(3) === 0 ? 'f0'.repeat(r.index(40)) : '');
    case 1: {
      const n = pick(r, [0, 1, -1, 7, 42, -900, 999_999_999_999_999, -999_999_999_999_999, 1_000_000_000_000_000, Number.MAX_SAFE_INTEGER]);
      return n;
    }
    case 2:
      return pick(r, [true, false, null]);
    case 3:
      return 'ab'.repeat(r.index(40));
    case 4:
      return Array.from({ length: r.index(4) }, () => value(r, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = r.index(5); i > 0; i--) o[pick(r, KEYS)] = value(r, depth + 1);
      return o;
    }
  }
}

/** A single-character change: replace, insert or delete one character. */
function mutate(r: RandomStream, text: string): string {
  const at = r.index(text.length + 1);
  const c = pick(r, [...CHARS, ',', ':', '{', '}', '[', ']', '-', '.', 'e', '1', '0', 't', 'n']);
  switch (r.index(3)) {
    case 0:
      return text.slice(0, at) + c + text.slice(at + 1);
    case 1:
      return text.slice(0, at) + c + text.slice(at);
    default:
      return text.slice(0, at) + text.slice(at + 1);
  }
}

/** The reference: canonical exactly when JSON.parse then canonicalJson gives the text back. */
function canonical(text: string): boolean {
  try {
    return canonicalJson(JSON.parse(text)) === text;
  } catch {
    return false;
  }
}

/** The one-pass reading, or NOT when it leaves the text to the general path. */
const NOT = Symbol('not read');
const read1 = (text: string): unknown => {
  const v = readPlainCanonical(text);
  return v === undefined ? NOT : v;
};

describe('canonical JSON read in one pass', () => {
  it('reads only canonical texts, as JSON.parse does, and every canonical text of the plain subset', () => {
    const r = stream('canonical text');
    let readPlain = 0;
    let mutants = 0;
    for (let i = 0; i < 4000; i++) {
      const text = canonicalJson(value(r));
      const plain = !/[^\x20-\x7e]|\\|"__proto__"/.test(text) && !/\d{16}/.test(text);
      const v = read1(text);
      expect(v !== NOT, text).toBe(plain);
      if (v !== NOT) {
        expect(canonicalJson(v)).toBe(text);
        expect(v).toStrictEqual(JSON.parse(text));
        readPlain++;
      }
      for (let k = 0; k < 5; k++) {
        const m = mutate(r, text);
        const mv = read1(m);
        if (mv !== NOT) {
          expect(canonical(m), m).toBe(true);
          expect(isCanonical(JSON.parse(m), m), m).toBe(true);
          expect(mv, m).toStrictEqual(JSON.parse(m));
          mutants++;
        }
      }
    }
    expect(readPlain).toBeGreaterThan(1000);
    expect(mutants).toBeGreaterThan(1000);
  });

  it('leaves white space, duplicate and unsorted keys, number spellings, -0, escapes and deep nesting to the general path', () => {
    for (const bad of [' {}', '{ }', '{"a":1,"a":1}', '{"b":1,"a":2}', '{"a":01}', '{"a":1.0}', '{"a":1e2}', '{"a":-0}', '{"a":+1}', '[1,]', '{"a":1,}', '"\\u0041"', '{"__proto__":1}', 'tru', 'nul', '', '['.repeat(40) + ']'.repeat(40)])
      expect(read1(bad), bad).toBe(NOT);
    for (const good of ['{}', '[]', '{"a":[1,-2,{"b":null}],"b":true}', '"x"', '0', '-7', '{"10":1,"2":2}', '{"A":1,"a":2}', 'false'])
      expect(read1(good), good).toStrictEqual(JSON.parse(good));
  });
});

describe('reading an entry at its expected position', () => {
  let replay: Replay;
  beforeAll(async () => {
    const played = await play({ players: 3, seed: 'fast read', settings: { limit: 60 } });
    replay = played.table.network.peers[0]!.replay();
  });

  it('reads every entry of a recorded game as the general reading does', () => {
    let read = 0;
    for (const el of replay.log)
      for (const s of el) {
        const general = parseSigned(s.text, s.sig);
        expect(general.ok).toBe(true);
        if (!general.ok) continue;
        const e = general.value.entry;
        const fast = new PositionReader(e.game, e.seq, e.prev).read(s.text, s.sig);
        expect(fast).toEqual(general.value);
        read++;
      }
    expect(read).toBeGreaterThan(60);
  });

  it('reads a changed entry only if the general reading reads it the same, at that position', () => {
    const r = stream('fast read mutants');
    const all = replay.log.flat();
    let refused = 0;
    let accepted = 0;
    for (let i = 0; i < 6000; i++) {
      const s = pick(r, all);
      const original = parseSigned(s.text, s.sig);
      if (!original.ok) throw new Error('a recorded entry does not parse');
      const { game, seq, prev } = original.value.entry;
      const text = mutate(r, s.text);
      const fast = new PositionReader(game, seq, prev).read(text, s.sig);
      const general = parseSigned(text, s.sig);
      if (fast === null) {
        refused++;
        continue;
      }
      // Independently of both readings (which share the one-pass reader): canonical, and these fields.
      expect(canonical(text), text).toBe(true);
      expect(JSON.parse(text)).toMatchObject({ game, seq, prev, seat: fast.entry.seat, v: 1 });
      expect(general.ok, text).toBe(true);
      if (!general.ok) continue;
      expect(fast).toEqual(general.value);
      accepted++;
      expect([general.value.entry.game, general.value.entry.seq, general.value.entry.prev]).toEqual([game, seq, prev]);
    }
    expect(refused).toBeGreaterThan(3000);
    expect(accepted).toBeGreaterThan(300);
  });

  it('another position, another game or a short signature is left to the general reading', () => {
    const s = replay.log[5]![0]!;
    const p = parseSigned(s.text, s.sig);
    if (!p.ok) throw new Error('a recorded entry does not parse');
    const { game, seq, prev } = p.value.entry;
    expect(new PositionReader(game, seq + 1, prev).read(s.text, s.sig)).toBeNull();
    expect(new PositionReader(game, seq, hashText('other')).read(s.text, s.sig)).toBeNull();
    expect(new PositionReader(hashText('other'), seq, prev).read(s.text, s.sig)).toBeNull();
    expect(new PositionReader(game, seq, prev).read(s.text, s.sig.slice(2))).toBeNull();
    expect(new PositionReader(game, seq, prev).read(s.text, s.sig)).not.toBeNull();
  });
});
