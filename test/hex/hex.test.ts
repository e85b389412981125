import { describe, expect, it } from 'vitest';
import { DIRECTIONS, directionTo, distance, hex, hexKey, hexRound, hexToPixel, neighbour, neighbours, opposite, parseHexKey, pixelToHex, ring, spiral } from '../../engine/hex/index.js';

describe('hex geometry', () => {
  it('keys round-trip', () => {
    for (const h of [hex(0, 0), hex(-3, 7), hex(12, -40)]) expect(parseHexKey(hexKey(h))).toEqual(h);
    expect(hexKey(hex(-1, 2))).toBe('-1,2');
  });

  it('neighbours are the six adjacent hexes, clockwise from east', () => {
    expect(neighbours(hex(0, 0))).toEqual([hex(1, 0), hex(0, 1), hex(-1, 1), hex(-1, 0), hex(0, -1), hex(1, -1)]);
    expect(neighbour(hex(2, -1), 3)).toEqual(hex(1, -1));
  });

  it('opposite directions cancel out', () => {
    for (let d = 0; d < 6; d++) {
      const o = opposite(d as 0);
      expect(DIRECTIONS[d]!.q + DIRECTIONS[o]!.q).toBe(0);
      expect(DIRECTIONS[d]!.r + DIRECTIONS[o]!.r).toBe(0);
    }
  });

  it('directionTo finds the side two hexes share', () => {
    expect(directionTo(hex(0, 0), hex(0, 1))).toBe(1);
    expect(directionTo(hex(0, 0), hex(2, 0))).toBeUndefined();
  });

  it('distance counts grid steps', () => {
    expect(distance(hex(0, 0), hex(0, 0))).toBe(0);
    expect(distance(hex(0, 0), hex(1, 0))).toBe(1);
    expect(distance(hex(0, 0), hex(2, -1))).toBe(2);
    expect(distance(hex(-2, 3), hex(3, -2))).toBe(5);
    expect(distance(hex(1, 1), hex(-1, -1))).toBe(4);
  });

  it('rings have 6k hexes, all at distance k', () => {
    expect(ring(hex(0, 0), 0)).toEqual([hex(0, 0)]);
    for (const k of [1, 2, 3, 5]) {
      const r = ring(hex(1, -2), k);
      expect(r).toHaveLength(6 * k);
      expect(new Set(r.map(hexKey)).size).toBe(6 * k);
      for (const h of r) expect(distance(h, hex(1, -2))).toBe(k);
    }
    expect(spiral(hex(0, 0), 2)).toHaveLength(19);
  });

  it('rounding picks the containing hex', () => {
    expect(hexRound(0.1, 0.1)).toEqual(hex(0, 0));
    expect(hexRound(0.9, -0.1)).toEqual(hex(1, 0));
    expect(hexRound(-0.4, 0.9)).toEqual(hex(0, 1));
    expect(hexRound(-0.6, 0.9)).toEqual(hex(-1, 1));
  });

  it('pixel conversion round-trips through the hex centre', () => {
    for (const h of spiral(hex(0, 0), 4)) {
      const { x, y } = hexToPixel(h, 10);
      expect(pixelToHex(x, y, 10)).toEqual(h);
      expect(pixelToHex(x + 3, y - 2, 10)).toEqual(h);
    }
  });
});
