import { beforeAll, describe, expect, it } from 'vitest';
import { stateHash } from '../../engine/index.js';
import { type Follower, parseGenesisText, type Replay, type SignedEntry, startFollower, verifyReplay } from '../../engine/protocol/index.js';
import { FOLLOW_WINDOW } from '../../engine/protocol/verify/follow.js';
import { play, signAt } from './harness.js';
import type { Table } from '../../engine/protocol/sim/index.js';

/**
 * The spectator's follower (engine/protocol/verify/follow.ts): the verifier one element at a time.
 * It ends where the players end, with a replay the verifier calls valid; whatever is wrong is
 * refused and changes nothing.
 */

let replay: Replay;
let table: Table;
let finalHash: string;

beforeAll(async () => {
  const played = await play({ players: 3, seed: 'follow', settings: { limit: 60 } });
  expect(played.run).toBe('done');
  table = played.table;
  const witness = table.network.honest[0]!;
  replay = witness.replay();
  finalHash = stateHash(witness.state);
  expect(replay.finals).toHaveLength(3);
});

async function follower(signatures: readonly string[] = replay.genesisSignatures): Promise<Follower> {
  const g = parseGenesisText(replay.genesis);
  if (!g.ok) throw new Error(g.error.message);
  const f = await startFollower(g.value, signatures, table.scheme);
  if (!f.ok) throw new Error(f.error.message);
  return f.value;
}

/** Everything a follower shows, to compare before and after a refusal. */
const snapshot = (f: Follower) => ({ view: f.view(), log: f.elements(0).length, inputs: f.inputs().length, hash: stateHash(f.view().state) });

describe('a spectator follows the public log', () => {
  it('follows a whole game element by element, ending with the same state and a replay the verifier calls valid', async () => {
    const f = await follower();
    const seen: number[] = [];
    f.subscribe((v) => seen.push(v.seq));
    for (const [seq, el] of replay.log.entries()) expect(await f.accept(seq, el)).toEqual({ ok: true, value: { kind: 'applied', applied: 1 } });
    expect(f.view()).toMatchObject({ seq: replay.log.length, closed: true, complete: false, finals: [] });
    expect(await f.acceptFinals(replay.finals.slice(0, 1))).toEqual({ ok: true, value: [0] });
    expect(await f.acceptFinals(replay.finals)).toEqual({ ok: true, value: [0, 1, 2] });
    expect(f.view().complete).toBe(true);
    expect(stateHash(f.view().state)).toBe(finalHash);
    expect(seen).toEqual([...replay.log.keys()].map((i) => i + 1).concat([replay.log.length, replay.log.length]));
    expect(f.inputs().length).toBeGreaterThan(0);
    const mine = f.replay();
    expect(mine).toEqual(replay);
    const verified = await verifyReplay(mine);
    expect(verified).toMatchObject({ valid: true, summary: { verdict: 'valid', finalState: finalHash } });
  });

  it('joins late: takes a long history in one go, and elements that arrive early wait their turn', async () => {
    const f = await follower();
    const late = Math.floor(replay.log.length * 0.7);
    expect(await f.acceptMany(0, replay.log.slice(0, late))).toEqual({ ok: true, value: late });
    // Two elements ahead arrive before the one between: they wait, then apply with it.
    expect(await f.accept(late + 2, replay.log[late + 2]!)).toEqual({ ok: true, value: { kind: 'waiting' } });
    expect(await f.accept(late + 1, replay.log[late + 1]!)).toEqual({ ok: true, value: { kind: 'waiting' } });
    expect(f.view().seq).toBe(late);
    expect(await f.accept(late, replay.log[late]!)).toEqual({ ok: true, value: { kind: 'applied', applied: 3 } });
    // An answer that overlaps what it holds: the known part is skipped.
    expect(await f.acceptMany(late - 5, replay.log.slice(late - 5))).toEqual({ ok: true, value: replay.log.length - late - 3 });
    expect(await f.acceptFinals(replay.finals)).toMatchObject({ ok: true });
    expect(stateHash(f.view().state)).toBe(finalHash);
    expect(f.view().complete).toBe(true);
  });

  it('drops elements beyond its window instead of keeping them', async () => {
    const f = await follower();
    expect(await f.accept(FOLLOW_WINDOW + 1, replay.log[1]!)).toEqual({ ok: true, value: { kind: 'dropped' } });
    expect(f.view().seq).toBe(0);
  });

  it('refuses a tampered, unsigned, misplaced or forked element, and a wrong final signature, changing nothing', async () => {
    const f = await follower();
    const at = 10;
    expect(await f.acceptMany(0, replay.log.slice(0, at))).toEqual({ ok: true, value: at });
    const before = snapshot(f);
    const el = replay.log[at]!;
    const rest = el.slice(1);
    const flip = (hex: string) => hex.slice(0, 70) + (hex[70] === '0' ? '1' : '0') + hex.slice(71); // a low byte of S: still a well-formed signature
    const cases: [string, readonly SignedEntry[], string][] = [
      ['a signature changed', [{ ...el[0]!, sig: flip(el[0]!.sig) }, ...rest], 'BadSignature'],
      ['the text changed under its signature', [{ ...el[0]!, text: el[0]!.text.replace('"v":1', '"v":1 ') }, ...rest], 'Malformed'],
      ['no signature', [{ text: el[0]!.text, sig: '' }, ...rest], 'Malformed'],
      ['an element for another position', replay.log[at + 1]!, 'Stale'],
      ['no entries', [], 'Malformed'],
    ];
    for (const [what, bad, code] of cases) {
      const r = await f.accept(at, bad);
      expect(r.ok, what).toBe(false);
      if (!r.ok) expect(r.error.violation.code, what).toBe(code);
      expect(snapshot(f), what).toEqual(before);
    }
    // Signed by the awaited seat's key but not the next link of the chain (another history).
    const seat = JSON.parse(el[0]!.text).seat as number;
    const witness = table.network.honest[0]!;
    const forkedChain = { ...witness.chain, seq: at, head: '00'.repeat(32) };
    const forked = signAt(table, seat, forkedChain as never, JSON.parse(el[0]!.text).body);
    const r = await f.accept(at, [{ text: forked.text, sig: forked.sig }, ...rest]);
    expect(r).toMatchObject({ ok: false, error: { violation: { code: 'WrongPrev' } } });
    expect(snapshot(f)).toEqual(before);
    // Another element for a position already settled.
    expect(await f.accept(at - 1, replay.log[at - 2]!)).toMatchObject({ ok: false, error: { violation: { code: 'Stale' } } });
    expect(await f.accept(at - 1, replay.log[at - 1]!)).toEqual({ ok: true, value: { kind: 'known' } });
    // Final signatures before the close, then a final signature changed.
    expect(await f.acceptFinals(replay.finals)).toMatchObject({ ok: false, error: { violation: { code: 'WrongItem' } } });
    expect(await f.acceptMany(at, replay.log.slice(at))).toMatchObject({ ok: true });
    const closed = snapshot(f);
    expect(await f.acceptFinals([{ ...replay.finals[1]!, sig: flip(replay.finals[1]!.sig) }])).toMatchObject({ ok: false, error: { violation: { code: 'BadSignature' } } });
    expect(snapshot(f)).toEqual(closed);
    expect(await f.acceptFinals([replay.finals[1]!, replay.finals[1]!])).toMatchObject({ ok: false });
    expect(snapshot(f)).toEqual(closed);
  });

  it('will not start from a genesis some seat did not sign', async () => {
    const g = parseGenesisText(replay.genesis);
    if (!g.ok) throw new Error(g.error.message);
    const signatures = [...replay.genesisSignatures];
    signatures[2] = signatures[1]!;
    expect((await startFollower(g.value, signatures, table.scheme)).ok).toBe(false);
  });
});
