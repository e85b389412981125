import { open, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { err, type Result } from '../../engine/index.js';
import { decodeReplay, type Inflate, InflateLimitError, makeReplayText, REPLAY_LIMITS, type Replay, type Violation, violation } from '../../engine/protocol/index.js';

/** Node's gzip inflation, stopped as soon as its output passes `limit` bytes. */
export const nodeInflate: Inflate = async (gzip, limit) => {
  try {
    return gunzipSync(gzip, { maxOutputLength: limit });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new InflateLimitError(limit);
    throw e;
  }
};

/** Reads a replay file (gzip or not) within the limits of docs/replay-format.md; its size is checked before it is read. */
export async function readReplay(path: string): Promise<Result<Replay, Violation>> {
  let bytes: Uint8Array;
  try {
    const file = await open(path, 'r');
    try {
      if ((await file.stat()).size > REPLAY_LIMITS.fileBytes) return err(violation('Oversized', `${path} is larger than ${REPLAY_LIMITS.fileBytes / 1024 / 1024} MiB: refused before reading it`));
      bytes = await file.readFile();
    } finally {
      await file.close();
    }
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
