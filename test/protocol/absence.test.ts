import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Seat,
} from '../../engine/index.js';
import { makeMessage, verifyReplay } from '../../engine/protocol/index.js';
import { type Chain, expectation, slotOf } from '../../engine/protocol/log/chain.js';
import type { ParsedEntry } from '../../engine/protocol/codec/entry.js';
import { roundCanSettle } from '../../engine/protocol/log/assemble.js';
import { type Network, setTable } from '../../engine/protocol/sim/index.js';
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
      // Held back: whatever would bring T's action to the late peers (catch-up answers too).
      const concerned = m && ((m.t === 'entry' && m.entry.entry.seq >= target!) || (m.t === 'echo' && m.echo.seq >= target!) || (m.t === 'history' && m.elements.flat().some((e) => e.entry.seq >= target!)));
      if (target === undefined || !concerned) return [text];
      held.push({ from, to, text });
      return [];
    };
    // Five seats: while the two late peers are held back, the next place times out for the other
    // three, a strict majority, whose claims the late peers then follow (at four, two against two
    // is no majority: each half would settle its own version, marked as resting on a minority).
    const table = await setTable(setupFor(5), 'race', honestAgents(5, 'race'), {
      settings: SHORT,
      tamper: { [T]: holdFor(T), [A]: holdFor(A), 4: holdFor(4) },
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

  it('honest peers that claimed different sets (one heard a seat the other did not) settle in a later round', async () => {
    const W: Seat = 0; // stops answering at its turn
    const B: Seat = 3; // its messages to Y are delayed
    const Y: Seat = 2;
    let target: number | undefined;
    let releasing = false;
    const held: { from: Seat; to: Seat; text: string }[] = [];
    // The first action position after 12 that awaits W: W never writes it, nor anything after.
    const awaitsW = (net: Network, s: Seat) => {
      const c = net.peers[s]!.chain;
      const x = expectation(c);
      return c.seq > 12 && x.kind === 'main' && x.seat === W;
    };
    const silentW = (text: string, _to: Seat, net: Network): string[] => {
      if (target === undefined && awaitsW(net, W)) target = net.peers[W]!.chain.seq;
      return target !== undefined && net.peers[W]!.chain.seq >= target ? [] : [text];
    };
    // From the moment B reaches that position, B's messages to Y wait: Y has not heard from B
    // since the last element and claims B absent too; the others claim W alone.
    const slowToY = (text: string, to: Seat, net: Network): string[] => {
      if (target === undefined && awaitsW(net, B)) target = net.peers[B]!.chain.seq;
      if (releasing || to !== Y || target === undefined) return [text];
      held.push({ from: B, to, text });
      return [];
    };
    const claims = (net: Network, s: Seat) => (net.peers[s] as unknown as { claimedAt: Map<string, unknown[]> }).claimedAt;
    const table = await setTable(setupFor(4), 'rounds', honestAgents(4, 'rounds'), {
      settings: SHORT,
      cheaters: [W],
      tamper: { [W]: silentW, [B]: slowToY },
      onIdle: (net) => {
        // Once X, Y and B have all claimed (different sets), B's held messages reach Y.
        if (held.length === 0 || ![1, 2, 3].every((s) => claims(net, s).size > 0)) return;
        releasing = true;
        for (const h of held.splice(0)) net.inject(h.from, h.to, h.text);
      },
    });
    for (const p of table.network.peers) await p.start();
    expect(await table.network.run()).toBe('done');
    expect(target).toBeDefined();
    const honest = table.network.honest;
    expect(new Set(honest.map((p) => p.head)).size).toBe(1);
    for (const p of honest) expect(p.outcome.kind).toBe('finished');
    // Round 0 could not settle ({0} from seats 1 and 3, {0, 3} from seat 2); round 1 did, naming W alone.
    const replay = honest[0]!.replay();
    const element = replay.log[target!]!;
    expect(element.every((e) => e.text.includes('"round":1') && e.text.includes('"seats":[0]'))).toBe(true);
    expect(element.map((e) => JSON.parse(e.text).seat)).toEqual([1, 2, 3]);
    // Every honest seat claimed twice at that place: round 0, then round 1.
    for (const s of [1, 2, 3]) expect([...claims(table.network, s).values()].some((rounds) => rounds.length === 2)).toBe(true);
    const v = await verifyReplay(replay);
    expect(v.valid).toBe(true);
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

describe('whether a round of claims can still settle', () => {
  const claim = (seat: Seat, seats: Seat[], round = 0): ParsedEntry =>
    ({ text: '', sig: '', id: `${seat}`, entry: { v: 1, game: '', seq: 0, seat, prev: '', body: round ? { type: 'absent', seats, round } : { type: 'absent', seats } } }) as ParsedEntry;
  let chain: Chain;
  beforeAll(async () => {
    // A chain of 4 seats where seat 0's action is awaited.
    const played = await setTable(setupFor(4), 'settle', honestAgents(4, 'settle'), { settings: SHORT });
    chain = played.network.peers[0]!.chain;
    expect(expectation(chain)).toEqual({ kind: 'main', seat: 0 });
  });

  it.each([
    ['nothing held', [], true],
    ['one claim', [claim(1, [0])], true],
    ['all agree', [claim(1, [0]), claim(2, [0]), claim(3, [0])], true],
    ['a silent seat named by all who named it', [claim(1, [0, 3]), claim(2, [0, 3])], true],
    ['the silent seat claims too: it can still be declared absent', [claim(1, [0, 3]), claim(2, [0, 3]), claim(3, [0])], true],
    ['two sets, each refused by a signer outside it', [claim(1, [0]), claim(2, [0, 3]), claim(3, [0])], false],
    ['two sets from two signers, the third not heard yet', [claim(1, [0]), claim(2, [0, 3])], true],
  ] as const)('%s', (_, claims, can) => {
    expect(roundCanSettle(chain, claims)).toBe(can);
  });

  it('one seat signs one claim per round at a place: two in one round are an equivocation, in two rounds they are not', () => {
    const slot = (p: ParsedEntry) => slotOf(p.entry);
    expect(slot(claim(1, [0]))).toBe(slot(claim(1, [0, 3])));
    expect(slot(claim(1, [0]))).not.toBe(slot(claim(1, [0], 1)));
    expect(slot(claim(1, [0], 1))).not.toBe(slot(claim(1, [0], 2)));
  });
});
