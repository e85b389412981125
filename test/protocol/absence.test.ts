import { describe, expect, it } from 'vitest';
import { type Seat } from '../../engine/index.js';
import { expectation, makeMessage, type Network, setTable, verifyReplay } from '../../engine/protocol/index.js';
import { honestAgents, read, setupFor, SHORT } from './harness.js';

/**
 * Absent players (G7, ruling 9) under timing races: claims bind their signer, and an echo from a
 * seat that applied the late entry without claiming lets the claimers take it. Honest peers never
 * settle one place two ways.
 */
describe('absence claims and late entries', () => {
  it('an action that reaches one peer in time and the others too late settles the same everywhere', async () => {
    const T: Seat = 1; // slow
    const A: Seat = 2; // gets the action in time
    const late: Seat[] = [0, 3];
    const held: { from: Seat; to: Seat; text: string }[] = [];
    let target: number | undefined;
    let releasing = false;
    const holdFor = (from: Seat) => (text: string, to: Seat, net: Network): string[] => {
      if (releasing || !late.includes(to)) return [text];
      const m = read(text, net);
      if (from === T && target === undefined && m?.t === 'entry' && m.entry.entry.body.type === 'action' && m.entry.entry.seq > 8) target = m.entry.entry.seq;
      const concerned = m && ((m.t === 'entry' && m.entry.entry.seq >= target!) || (m.t === 'echo' && m.echo.seq >= target!));
      if (target === undefined || !concerned) return [text];
      held.push({ from, to, text });
      return [];
    };
    const table = await setTable(setupFor(4), 'race', honestAgents(4, 'race'), {
      settings: SHORT,
      tamper: { [T]: holdFor(T), [A]: holdFor(A) },
      onIdle: (net) => {
        // Once both late peers have claimed, the held messages arrive.
        if (held.length === 0 || !late.every((s) => (net.peers[s] as unknown as { claimedAt: Map<string, unknown> }).claimedAt.size > 0)) return;
        releasing = true;
        for (const h of held.splice(0)) net.inject(h.from, h.to, h.text);
      },
    });
    for (const p of table.network.peers) await p.start();
    expect(await table.network.run()).toBe('done');
    expect(target).toBeDefined();
    const peers = table.network.peers;
    for (const p of peers) expect(p.outcome.kind).toBe('finished');
    expect(new Set(peers.map((p) => p.head)).size).toBe(1);
    // The late peers had claimed T absent, then took its action on A's evidence: T was not absent there.
    for (const s of late) expect(peers[s]!.incidents.some((i) => i.code === 'Superseded' && i.seat === T && i.seq === target)).toBe(true);
    const o = peers[0]!.outcome;
    expect(o.kind === 'finished' && o.absences.every((a) => a.seq !== target)).toBe(true);
    expect((await verifyReplay(peers[0]!.replay())).valid).toBe(true);
  });

  it('two seats that stop answering at once are both settled, and the game goes on', async () => {
    const gone: Seat[] = [1, 2];
    let cut: number | undefined;
    const silence = (text: string, _to: Seat, net: Network): string[] => {
      const seq = net.peers[0]!.chain.seq;
      if (cut === undefined && seq > 12 && expectation(net.peers[0]!.chain).kind === 'main') cut = seq;
      void read;
      return cut !== undefined ? [] : [text];
    };
    const table = await setTable(setupFor(4), 'two-gone', honestAgents(4, 'two-gone'), {
      settings: SHORT,
      cheaters: gone,
      tamper: { 1: silence, 2: silence },
    });
    for (const p of table.network.peers) await p.start();
    expect(await table.network.run()).toBe('done');
    const honest = table.network.honest;
    for (const p of honest) expect(p.outcome.kind).toBe('finished');
    expect(new Set(honest.map((p) => p.head)).size).toBe(1);
    const o = honest[0]!.outcome;
    expect(o.kind === 'finished' && o.absences.some((a) => a.seats.includes(1) && a.seats.includes(2))).toBe(true);
    const v = await verifyReplay(honest[0]!.replay());
    expect(v.valid).toBe(true);
    void makeMessage;
  });
});
