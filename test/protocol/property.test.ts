import { describe, expect, it } from 'vitest';
import { greedyAgent } from '../../engine/agents/index.js';
import { verifyReplay } from '../../engine/protocol/index.js';
import { playProtocolGame } from '../../engine/protocol/sim/index.js';
import { play, setupFor } from './harness.js';

/** Whole games, from the first tile to a victory or the agreed day cap, through the full protocol. */
describe('complete protocol games between honest peers always verify', () => {
  for (const players of [2, 3, 4, 5, 6]) {
    it(`${players} players, greedy agents, to a victory or day 30`, async () => {
      const game = await playProtocolGame(setupFor(players), `whole-${players}`, Array.from({ length: players }, () => greedyAgent()), { settings: { days: 30, timer: null } });
      expect(game.outcome).toMatchObject({ kind: 'finished', finals: Array.from({ length: players }, (_, i) => i) });
      if (game.outcome.kind === 'finished') expect(['over', 'days']).toContain(game.outcome.end.kind);
      const verdict = await verifyReplay(game.replay);
      expect(verdict.valid).toBe(true);
      if (verdict.valid) {
        expect(verdict.summary.phase).toBe('conquest');
        expect(verdict.summary.signaturesChecked).toBeLessThanOrEqual(players + 1);
      }
    });
  }
});

/** Short protocol games (the log closed after a few dozen elements), checked in fast and full mode. */
describe('honest games always verify', () => {
  for (const players of [2, 3, 4, 5, 6]) {
    it(`${players} players`, async () => {
      for (const seed of [`p${players}a`, `p${players}b`]) {
        const { table, run, outcomes } = await play({ players, seed, settings: { limit: 30 + 8 * players } });
        expect(run).toBe('done');
        for (const o of outcomes) expect(o).toMatchObject({ kind: 'finished', finals: Array.from({ length: players }, (_, i) => i), absences: [] });
        const peers = table.network.peers;
        expect(new Set(peers.map((p) => p.head)).size).toBe(1);
        expect(new Set(peers.map((p) => JSON.stringify(p.replay()))).size).toBe(1);
        for (const p of peers) expect(p.incidents).toEqual([]);
        const fast = await verifyReplay(peers[0]!.replay());
        const full = await verifyReplay(peers[0]!.replay(), { mode: 'full' });
        expect(fast.valid && fast.summary.mode).toBe('fast');
        expect(full.valid && full.summary.mode).toBe('full');
        expect(fast.valid && full.valid && fast.summary.finalState).toBe(full.valid ? full.summary.finalState : '');
      }
    });
  }
});

describe('implementations interoperate', () => {
  it('a game played with tweetnacl alone verifies with native code, and the other way round', async () => {
    const { naclScheme } = await import('../../engine/protocol/index.js');
    const slow = await play({ players: 2, seed: 'nacl-game', settings: { limit: 14 }, scheme: naclScheme });
    expect(slow.outcomes.every((o) => o.kind === 'finished')).toBe(true);
    const native = await verifyReplay(slow.table.network.peers[0]!.replay(), { mode: 'full' });
    expect(native.valid).toBe(true);
    const fast = await play({ players: 2, seed: 'nacl-game', settings: { limit: 14 } });
    expect(fast.table.network.peers[0]!.replay()).toEqual(slow.table.network.peers[0]!.replay());
    const viaNacl = await verifyReplay(fast.table.network.peers[0]!.replay(), { scheme: naclScheme });
    expect(viaNacl.valid).toBe(true);
  });
});
