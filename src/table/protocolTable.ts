import { type GameSetup, hashText, newGame, RULES_VERSION, type Seat } from '../../engine/index.js';
import {
  bestScheme,
  DEFAULT_SETTINGS,
  makeGenesisText,
  makeMessage,
  makePeerSession,
  makeSeatSecrets,
  parseGenesisText,
  PROTOCOL,
  type Replay,
  seatIdentity,
  signGenesis,
  type SignatureScheme,
  type SignedEntry,
} from '../../engine/protocol/index.js';
import { makeLoopback } from '../net/loopback.js';
import { startNetGame } from '../net/game.js';
import { type DeviceSeat, makeSessionTable } from './sessionTable.js';
import type { GameTable } from './types.js';
import type { BotPlayer } from './types.js';

export interface ProtocolTableConfig {
  readonly setup: GameSetup;
  /** Secret to this device: every seat's keys, vault and beacon chain are derived from it. */
  readonly seed: string;
  readonly bots: readonly Seat[];
  readonly bot: BotPlayer;
  readonly botPace?: number;
  /** The log kept before a refresh: checked again, element by element, before play goes on. */
  readonly log?: readonly (readonly SignedEntry[])[];
  readonly scheme?: SignatureScheme;
}

export type ProtocolTable = GameTable & { replay(): Replay; elements(from: number): readonly (readonly SignedEntry[])[] };

/** A seat's 32 bytes of entropy from the device's secret seed (one-way: a seat's secrets never give the seed). */
const entropyOf = (seed: string, seat: Seat): Uint8Array => Uint8Array.from(hashText(`bfe/local/seat\n${seed}\n${seat}`).match(/../g)!.map((h) => parseInt(h, 16)));

/**
 * A game on one device played through the same protocol as an online game: every seat a session
 * with its own keys, vault and beacon chain, their signed entries carried between them in the
 * page, the genesis signed by every seat. So a local game, too, ends with a replay that the viewer
 * verifies. No decision timer: nobody on a shared device is ever absent.
 */
export async function makeProtocolTable(config: ProtocolTableConfig): Promise<ProtocolTable> {
  const scheme = config.scheme ?? (await bestScheme());
  const settings = { ...DEFAULT_SETTINGS, timer: null };
  const secrets = config.setup.players.map((_, seat) => makeSeatSecrets(seat, entropyOf(config.seed, seat), settings.beaconLength));
  const text = makeGenesisText({ protocol: PROTOCOL, game: `local-${hashText(config.seed).slice(0, 16)}`, rules: RULES_VERSION, setup: config.setup, seats: secrets.map(seatIdentity), settings });
  const parsed = parseGenesisText(text);
  if (!parsed.ok) throw new Error(`makeProtocolTable: ${parsed.error.message}`);
  const genesis = parsed.value;
  const genesisSignatures = await Promise.all(secrets.map((s) => signGenesis(scheme, s.keys, genesis)));
  const initial = newGame(config.setup);
  if (!initial.ok) throw new Error(`makeProtocolTable: ${initial.error.message}`);
  const transports = makeLoopback(secrets.length);
  const bots = new Set(config.bots);
  const seats = new Map<Seat, DeviceSeat>(
    secrets.map((s, seat) => {
      const game = startNetGame({
        transport: transports[seat]!,
        session: (send) => {
          const session = makePeerSession({ genesis, genesisSignatures, secrets: s, scheme, send });
          for (const entries of config.log ?? []) void session.receive(makeMessage({ t: 'relay', entries }));
          return session;
        },
      });
      return [seat, { game, vault: s.vault, bot: bots.has(seat) }];
    }),
  );
  const table = makeSessionTable({ seats, genesis, initial: initial.value, bot: config.bot, ...(config.botPace !== undefined ? { botPace: config.botPace } : {}) });
  return {
    ...table,
    dispose() {
      table.dispose();
      for (const s of seats.values()) s.game.dispose();
    },
  };
}
