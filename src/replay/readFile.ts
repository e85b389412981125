/** The verifier's own cap on a replay (256 MiB): refused before it is read whole. */
export const MAX_REPLAY_BYTES = 256 * 1024 * 1024;

export const isGzip = (bytes: Uint8Array): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * A replay file's text: gzip or not (by its magic bytes), inflated with the platform's
 * DecompressionStream and stopped as soon as it passes the cap (an inflating bomb is refused
 * early, never held whole), decoded as strict UTF-8.
 */
export async function readReplayFile(file: Blob): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file.size > MAX_REPLAY_BYTES) return { ok: false, message: 'the file is larger than 256 MiB' };
  let bytes = new Uint8Array(await file.arrayBuffer());
  if (isGzip(bytes)) {
    try {
      const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
      const parts: Uint8Array[] = [];
      let total = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.length;
        if (total > MAX_REPLAY_BYTES) {
          await reader.cancel();
          return { ok: false, message: 'the replay inflates to more than 256 MiB' };
        }
        parts.push(value);
      }
      bytes = new Uint8Array(total);
      let at = 0;
      for (const p of parts) (bytes.set(p, at), (at += p.length));
    } catch {
      return { ok: false, message: 'the file looks gzip-compressed but does not decompress (damaged?)' };
    }
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, message: 'not a replay: the file is not UTF-8 text' };
  }
}
