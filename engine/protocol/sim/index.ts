import { hashText } from '../../core/hash.js';
import type { GameState } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import { RULES_VERSION, type GameSetup } from '../../map/setup.js';
import { fromHex } from '../crypto/bytes.js';
import { PROTOCOL } from '../crypto/digest.js';
import { DEFAULT_SETTINGS, type Genesis, makeGenesisText, type ParsedGenesis, parseGenesisText, type ProtocolSettings } from '../codec/genesis.js';
import type { Outcome, PeerAgent } from '../peer/state.js';
import { inspectSession, makePeerSession, type PeerSession } from '../peer/session.js';
import { heldOf, type PeerState } from '../peer/state.js';
import type { Chain } from '../log/chain.js';
import type { Violation } from '../errors.js';
import type { Replay } from '../codec/replay.js';
import { makeSeatSecrets, type SeatSecrets, seatIdentity } from '../crypto/secrets.js';
import { checkGenesisSignatures, signGenesis } from '../crypto/signing.js';
import { bestScheme, type SignatureScheme } from '../crypto/signature.js';

/**
 * An in-process network of peers, for simulations and tests: every message goes through one
 * first-in first-out queue, and the logical clock moves on by half a timer period whenever the
 * queue is empty, so that timers fire exactly when nothing else can happen. Any seat's outgoing
 * messages can be rewritten per recipient (a scripted cheater), and anything can be injected.
 */
export interface Delivery {
  readonly from: Seat;
  readonly to: Seat;
  readonly text: string;
}

/** Rewrites what `from` sends to `to`: the texts actually delivered (none to drop it). */
export type Tamper = (text: string, to: Seat, net: Network) => string[];

export interface NetworkOptions {
  readonly tamper?: Readonly<Partial<Record<Seat, Tamper>>>;
  /** Seats whose peers are not honest: the run ends when every other peer is done. */
  readonly cheaters?: readonly Seat[];
  /** Called with every delivery (a spy's recorder). */
  readonly onDeliver?: (d: Delivery) => void;
  /** Called when no message is in flight, before the clock moves on (tests release held messages here). */
  readonly onIdle?: (net: Network) => void | Promise<void>;
}

/**
 * A session as the simulator and the tests read it: its view's parts as the outside has seen
 * them happen (the chain and outcome each message went out with), and the peer's state.
 */
export interface SimPeer extends PeerSession {
  readonly state: GameState;
  readonly chain: Chain;
  readonly head: string;
  readonly outcome: Outcome;
  readonly incidents: readonly Violation[];
  readonly done: boolean;
  /** What the peer holds for each seat, against the bounds. */
  readonly held: ReturnType<typeof heldOf>;
  readonly claimedAt: PeerState["claims"]["claimedAt"];
  readonly peerState: PeerState;
}

/** A session with the simulator's conveniences (each reads the session as it is now). */
export function simPeer(session: PeerSession): SimPeer {
  const shown = () => inspectSession(session).shown;
  const peerState = () => inspectSession(session).state;
  return Object.create(session, {
    state: { get: () => shown().chain.state },
    chain: { get: () => shown().chain },
    head: { get: () => shown().chain.head },
    outcome: { get: () => shown().outcome },
    incidents: { get: () => peerState().incidents },
    done: { get: () => shown().outcome.kind !== 'playing' },
    held: { get: () => heldOf(peerState()) },
    claimedAt: { get: () => peerState().claims.claimedAt },
    peerState: { get: peerState },
  }) as SimPeer;
}

export class Network {
  readonly peers: SimPeer[] = [];
  now = 0;
  delivered = 0;
  private readonly queue: Delivery[] = [];
  private readonly options: NetworkOptions;
  /** The number of seats. */
  readonly size: number;

  constructor(size: number, options: NetworkOptions = {}) {
    this.size = size;
    this.options = options;
  }

  /** Makes the `send` function of seat `from`. */
  sender(from: Seat): (text: string, only?: Seat) => void {
    return (text, only) => {
      for (let to = 0; to < this.size; to++) {
        if (to === from || (only !== undefined && to !== only)) continue;
        const tamper = this.options.tamper?.[from];
        for (const t of tamper ? tamper(text, to, this) : [text]) this.queue.push({ from, to, text: t });
      }
    };
  }

  /** Puts a message in the queue as if `from` had sent it to `to`. */
  inject(from: Seat, to: Seat, text: string): void {
    this.queue.push({ from, to, text });
  }

  get honest(): SimPeer[] {
    return this.peers.filter((p) => !this.options.cheaters?.includes(p.seat));
  }

  /**
   * Delivers messages until every honest peer is done, `stop` says so (on an honest peer's
   * state), or nothing can happen any more. Returns why it stopped.
   */
  async run(stop: (s: GameState) => boolean = () => false, maxDeliveries = 1_000_000): Promise<'done' | 'stopped' | 'stuck'> {
    let idle = 0;
    const timer = this.peers[0]?.chain.genesis.genesis.settings.timer ?? null;
    for (;;) {
      const honest = this.honest;
      if (honest.every((p) => p.done)) return 'done';
      if (honest.some((p) => !p.done && stop(p.state))) return 'stopped';
      const d = this.queue.shift();
      if (d) {
        idle = 0;
        if (++this.delivered > maxDeliveries) return 'stuck';
        this.options.onDeliver?.(d);
        const peer = this.peers[d.to];
        if (!peer) continue;
        try {
          await peer.receive(d.text, d.from);
        } catch (e) {
          if (!this.options.cheaters?.includes(d.to)) throw e;
        }
        continue;
      }
      await this.options.onIdle?.(this);
      if (this.queue.length > 0) continue;
      if (timer === null || ++idle > 8) return 'stuck';
      // Half a timer at a time: peers say things again half-way, then claim.
      this.now += Math.max(1, Math.ceil(timer / 2));
      for (const p of this.peers) {
        try {
          await p.tick(this.now);
        } catch (e) {
          if (!this.options.cheaters?.includes(p.seat)) throw e;
        }
      }
    }
  }
}

export interface TableOptions extends NetworkOptions {
  readonly scheme?: SignatureScheme;
  readonly settings?: Partial<ProtocolSettings>;
  /** The lobby's name for the game. */
  readonly game?: string;
  /** Each seat's echo hold (PeerSessionConfig.holdEcho); none: echoes are sent at once. */
  readonly holdEcho?: (seat: Seat, flush: () => void) => void;
}

export interface Table {
  readonly genesis: ParsedGenesis;
  readonly genesisSignatures: readonly string[];
  readonly secrets: readonly SeatSecrets[];
  readonly network: Network;
  readonly scheme: SignatureScheme;
  /** Replaces a seat's peer by a fresh one that knows only the genesis and its secrets (a refreshed page). */
  respawn(seat: Seat): SimPeer;
}

/** The players of a simulated table, by seat: every colour, each with a civilisation. */
const SIM_PLAYERS = [
  { colour: 'forest', civilisation: 'elves' },
  { colour: 'mountain', civilisation: 'dwarves' },
  { colour: 'lake', civilisation: 'tritons' },
  { colour: 'plain', civilisation: 'miners' },
  { colour: 'desert', civilisation: 'necromancers' },
  { colour: 'marsh', civilisation: 'druids' },
] as const;

/** The set-up of a simulated table of `players` (2 to 6). */
export const simSetup = (players: number, firstSeat = 0): GameSetup => ({ players: SIM_PLAYERS.slice(0, players), firstSeat });

/** Seat secrets from a seed (simulations and tests; play uses crypto.getRandomValues). */
export const simSecrets = (seed: string, seat: Seat, beaconLength: number): SeatSecrets =>
  makeSeatSecrets(seat, fromHex(hashText(`bfe/sim/secrets/${seed}/${seat}`))!, beaconLength);

/** The genesis every seat signs, from the set-up and each seat's identity. */
export function makeGenesis(game: string, setup: GameSetup, secrets: readonly SeatSecrets[], settings: ProtocolSettings): Genesis {
  return { protocol: PROTOCOL, game, rules: RULES_VERSION, setup, seats: secrets.map(seatIdentity), settings };
}

/**
 * Sets a table: secrets, the genesis signed by every seat, one peer session per seat on an
 * in-process network. A seat without an agent is a person's: its choices come through submit.
 */
export async function setTable(setup: GameSetup, seed: string, agents: readonly (PeerAgent | undefined)[], options: TableOptions = {}): Promise<Table> {
  const scheme = options.scheme ?? (await bestScheme());
  const settings: ProtocolSettings = { ...DEFAULT_SETTINGS, ...options.settings };
  const secrets = setup.players.map((_, seat) => simSecrets(seed, seat, settings.beaconLength));
  const game = options.game ?? `sim-${hashText(seed).slice(0, 16)}`;
  const parsed = parseGenesisText(makeGenesisText(makeGenesis(game, setup, secrets, settings)));
  if (!parsed.ok) throw new Error(`setTable: ${parsed.error.message}`);
  const genesis = parsed.value;
  const genesisSignatures = await Promise.all(secrets.map((s) => signGenesis(scheme, s.keys, genesis)));
  const checked = await checkGenesisSignatures(scheme, genesis, genesisSignatures);
  if (!checked.ok) throw new Error(`setTable: ${checked.error.message}`);
  const network = new Network(secrets.length, options);
  const hold = options.holdEcho;
  const peerFor = (s: SeatSecrets, resume: boolean) =>
    simPeer(makePeerSession({ genesis, genesisSignatures, secrets: s, scheme, ...(agents[s.seat] ? { agent: agents[s.seat]! } : {}), ...(hold ? { holdEcho: (flush: () => void) => hold(s.seat, flush) } : {}), send: network.sender(s.seat), now: network.now, resume }));
  for (const s of secrets) network.peers.push(peerFor(s, false));
  const respawn = (seat: Seat): SimPeer => {
    network.peers[seat]?.dispose();
    return (network.peers[seat] = peerFor(secrets[seat]!, true));
  };
  return { genesis, genesisSignatures, secrets, network, scheme, respawn };
}

export interface ProtocolGame {
  readonly replay: Replay;
  readonly outcome: Outcome;
  /** 'stopped' when `stop` ended the run before the log closed. */
  readonly run: 'done' | 'stopped' | 'stuck';
  readonly table: Table;
}

export interface PlayOptions extends TableOptions {
  /** Ends the run early (on an honest peer's state): keeps tests fast as games grow. */
  readonly stop?: (s: GameState) => boolean;
}

/**
 * Plays a whole game through the protocol between in-process peers (every entry signed,
 * checked and echoed, random events from the beacon) and returns an honest peer's replay.
 * For a game of bounded length that still closes and signs, use settings.limit rather than stop.
 */
export async function playProtocolGame(setup: GameSetup, seed: string, agents: readonly PeerAgent[], options: PlayOptions = {}): Promise<ProtocolGame> {
  const table = await setTable(setup, seed, agents, options);
  for (const p of table.network.peers) await p.start();
  const run = await table.network.run(options.stop);
  const witness = table.network.honest[0] ?? table.network.peers[0]!;
  return { replay: witness.replay(), outcome: witness.outcome, run, table };
}
