import './support/node-webrtc.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaiting, legalOptions } from '../../engine/index.js';
import { randomAgent } from '../../engine/agents/index.js';
import { agentStream } from '../../engine/local/index.js';
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

  it("a person's seat: submit() refuses what is not legal or not awaited, and the game plays on with the person's clicks", async () => {
    const g = await botGenesis(2, 'person', { timer: null, days: 1 });
    table = seatTable(g, { server: servers.peer, ice: servers.ice, seed: 'person', persons: [1] });
    const person = table[1]!.game;
    const choose = randomAgent(agentStream('person-clicks', 1));
    const refusals: string[] = [];
    let clicked = -1;
    person.on((e) => {
      if (e.kind !== 'view' || e.view.outcome.kind !== 'playing') return;
      const who = awaiting(e.view.state);
      if (who.kind !== 'seat' || who.seat !== 1 || clicked === e.view.seq) return;
      clicked = e.view.seq;
      void (async () => {
        if (refusals.length < 2) {
          const bad = await person.submit({ kind: 'no-such-action' });
          if (!bad.ok) refusals.push(String(bad.error));
        }
        const vault = g.secrets[1]!.vault;
        const state = person.view().state;
        const r = await person.submit(choose(state, 1, legalOptions(state, 1, vault), vault));
        expect(r).toEqual({ ok: true, value: undefined });
      })();
    });
    // Before the first element, the log awaits seat 0 (the first seat), not the person.
    expect(await person.submit({ kind: 'anything' })).toEqual({ ok: false, error: 'it is not your turn' });
    const early = await table[0]!.game.submit({ kind: 'anything' });
    expect(early).toEqual({ ok: false, error: 'this seat is played by a bot' });
    const ends = await Promise.all(table.map((s) => s.game.ended));
    expect(ends.map((v) => v.outcome.kind)).toEqual(['finished', 'finished']);
    expect(refusals).toEqual(['this action is not legal now', 'this action is not legal now']);
    expect(new Set(table.map(finalHash)).size).toBe(1);
    expect((await verifyWithScript(table[0]!.game.replay())).code).toBe(0);
    for (const s of table) s.game.dispose();
    table = [];
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
