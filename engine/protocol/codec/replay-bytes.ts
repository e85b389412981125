import { err, type Result } from '../../core/result.js';
import { type Violation, violation } from '../errors.js';
import { parseReplayText, type Replay } from './replay.js';

/**
 * A replay file's bytes: JSON text, optionally gzip-compressed (detected by its magic bytes, so
 * either kind reads the same way). Decompression is the platform's and the caller passes it in
 * (Node's zlib in scripts/node/replay-file.ts, the browser's DecompressionStream in the page).
 */
export const MAX_REPLAY_BYTES = 256 * 1024 * 1024;

/** Inflates gzip bytes, refusing (throwing) past `limit` bytes of output. */
export type Inflate = (gzip: Uint8Array, limit: number) => Promise<Uint8Array>;

export const isGzip = (bytes: Uint8Array): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Decodes a replay file's bytes: gzip or not, UTF-8, JSON, the replay's shape. */
export async function decodeReplay(bytes: Uint8Array, inflate: Inflate): Promise<Result<Replay, Violation>> {
  if (bytes.length > MAX_REPLAY_BYTES) return err(violation('Oversized', 'the replay is larger than 256 MiB'));
  let raw = bytes;
  if (isGzip(bytes)) {
    try {
      raw = await inflate(bytes, MAX_REPLAY_BYTES);
    } catch {
      return err(violation('Malformed', 'the file looks gzip-compressed but does not decompress (damaged, or larger than 256 MiB)'));
    }
  }
  if (raw.length > MAX_REPLAY_BYTES) return err(violation('Oversized', 'the replay is larger than 256 MiB'));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return err(violation('Malformed', 'not a replay: the file is not UTF-8 text'));
  }
  return parseReplayText(text);
}
