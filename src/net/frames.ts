/**
 * What travels on a game data channel: text frames, one serialisation for every message.
 *
 *   m<text>                            a whole message
 *   c<id>,<index>,<count>,<chars>:<part>  one chunk of a long message (chunks arrive in order:
 *                                      the channel is reliable and ordered)
 *   p<token> / q<token>                heartbeat ping / its answer (liveness and round trip)
 *
 * Sizes are checked before anything is read: a message whose declared or accumulated length
 * exceeds the cap is dropped and reported, and the reassembler holds at most one message.
 */
export const CHUNK_CHARS = 16_384;

export type Frame =
  | { readonly kind: 'message'; readonly text: string }
  | { readonly kind: 'ping' | 'pong'; readonly token: string };

/** The frames of one message. */
export function messageFrames(text: string, id: number, chunkChars = CHUNK_CHARS): string[] {
  if (text.length <= chunkChars) return [`m${text}`];
  const parts: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(text.length, at + chunkChars);
    // Never cut a surrogate pair: each half alone would travel as U+FFFD.
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    parts.push(text.slice(at, end));
    at = end;
  }
  return parts.map((part, i) => `c${id},${i},${parts.length},${text.length}:${part}`);
}

export const pingFrame = (token: string): string => `p${token}`;
export const pongFrame = (token: string): string => `q${token}`;

export interface FrameProblem {
  readonly kind: 'oversized' | 'malformed';
  readonly message: string;
}

/** UTF-8 length without allocating. */
export function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

const CHUNK_HEADER = /^c(\d{1,9}),(\d{1,6}),(\d{1,6}),(\d{1,9}):/;

/** Reassembles one connection's frames; `problem` is told about everything dropped. */
export class Reassembler {
  private current: { id: number; count: number; chars: number; parts: string[]; received: number } | null = null;
  /** A message being skipped because it is oversized or broken: its later chunks are dropped silently. */
  private skipping: number | null = null;

  constructor(
    private readonly maxBytes: number,
    private readonly problem: (p: FrameProblem) => void,
  ) {}

  /** A frame from the channel; returns what it completes, if anything. */
  read(frame: unknown): Frame | null {
    if (typeof frame !== 'string' || frame.length === 0) return this.drop('malformed', 'a frame that is not a non-empty text');
    // Bounded before any parsing: no frame, whole message or chunk, is longer than the cap and a header.
    if (frame.length > this.maxBytes + 64) return this.drop('oversized', `a frame of more than ${this.maxBytes} bytes`);
    switch (frame[0]) {
      case 'm': {
        const text = frame.slice(1);
        if (text.length > this.maxBytes || utf8Bytes(text) > this.maxBytes) return this.drop('oversized', `a message of ${utf8Bytes(text)} bytes (at most ${this.maxBytes})`);
        return { kind: 'message', text };
      }
      case 'p':
      case 'q':
        if (frame.length > 33) return this.drop('malformed', 'a heartbeat frame too long');
        return { kind: frame[0] === 'p' ? 'ping' : 'pong', token: frame.slice(1) };
      case 'c':
        return this.chunk(frame);
      default:
        return this.drop('malformed', `a frame of unknown kind "${frame.slice(0, 1)}"`);
    }
  }

  private chunk(frame: string): Frame | null {
    const header = CHUNK_HEADER.exec(frame.slice(0, 40));
    if (!header) return this.drop('malformed', 'a chunk with a bad header');
    const [id, index, count, chars] = [1, 2, 3, 4].map((i) => Number(header[i]));
    const part = frame.slice(header[0].length);
    if (id === this.skipping) return null;
    if (chars! > this.maxBytes) {
      this.skipping = id!;
      this.current = null;
      return this.drop('oversized', `a message of ${chars} characters (at most ${this.maxBytes} bytes)`);
    }
    if (index === 0) {
      if (this.current) this.problem({ kind: 'malformed', message: 'a long message was cut short by the next one' });
      if (count! < 2) return this.drop('malformed', 'a chunked message of fewer than two chunks');
      this.current = { id: id!, count: count!, chars: chars!, parts: [], received: 0 };
    }
    const c = this.current;
    if (!c || c.id !== id || c.count !== count || c.chars !== chars || c.parts.length !== index) {
      this.current = null;
      this.skipping = id!;
      return this.drop('malformed', 'a chunk out of sequence');
    }
    c.parts.push(part);
    c.received += part.length;
    if (c.received > c.chars) {
      this.current = null;
      this.skipping = id!;
      return this.drop('oversized', 'a long message longer than it declared');
    }
    if (c.parts.length < c.count) return null;
    this.current = null;
    if (c.received !== c.chars) return this.drop('malformed', 'a long message shorter than it declared');
    const text = c.parts.join('');
    if (utf8Bytes(text) > this.maxBytes) return this.drop('oversized', `a message of ${utf8Bytes(text)} bytes (at most ${this.maxBytes})`);
    return { kind: 'message', text };
  }

  private drop(kind: FrameProblem['kind'], message: string): null {
    this.problem({ kind, message });
    return null;
  }
}
