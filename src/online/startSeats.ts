import { greedyAgent } from '../../engine/agents/index.js';
import { fromHex, type Seat, toHex } from '../../engine/index.js';
import { makeMessage, makePeerSession, makeSeatSecrets, type ParsedGenesis, parseGenesisText, type SeatSecrets, type SignatureScheme, type SignedEntry, wireBytes } from '../../engine/protocol/index.js';
import { makeMesh, meshIds, meshToken, type NetConfig, type NetGame, peerServerAddress, startNetGame } from '../net/index.js';
import type { StoredOnline } from './store.js';

/** One seat this page plays: a person's, or a bot's on the bots' host. */
export interface SeatGame {
  readonly seat: Seat;
  readonly bot: boolean;
  readonly secrets: SeatSecrets;
  readonly game: NetGame;
}

export interface Table {
  readonly genesis: ParsedGenesis;
  readonly genesisSignatures: readonly string[];
  readonly seats: readonly { readonly seat: Seat; readonly bot: boolean; readonly secrets: SeatSecrets }[];
}

/**
 * The game starts on this page: for each seat it holds, a node of the full mesh of data channels
 * (PeerJS, its peer id derived from the game and the seat, taken back after a refresh with the
 * seat's token) and a protocol session over it; bots answer through the same protocol. A page
 * that resumes gives the log it had checked before: the session checks it again, entry by entry,
 * as if it came from a peer, then plays on.
 */
export function startSeats(table: Table, net: NetConfig, scheme: SignatureScheme, log: readonly (readonly SignedEntry[])[] = []): SeatGame[] {
  const { genesis, genesisSignatures } = table;
  const ids = meshIds(genesis.id, genesis.genesis.seats.length);
  return table.seats.map(({ seat, secrets, bot }) => {
    const transport = makeMesh({
      seat,
      ids,
      token: meshToken(toHex(secrets.keys.seed)),
      server: peerServerAddress(net.signaling),
      ice: net.ice,
      // The close element's final openings may take more than the genesis cap (wireBytes).
      maxMessageBytes: wireBytes(genesis.genesis.settings.maxMessageBytes, genesis.genesis.seats.length),
    });
    const agent = bot ? { agent: greedyAgent() } : {};
    const game = startNetGame({
      transport,
      seats: genesis.keys.length,
      maxMessageBytes: genesis.genesis.settings.maxMessageBytes,
      session: (send, holdEcho) => {
        // A page that resumes asks the other seats for what it missed while it was away.
        const session = makePeerSession({ genesis, genesisSignatures, secrets, scheme, send, holdEcho, ...agent, ...(log.length > 0 ? { resume: true } : {}) });
        for (const entries of log) void session.receive(makeMessage({ t: 'relay', entries }));
        return session;
      },
    });
    return { seat, bot, secrets, game };
  });
}

/** The table a stored game stands for, or null if what is stored does not make one (it is then ignored). */
export function storedTable(stored: StoredOnline): Table | null {
  const parsed = parseGenesisText(stored.genesis);
  if (!parsed.ok) return null;
  const genesis = parsed.value;
  const seats = stored.seats.map((s) => ({ seat: s.seat, bot: s.bot, secrets: makeSeatSecrets(s.seat, fromHex(s.entropy)!, genesis.genesis.settings.beaconLength) }));
  // The stored entropy must give the keys the genesis names, seat by seat.
  if (seats.some((s) => genesis.genesis.seats[s.seat]?.key !== toHex(s.secrets.keys.publicKey))) return null;
  return { genesis, genesisSignatures: stored.genesisSignatures, seats };
}
