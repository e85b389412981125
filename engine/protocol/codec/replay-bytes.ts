import { err, type Result } from '../../core/result.js';
import { type Violation, violation } from '../errors.js';
import { parseReplayText, type Replay } from './replay.js';
import { REPLAY_LIMITS, type ReplayLimits, sizeInWords } from './replay-limits.js';

/**
 * A replay file's bytes: JSON text, optionally gzip-compressed (detected by its magic bytes, so
 * either kind reads the same way), within the limits of docs/replay-format.md. Decompression is
 * the platform's and the caller passes it in (Node's zlib in scripts/node/replay-file.ts, the
 * browser's DecompressionStream in src/replay/readFile.ts): both read through decodeReplayText.
 */

/** The largest file a reader accepts as stored (gzip or not). */
export const MAX_REPLAY_BYTES = REPLAY_LIMITS.fileBytes;

/**
 * Inflates gzip bytes. Past `limit` bytes of output it stops and throws InflateLimitError (an
 * inflating gzip must cost no more than `limit` bytes of work); any other throw means damaged data.
 */
export type Inflate = (gzip: Uint8Array, limit: number) => Promise<Uint8Array>;

/** Thrown by an Inflate that stopped at its output limit. */
export class InflateLimitError extends Error {
  constructor(readonly limit: number) {
    super(`inflates to more than ${limit} bytes`);
  }
}

export const isGzip = (bytes: Uint8Array): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** A replay file's bytes to its JSON text: the file's size, gzip (inflated up to the limit), strict UTF-8. */
export async function decodeReplayText(bytes: Uint8Array, inflate: Inflate, limits: ReplayLimits = REPLAY_LIMITS): Promise<Result<string, Violation>> {
  if (bytes.length > limits.fileBytes) return err(violation('Oversized', `the replay file is larger than ${sizeInWords(limits.fileBytes)}`));
  let raw = bytes;
  if (isGzip(bytes)) {
    try {
      raw = await inflate(bytes, limits.textBytes);
    } catch (e) {
      if (e instanceof InflateLimitError) return err(violation('Oversized', `the replay inflates to more than ${sizeInWords(limits.textBytes)}: refused`));
      return err(violation('Malformed', 'the file looks gzip-compressed but does not decompress (damaged?)'));
    }
  }
  if (raw.length > limits.textBytes) return err(violation('Oversized', `the replay is larger than ${sizeInWords(limits.textBytes)} once inflated`));
  try {
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(raw) };
  } catch {
    return err(violation('Malformed', 'not a replay: the file is not UTF-8 text'));
  }
}

/** Decodes a replay file's bytes: gzip or not, UTF-8, JSON within the limits, the replay's shape. */
export async function decodeReplay(bytes: Uint8Array, inflate: Inflate, limits: ReplayLimits = REPLAY_LIMITS): Promise<Result<Replay, Violation>> {
  const text = await decodeReplayText(bytes, inflate, limits);
  return text.ok ? parseReplayText(text.value, limits) : text;
}
