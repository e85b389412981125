/**
 * The one process `npm start` runs: the production build, the PeerJS server and y-webrtc's
 * signaling, all from ONE address and port (one firewall rule on a LAN):
 *
 *   /                 the page (dist/), compressed, hashed assets cached for a year
 *   /bfe/peerjs/…     the PeerJS server (HTTP and WebSocket; it runs in a worker on an internal
 *                     loopback port, proxied here, so that closing frees everything it started)
 *   /bfe/yjs          y-webrtc's signaling (WebSocket)
 *
 * The page finds both from its own origin (src/net/endpoints.ts), so nothing is configured.
 */
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import { makeYWebrtcSignaling, PortInUseError, startPeerServer, urlHost } from './signaling.js';

export const SIGNALING_PATH = '/bfe';
const PEER_KEY = 'peerjs';

export interface GameServerOptions {
  /** Interface to listen on; '::' (all, IPv6 and IPv4) by default. */
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** The production build to serve, or null for the signaling alone. */
  readonly dist: string | null;
  /** TLS key and certificate: HTTPS and WSS on the same port. */
  readonly tls?: { readonly key: string; readonly cert: string } | null;
}

export interface GameServer {
  readonly port: number;
  readonly host: string;
  readonly secure: boolean;
  /** The page on loopback, e.g. http://127.0.0.1:5173/ */
  readonly localUrl: string;
  /** The page at each of this machine's LAN addresses. */
  readonly lanUrls: readonly string[];
  /** Connected y-webrtc clients (lobbies). */
  lobbyClients(): number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest', '.wasm']);

/** This machine's non-loopback IPv4 addresses (what other players on the LAN type). */
export function lanAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((a): a is os.NetworkInterfaceInfoIPv4 => !!a && a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);
}

/** The signaling routes (PeerJS and y-webrtc under /bfe), to mount on any HTTP(S) server: ours, or Vite's dev server. */
export interface SignalingRoutes {
  /** Handles an HTTP request if it is for the signaling; false otherwise. */
  request(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** Handles a WebSocket upgrade if it is for the signaling; false otherwise. */
  upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): boolean;
  lobbyClients(): number;
  close(): Promise<void>;
}

export async function makeSignalingRoutes(): Promise<SignalingRoutes> {
  const peer = await startPeerServer({ host: '127.0.0.1', port: 0, path: SIGNALING_PATH, key: PEER_KEY });
  const lobby = makeYWebrtcSignaling();
  const peerPrefix = `${SIGNALING_PATH}/${PEER_KEY}`;
  const isPeer = (pathname: string): boolean => pathname === peerPrefix || pathname.startsWith(`${peerPrefix}/`);
  const lobbyPath = `${SIGNALING_PATH}/yjs`;
  return {
    request(req, res) {
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      if (isPeer(pathname)) {
        proxyHttp(req, res, peer.port);
        return true;
      }
      if (pathname === lobbyPath) {
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('okay');
        return true;
      }
      return false;
    },
    upgrade(req, socket, head) {
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      if (pathname === lobbyPath) {
        socket.on('error', () => socket.destroy());
        lobby.handleUpgrade(req, socket, head);
        return true;
      }
      if (isPeer(pathname)) {
        socket.on('error', () => socket.destroy());
        proxyUpgrade(req, socket, head, peer.port);
        return true;
      }
      return false;
    },
    lobbyClients: () => lobby.clients(),
    async close() {
      lobby.close();
      await peer.close();
    },
  };
}

/** A self-signed certificate for this machine: localhost, loopback and every LAN address (for --https). */
export async function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
  const { generate } = await import('selfsigned');
  const ips = ['127.0.0.1', '::1', ...lanAddresses()];
  const pems = await generate([{ name: 'commonName', value: 'Battle For Eden (LAN)' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, ...ips.map((ip) => ({ type: 7 as const, ip }))] },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

export async function startGameServer(options: GameServerOptions): Promise<GameServer> {
  const secure = !!options.tls;
  const routes = await makeSignalingRoutes();
  const files = options.dist ? staticFiles(options.dist) : null;
  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    if (routes.request(req, res)) return;
    if (!files) {
      res.writeHead(404).end('not found');
      return;
    }
    void files(req, res, new URL(req.url ?? '/', 'http://x').pathname);
  };
  const server = options.tls ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, handler) : http.createServer(handler);
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!routes.upgrade(req, socket, head)) socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
  });

  const host = options.host ?? '::';
  const port = await listen(server, host, options.port ?? 5173).catch(async (e: unknown) => {
    await routes.close();
    throw e;
  });
  const scheme = secure ? 'https' : 'http';
  const all = host === '::' || host === '0.0.0.0';
  let closing: Promise<void> | null = null;
  return {
    port,
    host,
    secure,
    localUrl: `${scheme}://${all ? '127.0.0.1' : urlHost(host)}:${port}/`,
    lanUrls: all ? lanAddresses().map((a) => `${scheme}://${a}:${port}/`) : [],
    lobbyClients: () => routes.lobbyClients(),
    close: () =>
      (closing ??= (async () => {
        // The signaling first: upgraded sockets (WebSockets) keep server.close() waiting until they end.
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await routes.close();
        server.closeAllConnections();
        await closed;
      })()),
  };
}

function listen(server: http.Server | https.Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException): void => {
      // No IPv6 on this machine: all IPv4 interfaces instead.
      if (host === '::' && (e.code === 'EAFNOSUPPORT' || e.code === 'EADDRNOTAVAIL')) {
        listen(server, '0.0.0.0', port).then(resolve, reject);
        return;
      }
      reject(e.code === 'EADDRINUSE' ? new PortInUseError('game server', host, port) : e);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** HTTP requests for the PeerJS API, to the worker's internal port. */
function proxyHttp(req: http.IncomingMessage, res: http.ServerResponse, port: number): void {
  const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}

/** A WebSocket upgrade for the PeerJS server: the raw request replayed to the worker, then the bytes piped both ways. */
function proxyUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer, port: number): void {
  const upstream = net.connect(port, '127.0.0.1', () => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  const end = (): void => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', end);
  upstream.on('close', end);
  socket.on('close', end);
}

interface Cached {
  readonly mtime: number;
  readonly body: Buffer;
  readonly br?: Buffer;
  readonly gzip?: Buffer;
  readonly etag: string;
}

/**
 * Static files of the build: compressed once (brotli, gzip) and kept in memory; hashed assets
 * (Vite's /assets/name-HASH.ext) are immutable for a year, everything else is revalidated (ETag).
 */
function staticFiles(root: string): (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => Promise<void> {
  const cache = new Map<string, Cached>();
  const base = path.resolve(root);
  return async (req, res, pathname) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = path.resolve(base, `.${decoded.endsWith('/') ? `${decoded}index.html` : decoded}`);
    if (file !== base && !file.startsWith(base + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    let entry: Cached;
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      const known = cache.get(file);
      if (known && known.mtime === info.mtimeMs) entry = known;
      else {
        const body = await readFile(file);
        const ext = path.extname(file);
        const big = COMPRESSIBLE.has(ext) && body.length > 1024;
        entry = {
          mtime: info.mtimeMs,
          body,
          etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
          ...(big ? { br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }), gzip: zlib.gzipSync(body, { level: 9 }) } : {}),
        };
        cache.set(file, entry);
      }
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    const ext = path.extname(file);
    const immutable = decoded.startsWith('/assets/');
    const headers: http.OutgoingHttpHeaders = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: entry.etag,
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
    };
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    let body = entry.body;
    if (entry.br && /\bbr\b/.test(accepts)) {
      body = entry.br;
      headers['Content-Encoding'] = 'br';
    } else if (entry.gzip && /\bgzip\b/.test(accepts)) {
      body = entry.gzip;
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
