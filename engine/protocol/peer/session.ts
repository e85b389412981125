import type { GameState } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import { err, type Result } from '../../core/result.js';
import type { Chain } from '../log/chain.js';
import type { ParsedGenesis } from '../codec/genesis.js';
import type { Replay } from '../codec/replay.js';
import type { SignedEntry } from '../codec/entry.js';
import type { SeatSecrets } from '../crypto/secrets.js';
import type { SignatureScheme } from '../crypto/signature.js';
import type { Violation } from '../errors.js';
import { type Outcome, PeerCore, type PeerAgent } from './core.js';

/**
 * A seat's peer as a UI (or the simulator) drives it: messages in (`receive`), the logical clock
 * (`tick`), this seat's choices (`submit`), and every new view out (`subscribe`). A bot is an
 * agent that answers, at once or later (a Promise: a Worker in a page), through the same submit
 * a person's click uses. `dispose` stops everything: later calls are no-ops.
 */
export interface PeerSessionConfig {
  readonly genesis: ParsedGenesis;
  readonly genesisSignatures: readonly string[];
  readonly secrets: SeatSecrets;
  readonly scheme: SignatureScheme;
  /** Sends a message to another peer (`to`), or to every other peer. */
  readonly send: (text: string, to?: Seat) => void;
  /** A bot's choices (may return a Promise). None: a person, whose choices come through submit(). */
  readonly agent?: PeerAgent;
  /** The logical clock at start (ticks). */
  readonly now?: number;
  /** The seat may have played this game before (a refreshed page): catch up before writing. */
  readonly resume?: boolean;
}

/** What a UI reads of a session: immutable values, a new object for every change. */
export interface PeerView {
  readonly seat: Seat;
  readonly state: GameState;
  /** Elements applied: the position of the next one. */
  readonly seq: number;
  readonly head: string;
  readonly chain: Chain;
  readonly outcome: Outcome;
  /** What this peer refused that names no cheater (the last 1000). */
  readonly incidents: readonly Violation[];
  /** Whether the log awaits this seat's own choice now. */
  readonly yourTurn: boolean;
}

export interface PeerSession {
  readonly seat: Seat;
  view(): PeerView;
  /** Called once with each new view, in order; returns an unsubscribe function. */
  subscribe(listener: (view: PeerView) => void): () => void;
  /** This seat's choice: refused with a clear error (and nothing changed) unless awaited now and legal. */
  submit(action: unknown): Promise<Result<void, string>>;
  /** A message from another peer (`from`, when the transport knows it). */
  receive(text: unknown, from?: Seat): Promise<void>;
  /** The logical clock moved on. */
  tick(now: number): Promise<void>;
  /** Acts if the log starts with this seat (idempotent; receive and tick act too). */
  start(): Promise<void>;
  replay(): Replay;
  /** The signed entries of the elements from position `from` on. */
  elements(from: number): SignedEntry[][];
  dispose(): void;
  // Conveniences for tests and the simulator (each reads the current view).
  readonly state: GameState;
  readonly chain: Chain;
  readonly head: string;
  readonly outcome: Outcome;
  readonly incidents: readonly Violation[];
  readonly done: boolean;
  readonly held: PeerCore['held'];
  readonly claimedAt: PeerCore['claimedAt'];
}

export function makePeerSession(config: PeerSessionConfig): PeerSession {
  let disposed = false;
  const core = new PeerCore({
    genesis: config.genesis,
    genesisSignatures: config.genesisSignatures,
    secrets: config.secrets,
    scheme: config.scheme,
    send: (text, to) => {
      if (!disposed) config.send(text, to);
    },
    ...(config.now !== undefined ? { now: config.now } : {}),
    ...(config.resume ? { resume: true } : {}),
    // Every element applied is a new view, even when one message completes several.
    onChange: () => {
      if (!disposed) notify();
    },
  });
  const listeners = new Set<(view: PeerView) => void>();
  const asked = new Set<string>();
  /** The last view built (view() hands it out while nothing changed), and the last one sent to listeners. */
  let cached: PeerView | undefined;
  let notified: PeerView | undefined;
  const same = (v: PeerView | undefined): v is PeerView =>
    v !== undefined && v.chain === core.chain && v.outcome === core.outcome && v.incidents.length === core.incidents.length && v.yourTurn === core.awaitsAction;
  const current = (): PeerView => (same(cached) ? cached : (cached = makeView()));

  function makeView(): PeerView {
    return {
      seat: core.seat,
      state: core.state,
      seq: core.chain.seq,
      head: core.head,
      chain: core.chain,
      outcome: core.outcome,
      incidents: [...core.incidents],
      yourTurn: core.awaitsAction,
    };
  }

  /** A new view when anything a UI shows changed; each listener sees it once. */
  const notify = (): void => {
    if (listeners.size === 0 || same(notified)) return;
    notified = current();
    for (const l of [...listeners]) l(notified);
  };

  /** After every step: tell the listeners, then ask the bot if its seat is awaited (once per place). */
  const settle = async (): Promise<void> => {
    for (;;) {
      if (disposed) return;
      notify();
      const agent = config.agent;
      if (!agent || !core.awaitsAction) return;
      const place = `${core.chain.seq}|${core.head}`;
      if (asked.has(place)) return;
      asked.add(place);
      const legal = core.options();
      if (legal.length === 0) return;
      let action: unknown;
      try {
        action = await agent(core.state, core.seat, legal, config.secrets.vault);
      } catch {
        return; // a bot that fails is a seat that does not answer: the timer settles it
      }
      if (disposed) return;
      // Refused (a late answer, an illegal one): nothing changes; the timer settles the place.
      const r = await core.submit(action);
      if (!r.ok) return;
    }
  };

  const step = async (run: () => Promise<void>): Promise<void> => {
    if (disposed) return;
    await run();
    await settle();
  };

  return {
    seat: core.seat,
    view: current,
    subscribe(listener) {
      if (disposed) return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async submit(action) {
      if (disposed) return err('the session is closed');
      if (config.agent) return err('this seat is played by a bot');
      const r = await core.submit(action);
      if (r.ok) await settle();
      return r;
    },
    receive: (text, from) => step(() => core.receive(text, from)),
    tick: (now) => step(() => core.tick(now)),
    start: () => step(() => core.start()),
    replay: () => core.replay(),
    elements: (from) => core.elements(from),
    dispose() {
      disposed = true;
      listeners.clear();
    },
    get state() {
      return core.state;
    },
    get chain() {
      return core.chain;
    },
    get head() {
      return core.head;
    },
    get outcome() {
      return core.outcome;
    },
    get incidents() {
      return core.incidents;
    },
    get done() {
      return core.done;
    },
    get held() {
      return core.held;
    },
    get claimedAt() {
      return core.claimedAt;
    },
  };
}
