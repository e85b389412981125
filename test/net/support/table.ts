/** Tables of bots playing over the real mesh: servers, genesis, one NetGame per seat. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stateHash, toHex } from '../../../engine/index.js';
import { randomAgent } from '../../../engine/agents/index.js';
import { agentStream } from '../../../engine/local/index.js';
import { makeMessage, makePeerSession, type SignedEntry, makeReplayText, type Replay } from '../../../engine/protocol/index.js';
import type { PeerSession } from '../../../engine/protocol/peer/session.js';
import { type NetGame, type NetGameEvent, startNetGame } from '../../../src/net/game.js';
import { meshIds, meshToken } from '../../../src/net/ids.js';
import type { IceConfig } from '../../../src/net/ice.js';
import { makeMesh, type PeerServerAddress } from '../../../src/net/mesh.js';
import type { Transport } from '../../../src/net/transport.js';
import { FAST_TIMING, type Genesis } from '../../../scripts/node/bot-table.js';
import { repoRoot } from '../../browser/support.js';

// Shared with bench/ through scripts/node: bench/ imports nothing of test/.
export { botGenesis, FAST_TIMING, type Genesis } from '../../../scripts/node/bot-table.js';

export interface Seated {
  readonly game: NetGame;
  readonly events: NetGameEvent[];
  /** The seat's transport, as the game uses it (a test can send through it as a hostile page would). */
  readonly transport: Transport;
}

export interface TableOptions {
  readonly server: PeerServerAddress;
  readonly ice: IceConfig;
  readonly seed: string;
  /** Wraps a seat's transport (faults, a cheater's rewriting). */
  readonly wrap?: (t: Transport, seat: number) => Transport;
  readonly tickMs?: number;
  /** Seats played by a person (submit) instead of a bot. */
  readonly persons?: readonly number[];
  /** Sees each seat's protocol session as it is made (its logical clock, its views as they come). */
  readonly onSession?: (session: PeerSession, seat: number) => void;
}

/** Every seat a bot, each on its own mesh transport, all started at once. */
export function seatTable(g: Genesis, o: TableOptions): Seated[] {
  return g.secrets.map((_, seat) => seatNode(g, o, seat));
}

/**
 * One seat's page: its mesh node (its id taken back with its token if it ran before) and its
 * protocol session. A page restarted from its stored log (`stored`) resumes: the session checks
 * that log again entry by entry, then asks the others for what it missed, as startSeats does.
 */
export function seatNode(g: Genesis, o: TableOptions, seat: number, stored?: readonly (readonly SignedEntry[])[]): Seated {
  const secrets = g.secrets[seat]!;
  const mesh = seatMesh(g, o, seat);
  const transport = o.wrap ? o.wrap(mesh, seat) : mesh;
  const agent = o.persons?.includes(seat) ? {} : { agent: randomAgent(agentStream(stored ? `${o.seed}/restarted` : o.seed, seat)) };
  const game = startNetGame({
    transport,
    session: (send, holdEcho) => {
      const session = makePeerSession({ genesis: g.genesis, genesisSignatures: g.signatures, secrets, scheme: g.scheme, send, holdEcho, ...agent, ...(stored ? { resume: true } : {}) });
      for (const entries of stored ?? []) void session.receive(makeMessage({ t: 'relay', entries }));
      o.onSession?.(session, seat);
      return session;
    },
    ...(o.tickMs !== undefined ? { tickMs: o.tickMs } : {}),
  });
  const events: NetGameEvent[] = [];
  game.on((e) => events.push(e));
  return { game, events, transport };
}

/** A seat's mesh node: a new one for a seat that ran before takes its id back with its token. */
export function seatMesh(g: Genesis, o: Pick<TableOptions, 'server' | 'ice'>, seat: number): Transport {
  const ids = meshIds(g.genesis.id, g.secrets.length);
  return makeMesh({ seat, ids, token: meshToken(toHex(g.secrets[seat]!.keys.seed)), server: o.server, ice: o.ice, maxMessageBytes: g.genesis.genesis.settings.maxMessageBytes, timing: FAST_TIMING });
}

export const finalHash = (s: Seated): string => stateHash(s.game.view().state);

/** `npm run verify` on a replay: its exit code and output. */
export async function verifyWithScript(replay: Replay): Promise<{ code: number; out: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bfe-replay-'));
  const file = path.join(dir, 'game.json');
  await writeFile(file, makeReplayText(replay));
  try {
    return await new Promise((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/verify.ts'), file], { cwd: repoRoot }, (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: stdout + stderr }),
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
