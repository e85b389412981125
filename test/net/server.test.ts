import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type GameServer, selfSignedCertificate, startGameServer } from '../../scripts/server.js';
import { parseArgs } from '../../scripts/start.js';

/** One WebSocket's next JSON message. */
const nextMessage = (ws: WebSocket): Promise<Record<string, unknown>> =>
  new Promise((resolve, reject) => {
    ws.once('message', (d) => resolve(JSON.parse(String(d)) as Record<string, unknown>));
    ws.once('error', reject);
  });
const opened = (ws: WebSocket): Promise<void> =>
  new Promise((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });

describe('npm start: the page and both signaling servers on one port', () => {
  let dist: string;
  let server: GameServer;
  let base: string;
  const js = `console.log(${JSON.stringify('x'.repeat(5000))});`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'bfe-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Battle For Eden</title><script src="/assets/index-abc123.js"></script>');
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), js);
    await writeFile(path.join(os.tmpdir(), 'bfe-outside.txt'), 'secret');
    server = await startGameServer({ host: '127.0.0.1', port: 0, dist });
    base = server.localUrl;
  });
  afterAll(async () => {
    await server?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves the page, revalidated, and hashed assets compressed and cached for a year', async () => {
    const page = await fetch(base);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const etag = page.headers.get('etag')!;
    expect((await fetch(base, { headers: { 'If-None-Match': etag } })).status).toBe(304);

    // fetch() decompresses: ask for raw bytes with node's https/http would show the encoding; check both.
    const asset = await fetch(`${base}assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(Number(asset.headers.get('content-length'))).toBeLessThan(js.length / 10);
    expect(await asset.text()).toBe(js);
    const gz = await fetch(`${base}assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it('refuses paths outside the build and unknown files', async () => {
    for (const p of ['/../bfe-outside.txt', '/%2e%2e/bfe-outside.txt', '/assets/../../bfe-outside.txt', '/nope.js']) {
      const res = await fetch(`${base.slice(0, -1)}${p}`);
      expect([403, 404], p).toContain(res.status);
      expect(await res.text()).not.toContain('secret');
    }
    expect((await fetch(base, { method: 'POST' })).status).toBe(405);
  });

  it('answers PeerJS on /bfe/peerjs (HTTP and WebSocket), through the same port', async () => {
    const id = await (await fetch(`${base}bfe/peerjs/id`)).text();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/bfe/peerjs?key=peerjs&id=alice&token=t1`);
    expect(await nextMessage(ws)).toEqual({ type: 'OPEN' });
    ws.close();
  });

  it("relays y-webrtc's signaling on /bfe/yjs, through the same port", async () => {
    const a = new WebSocket(`ws://127.0.0.1:${server.port}/bfe/yjs`);
    const b = new WebSocket(`ws://127.0.0.1:${server.port}/bfe/yjs`);
    await Promise.all([opened(a), opened(b)]);
    a.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
    b.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
    b.send(JSON.stringify({ type: 'ping' }));
    expect(await nextMessage(b)).toEqual({ type: 'pong' });
    a.send(JSON.stringify({ type: 'ping' }));
    expect(await nextMessage(a)).toEqual({ type: 'pong' });
    expect(server.lobbyClients()).toBe(2);
    const got = nextMessage(b);
    a.send(JSON.stringify({ type: 'publish', topic: 'room', data: 'hi' }));
    expect(await got).toEqual({ type: 'publish', topic: 'room', data: 'hi', clients: 2 });
    a.close();
    b.close();
  });

  it('refuses WebSockets on other paths', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/elsewhere`);
    await expect(opened(ws)).rejects.toThrow();
  });

  it('closes everything it started', async () => {
    const other = await startGameServer({ host: '127.0.0.1', port: 0, dist: null });
    const ws = new WebSocket(`ws://127.0.0.1:${other.port}/bfe/peerjs?key=peerjs&id=bob&token=t`);
    expect(await nextMessage(ws)).toEqual({ type: 'OPEN' });
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    await other.close();
    await closed;
    await expect(fetch(`http://127.0.0.1:${other.port}/bfe/peerjs/id`)).rejects.toThrow();
  });

  it('serves HTTPS and WSS with a self-signed certificate valid for loopback and the LAN addresses', async () => {
    const tls = await selfSignedCertificate();
    const secure = await startGameServer({ host: '127.0.0.1', port: 0, dist, tls });
    try {
      expect(secure.localUrl).toBe(`https://127.0.0.1:${secure.port}/`);
      const body = await new Promise<string>((resolve, reject) =>
        https.get(`${secure.localUrl}`, { ca: tls.cert }, (res) => {
          let text = '';
          res.on('data', (d) => (text += String(d)));
          res.on('end', () => resolve(text));
        }).on('error', reject),
      );
      expect(body).toContain('Battle For Eden');
      const ws = new WebSocket(`wss://127.0.0.1:${secure.port}/bfe/yjs`, { ca: tls.cert });
      await opened(ws);
      ws.send(JSON.stringify({ type: 'ping' }));
      expect(await nextMessage(ws)).toEqual({ type: 'pong' });
      ws.close();
    } finally {
      await secure.close();
    }
  });

  it('reads its options: all interfaces by default, --host, --port, --https, --dev, --signaling-only', () => {
    const none = { https: false, dev: false, signalingOnly: false };
    expect(parseArgs([], {})).toEqual({ ...none, port: 5173, host: '::' });
    expect(parseArgs(['--port', '8080', '--host=192.168.1.5', '--https'], {})).toEqual({ ...none, port: 8080, host: '192.168.1.5', https: true });
    expect(parseArgs(['--dev'], { BFE_PORT: '9999', BFE_HOST: '127.0.0.1' })).toEqual({ ...none, port: 9999, host: '127.0.0.1', dev: true });
    expect(parseArgs(['--signaling-only'], {})).toEqual({ ...none, port: 5173, host: '::', signalingOnly: true });
    expect(parseArgs(['--dev', '--signaling-only'], {})).toMatch(/do not go together/);
    expect(parseArgs(['--port', 'x'], {})).toMatch(/--port must be a port number/);
    expect(parseArgs(['--colour'], {})).toMatch(/unknown option --colour/);
  });
});
