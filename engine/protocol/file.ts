import { err, type Result } from '../core/result.js';
import { type Violation, violation } from './errors.js';
import { makeReplayText, parseReplayText, type Replay } from './replay.js';

/**
 * Replay files in Node: JSON text, optionally gzip-compressed (detected by its magic bytes, so
 * either kind reads the same way). Node's modules are reached by dynamic imports: browser
 * bundles never load this path, and the engine keeps compiling without Node's types.
 */
export const MAX_REPLAY_BYTES = 256 * 1024 * 1024;

interface NodeFs {
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array | string): Promise<void>;
}
interface NodeZlib {
  gzipSync(data: Uint8Array | string): Uint8Array;
  gunzipSync(data: Uint8Array, options: { maxOutputLength: number }): Uint8Array;
}

const load = async <T>(name: string): Promise<T> => (await import(/* @vite-ignore */ name)) as T;

export const isGzip = (bytes: Uint8Array): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Decodes a replay file's bytes: gzip or not, UTF-8, JSON, the replay's shape. */
export async function decodeReplay(bytes: Uint8Array): Promise<Result<Replay, Violation>> {
  let raw = bytes;
  if (isGzip(bytes)) {
    try {
      raw = (await load<NodeZlib>('node:zlib')).gunzipSync(bytes, { maxOutputLength: MAX_REPLAY_BYTES });
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

export async function readReplay(path: string): Promise<Result<Replay, Violation>> {
  let bytes: Uint8Array;
  try {
    bytes = await (await load<NodeFs>('node:fs/promises')).readFile(path);
  } catch (e) {
    const code = (e as { code?: string }).code;
    return err(violation('Malformed', code === 'ENOENT' ? `no such file: ${path}` : `cannot read ${path} (${code ?? 'error'})`));
  }
  return decodeReplay(bytes);
}

/** Writes a replay; gzip-compressed when asked or when the path ends in .gz. */
export async function writeReplay(path: string, replay: Replay, options: { gzip?: boolean } = {}): Promise<void> {
  const text = makeReplayText(replay);
  const gzip = options.gzip ?? path.endsWith('.gz');
  const fs = await load<NodeFs>('node:fs/promises');
  await fs.writeFile(path, gzip ? (await load<NodeZlib>('node:zlib')).gzipSync(text) : text);
}
