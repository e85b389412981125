import './support/node-webrtc.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMessage } from '../../engine/protocol/index.js';
import { parseEchoText } from '../../engine/protocol/codec/echo.js';
import { signEchoSync } from '../../engine/protocol/crypto/signing.js';
import { withFaults, type FaultyTransport } from '../../src/net/faults.js';
import type { NetGameEvent } from '../../src/net/game.js';
import type { Transport } from '../../src/net/transport.js';
import { type NetServers, skipNet, startNetServers } from './support/servers.js';
import { botGenesis, finalHash, seatNode, seatTable, type Seated, verifyWithScript } from './support/table.js';
import { waitFor } from './support/wait.js';

/** The real network misbehaves: faults, lost servers, lost peers, bad input, a peer that diverges. */
describe.skipIf(skipNet)('games over the mesh when things go wrong', () => {
  let servers: NetServers;
  let table: Seated[] = [];
  beforeAll(async () => {
    servers = await startNetServers();
  });
  afterAll(async () => {
    for (const s of table) s.game.dispose();
    await servers?.close();
  });
  const done = (): void => {
    for (const s of table) s.game.dispose();
    table = [];
  };
  const of = <K extends NetGameEvent['kind']>(s: Seated, kind: K) => s.events.filter((e): e is Extract<NetGameEvent, { kind: K }> => e.kind === kind);

  let cleanHash = '';
  it('a clean game of 4, for reference', async () => {
    const g = await botGenesis(4, 'faults', { timer: null, days: 1 });
    table = seatTable(g, { server: servers.peer, ice: servers.ice, seed: 'faults' });
    await Promise.all(table.map((s) => s.game.ended));
    cleanHash = finalHash(table[0]!);
    done();
  });

  it('messages delayed, duplicated and reordered still give one log on every peer, the same as without faults', async () => {
    const g = await botGenesis(4, 'faults', { timer: null, days: 1 });
    const faulty: FaultyTransport[] = [];
    const wrap = (t: Transport, seat: number): Transport => {
      const f = withFaults(t, { seed: `f${seat}`, delayMs: [0, 25], duplicate: 0.2, reorder: 0.2 });
      faulty.push(f);
      return f;
    };
    table = seatTable(g, { server: servers.peer, ice: servers.ice, seed: 'faults', wrap });
    const ends = await Promise.all(table.map((s) => s.game.ended));
    expect(ends.map((v) => v.outcome.kind)).toEqual(['finished', 'finished', 'finished', 'finished']);
    expect(new Set(table.map((s) => JSON.stringify(s.game.replay().log))).size).toBe(1);
    expect(finalHash(table[0]!)).toBe(cleanHash);
    // The faults really happened.
    const total = faulty.reduce((a, f) => ({ d: a.d + f.stats.duplicated, r: a.r + f.stats.reordered, l: a.l + f.stats.delayed }), { d: 0, r: 0, l: 0 });
    expect(total.d).toBeGreaterThan(50);
    expect(total.r).toBeGreaterThan(50);
    expect(total.l).toBeGreaterThan(500);
    expect((await verifyWithScript(table[0]!.game.replay())).code).toBe(0);
    done();
  });

  it('the signaling server stopped mid-game: the game completes over the open channels', async () => {
    const g = await botGenesis(4, 'nosignal', { timer: null, days: 1 });
    table = seatTable(g, { server: servers.peer, ice: servers.ice, seed: 'nosignal' });
    await waitFor('the game under way', () => table[0]!.game.view().seq > 30);
    await servers.stopSignaling();
    expect(table.map((s) => s.game.view().outcome.kind)).toEqual(['playing', 'playing', 'playing', 'playing']);
    const ends = await Promise.all(table.map((s) => s.game.ended));
    expect(ends.map((v) => v.outcome.kind)).toEqual(['finished', 'finished', 'finished', 'finished']);
    expect(new Set(table.map(finalHash)).size).toBe(1);
    done();
    servers = await startNetServers().then(async (fresh) => {
      await servers.close();
      return fresh;
    });
  });

  it('a peer that never comes back ends absent, and the game completes', async () => {
    const g = await botGenesis(3, 'absent', { timer: 3, days: 1 });
    table = seatTable(g, { server: servers.peer, ice: servers.ice, seed: 'absent', tickMs: 150 });
    await waitFor('the game under way', () => table[0]!.game.view().seq > 20);
    const gone = table.pop()!;
    gone.game.dispose(); // the tab is closed for good
    const ends = await Promise.all(table.map((s) => s.game.ended));
    for (const v of ends) {
      expect(v.outcome.kind).toBe('finished');
      if (v.outcome.kind === 'finished') expect(v.outcome.absences.map((a) => a.seats).flat()).toContain(2);
    }
    expect(new Set(table.map(finalHash)).size).toBe(1);
    await waitFor('seat 2 shown away', () => table.every((s) => s.game.view().peers[2] === 'away'), 15_000);
    const verified = await verifyWithScript(table[0]!.game.replay());
    expect(verified.out).toMatch(/^valid/);
    done();
  });

  it('a peer killed mid-game and restarted from its stored log rejoins, nothing lost or applied twice, and the game completes', async () => {
    const g = await botGenesis(3, 'restart', { timer: 40, days: 1 });
    const options = { server: servers.peer, ice: servers.ice, seed: 'restart', tickMs: 150 };
    table = seatTable(g, options);
    await waitFor('the game under way', () => table[0]!.game.view().seq > 25);
    // The page of seat 2 dies: what it had stored (its checked log) is all that is left of it.
    const dead = table.pop()!;
    const stored = dead.game.elements(0).map((el) => [...el]);
    dead.game.dispose();
    await new Promise((r) => setTimeout(r, 1000));
    const back = seatNode(g, options, 2, stored);
    table.push(back);
    const ends = await Promise.all(table.map((s) => s.game.ended));
    for (const v of ends) {
      expect(v.outcome.kind).toBe('finished');
      if (v.outcome.kind === 'finished') expect(v.outcome.absences).toEqual([]);
    }
    expect(new Set(table.map(finalHash)).size).toBe(1);
    // One log everywhere, and the restarted page holds every element once.
    expect(new Set(table.map((s) => JSON.stringify(s.game.replay().log))).size).toBe(1);
    expect(back.game.replay().log.length).toBe(table[0]!.game.replay().log.length);
    expect(back.game.view().seq).toBeGreaterThan(stored.length);
    expect(of(back, 'verdict')).toEqual([]);
    expect((await verifyWithScript(back.game.replay())).code).toBe(0);
    done();
  });

  it('an oversized or malformed message is dropped and reported, and nothing else changes', async () => {
    const g = await botGenesis(4, 'faults', { timer: null, days: 1 });
    table = seatTable(g, { server: servers.peer, ice: servers.ice, seed: 'faults' });
    const max = g.genesis.genesis.settings.maxMessageBytes;
    // Seat 0's page goes hostile for two messages, through its real channel to seat 1.
    await waitFor('the game under way', () => table[0]!.game.view().seq > 15);
    table[0]!.transport.send('x'.repeat(max + 1), 1);
    table[0]!.transport.send('{"t":"nonsense"}', 1);
    const ends = await Promise.all(table.map((s) => s.game.ended));
    expect(ends.map((v) => v.outcome.kind)).toEqual(['finished', 'finished', 'finished', 'finished']);
    expect(of(table[1]!, 'dropped').map((e) => e.report.kind)).toEqual(['oversized']);
    expect(of(table[1]!, 'incident').map((e) => e.violation.code)).toContain('Malformed');
    expect(finalHash(table[1]!)).toBe(cleanHash);
    expect(new Set(table.map(finalHash)).size).toBe(1);
    done();
  });

  it('a divergence stops the game and names the element and the peers involved', async () => {
    const g = await botGenesis(3, 'diverge', { timer: null, days: 1 });
    // Seat 2 reports, signed, a state other than the one it holds from element 12 on.
    const keys = g.secrets[2]!.keys;
    const wrap = (t: Transport, seat: number): Transport =>
      seat !== 2
        ? t
        : {
            ...t,
            send(text, to) {
              const m = JSON.parse(text) as { t: string; echo?: string; entries?: unknown[] };
              const echo = m.t === 'echo' && m.echo ? parseEchoText(m.echo) : null;
              if (!echo?.ok || echo.value.seq < 12) return t.send(text, to);
              const lie = { ...echo.value, state: echo.value.state.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
              const signed = signEchoSync(keys, lie);
              t.send(makeMessage({ t: 'echo', echo: signed, entries: (m.entries as { entry: string; sig: string }[]).map((e) => ({ text: e.entry, sig: e.sig })) }), to);
            },
          };
    table = seatTable(g, { server: servers.peer, ice: servers.ice, seed: 'diverge', wrap });
    const ends = await Promise.all(table.slice(0, 2).map((s) => s.game.ended));
    for (const [seat, v] of ends.entries()) {
      expect(v.outcome).toMatchObject({ kind: 'cheat', code: 'Diverged', seat: 2, seq: 12 });
      const desync = of(table[seat]!, 'desync');
      expect(desync).toHaveLength(1);
      expect(desync[0]).toMatchObject({ seq: 12, seats: [seat, 2] });
      expect(desync[0]!.entries.length).toBeGreaterThan(0);
      // The game stopped there: nothing after the element that diverged.
      expect(v.seq).toBeLessThanOrEqual(14);
    }
    done();
  });
});

