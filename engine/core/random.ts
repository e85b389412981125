/**
 * Turning one random event's 32-byte value into draws. The value comes from outside
 * the engine (the peers' beacon, or a seeded local source); the engine only expands it,
 * with sfc32 seeded from its first 16 bytes, and never reads a clock or Math.random.
 */
export class RandomStream {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(value: string) {
    if (!/^[0-9a-fA-F]{32}/.test(value)) throw new TypeError('RandomStream: need at least 16 bytes of hex');
    // Little-endian 32-bit words from the first 16 bytes.
    const word = (i: number) => {
      const h = value.slice(8 * i, 8 * i + 8);
      return parseInt(h.slice(6, 8) + h.slice(4, 6) + h.slice(2, 4) + h.slice(0, 2), 16) >>> 0;
    };
    this.a = word(0);
    this.b = word(1);
    this.c = word(2);
    this.d = word(3);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Next uniform 32-bit unsigned integer (sfc32). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform integer in [0, n), without modulo bias (rejection sampling). */
  index(n: number): number {
    if (!Number.isSafeInteger(n) || n <= 0 || n > 0x100000000) throw new RangeError(`RandomStream.index: bad range ${n}`);
    const limit = Math.floor(0x100000000 / n) * n;
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
  }
}

/** A random event's value is 32 bytes as 64 hex characters. */
export const isRandomValue = (x: unknown): x is string => typeof x === 'string' && /^[0-9a-f]{64}$/.test(x);
