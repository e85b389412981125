/**
 * Where the game channel meets the protocol: the one module that couples a Transport to a peer
 * session. It feeds the session every message the transport delivers, gives it the transport's
 * `send`, drives its logical clock from the page's clock, and turns what the session concludes
 * into typed events for the UI: each new view, peers' connection states, what was dropped,
 * the end, and a desync (a divergence of state) with the element and the seats involved.
 *
 * Spectators' messages (from pseudo-seats beyond the game's) go to a watch service instead of the
 * session: it answers them from this page's checked log and pushes each new element (spectate.ts).
 *
 * Coded against the protocol's PeerSession (engine/protocol/peer/session.ts) (view, receive, tick, replay, dispose): by default the
 * protocol's makePeerSession, built from the config fields.
 */
import type { GameState, Result, Seat } from '../../engine/index.js';
import { type Absence, type End, makePeerSession, type Outcome, type ParsedGenesis, type PeerAgent, type Replay, type SeatSecrets, type SignatureScheme, type SignedEntry, type Violation } from '../../engine/protocol/index.js';
import { makeWatchService } from './spectate.js';
import { Listeners, type LinkState, type Transport, type TransportReport } from './transport.js';

/** What the UI reads of a session (the subset of the protocol's PeerView this module needs). */
export interface SessionView {
  readonly state: GameState;
  readonly seq: number;
  readonly head: string;
  readonly outcome: Outcome;
  readonly incidents: readonly Violation[];
  /**
   * The log's chain: `end` is set once the game has ended (its last element applied), before the
   * close is signed; `gone`, per seat, declared absent and not back; `absences`, every absence settled.
   */
  readonly chain?: { readonly end: End | null; readonly gone?: readonly boolean[]; readonly absences?: readonly Absence[] };
  /** This seat was declared absent and its player has not said it is back (`here`): the table answers its decisions at once. */
  readonly away?: boolean;
  /** Seats that went on, on another branch of the game, from position `seq`, which this page cannot join (null: none). */
  readonly split?: { readonly seq: number; readonly seats: readonly Seat[] } | null;
  /** Gone seats back at their page (their own signature says so): the table waits for them again. */
  readonly returned?: readonly Seat[];
}

/**
 * The subset of the protocol's PeerSession (engine/protocol/peer/session.ts) this module drives: makePeerSession's sessions fit it
 * as they are (pass `session: (send, holdEcho) => makePeerSession({ ...config, send, holdEcho })`).
 */
export interface NetSession {
  readonly seat: Seat | null;
  view(): SessionView;
  /** New views, in order (PeerSession has it; without it, views are read after every step). */
  subscribe?(listener: (view: SessionView) => void): () => void;
  /** This seat's choice (a person's click): refused if it is not a legal action awaited now. */
  submit(action: unknown): Promise<Result<void, unknown>>;
  receive(text: string, from?: Seat): Promise<void> | void;
  tick(now: number): Promise<void> | void;
  /** The channel to `seat` came up (PeerSession has it: the protocol asks that seat for what this peer missed). */
  connected?(seat: Seat): Promise<void> | void;
  replay(): Replay;
  /** The signed entries of the elements from position `from` on (PeerSession has it; else read from replay()). */
  elements?(from: number): readonly (readonly SignedEntry[])[];
  /** This seat's own signed entries the log does not hold yet (PeerSession has it): kept with the log for whoever plays the seat next. */
  unlogged?(): readonly SignedEntry[];
  dispose(): void;
  /** Acts if the log starts with this seat (makePeerSession's sessions act on start, receive and tick). */
  start?(): Promise<void>;
  /** This seat's player is at the page (PeerSession has it): after an absence, it tells the others it is back. */
  here?(): Promise<void> | void;
}

export type Send = (text: string, to?: Seat) => void;

/** Lets a session's echo wait a little (PeerSessionConfig.holdEcho): runs `flush` ECHO_HOLD_MS later. */
export type HoldEcho = (flush: () => void) => void;

/**
 * How long a page holds its echo of an element before signing and sending it (unless it sends
 * anything else first). An action's entry crosses the table in a few milliseconds; the echoes,
 * a message from every peer to every other, wait until it has, instead of competing with it for
 * the channels and the processor. A divergence still shows within one element: a held echo goes
 * out at the latest with the peer's next echo or entry.
 */
export const ECHO_HOLD_MS = 10;

export interface SessionConfig {
  readonly genesis: ParsedGenesis;
  readonly genesisSignatures: readonly string[];
  readonly secrets: SeatSecrets;
  readonly scheme: SignatureScheme;
  /** A bot's choices. None: a person, whose choices come through submit(). */
  readonly agent?: PeerAgent;
}

export type Cheat = Extract<Outcome, { kind: 'cheat' }>;
export type Finished = Extract<Outcome, { kind: 'finished' }>;

export interface NetGameView extends SessionView {
  readonly seat: Seat | null;
  readonly peers: readonly LinkState[];
}

export type NetGameEvent =
  | { readonly kind: 'view'; readonly view: NetGameView }
  | { readonly kind: 'peer'; readonly seat: Seat; readonly state: LinkState }
  /** The transport dropped something (oversized, malformed, a stranger…): nothing else changed. */
  | { readonly kind: 'dropped'; readonly report: TransportReport }
  /** The protocol refused something that proves nothing about anyone (Peer incidents). */
  | { readonly kind: 'incident'; readonly violation: Violation }
  /**
   * Two peers hold different states after the same element: the game stops here. `seq` is the
   * element, `entries` its signed texts (as this peer applied them), `seats` this peer and the
   * peer(s) whose signed echo disagrees.
   */
  | { readonly kind: 'desync'; readonly seq: number; readonly seats: readonly Seat[]; readonly entries: readonly { text: string; sig: string }[]; readonly message: string }
  /** Any other proven violation: the game stopped with a verdict naming the seat. */
  | { readonly kind: 'verdict'; readonly outcome: Cheat }
  | { readonly kind: 'finished'; readonly outcome: Finished };

export interface NetGameOptions extends Partial<SessionConfig> {
  readonly transport: Transport;
  /** Makes the session with the transport's send (and the echo hold to give makePeerSession); by default makePeerSession from the config fields. */
  readonly session?: (send: Send, holdEcho: HoldEcho) => NetSession;
  /** Page milliseconds per tick of the protocol's logical clock (the genesis timer counts ticks). Default 1000. */
  readonly tickMs?: number;
  /** The seats of the game (default: the genesis', else the transport's): messages from beyond them are spectators'. */
  readonly seats?: number;
  /** The largest message (default: the genesis' maxMessageBytes, else 65,536): bounds answers to spectators. */
  readonly maxMessageBytes?: number;
}

export interface NetGame {
  readonly seat: Seat | null;
  view(): NetGameView;
  /** A person's choice for this seat; refused unless it is legal and awaited now. */
  submit(action: unknown): Promise<Result<void, unknown>>;
  /** Every event, in order; returns an unsubscribe function. */
  on(listener: (event: NetGameEvent) => void): () => void;
  /** Resolves with the last view once the game has ended (finished or a verdict). */
  readonly ended: Promise<NetGameView>;
  /** This seat's player is at the page (a click, a key): a seat declared absent says it is back. */
  here(): void;
  replay(): Replay;
  /** The signed entries of the elements from position `from` on: a view's new elements, not the whole log. */
  elements(from: number): readonly (readonly SignedEntry[])[];
  /** This seat's own signed entries the log does not hold yet: a page keeps them with its log (a refresh, a takeover by another tab). */
  unlogged(): readonly SignedEntry[];
  /** Stops the clock and frees the session and the transport. */
  dispose(): void;
}

function configOf(o: NetGameOptions): SessionConfig {
  if (!o.genesis || !o.genesisSignatures || !o.secrets || !o.scheme) throw new Error('startNetGame: give a session, or the genesis, its signatures, the seat secrets and a signature scheme');
  return { genesis: o.genesis, genesisSignatures: o.genesisSignatures, secrets: o.secrets, scheme: o.scheme, ...(o.agent ? { agent: o.agent } : {}) };
}

export function startNetGame(options: NetGameOptions): NetGame {
  const { transport } = options;
  const tickMs = options.tickMs ?? 1000;
  const events = new Listeners<[NetGameEvent]>();
  const send: Send = (text, to) => transport.send(text, to);
  const holds = new Set<ReturnType<typeof setTimeout>>();
  const holdEcho: HoldEcho = (flush) => {
    if (disposed) return;
    const t = setTimeout(() => {
      holds.delete(t);
      flush();
    }, ECHO_HOLD_MS);
    holds.add(t);
  };
  const session: NetSession = options.session ? options.session(send, holdEcho) : makePeerSession({ ...configOf(options), send, holdEcho });
  const started = performance.now();
  let lastSeq = -1;
  let lastOutcome: Outcome['kind'] = 'playing';
  /** What a new view shows beyond a new element or outcome: this seat away or back, a split. */
  let lastAbsence = '';
  const absenceKey = (v: SessionView): string => `${v.away === true}|${v.split ? `${v.split.seq}:${v.split.seats.join(',')}` : ''}|${(v.returned ?? []).join(',')}`;
  let incidentsSeen = 0;
  let disposed = false;
  let end: (v: NetGameView) => void = () => undefined;
  const ended = new Promise<NetGameView>((resolve) => (end = resolve));

  const view = (): NetGameView => ({ ...session.view(), seat: session.seat, peers: transport.states() });
  const elements = (from: number): readonly (readonly SignedEntry[])[] => session.elements?.(from) ?? session.replay().log.slice(from);

  // Spectators (pseudo-seats beyond the game's): answered from this page's checked log, never
  // passed to the session (spectate.ts).
  const seats = options.seats ?? options.genesis?.keys.length ?? transport.states().length;
  const watchers = makeWatchService({
    elements,
    finals: () => (lastOutcome === 'finished' ? session.replay().finals : []),
    evidence: () => (lastOutcome === 'cheat' ? session.replay().evidence : null),
    send: (text, to) => transport.send(text, to),
    maxMessageBytes: options.maxMessageBytes ?? options.genesis?.genesis.settings.maxMessageBytes ?? 65_536,
  });

  /** After every step of the session: what changed, as events. */
  const after = (): void => {
    if (disposed) return;
    const v = view();
    for (const violation of v.incidents.slice(incidentsSeen)) events.emit({ kind: 'incident', violation });
    incidentsSeen = v.incidents.length;
    if (v.seq !== lastSeq || v.outcome.kind !== lastOutcome || absenceKey(v) !== lastAbsence) {
      lastSeq = v.seq;
      lastAbsence = absenceKey(v);
      events.emit({ kind: 'view', view: v });
    }
    const shown = (kind: Outcome['kind']) => (kind === 'finished' ? 'finished' : kind === 'cheat' ? 'stopped' : 'playing');
    if (v.outcome.kind === lastOutcome) return void watchers.push(v.seq, shown(lastOutcome));
    lastOutcome = v.outcome.kind;
    watchers.push(v.seq, shown(lastOutcome));
    clearInterval(clock);
    const outcome = v.outcome;
    if (outcome.kind === 'finished') events.emit({ kind: 'finished', outcome });
    else if (outcome.kind === 'cheat' && outcome.code === 'Diverged')
      events.emit({ kind: 'desync', seq: outcome.seq, seats: session.seat === null ? [outcome.seat] : [session.seat, outcome.seat], entries: session.replay().log[outcome.seq] ?? [], message: outcome.message });
    else if (outcome.kind === 'cheat') events.emit({ kind: 'verdict', outcome });
    end(v);
  };
  const run = (step: Promise<void> | void): void => {
    void Promise.resolve(step).then(after, (e: unknown) => events.emit({ kind: 'incident', violation: { code: 'Malformed', message: `internal error: ${String(e)}` } }));
  };

  // Catching up (issue 11, item 5) is the protocol's: whenever a seat's channel comes up (the
  // game's start, a reconnection, this page resumed after a refresh), the session asks that seat
  // for what it missed, and after a few ticks without a new element it asks every seat
  // (peer/receive.ts handleConnected, peer/tick.ts). It checks every entry of an answer as any other.
  const unsubscribe = [
    transport.onMessage((from, text) => (from >= seats ? watchers.receive(from, text) : run(session.receive(text, from)))),
    transport.onState((seat, state) => {
      if (state === 'connected' && seat < seats && seat !== session.seat) run(session.connected?.(seat));
      events.emit({ kind: 'peer', seat, state });
    }),
    transport.onReport((report) => events.emit({ kind: 'dropped', report })),
  ];
  const clock = setInterval(() => run(session.tick(Math.floor((performance.now() - started) / tickMs))), Math.max(20, Math.floor(tickMs / 2)));
  const unsubscribeSession = session.subscribe?.(() => after());
  run(session.start?.());

  return {
    seat: session.seat,
    view,
    submit: async (action) => {
      const r = await session.submit(action);
      after();
      return r;
    },
    on: (l) => events.add(l),
    ended,
    here: () => run(session.here?.()),
    replay: () => session.replay(),
    elements,
    unlogged: () => session.unlogged?.() ?? [],
    dispose() {
      if (disposed) return;
      disposed = true;
      clearInterval(clock);
      for (const t of holds) clearTimeout(t);
      for (const u of unsubscribe) u();
      unsubscribeSession?.();
      events.clear();
      session.dispose();
      transport.dispose();
    },
  };
}
