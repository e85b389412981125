import { decodeReplayText, type Inflate, InflateLimitError, REPLAY_LIMITS } from '../../engine/protocol/index.js';

/**
 * The platform's gzip inflation for the engine's decoder: DecompressionStream, read chunk by
 * chunk and cancelled as soon as the output passes the limit (an inflating gzip is refused early,
 * never held whole).
 */
export const streamInflate: Inflate = async (gzip, limit) => {
  const reader = new Blob([gzip as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new InflateLimitError(limit);
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
};

/**
 * A replay file's text, through the engine's decoder and limits (docs/replay-format.md,
 * "Limits"), as `npm run verify` reads it: the file's size is checked before it is read, gzip is
 * detected by its magic bytes and inflated up to the limit, the text must be strict UTF-8. The
 * worker then parses it with parseReplayText, which checks its shape before building anything.
 */
export async function readReplayFile(file: Blob): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file.size > REPLAY_LIMITS.fileBytes) return { ok: false, message: `the file is larger than ${REPLAY_LIMITS.fileBytes / 1024 / 1024} MiB` };
  const text = await decodeReplayText(new Uint8Array(await file.arrayBuffer()), streamInflate);
  return text.ok ? { ok: true, text: text.value } : { ok: false, message: text.error.message };
}
