import { describe, expect, it } from 'vitest';
import { type Outcome, verifyReplay } from '../../engine/protocol/index.js';
import { setTable } from '../../engine/protocol/sim/index.js';
import { honestAgents, setupFor } from './harness.js';
import { faults } from './support/faults.js';

/**
 * Issue 9, item 2: a game never hangs while a majority of seats is present and connected. Many
 * complete short games, 2 to 6 players, every message of every seat dropped, duplicated, delayed
 * or reordered by a seeded schedule: every game ends, every peer's replay verifies, and the peers
 * agree on the log.
 */
describe('complete games under random drop, delay, duplicate and reorder schedules end', () => {
  for (const players of [2, 3, 4, 5, 6]) {
    it(`${players} players, 8 schedules`, async () => {
      for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
        const name = `faults-${players}-${seed}`;
        const f = faults(players, name, { drop: 0.05, duplicate: 0.05, delay: 0.25 });
        const table = await setTable(setupFor(players), name, honestAgents(players, name), { settings: { limit: 40 + 4 * players, timer: 10 }, ...f.options });
        for (const p of table.network.peers) await p.start();
        const run = await table.network.run(undefined, 200_000);
        expect(run, name).toBe('done');
        expect(f.counts.dropped + f.counts.delayed + f.counts.duplicated).toBeGreaterThan(0);
        const peers = table.network.peers;
        for (const p of peers) expect(p.outcome.kind, name).toBe('finished');
        expect(new Set(peers.map((p) => p.head)).size, name).toBe(1);
        const o = peers[0]!.outcome as Extract<Outcome, { kind: 'finished' }>;
        // Everyone present and honest: nobody forfeits for the faults.
        expect(o.end.kind, name).not.toBe('forfeit');
        const v = await verifyReplay(peers[0]!.replay());
        expect(v.valid, name).toBe(true);
      }
    });
  }
});
