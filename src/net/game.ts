/**
 * Where the game channel meets the protocol: the one module that couples a Transport to a peer
 * session. It feeds the session every message the transport delivers, gives it the transport's
 * `send`, drives its logical clock from the page's clock, and turns what the session concludes
 * into typed events for the UI: each new view, peers' connection states, what was dropped,
 * the end, and a desync (a divergence of state) with the element and the seats involved.
 *
 * Coded against INTERFACES.md's PeerSession (view, receive, tick, replay, dispose). Until
 * makePeerSession lands, `sessionFromPeer` adapts the protocol's current Peer class behind it.
 */
import { applyAction, awaiting, err, type GameState, ok, type Result, type SeatAction } from '../../engine/index.js';
import type { Seat } from '../../engine/core/vocabulary.js';
import { type Outcome, type ParsedGenesis, Peer, type PeerAgent, type Replay, type SeatSecrets, type SignatureScheme, type Violation } from '../../engine/protocol/index.js';
import { Listeners, type PeerState, type Transport, type TransportReport } from './transport.js';

/** What the UI reads of a session (the subset of INTERFACES.md's PeerView this module needs). */
export interface SessionView {
  readonly state: GameState;
  readonly seq: number;
  readonly head: string;
  readonly outcome: Outcome;
  readonly incidents: readonly Violation[];
}

/**
 * The subset of INTERFACES.md's PeerSession this module drives: makePeerSession's sessions fit it
 * as they are (pass `session: (send) => makePeerSession({ ...config, send })`).
 */
export interface GameSession {
  readonly seat: Seat | null;
  view(): SessionView;
  /** New views, in order (PeerSession has it; without it, views are read after every step). */
  subscribe?(listener: (view: SessionView) => void): () => void;
  /** This seat's choice (a person's click): refused if it is not a legal action awaited now. */
  submit(action: unknown): Promise<Result<void, unknown>>;
  receive(text: string, from?: Seat): Promise<void> | void;
  tick(now: number): Promise<void> | void;
  replay(): Replay;
  dispose(): void;
  /** Acts if the log starts with this seat (the Peer class needs telling once; sessions act by themselves). */
  start?(): Promise<void>;
}

export type Send = (text: string, to?: Seat) => void;

export interface SessionConfig {
  readonly genesis: ParsedGenesis;
  readonly genesisSignatures: readonly string[];
  readonly secrets: SeatSecrets;
  readonly scheme: SignatureScheme;
  /** A bot's choices. None: a person, whose choices come through submit(). */
  readonly agent?: PeerAgent;
}

/** The protocol's Peer class behind the PeerSession shape (until makePeerSession is on main). */
export function sessionFromPeer(config: SessionConfig & { send: Send; now?: number }): GameSession & { readonly seat: Seat; start(): Promise<void> } {
  // A person's seat: the Peer asks its agent when the log awaits this seat; the agent answers
  // with the submitted action once (nothing yet: the Peer asks again on the next submit).
  let pending: unknown;
  // The log may have moved on between the click and the Peer's asking (a stored log being checked
  // again, an absence settled): an action no longer legal is dropped, never signed.
  const person: PeerAgent = (state, seat) => {
    const action = pending;
    pending = undefined;
    return action !== undefined && isLegal(state, seat, action) ? action : undefined;
  };
  const peer = new Peer({ ...config, agent: config.agent ?? person, send: (text) => config.send(text) });
  return {
    seat: peer.seat,
    view: () => ({ state: peer.state, seq: peer.chain.seq, head: peer.head, outcome: peer.outcome, incidents: peer.incidents }),
    async submit(action) {
      if (config.agent) return err('this seat is played by a bot');
      const state = peer.state;
      const who = awaiting(state);
      if (peer.done || who.kind !== 'seat' || who.seat !== peer.seat) return err('it is not your turn');
      if (!isLegal(state, peer.seat, action)) return err('this action is not legal now');
      pending = action;
      await peer.start();
      return ok(undefined);
    },
    receive: (text) => peer.receive(text),
    tick: (now) => peer.tick(now),
    replay: () => peer.replay(),
    start: () => peer.start(),
    dispose: () => undefined,
  };
}

/** Whether a person's action (anything from the page) is this seat's and the rules take it now: the engine alone decides. */
function isLegal(state: GameState, seat: Seat, action: unknown): boolean {
  if (typeof action !== 'object' || action === null || Array.isArray(action) || (action as { seat?: unknown }).seat !== seat) return false;
  return applyAction(state, action as SeatAction).ok;
}

export type Cheat = Extract<Outcome, { kind: 'cheat' }>;
export type Finished = Extract<Outcome, { kind: 'finished' }>;

export interface NetGameView extends SessionView {
  readonly seat: Seat | null;
  readonly peers: readonly PeerState[];
}

export type NetGameEvent =
  | { readonly kind: 'view'; readonly view: NetGameView }
  | { readonly kind: 'peer'; readonly seat: Seat; readonly state: PeerState }
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
  /** Makes the session with the transport's send; by default the protocol's Peer from the config fields. */
  readonly session?: (send: Send) => GameSession;
  /** Page milliseconds per tick of the protocol's logical clock (the genesis timer counts ticks). Default 1000. */
  readonly tickMs?: number;
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
  replay(): Replay;
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
  const session = options.session ? options.session(send) : sessionFromPeer({ ...configOf(options), send });
  const started = performance.now();
  let lastSeq = -1;
  let lastOutcome: Outcome['kind'] = 'playing';
  let incidentsSeen = 0;
  let disposed = false;
  let end: (v: NetGameView) => void = () => undefined;
  const ended = new Promise<NetGameView>((resolve) => (end = resolve));

  const view = (): NetGameView => ({ ...session.view(), seat: session.seat, peers: transport.states() });

  /** After every step of the session: what changed, as events. */
  const after = (): void => {
    if (disposed) return;
    const v = view();
    for (const violation of v.incidents.slice(incidentsSeen)) events.emit({ kind: 'incident', violation });
    incidentsSeen = v.incidents.length;
    if (v.seq !== lastSeq || v.outcome.kind !== lastOutcome) {
      lastSeq = v.seq;
      events.emit({ kind: 'view', view: v });
    }
    if (v.outcome.kind === lastOutcome) return;
    lastOutcome = v.outcome.kind;
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

  const unsubscribe = [
    transport.onMessage((from, text) => run(session.receive(text, from))),
    transport.onState((seat, state) => events.emit({ kind: 'peer', seat, state })),
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
    replay: () => session.replay(),
    dispose() {
      if (disposed) return;
      disposed = true;
      clearInterval(clock);
      for (const u of unsubscribe) u();
      unsubscribeSession?.();
      events.clear();
      session.dispose();
      transport.dispose();
    },
  };
}
