import './support/node-webrtc.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaiting, legalOptions, stateHash, toHex } from '../../engine/index.js';
import { randomAgent } from '../../engine/agents/index.js';
import { agentStream } from '../../engine/local/index.js';
import { makeMessage, type ParsedGenesis, parseGenesisText, verifyReplay } from '../../engine/protocol/index.js';
import { signEntrySync } from '../../engine/protocol/crypto/signing.js';
import { nodeScheme } from '../../scripts/node/crypto.js';
import { meshIds, watcherId } from '../../src/net/ids.js';
import { makeMesh } from '../../src/net/mesh.js';
import { type Spectator, startSpectator } from '../../src/net/spectate.js';
import { type NetServers, skipNet, startNetServers } from './support/servers.js';
import { botGenesis, FAST_TIMING, finalHash, seatTable, type Seated } from './support/table.js';
import { waitFor } from './support/wait.js';
import { OFF_MAP_PORTAL } from '../protocol/harness.js';

/**
 * A spectator over the real mesh (PeerJS server, WebRTC through the TURN relay): it joins a bots'
 * game late, catches up from the players' pages, follows to the end and holds the same final
 * state and a replay the verifier calls valid; nothing it receives is a secret. A game a hostile
 * page stops with an illegal entry: the honest pages send the spectator the evidence, and its
 * replay proves the cheat.
 */
describe.skipIf(skipNet)('a spectator follows a game over the WebRTC mesh', () => {
  let servers: NetServers;
  let table: Seated[] = [];
  let spectator: Spectator | null = null;
  /** A spectator's node on the game's mesh (a watcher id of its own beside the seats'). */
  const spectatorMesh = (genesis: ParsedGenesis, token: string, nonce: string) =>
    makeMesh({ seat: -1, ids: meshIds(genesis.id, 3), token, watcherId: watcherId(genesis.id, nonce), server: servers.peer, ice: servers.ice, maxMessageBytes: genesis.genesis.settings.maxMessageBytes, timing: FAST_TIMING });
  beforeAll(async () => {
    servers = await startNetServers();
  });
  afterAll(async () => {
    spectator?.dispose();
    for (const s of table) s.game.dispose();
    await servers?.close();
  });

  it('joins late, follows to the end with the same final state and a valid replay, and never receives a secret', async () => {
    const g = await botGenesis(3, 'spectate', { timer: null, days: 1 });
    // Seat 1 is a person whose clicks (the test's) stop once the game is well under way, until the
    // spectator has caught up: it joins late, then follows the rest as it is played.
    table = seatTable(g, { server: servers.peer, ice: servers.ice, seed: 'spectate', persons: [1] });
    const person = table[1]!.game;
    const choose = randomAgent(agentStream('spectate-clicks', 1));
    let release: () => void = () => undefined;
    const caughtUp = new Promise<void>((r) => (release = r));
    let joinedAt = -1;
    let clicked = -1;
    person.on((e) => {
      if (e.kind !== 'view' || e.view.outcome.kind !== 'playing') return;
      const who = awaiting(e.view.state);
      if (who.kind !== 'seat' || who.seat !== 1 || clicked === e.view.seq) return;
      clicked = e.view.seq;
      void (async () => {
        if (e.view.seq >= 30) {
          if (joinedAt < 0) joinedAt = e.view.seq;
          await caughtUp;
        }
        const state = person.view().state;
        const vault = g.secrets[1]!.vault;
        await person.submit(choose(state, 1, legalOptions(state, 1, vault), vault));
      })();
    });
    await waitFor('some of the game played', () => joinedAt >= 0, 40_000);
    const transport = spectatorMesh(g.genesis, 'spectator-token', '5eca7012');
    const received: string[] = [];
    transport.onMessage((_, text) => received.push(text));
    const started = await startSpectator({ watched: { genesis: g.genesis, genesisSignatures: g.signatures }, transport, scheme: g.scheme, refetchMs: 1000 });
    if (!started.ok) throw new Error(started.error.message);
    spectator = started.value;
    const statuses: string[] = [];
    spectator.on((e) => {
      if (e.kind === 'view' && statuses.at(-1) !== e.view.status) statuses.push(e.view.status);
      if (e.kind === 'view' && e.view.game.seq >= joinedAt) release();
    });
    const over = await spectator.over;
    const ends = await Promise.all(table.map((s) => s.game.ended));
    expect(ends.map((v) => v.outcome.kind)).toEqual(['finished', 'finished', 'finished']);
    expect(over.status).toBe('over');
    expect(over.refused).toBe(0);
    expect(statuses).toEqual(['connecting', 'following', 'over']);
    // What was played after it caught up came to it as it was played: pushed, one element at a time.
    const pushes = received.filter((m) => m.startsWith('{"t":"history"') && Number(/"from":(\d+)/.exec(m)![1]) > joinedAt);
    expect(pushes.length).toBeGreaterThan(10);
    expect(stateHash(over.game.state)).toBe(finalHash(table[0]!));
    const replay = spectator.follower.replay();
    expect(replay).toEqual(table[0]!.game.replay());
    expect(await verifyReplay(replay)).toMatchObject({ valid: true, summary: { verdict: 'valid', finalState: finalHash(table[0]!) } });
    // It asked from position 0 and got the whole log from the players' pages: the beginning came in a history answer.
    expect(received.some((m) => m.startsWith('{"t":"history","from":0,'))).toBe(true);
    // No secret in anything it received: signing keys, vault keys, the unrevealed end of a beacon chain.
    const secrets = g.secrets.flatMap((s) => [toHex(s.keys.seed), toHex(s.keys.secretKey).slice(0, 64), s.vault.key, s.beacon.at(-1)!, s.beacon[s.beacon.length - 2]!]);
    const all = received.join('\n');
    for (const secret of secrets) expect(all.includes(secret)).toBe(false);
  });

  it('a spectator that arrives after the end still gets the whole game and its final signatures', async () => {
    expect(table.length).toBe(3);
    const g = table[0]!.game;
    const genesis = parseGenesisText(g.replay().genesis);
    if (!genesis.ok) throw new Error(genesis.error.message);
    const transport = spectatorMesh(genesis.value, 'late-token', '1a7e1a7e');
    // Only one player's page is still there: the others have gone.
    table[1]!.game.dispose();
    table[2]!.game.dispose();
    const started = await startSpectator({ watched: { genesis: genesis.value, genesisSignatures: g.replay().genesisSignatures }, transport, scheme: (await nodeScheme())!, refetchMs: 1000 });
    if (!started.ok) throw new Error(started.error.message);
    const late = started.value;
    try {
      const over = await late.over;
      expect(stateHash(over.game.state)).toBe(finalHash(table[0]!));
      expect(late.follower.replay()).toEqual(g.replay());
    } finally {
      late.dispose();
    }
  });

  it('a game stopped with a verdict: the spectator gets the evidence from the honest pages, checks it and holds a replay that proves the cheat', async () => {
    const g = await botGenesis(3, 'spectate-cheat', { timer: null, days: 1 });
    // Seat 1 is a hostile page: at its first turn, once the spectator follows, it signs
    // an action the rules refuse (a portal off the map) and sends it to the others itself.
    const cheats = seatTable(g, { server: servers.peer, ice: servers.ice, seed: 'spectate-cheat', persons: [1] });
    const hostile = cheats[1]!;
    let following: () => void = () => undefined;
    const spectatorFollows = new Promise<void>((r) => (following = r));
    let cheated = false;
    hostile.game.on((e) => {
      if (cheated || e.kind !== 'view' || e.view.outcome.kind !== 'playing') return;
      const who = awaiting(e.view.state);
      if (who.kind !== 'seat' || who.seat !== 1) return;
      cheated = true;
      void spectatorFollows.then(() => {
        const v = hostile.game.view();
        const entry = signEntrySync(g.secrets[1]!.keys, { v: 1, game: g.genesis.id, seq: v.seq, seat: 1, prev: v.head, body: { type: 'action', action: OFF_MAP_PORTAL(1) } });
        hostile.transport.send(makeMessage({ t: 'entry', entry: { text: entry.text, sig: entry.sig } }));
      });
    });
    const transport = spectatorMesh(g.genesis, 'cheat-spectator-token', 'c4ea7000');
    const received: string[] = [];
    transport.onMessage((_, text) => received.push(text));
    const started = await startSpectator({ watched: { genesis: g.genesis, genesisSignatures: g.signatures }, transport, scheme: g.scheme, refetchMs: 1000 });
    if (!started.ok) throw new Error(started.error.message);
    const watcher = started.value;
    watcher.on((e) => e.kind === 'view' && e.view.status === 'following' && following());
    try {
      await waitFor('the spectator stopped with the verdict', () => watcher.view().status === 'stopped', 30_000);
      const stopped = await watcher.over;
      const honest = await Promise.all([cheats[0]!.game.ended, cheats[2]!.game.ended]);
      expect(honest.map((v) => v.outcome)).toMatchObject([
        { kind: 'cheat', seat: 1, code: 'IllegalAction' },
        { kind: 'cheat', seat: 1, code: 'IllegalAction' },
      ]);
      expect(stopped.status).toBe('stopped');
      expect(stopped.game.stopped).toMatchObject({ kind: 'cheat', seat: 1, code: 'IllegalAction' });
      expect(received.some((m) => m.startsWith('{"t":"evidence"'))).toBe(true);
      // The spectator's replay is the honest pages' (log and evidence), and the verifier says cheat.
      const theirs = watcher.follower.replay();
      const page = cheats[0]!.game.replay();
      expect(theirs.log).toEqual(page.log);
      expect(theirs.evidence?.entries.map((e) => e.text)).toEqual(page.evidence?.entries.map((e) => e.text));
      const v = await verifyReplay(theirs);
      expect(v.valid && v.summary).toMatchObject({ verdict: 'cheat', ending: { kind: 'cheat', seat: 1, code: 'IllegalAction' } });
    } finally {
      watcher.dispose();
      for (const s of cheats) s.game.dispose();
    }
  });
});
