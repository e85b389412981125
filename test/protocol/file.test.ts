import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeReplay, type Replay } from '../../engine/protocol/index.js';
import { isGzip } from '../../engine/protocol/codec/replay-bytes.js';
import { makeReplayJson } from '../../engine/protocol/codec/replay.js';
import { nodeInflate, readReplay, writeReplay } from '../../scripts/node/replay-file.js';
import { play } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'bfe-replay-'));
let replay: Replay;

beforeAll(async () => {
  const { table } = await play({ players: 2, seed: 'file', settings: { limit: 24 } });
  replay = table.network.peers[0]!.replay();
});

const verifyCli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args], { encoding: 'utf8', cwd: process.cwd() });

describe('replay files', () => {
  it('round-trip as plain JSON and as gzip, detected by magic bytes', async () => {
    const plain = join(dir, 'game.json');
    const packed = join(dir, 'game.json.gz');
    await writeReplay(plain, replay);
    await writeReplay(packed, replay);
    expect(isGzip(readFileSync(packed))).toBe(true);
    expect(JSON.parse(gunzipSync(readFileSync(packed)).toString('utf8'))).toEqual(makeReplayJson(replay));
    expect(await readReplay(plain)).toEqual({ ok: true, value: replay });
    expect(await readReplay(packed)).toEqual({ ok: true, value: replay });
    // A gzip file named .json reads the same.
    writeFileSync(join(dir, 'misnamed.json'), readFileSync(packed));
    expect(await readReplay(join(dir, 'misnamed.json'))).toEqual({ ok: true, value: replay });
  });

  it('a damaged or foreign file is a clear error', async () => {
    const packed = readFileSync(join(dir, 'game.json.gz'));
    const cases: [Uint8Array, RegExp][] = [
      [packed.subarray(0, packed.length >> 1), /gzip/],
      [new Uint8Array([0xff, 0xfe, 0x00]), /UTF-8/],
      [new TextEncoder().encode('{"format":"battle-for-eden/replay",'), /not JSON/],
      [new TextEncoder().encode('{"hello":"world"}'), /not a replay/],
      [new TextEncoder().encode('{"format":"battle-for-eden/replay","version":9}'), /version 9/],
      // The string "1" is not the number 1, and the message says which it was.
      [new TextEncoder().encode('{"format":"battle-for-eden/replay","version":"1"}'), /version "1" is not supported \(this reads version 1, a number\)/],
    ];
    for (const [bytes, message] of cases) {
      const r = await decodeReplay(bytes, nodeInflate);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(message);
    }
    const missing = await readReplay(join(dir, 'nope.json'));
    expect(!missing.ok && missing.error.message).toMatch(/no such file/);
  });

  it('the command line verifies, names the first violation, and never prints a stack trace', () => {
    const good = verifyCli(join(dir, 'game.json.gz'));
    expect(good.status).toBe(0);
    expect(good.stdout).toMatch(/^valid\n/);
    expect(good.stdout).toMatch(/players: ♣ Player 1 \(forest, Elves\); ▲ Player 2 \(mountains, Dwarves\)/);
    expect(good.stdout).toMatch(/ended: stopped at the agreed limit of 24 log elements/);

    const bad = JSON.parse(readFileSync(join(dir, 'game.json'), 'utf8'));
    bad.log[5][0].sig = bad.log[5][0].sig.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
    const json = verifyCli(join(dir, 'bad.json'), '--json');
    expect(json.status).toBe(1);
    const number = bad.log.slice(0, 5).reduce((n: number, el: unknown[]) => n + el.length, 0) + 1;
    expect(JSON.parse(json.stdout)).toMatchObject({ valid: false, failure: { entry: number, element: 5, code: 'BadSignature' } });

    writeFileSync(join(dir, 'junk.json'), 'garbage \u0000');
    const junk = verifyCli(join(dir, 'junk.json'));
    expect(junk.status).toBe(1);
    expect(junk.stdout).toMatch(/^invalid\nfile: Malformed: not a replay/);
    expect(junk.stderr).not.toMatch(/at .*\.ts/);
  });
});
