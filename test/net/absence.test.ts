import './support/node-webrtc.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/index.js';
import { type Absence, verdictOf, verifyReplay } from '../../engine/protocol/index.js';
import { expectation } from '../../engine/protocol/log/chain.js';
import { inspectSession } from '../../engine/protocol/peer/session.js';
import type { Transport } from '../../src/net/transport.js';
import { type NetServers, skipNet, startNetServers } from './support/servers.js';
import { botGenesis, seatMesh, seatTable, type Seated, type TableOptions } from './support/table.js';
import { type Pluggable, pluggable } from './support/unplug.js';
import { waitFor, within } from './support/wait.js';

/**
 * Issue 19, items 3 and 4, over real WebRTC (a PeerJS server, data channels through the TURN
 * relay): an absent player costs the table one timer, not one per decision; seats cut off from
 * the table and back end on the table's log or say why not, and no page waits forever.
 */
describe.skipIf(skipNet)('absent seats over the mesh', () => {
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
  /** Every page's end, within a bound: a page that waits forever fails the test. */
  const ends = (timeoutMs: number) => within('the end on every page', Promise.all(table.map((s) => s.game.ended)), timeoutMs);

  it('an idle seat is settled once a day after its first absence: its later decisions at once, and it forfeits after three absent days', async () => {
    // A timer of two seconds (20 ticks of 100 ms); one timer per decision of the idle seat
    // (some 40 in three days) would take minutes.
    const TIMER = 20;
    const IDLE: Seat = 3;
    const g = await botGenesis(4, 'idle', { timer: TIMER, days: 3 });
    // Per seat, the logical tick at which its page first held each number of elements.
    const heldAt: number[][] = g.secrets.map(() => []);
    const onSession: TableOptions['onSession'] = (session, seat) =>
      void session.subscribe((v) => {
        const at = heldAt[seat]!;
        while (at.length <= v.seq) at.push(inspectSession(session).state.liveness.now);
      });
    // The idle seat is a person's page that stays open (connected, echoing) but never clicks.
    table = seatTable(g, { server: servers.peer, ice: servers.ice, seed: 'idle', tickMs: 100, persons: [IDLE], onSession });
    const views = await ends(90_000);
    expect(views.map((v) => v.outcome.kind)).toEqual(['finished', 'finished', 'finished', 'finished']);
    const honest = table.filter((s) => s.game.seat !== IDLE);
    expect(new Set(honest.map((s) => JSON.stringify(s.game.replay().log))).size).toBe(1);
    const outcome = views[0]!.outcome as Extract<(typeof views)[0]['outcome'], { kind: 'finished' }>;
    const absences = outcome.absences.filter((a: Absence) => a.seats.includes(IDLE));
    expect(absences.length).toBeGreaterThan(10);
    // Each settled by the three others, a strict majority: nothing rests on a minority's word.
    expect(absences.every((a) => a.seats.length === 1 && !a.minority)).toBe(true);
    // After the first absence, on every honest page's logical clock, each absence came less than
    // a timer after the element before it: the table did not wait for the idle seat's timer.
    for (const s of honest) {
      const at = heldAt[s.game.seat!]!;
      const waits = absences.slice(1).map((a) => at[a.seq + 1]! - at[a.seq]!);
      expect(waits.filter((w) => !(w < TIMER))).toEqual([]);
    }
    // Three absent days: it forfeited (T7), and the other three played on to the end.
    const players = table[0]!.game.view().state.players;
    expect(players.map((p) => p.forfeited)).toEqual([false, false, false, true]);
    expect(verdictOf(await verifyReplay(honest[0]!.game.replay()))).toBe('valid');
    done();
  });

  it('two of four seats away then back: every page ends in one log or says why not, and no page waits forever', async () => {
    const g = await botGenesis(4, 'two-away', { timer: 10, limit: 50 });
    const plugs: Pluggable[] = [];
    const cutAt: number[] = [];
    // Seats 0 and 1 lose their network, each on its own, in the middle of an element: at their
    // first random event from position 20 on, they stop hearing the others once there, and their
    // connection dies a moment later, their own link for it sent (the others hold it, they hold
    // none of the others'). The table's element there holds each one's own entry.
    const onSession: TableOptions['onSession'] = (session, seat) =>
      void session.subscribe((v) => {
        if (seat >= 2 || cutAt[seat] !== undefined || v.seq < 20 || expectation(v.chain).kind !== 'random') return;
        cutAt[seat] = v.seq;
        plugs[seat]!.deafen();
        setTimeout(() => plugs[seat]!.unplug(), 200);
      });
    const options: TableOptions = {
      server: servers.peer,
      ice: servers.ice,
      seed: 'two-away',
      tickMs: 100,
      wrap: (t: Transport, seat: number) => (seat < 2 ? (plugs[seat] = pluggable(t, () => seatMesh(g, options, seat))) : t),
      onSession,
    };
    table = seatTable(g, options);
    await waitFor('seats 0 and 1 cut off', () => plugs.every((p) => !p.plugged));
    // The two left play on (each decision of a seat away a timer: two of four are no majority);
    // each page cut off goes on alone, settling everyone else absent on its own word.
    const parted = table.map((s) => s.game.view().seq);
    await waitFor('the table and each page cut off gone on', () => table[2]!.game.view().seq >= parted[2]! + 10 && [0, 1].every((s) => table[s]!.game.view().seq >= cutAt[s]! + 2), 30_000);
    for (const p of plugs) p.plugIn();
    const views = await ends(40_000);
    expect(views.map((v) => v.outcome.kind)).toEqual(['finished', 'finished', 'finished', 'finished']);
    const heads = table.map((s) => s.game.view().head);
    expect(heads[3]).toBe(heads[2]);
    // Each page that went on alone joined the table's log at the parting element, and said so.
    for (const s of [0, 1]) expect(table[s]!.game.view().incidents.some((i) => i.code === 'Superseded' && i.seat === s && i.message.includes('went on alone'))).toBe(true);
    // Every page ends on the table's log, or names seats that went on elsewhere.
    for (const [s, page] of table.entries()) {
      if (heads[s] === heads[2]) continue;
      const split = page.game.view().split;
      expect(split, `seat ${s} ends on another log and names no split`).not.toBeNull();
      expect(split!.seats.some((other) => heads[other] !== heads[s])).toBe(true);
    }
    // Whatever rests on two of four seats' word says so.
    for (const s of table) expect(verdictOf(await verifyReplay(s.game.replay()))).toBe('minority');
    done();
  });
});
