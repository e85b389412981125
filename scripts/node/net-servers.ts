/**
 * What a networked test or benchmark needs, all on loopback: a TURN relay and the one-port server
 * of `npm start` (PeerJS and y-webrtc signaling; no page unless asked).
 */
import type { IceConfig } from '../../src/net/ice.js';
import type { PeerServerAddress } from '../../src/net/mesh.js';
import { type GameServer, SIGNALING_PATH, startGameServer } from '../server.js';
import { startTurn, type TurnRelay } from './turn.js';

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
