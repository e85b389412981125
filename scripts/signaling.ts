/**
 * The two signaling servers a game needs on the players' machine or LAN:
 * - a PeerJS server (the `peer` package, the real PeerJS broker), and
 * - y-webrtc's signaling server (its bin/server.js, ported here so that it can be closed).
 * Each start function resolves once the server listens, and returns its URL and a close().
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { WebSocketServer, type WebSocket } from 'ws';

export interface RunningServer {
  /** The URL clients use (http for PeerJS, ws for y-webrtc). */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stops listening, drops every client and frees every timer; safe to call twice. */
  close(): Promise<void>;
}

/** A listen() that failed because another process holds the port. */
export class PortInUseError extends Error {
  constructor(
    readonly what: string,
    readonly host: string,
    readonly port: number,
  ) {
    super(`${what}: ${host}:${port} is already in use. Stop the program holding it (e.g. \`ss -ltnp 'sport = :${port}'\`) or choose another port.`);
    this.name = 'PortInUseError';
  }
}

export interface PeerServerOptions {
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** Mount path; clients pass the same `path` to `new Peer({ host, port, path })`. */
  readonly path?: string;
  /** PeerJS API key (the client's `key` option); PeerJS's default is "peerjs". */
  readonly key?: string;
}

export const DEFAULT_PEER = { host: '127.0.0.1', port: 9000, path: '/bfe', key: 'peerjs' } as const;
export const DEFAULT_SIGNALING = { host: '127.0.0.1', port: 4444 } as const;

/**
 * The PeerJS server runs in a worker thread: the `peer` package starts timers (message expiry,
 * dead-connection sweeps) that it never stops, so terminating the worker is the only way to
 * free everything it allocated.
 */
const PEER_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { createRequire } = require('node:module');
const { ExpressPeerServer } = require(workerData.peerPath);
const express = createRequire(workerData.peerPath)('express');
const app = express();
const server = http.createServer(app);
const peer = ExpressPeerServer(server, { path: workerData.path, key: workerData.key, allow_discovery: false, proxied: false });
app.use(peer);
let listening = false;
// The peer app re-emits its websocket server's errors, the listen error included; unhandled, they would kill the worker.
const report = (e) => {
  if (listening) console.error('PeerJS server:', e && e.message);
  else parentPort.postMessage({ kind: 'error', code: e && e.code, message: String(e && e.message) });
};
peer.on('error', report);
server.on('error', report);
server.listen(workerData.port, workerData.host, () => {
  listening = true;
  parentPort.postMessage({ kind: 'listening', port: server.address().port });
});
`;

type WorkerReport = { kind: 'listening'; port: number } | { kind: 'error'; code?: string; message: string };

export function startPeerServer(options: PeerServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_PEER.host;
  const port = options.port ?? DEFAULT_PEER.port;
  const path = options.path ?? DEFAULT_PEER.path;
  const key = options.key ?? DEFAULT_PEER.key;
  const peerPath = createRequire(import.meta.url).resolve('peer');
  const worker = new Worker(PEER_WORKER, { eval: true, workerData: { peerPath, host, port, path, key } });
  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => (closing ??= worker.terminate().then(() => undefined));
  return new Promise((resolve, reject) => {
    const fail = (e: Error): void => {
      void close();
      reject(e);
    };
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`PeerJS server: worker exited with code ${code} before listening`)));
    worker.once('message', (report: WorkerReport) => {
      worker.removeAllListeners('exit');
      if (report.kind === 'error') {
        fail(report.code === 'EADDRINUSE' ? new PortInUseError('PeerJS server', host, port) : new Error(`PeerJS server: ${report.message}`));
        return;
      }
      resolve({ url: `http://${urlHost(host)}:${report.port}${path}`, host, port: report.port, close });
    });
  });
}

export interface SignalingOptions {
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** A connection that has not answered a ping within this time is closed (y-webrtc: 30 s). */
  readonly pingTimeoutMs?: number;
}

/** y-webrtc's wire messages; anything else is ignored, as the original server does. */
type SignalingMessage =
  | { type: 'subscribe' | 'unsubscribe'; topics?: unknown }
  | { type: 'publish'; topic?: unknown; clients?: number; [k: string]: unknown }
  | { type: 'ping' };

/** y-webrtc's signaling logic, to attach to any HTTP(S) server's upgrades at a path of one's choice. */
export interface YWebrtcSignaling {
  handleUpgrade(request: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Drops every client and frees every timer. */
  close(): void;
  /** Connected clients (for tests and the server's log). */
  readonly clients: () => number;
}

/** y-webrtc's signaling protocol (bin/server.js of y-webrtc 10.3): topics, publish to subscribers, ping. */
export function makeYWebrtcSignaling(options: { pingTimeoutMs?: number; maxTopicsPerClient?: number } = {}): YWebrtcSignaling {
  const pingTimeout = options.pingTimeoutMs ?? 30_000;
  const maxTopics = options.maxTopicsPerClient ?? 64;
  const topics = new Map<string, Set<WebSocket>>();
  const pingers = new Set<NodeJS.Timeout>();
  // Lobby messages are small; a client that sends more than this is not a lobby.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });

  const send = (conn: WebSocket, message: unknown): void => {
    if (conn.readyState !== conn.CONNECTING && conn.readyState !== conn.OPEN) conn.close();
    try {
      conn.send(JSON.stringify(message));
    } catch {
      conn.close();
    }
  };

  wss.on('connection', (conn: WebSocket) => {
    const subscribed = new Set<string>();
    let closed = false;
    let pongReceived = true;
    const pinger = setInterval(() => {
      if (!pongReceived) {
        conn.close();
        clearInterval(pinger);
        pingers.delete(pinger);
        return;
      }
      pongReceived = false;
      try {
        conn.ping();
      } catch {
        conn.close();
      }
    }, pingTimeout);
    pingers.add(pinger);
    conn.on('error', () => conn.terminate());
    conn.on('pong', () => {
      pongReceived = true;
    });
    conn.on('close', () => {
      for (const name of subscribed) {
        const subs = topics.get(name);
        subs?.delete(conn);
        if (subs?.size === 0) topics.delete(name);
      }
      subscribed.clear();
      closed = true;
      clearInterval(pinger);
      pingers.delete(pinger);
    });
    conn.on('message', (data) => {
      const message = parseMessage(data);
      if (!message || closed) return;
      switch (message.type) {
        case 'subscribe':
          for (const name of topicList(message.topics)) {
            if (subscribed.size >= maxTopics && !subscribed.has(name)) break;
            let subs = topics.get(name);
            if (!subs) topics.set(name, (subs = new Set()));
            subs.add(conn);
            subscribed.add(name);
          }
          break;
        case 'unsubscribe':
          for (const name of topicList(message.topics)) {
            topics.get(name)?.delete(conn);
            subscribed.delete(name);
          }
          break;
        case 'publish': {
          const receivers = typeof message.topic === 'string' ? topics.get(message.topic) : undefined;
          if (receivers) {
            const out = { ...message, clients: receivers.size };
            for (const r of receivers) send(r, out);
          }
          break;
        }
        case 'ping':
          send(conn, { type: 'pong' });
          break;
      }
    });
  });

  return {
    handleUpgrade: (request, socket, head) => wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request)),
    close() {
      for (const t of pingers) clearInterval(t);
      pingers.clear();
      for (const c of wss.clients) c.terminate();
      wss.close();
    },
    clients: () => wss.clients.size,
  };
}

/** y-webrtc's signaling server on its own port (`npm run dev`, tests), with the same protocol and a close(). */
export function startYWebrtcSignaling(options: SignalingOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_SIGNALING.host;
  const port = options.port ?? DEFAULT_SIGNALING.port;
  const signaling = makeYWebrtcSignaling(options.pingTimeoutMs !== undefined ? { pingTimeoutMs: options.pingTimeoutMs } : {});
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('okay');
  });
  server.on('upgrade', (request, socket, head) => signaling.handleUpgrade(request, socket, head));

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> =>
    (closing ??= new Promise<void>((done) => {
      signaling.close();
      server.closeAllConnections();
      server.close(() => done());
    }));

  return new Promise((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      void close();
      reject(e.code === 'EADDRINUSE' ? new PortInUseError('y-webrtc signaling server', host, port) : e);
    });
    server.listen(port, host, () => {
      const actual = (server.address() as AddressInfo).port;
      resolve({ url: `ws://${urlHost(host)}:${actual}`, host, port: actual, close });
    });
  });
}

function parseMessage(data: unknown): SignalingMessage | null {
  try {
    const text = Array.isArray(data) ? Buffer.concat(data).toString() : Buffer.isBuffer(data) ? data.toString() : typeof data === 'string' ? data : Buffer.from(data as ArrayBuffer).toString();
    const m: unknown = JSON.parse(text);
    return m && typeof m === 'object' && typeof (m as { type?: unknown }).type === 'string' ? (m as SignalingMessage) : null;
  } catch {
    return null;
  }
}

const topicList = (topics: unknown): string[] => (Array.isArray(topics) ? topics.filter((t): t is string => typeof t === 'string') : []);

export const urlHost = (host: string): string => (host.includes(':') ? `[${host}]` : host);
