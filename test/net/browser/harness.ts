/**
 * A page that exposes the game channel to the browser tests: the mesh (src/net/mesh.ts) with
 * its signaling found at the page's own origin, as the game's page does, and a bots' game over it.
 */
import { stateHash } from '../../../engine/index.js';
import { randomAgent } from '../../../engine/agents/index.js';
import { agentStream } from '../../../engine/local/index.js';
import { bestScheme, parseGenesisText } from '../../../engine/protocol/index.js';
import { simSecrets } from '../../../engine/protocol/sim/index.js';
import { toHex } from '../../../engine/index.js';
import { ownSignaling, peerServerAddress } from '../../../src/net/endpoints.js';
import { type NetGame, startNetGame } from '../../../src/net/game.js';
import type { IceConfig } from '../../../src/net/ice.js';
import { meshIds, meshToken } from '../../../src/net/ids.js';
import { makeMesh } from '../../../src/net/mesh.js';
import type { LinkState, Transport } from '../../../src/net/transport.js';

interface Harness {
  mesh(game: string, seats: number, seat: number, ice: IceConfig): void;
  send(text: string, to?: number): void;
  states(): readonly LinkState[];
  inbox(): [number, string][];
  /** A bots' game from a genesis every page was given; resolves with the final state hash. */
  play(genesisText: string, signatures: string[], seed: string, seat: number, ice: IceConfig): Promise<{ outcome: string; hash: string; seq: number }>;
  userAgent(): string;
}

let transport: Transport | null = null;
const received: [number, string][] = [];
let game: NetGame | null = null;

const harness: Harness = {
  mesh(gameId, seats, seat, ice) {
    transport = makeMesh({ seat, ids: meshIds(gameId, seats), token: meshToken(`${gameId}/${seat}`), server: peerServerAddress(ownSignaling(location.href)), ice, maxMessageBytes: 65_536 });
    transport.onMessage((from, text) => received.push([from, text]));
  },
  send: (text, to) => transport!.send(text, to),
  states: () => transport?.states() ?? [],
  inbox: () => received,
  async play(genesisText, signatures, seed, seat, ice) {
    const parsed = parseGenesisText(genesisText);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const genesis = parsed.value;
    const secrets = simSecrets(seed, seat, genesis.genesis.settings.beaconLength);
    const t = makeMesh({ seat, ids: meshIds(genesis.id, genesis.genesis.seats.length), token: meshToken(toHex(secrets.keys.seed)), server: peerServerAddress(ownSignaling(location.href)), ice, maxMessageBytes: genesis.genesis.settings.maxMessageBytes });
    game = startNetGame({ transport: t, genesis, genesisSignatures: signatures, secrets, scheme: await bestScheme(), agent: randomAgent(agentStream(seed, seat)) });
    const end = await game.ended;
    return { outcome: end.outcome.kind, hash: stateHash(end.state), seq: end.seq };
  },
  userAgent: () => navigator.userAgent,
};

(window as unknown as { bfeNet: Harness }).bfeNet = harness;
document.title = 'harness ready';
