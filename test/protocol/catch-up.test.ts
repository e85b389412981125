import { describe, expect, it } from 'vitest';
import { awaiting } from '../../engine/index.js';
import { FUTURE_WINDOW, makeMessage, parseMessage, verifyReplay } from '../../engine/protocol/index.js';
import { setTable } from '../../engine/protocol/sim/index.js';
import { honestAgents, setupFor } from './harness.js';

/**
 * Issue 9, item 5: a peer any number of positions behind (a refreshed page knows only the genesis
 * and its secrets) fetches what it missed from the others, checks every entry as it would any
 * other, and plays on. A lying responder cannot make it accept anything.
 */
describe('catch-up', () => {
  it(`a peer refreshed more than ${FUTURE_WINDOW} positions into the game catches up and plays on`, async () => {
    const R = 2;
    const name = 'catch-up';
    const table = await setTable(setupFor(3), name, honestAgents(3, name), { settings: { limit: 420, timer: 10 } });
    for (const p of table.network.peers) await p.start();
    // Far into the game, at a moment where the seat to refresh is not awaited.
    const stop = (s: Parameters<typeof awaiting>[0]) => {
      const who = awaiting(s);
      return s.seq > 300 && who.kind === 'seat' && who.seat !== R;
    };
    expect(await table.network.run(stop)).toBe('stopped');
    const far = table.network.peers[0]!.chain.seq;
    expect(far).toBeGreaterThan(FUTURE_WINDOW);
    const fresh = table.respawn(R);
    expect(fresh.chain.seq).toBe(0);
    await fresh.start();
    expect(await table.network.run()).toBe('done');
    const peers = table.network.peers;
    for (const p of peers) expect(p.outcome.kind).toBe('finished');
    expect(new Set(peers.map((p) => p.head)).size).toBe(1);
    expect(fresh.chain.seq).toBeGreaterThan(far);
    // It played on after catching up: its final signature is in, and nobody was declared absent for long.
    const o = fresh.outcome;
    expect(o.kind === 'finished' && o.finals).toEqual([0, 1, 2]);
    expect(fresh.incidents.filter((i) => i.code === 'Equivocation')).toEqual([]);
    expect((await verifyReplay(fresh.replay())).valid).toBe(true);
  });

  it('answers are checked like any entry: a forged history changes nothing', async () => {
    const name = 'catch-up-lie';
    const table = await setTable(setupFor(3), name, honestAgents(3, name), { settings: { limit: 60, timer: 10 } });
    for (const p of table.network.peers) await p.start();
    expect(await table.network.run((s) => s.seq > 20 && awaiting(s).kind === 'seat' && (awaiting(s) as { seat: number }).seat !== 2)).toBe('stopped');
    const honest = table.network.peers[0]!;
    const real = honest.replay().log;
    // Seat 1's element texts with the signatures of another element: nothing verifies.
    const forged = real.map((el, i) => el.map((e, j) => ({ text: e.text, sig: (real[(i + 1) % real.length]![j] ?? real[0]![0]!).sig })));
    const fresh = table.respawn(2);
    await fresh.receive(makeMessage({ t: 'history', from: 0, elements: forged }), 1);
    expect(fresh.chain.seq).toBe(0);
    expect(fresh.incidents.some((i) => i.code === 'BadSignature')).toBe(true);
    // A well-formed request and answer round-trip through the codec.
    const fetch = parseMessage(makeMessage({ t: 'fetch', from: 3, count: 64 }), 65536);
    expect(fetch.ok && fetch.value).toEqual({ t: 'fetch', from: 3, count: 64 });
    expect(parseMessage(makeMessage({ t: 'fetch', from: 3, count: 65 }), 65536).ok).toBe(false);
    // The real history applies.
    await fresh.receive(makeMessage({ t: 'history', from: 0, elements: real }), 1);
    expect(fresh.chain.seq).toBeGreaterThanOrEqual(real.length);
    expect(await table.network.run()).toBe('done');
    expect(new Set(table.network.peers.map((p) => p.head)).size).toBe(1);
  });
});
