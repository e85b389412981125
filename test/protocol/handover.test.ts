import { describe, expect, it } from 'vitest';
import { makeMessage, parseMessage } from '../../engine/protocol/index.js';
import { setTable } from '../../engine/protocol/sim/index.js';
import { setupFor } from './harness.js';

/**
 * Issue 28, item 1: a seat's page hands its seat to another (a refresh, another tab that takes
 * the seat over). What the old page signed and the log does not hold yet (a claim, above all)
 * goes with its log: the new page is bound by it as if it had signed it itself, so it never signs
 * a second, different entry for that place.
 */
describe('a seat handed over to a new page', () => {
  it('is bound by the claims its former page signed: the same rounds at the same place, none signed again', async () => {
    const name = 'handover-claim';
    // Seats 0 and 2 are silent (nothing they send arrives): seat 1 claims seat 0 absent at the
    // first place, and the place never settles (seat 2 signs nothing).
    const silent = () => [];
    const table = await setTable(setupFor(3), name, [undefined, undefined, undefined], { settings: { limit: 40, timer: 10 }, tamper: { 0: silent, 2: silent } });
    const peers = table.network.peers;
    for (const p of peers) await p.start();
    const place = () => `${peers[1]!.chain.seq}|${peers[1]!.chain.head}`;
    await table.network.run(() => (peers[1]!.claimedAt.get(place())?.length ?? 0) > 0, 10_000);
    const old = peers[1]!;
    const bound = old.claimedAt.get(place());
    expect(bound?.length).toBe(1);
    const unlogged = old.unlogged();
    expect(unlogged.map((e) => parseMessage(makeMessage({ t: 'entry', entry: e }), 1 << 20, 3).ok)).toEqual([true]);
    const log = old.replay().log;

    const sent: string[] = [];
    const fresh = table.respawn(1);
    for (const entries of log) await fresh.receive(makeMessage({ t: 'relay', entries }));
    await fresh.receive(makeMessage({ t: 'relay', entries: unlogged }));
    expect(fresh.claimedAt.get(place())).toEqual(bound);
    // Its own timer runs out at that place too: it signs no other round-0 claim there.
    const at = place();
    for (let t = 1; t <= 12; t++) await fresh.tick(table.network.now + t);
    for (const p of fresh.peerState.pool.bySeq.values()) for (const list of p.values()) for (const q of list) if (q.entry.seat === 1 && `${q.entry.seq}|${q.entry.prev}` === at) sent.push(q.text);
    const round0 = sent.filter((t) => t.includes('"absent"') && !t.includes('"round"'));
    expect(round0).toEqual([unlogged[0]!.text]);
    expect(fresh.outcome.kind).toBe('playing');
  });
});
