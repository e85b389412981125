import './support/node-webrtc.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Peer } from 'peerjs';
import { isWatcherId, meshIds, meshToken, watcherId } from '../../src/net/ids.js';
import { type IceConfig } from '../../src/net/ice.js';
import { makeMesh, type MeshOptions } from '../../src/net/mesh.js';
import type { Transport, TransportReport } from '../../src/net/transport.js';
import { type NetServers, skipNet, startNetServers } from './support/servers.js';
import { waitFor } from './support/wait.js';


const MAX = 65_536;
const FAST = { heartbeatMs: 200, slowMs: 600, lostMs: 1500, awayMs: 3000, connectTimeoutMs: 3000, maxRetryMs: 1000, knockMs: 500 };

describe.skipIf(skipNet)('the game mesh over real WebRTC (PeerJS server, TURN relay on loopback)', () => {
  let servers: NetServers;
  let ice: IceConfig;
  let port: number;
  const open: Transport[] = [];

  beforeAll(async () => {
    servers = await startNetServers();
    ice = servers.ice;
    port = servers.peer.port;
  });
  afterAll(async () => {
    for (const t of open) t.dispose();
    await servers?.close();
  });

  const mesh = (game: string, seats: number, seat: number, extra: Partial<MeshOptions> = {}): { t: Transport; inbox: [number, string][]; reports: TransportReport[] } => {
    const t = makeMesh({
      seat,
      ids: meshIds(game, seats),
      token: meshToken(`${game}/${seat}`),
      server: servers.peer,
      ice,
      maxMessageBytes: MAX,
      timing: FAST,
      ...extra,
    });
    open.push(t);
    const inbox: [number, string][] = [];
    const reports: TransportReport[] = [];
    t.onMessage((from, text) => inbox.push([from, text]));
    t.onReport((r) => reports.push(r));
    return { t, inbox, reports };
  };
  const allConnected = (ts: Transport[]) => ts.every((t) => t.states().every((s) => s === 'connected'));

  it('connects three seats in a full mesh and carries broadcasts, directed and chunked messages in order', async () => {
    const peers = [0, 1, 2].map((s) => mesh('g1', 3, s));
    await waitFor('a full mesh', () => allConnected(peers.map((p) => p.t)));
    peers[0]!.t.send('hello all');
    peers[1]!.t.send('to two only', 2);
    const long = 'é'.repeat(20_000) + '😀'.repeat(4000) + 'end'; // several chunks, multi-byte, surrogate pairs
    peers[2]!.t.send(long, 0);
    for (let i = 0; i < 50; i++) peers[2]!.t.send(`n${i}`, 1);
    await waitFor('every message', () => peers[0]!.inbox.length === 1 && peers[1]!.inbox.length === 51 && peers[2]!.inbox.length === 2);
    // Order holds per sender (one ordered channel per pair), not across senders.
    expect(peers[1]!.inbox.filter((m) => m[0] === 0)).toEqual([[0, 'hello all']]);
    expect(peers[1]!.inbox.filter((m) => m[0] === 2).map((m) => m[1])).toEqual(Array.from({ length: 50 }, (_, i) => `n${i}`));
    expect([...peers[2]!.inbox].sort()).toEqual([
      [0, 'hello all'],
      [1, 'to two only'],
    ]);
    expect(peers[0]!.inbox).toEqual([[2, long]]);
    expect(peers.flatMap((p) => p.reports)).toEqual([]);
  });

  it('drops and reports oversized and malformed frames from a hostile page, and carries on', async () => {
    const ids = meshIds('g2', 2);
    const victim = mesh('g2', 2, 0);
    // The hostile seat 1 speaks raw PeerJS with seat 1's id: whatever it sends, the victim reads it as frames.
    const hostile = new Peer(ids[1]!, { host: '127.0.0.1', port, path: '/bfe', secure: false, key: 'peerjs', token: 'hostile', config: { iceServers: ice.servers.map((s) => ({ urls: [...s.urls], username: s.username!, credential: s.credential! })), iceTransportPolicy: 'relay' }, debug: 0 });
    try {
      const conn = await new Promise<import('peerjs').DataConnection>((resolve) => hostile.on('connection', (c) => c.on('open', () => resolve(c))));
      conn.send(`m${'x'.repeat(MAX + 1)}`); // oversized, whole
      conn.send(`c7,0,9,${MAX * 8}:${'y'.repeat(100)}`); // declares an oversized chunked message
      conn.send(`c7,1,9,${MAX * 8}:${'y'.repeat(100)}`); // its next chunk: skipped silently
      conn.send('zzz'); // unknown frame kind
      conn.send(`c8,1,2,4:ab`); // a chunk out of sequence
      conn.send('mstill fine');
      await waitFor('the good message after the bad ones', () => victim.inbox.length === 1);
      expect(victim.inbox).toEqual([[1, 'still fine']]);
      expect(victim.reports.map((r) => [r.kind, r.from])).toEqual([
        ['oversized', 1],
        ['oversized', 1],
        ['malformed', 1],
        ['malformed', 1],
      ]);
    } finally {
      hostile.destroy();
    }
  });

  it('a refreshed page takes its id back while the server still holds the old one (no ID-TAKEN), and reconnects', async () => {
    const a = mesh('g3', 2, 0);
    const old = mesh('g3', 2, 1);
    const seen: string[] = [];
    a.t.onState((seat, s) => seen.push(`${seat}:${s}`));
    await waitFor('connected', () => allConnected([a.t, old.t]));
    // The page is reloaded: the new one registers while the old one's socket is still on the server.
    const fresh = mesh('g3', 2, 1);
    await new Promise((r) => setTimeout(r, 300));
    old.t.dispose();
    await waitFor('reconnected to the new page', () => allConnected([a.t, fresh.t]) && seen.includes('1:reconnecting'));
    expect(fresh.reports.filter((r) => r.kind === 'server')).toEqual([]);
    fresh.t.send('back');
    await waitFor('a message after the refresh', () => a.inbox.some((m) => m[1] === 'back'));
    expect(seen.at(-1)).toBe('1:connected');
  });

  it('every page of a game refreshed at once finds the others again', async () => {
    const first = [0, 1, 2].map((s) => mesh('g6', 3, s));
    await waitFor('connected', () => allConnected(first.map((p) => p.t)));
    for (const p of first) p.t.dispose();
    const again = [0, 1, 2].map((s) => mesh('g6', 3, s));
    await waitFor('connected again', () => allConnected(again.map((p) => p.t)));
    again[2]!.t.send('after');
    await waitFor('a message', () => again[0]!.inbox.length === 1 && again[1]!.inbox.length === 1);
  });

  it("nobody without the seat's secret can take its id", async () => {
    const ids = meshIds('g5', 2);
    const real = mesh('g5', 2, 1);
    await waitFor('registered', () => real.t.states()[0] === 'connecting');
    await new Promise((r) => setTimeout(r, 300));
    const impostor = new Peer(ids[1]!, { host: '127.0.0.1', port, path: '/bfe', secure: false, key: 'peerjs', token: 'guessed', debug: 0 });
    try {
      const error = await new Promise<string>((resolve) => impostor.on('error', (e) => resolve(e.type)));
      expect(error).toBe('unavailable-id');
    } finally {
      impostor.destroy();
    }
  });

  it('marks a seat that never comes back away', async () => {
    const a = mesh('g4', 2, 0);
    const b = mesh('g4', 2, 1);
    await waitFor('connected', () => allConnected([a.t, b.t]));
    b.t.dispose();
    await waitFor('seat 1 away', () => a.t.states()[1] === 'away');
  });

  it('spectators get what the seats broadcast and may ask a seat directly, within a bound on how many it serves', async () => {
    const peers = [0, 1].map((s) => mesh('gw', 2, s, { watchers: 1 }));
    await waitFor('the seats connected', () => allConnected(peers.map((p) => p.t)));
    const ids = meshIds('gw', 2);
    const watcher = mesh('gw', 2, -1, { watcherId: watcherId('gw', 'aaaa1111') });
    await waitFor('the spectator connected', () => watcher.t.states().every((s) => s === 'connected'));
    // The spectator's side of a channel may open before the seat's: a seat broadcasts only to
    // spectators whose channel it has open (what they miss they ask for, as a watch service does
    // on connecting). A word from the spectator to seat 0 arrives once seat 0's side is open too.
    watcher.t.send('hello', 0);
    await waitFor('seat 0 heard the spectator', () => peers[0]!.inbox.some(([from, m]) => from === 2 && m === 'hello'));
    peers[0]!.t.send('public');
    await waitFor('the broadcast reached the spectator', () => watcher.inbox.length === 1);
    expect(watcher.inbox).toEqual([[0, 'public']]);
    // A request to one seat arrives from the spectator's slot (seats + 0), and the answer goes back there.
    watcher.t.send('what did I miss?', 1);
    await waitFor('the request', () => peers[1]!.inbox.some(([, m]) => m === 'what did I miss?'));
    expect(peers[1]!.inbox.find(([, m]) => m === 'what did I miss?')![0]).toBe(2);
    peers[1]!.t.send('this', 2);
    await waitFor('the answer', () => watcher.inbox.some(([, m]) => m === 'this'));
    // The seats never see the spectator among them, and it is not one of their states.
    expect(peers[0]!.t.states()).toHaveLength(2);
    // A second spectator finds every slot taken: turned away, reported.
    const late = mesh('gw', 2, -1, { watcherId: watcherId('gw', 'bbbb2222') });
    await waitFor('turned away', () => peers[0]!.reports.some((r) => r.kind === 'overflow' && /spectator/.test(r.message)));
    expect(late.inbox).toEqual([]);
    // Ids: a spectator's id is recognised; a seat's, a stranger's or another game's is not.
    expect(isWatcherId(ids, watcherId('gw', '0123abcd'))).toBe(true);
    expect(isWatcherId(ids, ids[1]!)).toBe(false);
    expect(isWatcherId(ids, watcherId('other', '0123abcd'))).toBe(false);
    expect(isWatcherId(ids, `${watcherId('gw', '0123abcd')}-0`)).toBe(false);
  });
});
