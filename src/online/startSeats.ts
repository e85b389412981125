import { greedyAgent } from '../../engine/agents/index.js';
import { type Seat, toHex } from '../../engine/index.js';
import type { SeatSecrets, SignatureScheme } from '../../engine/protocol/index.js';
import { type LobbyStart, makeMesh, meshIds, meshToken, type NetConfig, type NetGame, peerServerAddress, startNetGame } from '../net/index.js';

/** One seat this page plays: a person's, or a bot's on the bots' host. */
export interface SeatGame {
  readonly seat: Seat;
  readonly bot: boolean;
  readonly secrets: SeatSecrets;
  readonly game: NetGame;
}

/**
 * The game starts on this page: for each seat it holds, a node of the full mesh of data channels
 * (PeerJS, its peer id derived from the game and the seat, taken back after a refresh with the
 * seat's token) and a protocol session over it; bots answer through the same protocol.
 */
export function startSeats(start: LobbyStart, net: NetConfig, scheme: SignatureScheme): SeatGame[] {
  const { genesis } = start;
  const ids = meshIds(genesis.id, genesis.genesis.seats.length);
  return start.seats.map(({ seat, secrets, bot }) => {
    const transport = makeMesh({
      seat,
      ids,
      token: meshToken(toHex(secrets.keys.seed)),
      server: peerServerAddress(net.signaling),
      ice: net.ice,
      maxMessageBytes: genesis.genesis.settings.maxMessageBytes,
    });
    const game = startNetGame({ transport, genesis, genesisSignatures: start.genesisSignatures, secrets, scheme, ...(bot ? { agent: greedyAgent() } : {}) });
    return { seat, bot, secrets, game };
  });
}
