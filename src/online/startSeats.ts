import { fromHex, type Seat, toHex } from '../../engine/index.js';
import { makeMessage, makePeerSession, makeSeatSecrets, type ParsedGenesis, type PeerAgent, parseGenesisText, type SeatSecrets, type SignatureScheme, type SignedEntry, wireBytes } from '../../engine/protocol/index.js';
import { makeMesh, meshIds, meshToken, type NetConfig, type NetGame, peerServerAddress, startNetGame } from '../net/index.js';
import type { BotPlayer } from '../table/types.js';
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
 * The seats whose protocol session runs on this page, by game id and seat. Two live sessions for
 * one seat (two PeerJS sockets under one id, each hearing a different part of the table) sign
 * what each sees: the first absence claims they sign differently are an equivocation, and every
 * page stops the game. A second one is a bug of the page's, so it fails loudly before it starts.
 */
const liveSeats = new Set<string>();

/**
 * Marks `seat` of game `gameId` live on this page, and returns what releases it (idempotent).
 * Throws if that seat's session is already live here and not disposed.
 */
export function claimSeat(gameId: string, seat: Seat): () => void {
  const key = `${gameId}/${seat}`;
  if (liveSeats.has(key)) throw new Error(`A second session for seat ${seat} of game ${gameId} on this page, while the first is not disposed: two sessions of one seat sign two histories (an equivocation).`);
  liveSeats.add(key);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    liveSeats.delete(key);
  };
}

/**
 * The game starts on this page: for each seat it holds, a node of the full mesh of data channels
 * (PeerJS, its peer id derived from the game and the seat, taken back after a refresh with the
 * seat's token) and a protocol session over it; bots answer through the same protocol, choosing
 * with `bot` (the page's bots' Worker: never on the page's own thread). A page that resumes gives
 * the log it had checked before: the session checks it again, entry by entry, as if it came from a
 * peer, then plays on. Call it once per table, outside any JSX prop (a prop
 * is a getter: every read would start the seats again), and dispose each game when done; until
 * then a second call for one of these seats throws (claimSeat).
 */
export function startSeats(table: Table, net: NetConfig, scheme: SignatureScheme, bot: BotPlayer, log: readonly (readonly SignedEntry[])[] = [], signed: readonly SignedEntry[] = []): SeatGame[] {
  const releases: (() => void)[] = [];
  const started: SeatGame[] = [];
  try {
    // Every seat is claimed before any starts: a refused call starts nothing.
    for (const { seat } of table.seats) releases.push(claimSeat(table.genesis.id, seat));
    for (const [i, seat] of table.seats.entries()) started.push(startSeat(table, seat, net, scheme, bot, { log, signed }, releases[i]!));
  } catch (e) {
    disposeSeats(started);
    for (const release of releases) release();
    throw e;
  }
  return started;
}

/** What a page kept of a game it played: the log it had checked, and what its seats signed beyond it. */
interface Kept {
  readonly log: readonly (readonly SignedEntry[])[];
  readonly signed: readonly SignedEntry[];
}

/** One seat's mesh node and session; its dispose releases the seat's claim. */
function startSeat(table: Table, { seat, secrets, bot }: Table['seats'][number], net: NetConfig, scheme: SignatureScheme, choose: BotPlayer, kept: Kept, release: () => void): SeatGame {
  const { log, signed } = kept;
  const { genesis, genesisSignatures } = table;
  const transport = makeMesh({
    seat,
    ids: meshIds(genesis.id, genesis.genesis.seats.length),
    token: meshToken(toHex(secrets.keys.seed)),
    server: peerServerAddress(net.signaling),
    ice: net.ice,
    // The close element's final openings may take more than the genesis cap (wireBytes).
    maxMessageBytes: wireBytes(genesis.genesis.settings.maxMessageBytes, genesis.genesis.seats.length),
  });
  // The session hands the legal options too; the Worker works them out again rather than receive them.
  const agent: PeerAgent = (state, s, _legal, vault) => choose(state, s, vault);
  const game = startNetGame({
    transport,
    seats: genesis.keys.length,
    maxMessageBytes: genesis.genesis.settings.maxMessageBytes,
    session: (send, holdEcho) => {
      // A page that resumes asks the other seats for what it missed while it was away.
      const session = makePeerSession({ genesis, genesisSignatures, secrets, scheme, send, holdEcho, ...(bot ? { agent } : {}), ...(log.length > 0 || signed.length > 0 ? { resume: true } : {}) });
      for (const entries of log) void session.receive(makeMessage({ t: 'relay', entries }));
      // What this page's seats signed that the log did not hold yet binds them (a claim above all).
      if (signed.length > 0) void session.receive(makeMessage({ t: 'relay', entries: signed }));
      return session;
    },
  });
  const dispose = (): void => {
    game.dispose();
    release();
  };
  return { seat, bot, secrets, game: { ...game, dispose } };
}

/** Stops every seat startSeats started (their sessions, clocks and sockets), which may then start again. */
export function disposeSeats(seats: readonly SeatGame[]): void {
  for (const s of seats) s.game.dispose();
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
