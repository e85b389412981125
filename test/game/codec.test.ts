import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../engine/core/canonical.js';
import { makeState, parseState } from '../../engine/game/codec.js';
import { buildPositions, randomPositions } from '../support/positions.js';

/** The canonical state codec: parse(make(s)) equals s, and anything else is refused with a reason. */
describe('parseState / makeState', () => {
  const positions = [...buildPositions(), ...randomPositions(40, 1)];

  it('round-trips every position, from map creation to the end of a game', () => {
    expect(positions.length).toBeGreaterThan(40);
    for (const p of positions) {
      const text = makeState(p.state);
      const parsed = parseState(text);
      if (!parsed.ok) throw new Error(`${p.name}: ${parsed.error.message}`);
      expect(canonicalJson(parsed.value)).toBe(text);
      expect(parsed.value).toEqual(p.state);
    }
  });

  it('refuses damaged texts with a message naming the place', () => {
    const text = makeState(positions.find((p) => p.name.startsWith('moves'))!.state);
    const cases: [string, RegExp][] = [
      ['not json', /JSON/],
      [text.replace('"seq":', '"seq_":'), /unexpected field|seq/],
      [text.replace(/"troops":\d+/, '"troops":-1'), /troops/],
      [text.replace(/"owner":\d/, '"owner":9'), /owner/],
      [text.replace('"conquest"', '"war"'), /name/],
      [text.replace(/"kind":"moves"/, '"kind":"marching"'), /kind/],
      [text.replace(/"colour":"forest"/, '"colour":"ocean"'), /colour/],
      [JSON.stringify({ ...JSON.parse(text), extra: 1 }), /extra/],
      ['[]', /object/],
      ['x'.repeat(3_000_000), /at most/],
    ];
    for (const [bad, why] of cases) {
      expect(bad).not.toBe(text);
      const r = parseState(bad);
      expect(r.ok, bad.slice(0, 40)).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('MalformedAction');
        expect(r.error.message).toMatch(why);
      }
    }
  });
});
