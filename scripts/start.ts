/**
 * `npm start`: one process, one port: the game's production build (built first if dist/ is
 * missing or older than the sources), the PeerJS server and y-webrtc's signaling
 * (scripts/server.ts). Listens on every interface and prints this machine's LAN addresses.
 *
 *   npm start [-- --port 5173] [--host ADDRESS] [--https] [--dev] [--signaling-only]
 *
 * --https   serves HTTPS (and WSS) with a self-signed certificate made at start, for LAN pages
 *           that need a secure context (each player accepts the certificate once).
 * --dev     Vite's dev server (hot reload) with the same signaling mounted on it.
 * --signaling-only  the signaling alone, for a page hosted elsewhere (docs/hosting.md).
 * BFE_PORT and BFE_HOST set the defaults. Ctrl-C (SIGINT) or SIGTERM stops everything.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeSignalingRoutes, selfSignedCertificate, startGameServer, type SignalingRoutes } from './server.js';
import { PortInUseError } from './signaling.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');

export interface StartOptions {
  readonly port: number;
  readonly host: string;
  readonly https: boolean;
  readonly dev: boolean;
  readonly signalingOnly: boolean;
}

const USAGE = 'usage: npm start [-- --port N] [--host ADDRESS] [--https] [--dev] [--signaling-only]';

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv): StartOptions | string {
  let port = env['BFE_PORT'] ? Number(env['BFE_PORT']) : 5173;
  let host = env['BFE_HOST'] || '::';
  let https = false;
  let dev = false;
  let signalingOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    if (flag === '--port') port = Number(value());
    else if (flag === '--host') host = value() ?? '';
    else if (flag === '--https') https = true;
    else if (flag === '--dev') dev = true;
    else if (flag === '--signaling-only') signalingOnly = true;
    else return `unknown option ${a}\n${USAGE}`;
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) return `--port must be a port number (0-65535)\n${USAGE}`;
  if (host === '') return `--host needs an address\n${USAGE}`;
  if (dev && signalingOnly) return `--dev and --signaling-only do not go together\n${USAGE}`;
  return { port, host, https, dev, signalingOnly };
}

/** The newest modification time under the page's sources. */
function newestSource(): number {
  let newest = 0;
  const visit = (p: string): void => {
    if (!existsSync(p)) return;
    const info = statSync(p);
    if (info.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
    else newest = Math.max(newest, info.mtimeMs);
  };
  for (const p of ['src', 'engine', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json']) visit(path.join(root, p));
  return newest;
}

async function ensureBuild(): Promise<void> {
  const index = path.join(dist, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newestSource()) return;
  console.log(existsSync(index) ? 'The sources changed since the last build: building the page…' : 'Building the page (first start)…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
}

async function startDev(options: StartOptions): Promise<{ urls: string[]; close: () => Promise<void> }> {
  const { createServer } = await import('vite');
  let routes: SignalingRoutes | null = null;
  const vite = await createServer({
    root,
    server: { host: options.host === '::' ? true : options.host, port: options.port, strictPort: true, ...(options.https ? { https: await selfSignedCertificate() } : {}) },
    plugins: [
      {
        name: 'bfe-signaling',
        async configureServer(server) {
          routes = await makeSignalingRoutes();
          server.middlewares.use((req, res, next) => {
            if (!routes!.request(req, res)) next();
          });
          // Vite's own WebSocket takes only its HMR protocol; the signaling takes its paths.
          (server.httpServer as http.Server | null)?.on('upgrade', (req, socket, head) => void routes!.upgrade(req, socket, head));
        },
      },
    ],
  });
  await vite.listen();
  return {
    urls: [...(vite.resolvedUrls?.local ?? []), ...(vite.resolvedUrls?.network ?? [])],
    close: async () => {
      await vite.close();
      await (routes as SignalingRoutes | null)?.close();
    },
  };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2), process.env);
  if (typeof options === 'string') {
    console.error(options);
    process.exit(2);
  }
  let close: () => Promise<void> = async () => undefined;
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${signal}: stopping…`);
      void close().finally(() => process.exit(0));
    });
  try {
    let urls: string[];
    if (options.dev) {
      const dev = await startDev(options);
      close = dev.close;
      urls = dev.urls;
    } else {
      if (!options.signalingOnly) await ensureBuild();
      const server = await startGameServer({ host: options.host, port: options.port, dist: options.signalingOnly ? null : dist, tls: options.https ? await selfSignedCertificate() : null });
      close = server.close;
      urls = [server.localUrl, ...server.lanUrls];
    }
    console.log(
      [
        '',
        options.signalingOnly ? 'Battle For Eden: the signaling alone (PeerJS under /bfe/peerjs, y-webrtc at /bfe/yjs)' : `Battle For Eden${options.dev ? ' (development)' : ''}: the game and its signaling on one port`,
        ...urls.map((u) => `  ${u}`),
        '',
        options.signalingOnly
          ? `Pages hosted elsewhere use it with VITE_BFE_SIGNALING or bfe-config.json: {"signaling": "${urls.at(-1)}bfe"}`
          : urls.length > 1
            ? 'Players on this network open one of the addresses above; then share game links as usual.'
            : 'Listening on this address only (--host).',
        options.https ? 'The certificate is self-signed: each browser asks once to accept it.' : '',
        'Ctrl-C stops the server.',
      ]
        .filter((l, i, all) => l !== '' || all[i - 1] !== '')
        .join('\n'),
    );
  } catch (e) {
    console.error(`npm start: ${e instanceof Error ? e.message : String(e)}`);
    if (e instanceof PortInUseError) console.error('Choose another port with --port N (or BFE_PORT).');
    await close();
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
