import type { GameState } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import type { Chain } from '../log/chain.js';
import type { ParsedGenesis } from '../codec/genesis.js';
import type { Replay } from '../codec/replay.js';
import type { SignedEntry } from '../codec/entry.js';
import type { SeatSecrets } from '../crypto/secrets.js';
import type { SignatureScheme } from '../crypto/signature.js';
import type { Violation } from '../errors.js';
import { err, ok, type Result } from '../../core/result.js';
import { makeEchoText } from '../codec/echo.js';
import { makeMessage, parseMessage } from '../codec/wire.js';
import { echoCheck, entryCheck, signEcho, signEntry } from '../crypto/signing.js';
import { verifySignatures } from '../crypto/signature.js';
import { type Check, checkKey, type Effect } from './draft.js';
import { awaitsAction, type EchoDraft, echoOf, elementsFrom, initialState, makeContext, type Outcome, ownUnlogged, type PeerAgent, type PeerState, placeOf, replayOf, returnedOf, splitOf } from './state.js';
import { likelyChecks, type PeerEvent, step } from './step.js';
import { legalOptions } from '../../game/play.js';

/**
 * A seat's peer as a UI (or the simulator) drives it: messages in (`receive`), the logical clock
 * (`tick`), this seat's choices (`submit`), and every new view out (`subscribe`). A bot is an
 * agent that answers, at once or later (a Promise: a Worker in a page), through the same submit
 * a person's click uses. `dispose` stops everything: later calls are no-ops.
 *
 * The session is the thin, impure shell around the pure step (step.ts): it holds the current
 * state, runs events one at a time in arrival order, does the crypto a step asks for (checks
 * and signatures, async: WebCrypto in browsers; the signing key never leaves here), performs
 * the effects in order, and asks the bot when its seat is awaited.
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
  /**
   * Lets the echo of an element wait (the session has no clock): given, the session holds its
   * latest echo and hands this function the work of completing, signing and sending it, to run a
   * little later (a page: a few milliseconds), so that echoes leave the moments when an action is
   * crossing the table. The session sends a held echo earlier itself, ahead of anything else it
   * sends (its own entries above all) and of a newer echo, so messages leave in the order the
   * step produced them and no echo is skipped. Without it, every echo is sent at once.
   */
  readonly holdEcho?: (flush: () => void) => void;
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
  /** This seat was declared absent and its player has not said it is back (`here`): the table answers its decisions at once. */
  readonly away: boolean;
  /** Seats declared absent (gone) that showed by their own signature that their player is back: the table waits for them again. */
  readonly returned: readonly Seat[];
  /**
   * Seats that went on, on another branch of the game, from position `seq` (their signed echoes
   * show another element there), which this page cannot join: each side settled the other's
   * absence on a minority's word. null while every seat heard from is on this page's log.
   */
  readonly split: { readonly seq: number; readonly seats: readonly Seat[] } | null;
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
  /** The transport's channel to `seat` came up (at the start, or again): the peer asks that seat for what it missed. */
  connected(seat: Seat): Promise<void>;
  /** This seat's player is at the page (a click, a key): after an absence, it tells the others it is back. */
  here(): Promise<void>;
  /** Acts if the log starts with this seat (idempotent; receive and tick act too). */
  start(): Promise<void>;
  replay(): Replay;
  /** The signed entries of the elements from position `from` on. */
  elements(from: number): SignedEntry[][];
  /** This seat's own signed entries the log does not hold yet (state.ts ownUnlogged): kept with the log, they bind whoever plays the seat next. */
  unlogged(): SignedEntry[];
  dispose(): void;
}

/**
 * What the simulator and the tests read of a session beyond its view: the peer's state (an
 * immutable value) and the chain and outcome as the outside has seen them happen (during a
 * step's effects, the element each message went out with). Not part of PeerSession: a UI reads
 * views. Registered by makePeerSession, read by inspectSession.
 */
export interface SessionInternals {
  readonly state: PeerState;
  readonly shown: { readonly chain: Chain; readonly outcome: Outcome };
}
const internals = new WeakMap<PeerSession, () => SessionInternals>();

/** The internals of a session made by makePeerSession (for the simulator and tests). */
export function inspectSession(session: PeerSession): SessionInternals {
  const read = internals.get(session);
  if (!read) throw new Error('inspectSession: not a session made by makePeerSession');
  return read();
}

export function makePeerSession(config: PeerSessionConfig): PeerSession {
  const { secrets, scheme } = config;
  const ctx = makeContext(config.genesis, config.genesisSignatures, secrets.seat, secrets.vault, secrets.beacon, config.resume === true, config.agent !== undefined);
  let state = initialState(ctx, config.now ?? 0);
  let disposed = false;
  let queue: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(view: PeerView) => void>();
  const asked = new Set<string>();
  /** The last echo signed (said again half-way through the timer: Ed25519 gives the same bytes, signing once is enough). */
  let lastEcho = { text: '', sig: '' };
  /** The echo held back (holdEcho), and which hold its scheduled flush belongs to. */
  let heldEcho: EchoDraft | undefined;
  let holds = 0;
  /** This seat's entries sent as soon as signed, awaiting the step's own send effect (skipped once). */
  const sentEarly = new Set<string>();
  /** The last view built (view() hands it out while nothing changed), and the last one sent to listeners. */
  let cached: PeerView | undefined;
  let notified: PeerView | undefined;
  /**
   * The chain and outcome as the outside has seen them happen: while a step's effects are
   * performed, each change shows in turn (a message sent between two elements goes out with the
   * first one's chain showing, as it would have from a peer that did one thing at a time).
   */
  let shown: { chain: Chain; outcome: Outcome } = { chain: state.log.chain, outcome: state.log.outcome };

  const viewOf = (chain: Chain, outcome: Outcome, incidents: readonly Violation[], yourTurn: boolean): PeerView => ({
    seat: ctx.seat,
    state: chain.state,
    seq: chain.seq,
    head: chain.head,
    chain,
    outcome,
    incidents,
    yourTurn,
    away: chain.gone[ctx.seat] === true && !state.liveness.here,
    split: splitOf(state),
    returned: returnedOf(state),
  });
  const sameView = (v: PeerView | undefined, w: { chain: Chain; outcome: Outcome; incidents: readonly Violation[]; yourTurn: boolean }): v is PeerView =>
    v !== undefined && v.chain === w.chain && v.outcome === w.outcome && v.incidents.length === w.incidents.length && v.yourTurn === w.yourTurn && v.away === (w.chain.gone[ctx.seat] === true && !state.liveness.here) && sameSplit(v.split, splitOf(state)) && v.returned.join() === returnedOf(state).join();
  const sameSplit = (a: PeerView['split'], b: PeerView['split']): boolean => a === b || (a !== null && b !== null && a.seq === b.seq && a.seats.join() === b.seats.join());
  const now = () => ({ chain: state.log.chain, outcome: state.log.outcome, incidents: state.incidents, yourTurn: awaitsAction(ctx, state) });
  function current(): PeerView {
    const w = now();
    if (sameView(cached, w)) return cached;
    if (sameView(notified, w)) return (cached = notified);
    return (cached = viewOf(w.chain, w.outcome, w.incidents, w.yourTurn));
  }

  /** A new view when anything a UI shows changed; each listener sees it once. */
  function show(v: PeerView): void {
    if (disposed || listeners.size === 0 || sameView(notified, v)) return;
    notified = v;
    for (const l of [...listeners]) l(v);
  }

  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  async function check(checks: readonly Check[], into: Map<string, boolean>): Promise<void> {
    const todo = checks.filter((c) => !into.has(checkKey(c)));
    if (todo.length === 0) return;
    const good = await verifySignatures(scheme, todo.map((c) => (c.kind === 'entry' ? entryCheck(ctx.genesis, c.entry) : echoCheck(ctx.genesis, c.seat, c.signed))));
    todo.forEach((c, i) => into.set(checkKey(c), good[i]!));
  }

  /** Completes an echo (its state digest), signs it (once: Ed25519 gives the same bytes again) and sends it. */
  async function sendEcho(draft: EchoDraft): Promise<void> {
    const echo = echoOf(ctx, draft);
    if (lastEcho.text !== makeEchoText(echo)) lastEcho = await signEcho(scheme, secrets.keys, echo);
    if (!disposed) config.send(makeMessage({ t: 'echo', echo: lastEcho, entries: draft.entries }));
  }

  /** Sends the held echo, if any: before anything else this session sends. */
  async function flushEcho(): Promise<void> {
    const draft = heldEcho;
    if (draft === undefined) return;
    heldEcho = undefined;
    await sendEcho(draft);
  }

  async function echo(draft: EchoDraft): Promise<void> {
    const hold = config.holdEcho;
    if (!hold) return sendEcho(draft);
    // An older element's echo goes first; the same element's (said again) replaces it.
    if (heldEcho && heldEcho.seq !== draft.seq) await flushEcho();
    heldEcho = draft;
    const mine = ++holds;
    hold(() => {
      if (mine === holds && !disposed) void serial(flushEcho);
    });
  }

  async function perform(effects: readonly Effect[]): Promise<void> {
    for (const e of effects) {
      if (disposed) return;
      if (e.kind === 'send') {
        await flushEcho();
        if (disposed) return;
        if (e.to === undefined && sentEarly.delete(e.text)) continue;
        config.send(e.text, e.to);
      }
      else if (e.kind === 'changed') {
        shown = { chain: e.chain, outcome: e.outcome };
        show(viewOf(e.chain, e.outcome, e.incidents, e.yourTurn));
      }
      else await echo(e.echo);
    }
  }

  /** Runs one event to its end: the crypto it needs first, then the step, then its effects. Returns a refusal, if any. */
  const run = (event: PeerEvent): Promise<string | undefined> =>
    serial(async () => {
      const checked = new Map<string, boolean>();
      const signed = new Map<string, string>();
      const likely = likelyChecks(ctx, state, event);
      // While the likely signatures are checked (off this thread, where the platform does it:
      // WebCrypto, node:crypto's thread pool), the step runs as if they were good. Its result is
      // kept only if every one of them was: nothing unchecked is ever applied, shown or sent.
      let early: ReturnType<typeof step> | undefined;
      if (likely.length > 0) {
        const checking = check(likely, checked);
        const assumed = new Map(checked);
        for (const c of likely) assumed.set(checkKey(c), true);
        early = step(ctx, state, event, { checked: assumed, signed });
        await checking;
        if (!likely.every((c) => checked.get(checkKey(c)) === true)) early = undefined;
      }
      for (;;) {
        if (disposed) return 'the session is closed';
        const r = early ?? step(ctx, state, event, { checked, signed });
        early = undefined;
        if (r.kind === 'next') {
          state = r.state;
          await perform(r.effects);
          sentEarly.clear();
          shown = { chain: state.log.chain, outcome: state.log.outcome };
          return r.refused;
        }
        await check(r.needs.check, checked);
        for (const entry of r.needs.sign) {
          const p = await signEntry(scheme, secrets.keys, entry);
          signed.set(p.id, p.sig);
          // This seat's choice, once signed, is always sent at once (write.ts): send it now, ahead
          // of the step that applies it, so that its apply stays out of the action's latency; the
          // step's identical send effect is then skipped once. What a step writes in answer to an
          // element it applies (a beacon link, openings, a claim) leaves in the step's order,
          // after the element shows here: sending takes a while (channel by channel).
          if (event.kind !== 'submit') continue;
          const text = makeMessage({ t: 'entry', entry: { text: p.text, sig: p.sig } });
          await flushEcho();
          if (!disposed && !sentEarly.has(text)) {
            sentEarly.add(text);
            config.send(text);
          }
        }
      }
    });

  /** After every event: tell the listeners, then ask the bot if its seat is awaited (once per place). */
  const settle = async (): Promise<void> => {
    for (;;) {
      if (disposed) return;
      show(current());
      const agent = config.agent;
      if (!agent || !awaitsAction(ctx, state)) return;
      const place = placeOf(state);
      if (asked.has(place)) return;
      asked.add(place);
      const legal = legalOptions(state.log.chain.state, ctx.seat, secrets.vault);
      if (legal.length === 0) return;
      let action: unknown;
      try {
        action = await agent(state.log.chain.state, ctx.seat, legal, secrets.vault);
      } catch {
        return; // a bot that fails is a seat that does not answer: the timer settles it
      }
      if (disposed) return;
      // Refused (a late answer, an illegal one): nothing changes; the timer settles the place.
      if ((await run({ kind: 'submit', action })) !== undefined) return;
    }
  };

  const drive = async (event: PeerEvent): Promise<void> => {
    if (disposed) return;
    await run(event);
    await settle();
  };

  const session: PeerSession = {
    seat: ctx.seat,
    view: current,
    subscribe(listener) {
      if (disposed) return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async submit(action): Promise<Result<void, string>> {
      if (disposed) return err('the session is closed');
      if (config.agent) return err('this seat is played by a bot');
      const refused = await run({ kind: 'submit', action });
      if (refused !== undefined) return err(refused);
      await settle();
      return ok(undefined);
    },
    receive: (text, from) => drive({ kind: 'message', message: parseMessage(text, ctx.genesis.genesis.settings.maxMessageBytes, ctx.n), ...(from !== undefined ? { from } : {}) }),
    tick: (t) => drive({ kind: 'tick', now: t }),
    connected: (seat) => drive({ kind: 'connected', seat }),
    here: () => drive({ kind: 'here' }),
    start: () => drive({ kind: 'start' }),
    replay: () => replayOf(ctx, state),
    elements: (from) => elementsFrom(state, from),
    unlogged: () => ownUnlogged(ctx, state),
    dispose() {
      disposed = true;
      listeners.clear();
    },
  };
  internals.set(session, () => ({ state, shown }));
  return session;
}
