import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, createGzip } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeReplay, makeReplayText, parseReplayText, type Replay, REPLAY_LIMITS, verifyReplay } from '../../engine/protocol/index.js';
import { checkReplayText } from '../../engine/protocol/codec/replay-limits.js';
import { parseReplayJson } from '../../engine/protocol/codec/replay.js';
import { nodeInflate, readReplay } from '../../scripts/node/replay-file.js';
import { readReplayFile, streamInflate } from '../../src/replay/readFile.js';
import { play } from './harness.js';

/**
 * Issue 9, item 4: the verifier's reading is bounded by the limits of docs/replay-format.md. A
 * file from anyone is refused in seconds, with a clear error, before it costs memory: a file too
 * large to read, a gzip that inflates past the cap, millions of empty elements, deep nesting,
 * huge strings.
 */

const dir = mkdtempSync(join(tmpdir(), 'bfe-limits-'));
const HEAD = '{"format":"battle-for-eden/replay","version":1,"genesis":"","genesisSignatures":[],"log":[';
const TAIL = '[]],"finals":[],"evidence":null}';

/** A gzip of a replay whose log is `count` empty elements, written in chunks (never held inflated). */
async function emptyElements(count: number): Promise<Uint8Array> {
  const gz = createGzip({ level: constants.Z_BEST_COMPRESSION });
  const out: Buffer[] = [];
  gz.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => gz.on('end', resolve));
  const chunk = '[],'.repeat(1 << 16);
  gz.write(HEAD);
  for (let left = count - 1; left > 0; left -= 1 << 16) gz.write(left >= 1 << 16 ? chunk : '[],'.repeat(left));
  gz.end(TAIL);
  await done;
  return new Uint8Array(Buffer.concat(out));
}

const verifyCli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args], { encoding: 'utf8', cwd: process.cwd() });

let bomb: Uint8Array;
let replay: Replay;

beforeAll(async () => {
  // The file of the issue: about 234 KB of gzip inflating to 240 MB of empty elements.
  bomb = await emptyElements(80_000_000);
  writeFileSync(join(dir, 'bomb.json.gz'), bomb);
  replay = (await play({ players: 2, seed: 'limits', settings: { limit: 24 } })).table.network.peers[0]!.replay();
}, 60_000);

describe('bounded reading of replay files', () => {
  it('an inflating gzip (234 KB to 240 MB of empty elements) is refused in seconds, in Node and through the browser reader', async () => {
    expect(bomb.length).toBeLessThan(300_000);
    let t = performance.now();
    const node = await readReplay(join(dir, 'bomb.json.gz'));
    expect(node).toMatchObject({ ok: false, error: { code: 'Oversized', message: expect.stringMatching(/inflates to more than 128 MiB/) } });
    expect(performance.now() - t).toBeLessThan(5_000);
    t = performance.now();
    const page = await readReplayFile(new Blob([bomb as Uint8Array<ArrayBuffer>]));
    expect(page).toEqual({ ok: false, message: expect.stringMatching(/inflates to more than 128 MiB/) });
    expect(performance.now() - t).toBeLessThan(5_000);
  }, 20_000);

  it('npm run verify refuses the inflating gzip with a clear error, exit 1, no stack trace', () => {
    const t = performance.now();
    const r = verifyCli(join(dir, 'bomb.json.gz'));
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^invalid\nfile: Oversized: the replay inflates to more than 128 MiB/);
    expect(r.stderr).not.toMatch(/at .*\.ts/);
    expect(performance.now() - t).toBeLessThan(15_000);
  }, 30_000);

  it('millions of empty elements within the inflate cap are refused while reading, before JSON.parse builds them', async () => {
    const many = await emptyElements(30_000_000); // 90 MB of JSON
    for (const inflate of [nodeInflate, streamInflate]) {
      const t = performance.now();
      const r = await decodeReplay(many, inflate);
      expect(r).toMatchObject({ ok: false, error: { code: 'Oversized', message: expect.stringMatching(/more than 100000 log elements/) } });
      expect(performance.now() - t).toBeLessThan(5_000);
    }
    // Just over the limit is refused; the limit itself reads (and fails later, as a log).
    const over = `${HEAD}${'[],'.repeat(REPLAY_LIMITS.elements)}${TAIL}`;
    expect(parseReplayText(over)).toMatchObject({ ok: false, error: { code: 'Oversized' } });
    const at = `${HEAD}${'[],'.repeat(REPLAY_LIMITS.elements - 1)}${TAIL}`;
    expect(parseReplayText(at).ok).toBe(true);
  }, 30_000);

  it('a damaged gzip is Malformed, not Oversized, through both inflaters', async () => {
    const { gzipSync } = await import('node:zlib');
    const gz = new Uint8Array(gzipSync(makeReplayText(replay)));
    for (const inflate of [nodeInflate, streamInflate]) {
      const r = await decodeReplay(gz.subarray(0, gz.length >> 1), inflate);
      expect(r).toMatchObject({ ok: false, error: { code: 'Malformed', message: expect.stringMatching(/does not decompress/) } });
    }
  });

  it('a file larger than the limit is refused before it is read', async () => {
    const path = join(dir, 'huge.json');
    const fd = openSync(path, 'w');
    writeSync(fd, '{', REPLAY_LIMITS.fileBytes); // sparse: one byte written past the limit
    closeSync(fd);
    const t = performance.now();
    const r = await readReplay(path);
    expect(r).toMatchObject({ ok: false, error: { code: 'Oversized', message: expect.stringMatching(/larger than 64 MiB: refused before reading it/) } });
    expect(performance.now() - t).toBeLessThan(500);
    const page = await readReplayFile({ size: REPLAY_LIMITS.fileBytes + 1, arrayBuffer: () => Promise.reject(new Error('read')) } as unknown as Blob);
    expect(page).toEqual({ ok: false, message: 'the file is larger than 64 MiB' });
  });

  it('nesting, strings, elements and entries past their limits are refused with what was exceeded', () => {
    const cases: [string, RegExp][] = [
      [`${HEAD}[[[{}]]]]${TAIL}`, /nested deeper than the format's 4 levels/],
      // A list other than the log is named, not called a log element.
      [`${HEAD}${TAIL.replace('"finals":[]', `"finals":[${'{"entry":"","sig":""},'.repeat(64)}{"entry":"","sig":""}]`)}`, /more than 64 items in "finals"/],
      [HEAD.replace('"genesisSignatures":[]', `"genesisSignatures":[${'"",'.repeat(64)}""]`) + TAIL, /more than 64 items in "genesisSignatures"/],
      [`${HEAD}[${'{"entry":"","sig":""},'.repeat(64)}{"entry":"","sig":""}],${TAIL}`, /a log element of more than 64 entries/],
      [`${HEAD}[{"entry":"${'x'.repeat(REPLAY_LIMITS.stringChars + 1)}","sig":""}],${TAIL}`, /a string of more than 1 MiB/],
      [`{${Array.from({ length: 9 }, (_, i) => `"k${i}":0`).join(',')}}`, /an object with more than 8 fields/],
      [`${HEAD}${`[${'{"entry":"","sig":""},'.repeat(63)}{"entry":"","sig":""}],`.repeat(5000)}${TAIL}`, /more JSON values than/],
    ];
    for (const [text, message] of cases) {
      expect(checkReplayText(text)).toMatchObject({ code: 'Oversized', message: expect.stringMatching(message) });
      expect(parseReplayText(text)).toMatchObject({ ok: false, error: { code: 'Oversized' } });
    }
    // Quotes and brackets inside strings are content, not structure.
    expect(checkReplayText(`${HEAD}[{"entry":"[[[[[\\"{,,,,\\\\","sig":"]]]"}],${TAIL}`)).toBeNull();
  });

  it('a caller’s own data is bounded too (parseReplayJson, verifyReplay)', async () => {
    const data = JSON.parse(makeReplayText(replay));
    const elements = { ...data, log: Array.from({ length: REPLAY_LIMITS.elements + 1 }, () => []) };
    expect(parseReplayJson(elements)).toMatchObject({ ok: false, error: { code: 'Oversized' } });
    const entries = { ...data, log: [Array.from({ length: 65 }, () => ({ entry: '', sig: '' }))] };
    expect(parseReplayJson(entries)).toMatchObject({ ok: false, error: { code: 'Oversized' } });
    const v = await verifyReplay(elements);
    expect(v).toMatchObject({ valid: false, failure: { code: 'Oversized' } });
  });

  it('a real replay is within every limit and reads the same whichever way', async () => {
    const text = makeReplayText(replay);
    expect(checkReplayText(text)).toBeNull();
    expect(parseReplayText(text)).toEqual({ ok: true, value: replay });
    const { gzipSync } = await import('node:zlib');
    const gz = new Uint8Array(gzipSync(text));
    expect(await decodeReplay(gz, streamInflate)).toEqual({ ok: true, value: replay });
    expect(await decodeReplay(gz, nodeInflate)).toEqual({ ok: true, value: replay });
    expect(await readReplayFile(new Blob([gz]))).toEqual({ ok: true, text });
  });
});
