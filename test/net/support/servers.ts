/**
 * What a networked test needs, all on loopback and started by the test: a TURN relay and the
 * one-port server of `npm start` (PeerJS and y-webrtc signaling; no page unless asked).
 */
import { type GameServer, SIGNALING_PATH, startGameServer } from '../../../scripts/server.js';
import type { IceConfig } from '../../../src/net/ice.js';
import type { PeerServerAddress } from '../../../src/net/mesh.js';
import { browserRequired } from '../../browser/support.js';
import { NO_TURN, startTurn, turnInstalled, type TurnRelay } from './turn.js';

export const skipNet = !turnInstalled() && !browserRequired();
if (skipNet) console.warn(NO_TURN);

export interface NetServers {
  readonly turn: TurnRelay;
  /** Relay-only ICE through the loopback TURN server. */
  readonly ice: IceConfig;
  readonly peer: PeerServerAddress;
  /** The signaling base URL (http://127.0.0.1:PORT/bfe). */
  readonly signaling: string;
  readonly server: GameServer;
  /** Stops the signaling (the relay stays). */
  stopSignaling(): Promise<void>;
  close(): Promise<void>;
}

export async function startNetServers(dist: string | null = null): Promise<NetServers> {
  const turn = await startTurn();
  let signaling: GameServer;
  try {
    signaling = await startGameServer({ host: '127.0.0.1', port: 0, dist });
  } catch (e) {
    await turn.close();
    throw e;
  }
  return {
    turn,
    ice: { servers: [{ urls: [turn.url], username: turn.username, credential: turn.credential }], policy: 'relay' },
    peer: { host: '127.0.0.1', port: signaling.port, path: SIGNALING_PATH, secure: false, key: 'peerjs' },
    signaling: `http://127.0.0.1:${signaling.port}${SIGNALING_PATH}`,
    server: signaling,
    stopSignaling: () => signaling.close(),
    close: async () => {
      await signaling.close();
      await turn.close();
    },
  };
}
