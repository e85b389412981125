import './support/node-webrtc.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NetServers, skipNet, startNetServers } from './support/servers.js';
import { botGenesis, finalHash, seatTable, type Seated, verifyWithScript } from './support/table.js';

/** Bots in every seat play whole games (map creation and a day) over real data channels through a relay. */
describe.skipIf(skipNet)('complete games over the WebRTC mesh', () => {
  let servers: NetServers;
  let table: Seated[] = [];
  beforeAll(async () => {
    servers = await startNetServers();
  });
  afterAll(async () => {
    for (const s of table) s.game.dispose();
    await servers?.close();
  });

  for (const players of [2, 4, 6]) {
    it(`${players} peers end with the same final state and a replay npm run verify accepts`, async () => {
      const g = await botGenesis(players, `mesh-${players}`, { timer: null, days: 1 });
      table = seatTable(g, { server: servers.peer, ice: servers.ice, seed: `mesh-${players}` });
      const ends = await Promise.all(table.map((s) => s.game.ended));
      expect(ends.map((v) => v.outcome.kind)).toEqual(Array(players).fill('finished'));
      const hashes = new Set(table.map(finalHash));
      expect(hashes.size).toBe(1);
      const replays = table.map((s) => JSON.stringify(s.game.replay()));
      expect(new Set(replays).size).toBe(1);
      const verified = await verifyWithScript(table[0]!.game.replay());
      expect(verified.out).toMatch(/^valid/);
      expect(verified.out).toContain(`final state: ${[...hashes][0]}`);
      expect(verified.code).toBe(0);
      for (const s of table) expect(s.events.filter((e) => e.kind === 'dropped' || e.kind === 'desync' || e.kind === 'verdict')).toEqual([]);
      for (const s of table) s.game.dispose();
      table = [];
    });
  }
});
