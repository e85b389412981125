/** What a networked test needs, all on loopback and started by the test: a TURN relay and the signaling. */
import { type RunningServer, startPeerServer } from '../../../scripts/signaling.js';
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
  /** Stops the signaling (the relay stays). */
  stopSignaling(): Promise<void>;
  close(): Promise<void>;
}

export async function startNetServers(): Promise<NetServers> {
  const turn = await startTurn();
  let signaling: RunningServer;
  try {
    signaling = await startPeerServer({ host: '127.0.0.1', port: 0, path: '/bfe' });
  } catch (e) {
    await turn.close();
    throw e;
  }
  return {
    turn,
    ice: { servers: [{ urls: [turn.url], username: turn.username, credential: turn.credential }], policy: 'relay' },
    peer: { host: '127.0.0.1', port: signaling.port, path: '/bfe', secure: false, key: 'peerjs' },
    stopSignaling: () => signaling.close(),
    close: async () => {
      await signaling.close();
      await turn.close();
    },
  };
}
