import { readFile, stat, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { err, type Result } from '../../engine/index.js';
import { decodeReplay, type Inflate, makeReplayText, MAX_REPLAY_BYTES, type Replay, type Violation, violation } from '../../engine/protocol/index.js';

/** Node's gzip inflation, stopped at `limit` bytes of output. */
export const nodeInflate: Inflate = async (gzip, limit) => gunzipSync(gzip, { maxOutputLength: limit });

/** Reads a replay file (gzip or not); its size is checked before it is read. */
export async function readReplay(path: string): Promise<Result<Replay, Violation>> {
  let bytes: Uint8Array;
  try {
    const size = (await stat(path)).size;
    if (size > MAX_REPLAY_BYTES) return err(violation('Oversized', `${path} is larger than 256 MiB`));
    bytes = await readFile(path);
  } catch (e) {
    const code = (e as { code?: string }).code;
    return err(violation('Malformed', code === 'ENOENT' ? `no such file: ${path}` : `cannot read ${path} (${code ?? 'error'})`));
  }
  return decodeReplay(bytes, nodeInflate);
}

/** Writes a replay; gzip-compressed when asked or when the path ends in .gz. */
export async function writeReplay(path: string, replay: Replay, options: { gzip?: boolean } = {}): Promise<void> {
  const text = makeReplayText(replay);
  await writeFile(path, (options.gzip ?? path.endsWith('.gz')) ? gzipSync(text) : text);
}
