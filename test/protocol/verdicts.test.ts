import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeReplayText, type Replay, VERDICT_EXIT, verdictOf, verifyReplay } from '../../engine/protocol/index.js';
import { describe as describeEnding, type Ending, verdictOfEnding, VERDICTS } from '../../engine/protocol/verify/verify.js';
import { play, playIllegalPortal } from './harness.js';

/**
 * Issue 9, item 6: `npm run verify` says what a file proves. A complete match signed by every
 * seat still in the game (valid, 0); one whose outcome rests on a minority's word (minority, 3);
 * an incomplete log (4); a violation proven by the evidence (cheat, 5); an invalid file (1).
 */

const dir = mkdtempSync(join(tmpdir(), 'bfe-verdicts-'));
const verifyCli = (file: string, ...flags: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', file, ...flags], { encoding: 'utf8', cwd: process.cwd() });
const write = (name: string, r: Replay): string => {
  const path = join(dir, name);
  writeFileSync(path, makeReplayText(r));
  return path;
};

let complete: Replay;
let cheat: Replay;

beforeAll(async () => {
  complete = (await play({ players: 2, seed: 'verdicts', settings: { limit: 24 } })).table.network.peers[0]!.replay();
  cheat = (await playIllegalPortal(3, 'verdicts-cheat', 0)).table.network.honest[0]!.replay();
}, 60_000);

describe('verdicts', () => {
  it('each verdict has its own exit status', () => {
    expect(VERDICTS).toEqual(['valid', 'minority', 'incomplete', 'cheat', 'invalid']);
    expect(new Set(Object.values(VERDICT_EXIT)).size).toBe(VERDICTS.length);
    expect(VERDICT_EXIT.valid).toBe(0);
    expect(VERDICT_EXIT.invalid).toBe(1);
    expect(Object.values(VERDICT_EXIT)).not.toContain(2); // bad usage
  });

  it('valid: a complete match signed by every seat (exit 0)', async () => {
    const v = await verifyReplay(complete);
    expect(verdictOf(v)).toBe('valid');
    expect(v.valid && v.summary).toMatchObject({ verdict: 'valid', minority: [], ending: { kind: 'finished', finals: [0, 1], unsigned: [] } });
    const cli = verifyCli(write('complete.json', complete), '--json');
    expect(cli.status).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ verdict: 'valid', exit: 0, valid: true, summary: { verdict: 'valid' } });
  });

  it('minority: a complete match with an absence settled without a strict majority (exit 3)', () => {
    const absent = { seq: 9, seats: [1], item: 'link' as const };
    const ending = (minority: boolean): Ending => ({
      kind: 'finished',
      end: { kind: 'over' },
      finals: [0, 2],
      unsigned: [],
      absences: [{ seq: 4, seats: [2], item: 'action', minority: false }, { ...absent, minority }],
    });
    expect(verdictOfEnding(ending(true))).toBe('minority');
    expect(verdictOfEnding(ending(false))).toBe('valid');
    expect(describeEnding(ending(true), 0)).toMatch(/rests on a minority's word: Player 2 absent at position 9 without a majority/);
    expect(describeEnding(ending(false), 0)).not.toMatch(/minority/);
    // Incomplete wins: a minority's word does not complete a log.
    expect(verdictOfEnding({ ...ending(true), unsigned: [0] } as Ending)).toBe('incomplete');
    expect(VERDICT_EXIT.minority).toBe(3);
  });

  it('incomplete: a log that stops before the close (exit 4)', async () => {
    const cut: Replay = { ...complete, log: complete.log.slice(0, 10), finals: [] };
    const v = await verifyReplay(cut);
    expect(v.valid).toBe(true);
    expect(verdictOf(v)).toBe('incomplete');
    expect(v.valid && v.summary.ending.kind).toBe('incomplete');
    const cli = verifyCli(write('cut.json', cut));
    expect(cli.status).toBe(4);
    expect(cli.stdout).toMatch(/^incomplete\n/);
    expect(cli.stdout).toMatch(/ended: the log stops before the game ended/);
  });

  it('incomplete: a closed log that a seat still in the game did not sign (exit 4)', async () => {
    const unsigned: Replay = { ...complete, finals: complete.finals.slice(0, 1) };
    const v = await verifyReplay(unsigned);
    expect(v.valid).toBe(true);
    expect(verdictOf(v)).toBe('incomplete');
    expect(v.valid && v.summary.ending).toMatchObject({ kind: 'finished', finals: [0], unsigned: [1] });
    const cli = verifyCli(write('unsigned.json', unsigned), '--json');
    expect(cli.status).toBe(4);
    expect(JSON.parse(cli.stdout)).toMatchObject({ verdict: 'incomplete', exit: 4, summary: { ended: expect.stringMatching(/not by Player 2, still in the game: incomplete/) } });
  });

  it('cheat: a violation signed by a seat, proven by the evidence (exit 5)', async () => {
    const v = await verifyReplay(cheat);
    expect(verdictOf(v)).toBe('cheat');
    expect(v.valid && v.summary.ending).toMatchObject({ kind: 'cheat', seat: 0, code: 'IllegalAction' });
    const cli = verifyCli(write('cheat.json', cheat));
    expect(cli.status).toBe(5);
    expect(cli.stdout).toMatch(/^cheat\n/);
    expect(cli.stdout).toMatch(/ended: Player 1 cheated at position \d+: IllegalAction/);
  });

  it('the verifier reports its progress through the log (the replay page shows it)', async () => {
    const seen: [number, number][] = [];
    const v = await verifyReplay(complete, { onProgress: (done, total) => seen.push([done, total]) });
    expect(v.valid).toBe(true);
    expect(seen.at(-1)).toEqual([complete.log.length, complete.log.length]);
  });

  it('invalid: the first violation named (exit 1)', async () => {
    const bad: Replay = { ...complete, log: complete.log.map((el, i) => (i === 3 ? [{ ...el[0]!, sig: el[0]!.sig.replace(/^./, (c) => (c === '0' ? '1' : '0')) }, ...el.slice(1)] : el)) };
    const v = await verifyReplay(bad);
    expect(verdictOf(v)).toBe('invalid');
    const cli = verifyCli(write('bad.json', bad), '--json');
    expect(cli.status).toBe(1);
    expect(JSON.parse(cli.stdout)).toMatchObject({ verdict: 'invalid', exit: 1, valid: false, failure: { element: 3, code: 'BadSignature' } });
  });
});
