import { describe, expect, it } from 'vitest';
import { type GameState, type Seat } from '../../engine/index.js';
import { verdictOf, verifyReplay } from '../../engine/protocol/index.js';
import { setTable, type Table } from '../../engine/protocol/sim/index.js';
import { honestAgents, setupFor } from './harness.js';

/**
 * Issue 19, item 4: nobody is left stranded when seats come back. Seats cut off from the table
 * go on alone (each settles the others' absence on its own word) while the others go on together;
 * back, a page alone on its branch joins the table's log. Two halves that went on each with
 * company cannot be joined: every page says so (its view's split names the other side).
 */

const TIMER = 10;

/**
 * A table whose links between seats of different groups are cut from the moment `from` says so of
 * every peer's state (between two deliveries: what was sent before arrives) to
 * the moment `to` says so; then it plays to the end.
 */
async function cutGame(name: string, players: number, groups: readonly (readonly Seat[])[], from: (s: GameState) => boolean, to: (s: GameState) => boolean, limit: number): Promise<Table> {
  const group = (s: Seat) => groups.findIndex((g) => g.includes(s));
  let down = false;
  const drop = (from: Seat) => (text: string, to: Seat): string[] => (down && group(from) !== group(to) ? [] : [text]);
  const tamper = Object.fromEntries(Array.from({ length: players }, (_, s) => [s, drop(s)]));
  const table = await setTable(setupFor(players), name, honestAgents(players, name), { settings: { limit, timer: TIMER }, tamper });
  for (const p of table.network.peers) await p.start();
  // The cut begins once every peer is at the same place (the bots' items for it are sent already:
  // what is in flight arrives, and nothing else crosses).
  const together = () => new Set(table.network.peers.map((p) => p.head)).size === 1;
  expect(await table.network.run((s) => from(s) && together())).toBe('stopped');
  down = true;
  expect(await table.network.run(to, 400_000)).toBe('stopped');
  down = false;
  expect(await table.network.run(undefined, 400_000)).toBe('done');
  return table;
}

/** From action `seq` on. */
const from = (seq: number) => (s: GameState): boolean => s.seq >= seq;

describe('seats that come back', () => {
  it('4 players, one seat cut off alone while the other three go on: back, it joins their log', async () => {
    const table = await cutGame('rejoin-1-of-4', 4, [[0], [1, 2, 3]], from(20), (s) => s.seq >= 40, 120);
    const peers = table.network.peers;
    for (const p of peers) expect(p.outcome.kind).toBe('finished');
    expect(new Set(peers.map((p) => p.head)).size).toBe(1);
    // It went on alone (settling the others' absence on its own word), then joined the table's log, and said so.
    expect(peers[0]!.incidents.some((i) => i.code === 'Superseded' && i.seat === 0 && i.message.includes('went on alone'))).toBe(true);
    // The three settled its absence by a strict majority: the match is valid, and nobody is split.
    expect(verdictOf(await verifyReplay(peers[0]!.replay()))).toBe('valid');
    for (const p of peers) expect(p.view().split).toBeNull();
  });

  it('4 players, two away (each cut off alone) while the other two go on: nobody waits forever, every page ends on the table\'s log or names the split', async () => {
    const table = await cutGame('rejoin-2-of-4', 4, [[0], [1], [2, 3]], from(20), (s) => s.seq >= 40, 120);
    const peers = table.network.peers;
    for (const p of peers) expect(p.outcome.kind).toBe('finished');
    // The two that went on together settled the others' absence on their word (two of four): marked.
    const table23 = peers[2]!;
    expect(peers[3]!.head).toBe(table23.head);
    expect(table23.outcome.kind === 'finished' && table23.outcome.minority).toBe(true);
    // Each page that came back joined the table's log once (it had gone on alone) ...
    for (const s of [0, 1]) expect(peers[s]!.incidents.some((i) => i.code === 'Superseded' && i.seat === s && i.message.includes('went on alone'))).toBe(true);
    // ... and ends on it, or names the seats that went on elsewhere (two against two, neither a majority).
    for (const p of peers) {
      if (p.head === table23.head) continue;
      const split = p.view().split;
      expect(split).not.toBeNull();
      expect(split!.seats.some((s) => peers[s]!.head !== p.head)).toBe(true);
    }
    for (const p of peers) expect(['minority']).toContain(verdictOf(await verifyReplay(p.replay())));
  });

  it('4 players split two against two: each half plays on, and every page names the other half as a split it cannot join', async () => {
    const table = await cutGame('split-2-2', 4, [[0, 1], [2, 3]], from(20), (s) => s.seq >= 40, 90);
    const peers = table.network.peers;
    for (const p of peers) expect(p.outcome.kind).toBe('finished');
    expect(peers[0]!.head).toBe(peers[1]!.head);
    expect(peers[2]!.head).toBe(peers[3]!.head);
    expect(peers[0]!.head).not.toBe(peers[2]!.head);
    for (const [s, other] of [[0, [2, 3]], [1, [2, 3]], [2, [0, 1]], [3, [0, 1]]] as const) {
      const split = peers[s]!.view().split;
      expect(split?.seats).toEqual(other);
      expect(split!.seq).toBeGreaterThanOrEqual(20);
      expect(verdictOf(await verifyReplay(peers[s]!.replay()))).toBe('minority');
    }
  });
});
