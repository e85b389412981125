/**
 * A lobby member in its own process, driven by IPC messages from the test: its own module
 * instances and globals, like a page in its own browser (y-webrtc keeps module-level rooms and
 * would sync members of one process in memory instead of over WebRTC; wrtc's native module
 * cannot run in worker threads). Started with `node --import tsx`, its data in BFE_MEMBER.
 */
import './node-webrtc.js';
import { stateHash, toHex } from '../../../engine/index.js';
import { randomAgent } from '../../../engine/agents/index.js';
import { agentStream } from '../../../engine/local/index.js';
import { useNodeCrypto, nodeScheme } from '../../../scripts/node/crypto.js';
import { peerServerAddress } from '../../../src/net/endpoints.js';
import { startNetGame } from '../../../src/net/game.js';
import { meshIds, meshToken } from '../../../src/net/ids.js';
import { parseShareLink } from '../../../src/net/link.js';
import { type Lobby, makeLobby, yWebrtcConnect } from '../../../src/net/lobby.js';
import { makeMesh } from '../../../src/net/mesh.js';
import type { IceConfig } from '../../../src/net/ice.js';
import { FAST_TIMING } from './table.js';

export interface MemberData {
  readonly link: string;
  readonly member: string;
  readonly name: string;
  readonly signaling: string;
  readonly ice: IceConfig;
  readonly create?: { players: number; timer: number | null; days: number | null };
}

const data = JSON.parse(process.env['BFE_MEMBER'] ?? '{}') as MemberData;
const port = { postMessage: (m: unknown): void => void process.send!(m) };
process.on('disconnect', () => process.exit(0));
// As in a browser, a rejected promise nobody handles is reported, not fatal (y-webrtc leaves a
// message it cannot decrypt as one).
process.on('unhandledRejection', (e) => console.warn('member: unhandled rejection:', e instanceof Error ? e.message : e));
await useNodeCrypto();
const scheme = (await nodeScheme())!;
const link = parseShareLink(data.link);
if (!link.ok) throw new Error(link.error.message);
const lobby: Lobby = makeLobby({
  link: link.value,
  member: data.member,
  name: data.name,
  scheme,
  connect: yWebrtcConnect({ signaling: data.signaling, ice: data.ice }),
  ...(data.create ? { create: data.create } : {}),
});

lobby.subscribe((v) =>
  port.postMessage({
    kind: 'view',
    seats: v.snapshot.seats.map((s) => (s ? { owner: s.owner, bot: s.bot, ready: s.ready, name: s.name } : null)),
    present: v.present.length,
    full: v.full,
    waiting: v.waiting,
    signing: v.signing,
    reached: v.reached,
  }),
);

process.on('message', (message: unknown) => {
  const m = message as { call: keyof Lobby; args: unknown[]; id: number };
  const fn = lobby[m.call] as (...a: unknown[]) => unknown;
  const result = fn.apply(lobby, m.args);
  port.postMessage({ kind: 'result', id: m.id, result });
});

void lobby.started.then(async (start) => {
  port.postMessage({ kind: 'started', genesis: start.genesis.id, seats: start.seats.map((s) => s.seat), reached: lobby.view().reached });
  const ids = meshIds(start.genesis.id, start.genesis.genesis.seats.length);
  const games = start.seats.map(({ seat, secrets }) =>
    startNetGame({
      transport: makeMesh({ seat, ids, token: meshToken(toHex(secrets.keys.seed)), server: peerServerAddress(data.signaling), ice: data.ice, maxMessageBytes: start.genesis.genesis.settings.maxMessageBytes, timing: FAST_TIMING }),
      genesis: start.genesis,
      genesisSignatures: start.genesisSignatures,
      secrets,
      scheme,
      agent: randomAgent(agentStream(start.genesis.id, seat)),
    }),
  );
  const ends = await Promise.all(games.map((g) => g.ended));
  port.postMessage({ kind: 'ended', outcomes: ends.map((v) => v.outcome.kind), hashes: ends.map((v) => stateHash(v.state)), seats: games.map((g) => g.seat) });
  for (const g of games) g.dispose();
  lobby.dispose();
});
