import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PortInUseError, type RunningServer, startPeerServer, startYWebrtcSignaling } from '../../scripts/signaling.js';

/** Opens a websocket and collects its JSON messages. */
async function connect(url: string): Promise<{ ws: WebSocket; next: () => Promise<Record<string, unknown>> }> {
  const ws = new WebSocket(url);
  const inbox: Record<string, unknown>[] = [];
  const waiting: ((m: Record<string, unknown>) => void)[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as Record<string, unknown>;
    const w = waiting.shift();
    if (w) w(m);
    else inbox.push(m);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (): Promise<Record<string, unknown>> => {
    const m = inbox.shift();
    if (m) return Promise.resolve(m);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no message from ${url} within 5 s`)), 5000);
      waiting.push((x) => {
        clearTimeout(timer);
        resolve(x);
      });
    });
  };
  return { ws, next };
}

const closeSocket = (ws: WebSocket): Promise<void> =>
  new Promise((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve();
    ws.once('close', () => resolve());
    ws.close();
  });

/** Whether something accepts TCP connections on 127.0.0.1:port. */
const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

describe('PeerJS server', () => {
  let peer: RunningServer;
  beforeAll(async () => {
    peer = await startPeerServer({ host: '127.0.0.1', port: 0, path: '/bfe' });
  });
  afterAll(() => peer.close());

  it('answers its HTTP API: a fresh id from /bfe/peerjs/id', async () => {
    expect(peer.url).toBe(`http://127.0.0.1:${peer.port}/bfe`);
    const info = await fetch(peer.url);
    expect(info.status).toBe(200);
    expect(((await info.json()) as { name: string }).name).toBe('PeerJS Server');
    const a = await fetch(`${peer.url}/peerjs/id`);
    expect(a.status).toBe(200);
    const id = await a.text();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await (await fetch(`${peer.url}/peerjs/id`)).text()).not.toBe(id);
  });

  it('opens a client websocket as PeerJS clients do', async () => {
    const { ws, next } = await connect(`ws://127.0.0.1:${peer.port}/bfe/peerjs?key=peerjs&id=alice&token=t1`);
    expect(await next()).toEqual({ type: 'OPEN' });
    await closeSocket(ws);
  });

  it('says clearly when its port is taken', async () => {
    const taken = startPeerServer({ host: '127.0.0.1', port: peer.port });
    await expect(taken).rejects.toBeInstanceOf(PortInUseError);
    await expect(taken).rejects.toThrow(`PeerJS server: 127.0.0.1:${peer.port} is already in use`);
  });

  it('frees its port on close', async () => {
    const other = await startPeerServer({ host: '127.0.0.1', port: 0 });
    expect(await accepts(other.port)).toBe(true);
    await other.close();
    await other.close(); // twice is fine
    expect(await accepts(other.port)).toBe(false);
  });
});

describe('y-webrtc signaling server', () => {
  let signaling: RunningServer;
  beforeAll(async () => {
    signaling = await startYWebrtcSignaling({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => signaling.close());

  it('answers plain HTTP like the original', async () => {
    const res = await fetch(`http://127.0.0.1:${signaling.port}/`);
    expect(await res.text()).toBe('okay');
  });

  it('relays a publish to every subscriber of the topic, and answers ping', async () => {
    const a = await connect(signaling.url);
    const b = await connect(signaling.url);
    const c = await connect(signaling.url);
    a.ws.send(JSON.stringify({ type: 'subscribe', topics: ['room-1'] }));
    b.ws.send(JSON.stringify({ type: 'subscribe', topics: ['room-1', 42] }));
    c.ws.send(JSON.stringify({ type: 'subscribe', topics: ['room-2'] }));
    // Messages from one connection are handled in order: once b's ping is answered, b is subscribed.
    b.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await b.next()).toEqual({ type: 'pong' });
    a.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await a.next()).toEqual({ type: 'pong' });

    a.ws.send(JSON.stringify({ type: 'publish', topic: 'room-1', data: { type: 'announce', from: 'a' } }));
    const expected = { type: 'publish', topic: 'room-1', data: { type: 'announce', from: 'a' }, clients: 2 };
    expect(await b.next()).toEqual(expected);
    expect(await a.next()).toEqual(expected);

    // c, on another topic, got nothing; garbage is ignored and the connection lives on.
    c.ws.send('not json');
    c.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await c.next()).toEqual({ type: 'pong' });

    // After unsubscribing, a no longer receives room-1's traffic.
    a.ws.send(JSON.stringify({ type: 'unsubscribe', topics: ['room-1'] }));
    a.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await a.next()).toEqual({ type: 'pong' });
    b.ws.send(JSON.stringify({ type: 'publish', topic: 'room-1', data: 'x' }));
    expect(await b.next()).toEqual({ type: 'publish', topic: 'room-1', data: 'x', clients: 1 });
    await Promise.all([a, b, c].map((x) => closeSocket(x.ws)));
  });

  it('says clearly when its port is taken', async () => {
    const taken = startYWebrtcSignaling({ host: '127.0.0.1', port: signaling.port });
    await expect(taken).rejects.toBeInstanceOf(PortInUseError);
    await expect(taken).rejects.toThrow(`y-webrtc signaling server: 127.0.0.1:${signaling.port} is already in use`);
  });

  it('drops its clients and frees its port on close', async () => {
    const other = await startYWebrtcSignaling({ host: '127.0.0.1', port: 0 });
    const client = await connect(other.url);
    const closed = new Promise<void>((resolve) => client.ws.once('close', () => resolve()));
    await other.close();
    await closed;
    expect(await accepts(other.port)).toBe(false);
  });
});
