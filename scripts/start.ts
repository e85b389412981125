/**
 * `npm start`: the game's dev server and the two signaling servers a peer-to-peer game needs,
 * all on the loopback interface. Ports: BFE_PORT (5173), BFE_PEER_PORT (9000), BFE_SIGNALING_PORT (4444).
 * Ctrl-C (SIGINT) or SIGTERM closes the three.
 */
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { DEFAULT_PEER, DEFAULT_SIGNALING, PortInUseError, type RunningServer, startPeerServer, startYWebrtcSignaling } from './signaling.js';

const HOST = '127.0.0.1';
const root = fileURLToPath(new URL('..', import.meta.url));

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name}=${raw} is not a port number (1-65535)`);
  return port;
}

async function startWeb(port: number): Promise<ViteDevServer> {
  const vite = await createServer({ root, server: { host: HOST, port, strictPort: true } });
  try {
    await vite.listen();
  } catch (e) {
    await vite.close();
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || /already in use/i.test(String((e as Error).message))) throw new PortInUseError('game web server', HOST, port);
    throw e;
  }
  return vite;
}

async function main(): Promise<void> {
  const closers: (() => Promise<void>)[] = [];
  let stopping = false;
  const stop = async (code: number): Promise<never> => {
    if (!stopping) {
      stopping = true;
      await Promise.allSettled(closers.reverse().map((close) => close()));
    }
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      console.log(`\n${signal}: stopping the servers…`);
      void stop(0);
    });

  try {
    const ports = {
      web: portFromEnv('BFE_PORT', 5173),
      peer: portFromEnv('BFE_PEER_PORT', DEFAULT_PEER.port),
      signaling: portFromEnv('BFE_SIGNALING_PORT', DEFAULT_SIGNALING.port),
    };
    const peer: RunningServer = await startPeerServer({ host: HOST, port: ports.peer, path: DEFAULT_PEER.path });
    closers.push(peer.close);
    const signaling: RunningServer = await startYWebrtcSignaling({ host: HOST, port: ports.signaling });
    closers.push(signaling.close);
    // The page learns where the signaling servers are through Vite's env (import.meta.env.VITE_*).
    process.env['VITE_BFE_PEER_URL'] = peer.url;
    process.env['VITE_BFE_SIGNALING_URL'] = signaling.url;
    const web = await startWeb(ports.web);
    closers.push(() => web.close());
    const gameUrl = web.resolvedUrls?.local[0] ?? `http://${HOST}:${ports.web}/`;
    console.log(
      [
        '',
        'Battle For Eden',
        `  game:                     ${gameUrl}`,
        `  PeerJS server:            ${peer.url}   (id: ${peer.url}/${DEFAULT_PEER.key}/id)`,
        `  y-webrtc signaling:       ${signaling.url}`,
        '',
        'Ctrl-C stops all three.',
      ].join('\n'),
    );
  } catch (e) {
    console.error(`npm start: ${e instanceof Error ? e.message : String(e)}`);
    if (e instanceof PortInUseError) console.error('Ports can be chosen with BFE_PORT (game), BFE_PEER_PORT (PeerJS) and BFE_SIGNALING_PORT (y-webrtc).');
    await stop(1);
  }
}

void main();
