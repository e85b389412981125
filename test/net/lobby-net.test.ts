import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { yWebrtcUrl } from '../../src/net/endpoints.js';
import { makeShareLink, newGameLink } from '../../src/net/link.js';
import { lobbyTopic } from '../../src/net/lobby.js';
import { open, roomKey, seal } from '../../src/net/seal.js';
import type { MemberData } from './support/member.js';
import { type NetServers, skipNet, startNetServers } from './support/servers.js';
import { waitFor } from './support/wait.js';

interface Member {
  readonly child: ChildProcess;
  readonly messages: Record<string, unknown>[];
  call(method: string, ...args: unknown[]): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>;
  last(kind: string): Record<string, unknown> | undefined;
}

function spawnMember(data: MemberData): Member {
  const child = fork(new URL('./support/member.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BFE_MEMBER: JSON.stringify(data) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const messages: Record<string, unknown>[] = [];
  const pending = new Map<number, (r: never) => void>();
  let id = 0;
  child.on('message', (m: Record<string, unknown>) => {
    messages.push(m);
    if (m['kind'] === 'result') pending.get(m['id'] as number)?.(m['result'] as never);
  });
  child.on('error', (e) => messages.push({ kind: 'error', message: String(e) }));
  child.on('exit', (code) => code && messages.push({ kind: 'error', message: `exited with ${code}` }));
  return {
    child,
    messages,
    call: (method, ...args) =>
      new Promise((resolve) => {
        const n = id++;
        pending.set(n, resolve as (r: never) => void);
        child.send({ call: method, args, id: n });
      }),
    last: (kind) => messages.filter((m) => m['kind'] === kind).at(-1),
  };
}

/** What the signaling server sees of a topic (as would anyone who learns it), and a way to publish there. */
async function tapTopic(signaling: string, topic: string): Promise<{ seen: unknown[]; publish(data: unknown): void; close(): void }> {
  const ws = new WebSocket(yWebrtcUrl(signaling));
  await once(ws, 'open');
  ws.send(JSON.stringify({ type: 'subscribe', topics: [topic] }));
  const seen: unknown[] = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { type?: string; data?: unknown };
    if (m.type === 'publish') seen.push(m.data);
  });
  return { seen, publish: (data) => ws.send(JSON.stringify({ type: 'publish', topic, data })), close: () => ws.close() };
}

/** Members in separate processes (as separate browsers would be), through y-webrtc and the one-port server, over WebRTC via a loopback relay. */
describe.skipIf(skipNet)('a lobby over y-webrtc, then the game over the mesh', () => {
  let servers: NetServers;
  const members: Member[] = [];
  beforeAll(async () => {
    servers = await startNetServers();
  });
  afterAll(async () => {
    for (const m of members) m.child.kill();
    await servers?.close();
  });

  it('two players and a bot gather by link, a latecomer finds the room full, and the game they start completes', async () => {
    const game = newGameLink();
    const link = makeShareLink(game, 'http://127.0.0.1/');
    const base = { link, signaling: servers.signaling, ice: servers.ice };
    // Someone who knows the room but not the secret: same topic on the signaling server, another key.
    const intruder = spawnMember({ ...base, link: makeShareLink({ ...newGameLink(), room: game.room }, 'http://127.0.0.1/'), member: 'member-intruder-9', name: 'Eve' });
    const host = spawnMember({ ...base, member: 'member-host-0001', name: 'Ann', create: { players: 3, timer: null, days: 1 } });
    const guest = spawnMember({ ...base, member: 'member-guest-0002', name: 'Ben' });
    members.push(intruder, host, guest);
    // The lobby's topic as the signaling server sees it.
    const tap = await tapTopic(servers.signaling, lobbyTopic(game.room, game.secret));
    await waitFor('both members present over WebRTC', () => host.last('view')?.['present'] === 2 && (host.last('view')?.['reached'] as number) >= 1, 30_000);
    // Someone on the topic without the secret announces itself in clear, with another key, and
    // sends garbage; a holder of the secret sends a signal y-webrtc would throw on. All dropped.
    const forged = [{ type: 'announce', from: 'eve' }, seal(roomKey(game.room, newGameLink().secret), JSON.stringify({ type: 'announce', from: 'eve' })), 'garbage', 'A'.repeat(100_000), seal(roomKey(game.room, game.secret), JSON.stringify({ type: 'signal', from: 'eve' }))];
    for (const data of forged) tap.publish(data);
    expect(await host.call('takeSeat')).toEqual({ ok: true, value: 0 });
    expect(await host.call('setBot', 2, true)).toMatchObject({ ok: true });
    await waitFor('the guest sees the table', () => {
      const seats = guest.last('view')?.['seats'] as unknown[] | undefined;
      return seats?.length === 3 && seats[0] !== null && seats[2] !== null;
    });
    expect(await guest.call('takeSeat')).toEqual({ ok: true, value: 1 });

    const late = spawnMember({ ...base, member: 'member-late-0003', name: 'Cy' });
    members.push(late);
    await waitFor('the latecomer sees a full table', () => late.last('view')?.['full'] === true, 30_000);
    const refused = await late.call('takeSeat');
    expect(refused).toMatchObject({ ok: false, error: { code: 'RoomFull' } });
    expect(refused.error!.message).toMatch(/full/);

    await host.call('setReady', true);
    await guest.call('setReady', true);
    await waitFor('both pages started', () => !!host.last('started') && !!guest.last('started'), 30_000);
    expect(host.last('started')!['genesis']).toBe(guest.last('started')!['genesis']);
    expect(host.last('started')!['seats']).toEqual([0, 2]);
    expect(guest.last('started')!['seats']).toEqual([1]);
    expect(host.last('started')!['reached']).toBeGreaterThanOrEqual(1);

    await waitFor('the game over', () => !!host.last('ended') && !!guest.last('ended'), 50_000);
    const ends = [host.last('ended')!, guest.last('ended')!];
    expect(ends.flatMap((e) => e['outcomes'] as string[])).toEqual(['finished', 'finished', 'finished']);
    expect(new Set(ends.flatMap((e) => e['hashes'] as string[])).size).toBe(1);
    expect(members.flatMap((m) => m.messages.filter((x) => x['kind'] === 'error'))).toEqual([]);
    // All along, the intruder saw nobody and no seat: the lobby is encrypted with the link's secret.
    const seen = intruder.messages.filter((m) => m['kind'] === 'view');
    expect(seen.every((v) => v['present'] === 1 && (v['seats'] as unknown[]).every((x) => x === null))).toBe(true);
    expect(late.messages.some((m) => m['kind'] === 'view' && m['present'] === 3)).toBe(true); // the latecomer met the host and the guest
    // The signaling server saw sealed text only: under the room's key, announces and the WebRTC
    // offers and answers; nothing under another key; and nobody answered the forged announces.
    tap.close();
    const published = tap.seen.filter((d) => !forged.some((f) => JSON.stringify(f) === JSON.stringify(d)));
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((d) => typeof d === 'string' && open(roomKey(game.room, newGameLink().secret), d) === null)).toBe(true);
    const opened = published.map((d) => JSON.parse(open(roomKey(game.room, game.secret), d) ?? 'null') as { type: string; to?: string; signal?: { type?: string } });
    expect(opened.every((m) => m?.type === 'announce' || m?.type === 'signal')).toBe(true);
    expect(opened.some((m) => m.signal?.type === 'offer')).toBe(true);
    expect(opened.filter((m) => m.to === 'eve')).toEqual([]);
  });
});
