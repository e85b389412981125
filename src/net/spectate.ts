/**
 * Spectators over the game mesh (issue 11, item 6): a read-only node that follows the public log.
 *
 * - The spectator joins the mesh with a watcher id (mesh.ts gives it a pseudo-seat on each player's
 *   node) and asks every seat it reaches for the log from its position: `{"t":"watch","from":N}`.
 * - A player's page answers from its own checked log (NetGame's `elements(from)`) with the
 *   protocol's `history` message, at most MAX_FETCH elements and one message's bytes at a time,
 *   then pushes each element it applies to the spectators that asked, and the final signatures
 *   once it has them (`{"t":"finals",...}`), or, if the game stopped with a verdict, its evidence
 *   (`{"t":"evidence",...}`: the entries or the echo the seat signed). Spectators' messages never reach the player's
 *   protocol session: they cannot spend its catch-up budget or feed it anything.
 * - The spectator checks everything it gets through the protocol's follower (signatures, chain,
 *   rules, openings: engine/protocol/verify/follow.ts); only checked elements change what it
 *   shows. Whatever a seat sends is only a public log entry: no seat ever sends a secret.
 * - A gap (a lost push, a page refreshed, one page gone and another still there) is mended by
 *   asking again: on every connection, on a gap, and while nothing arrives.
 */
import { err, ok, type Result, type Seat } from '../../engine/index.js';
import { type Evidence, type Follower, type FollowerView, makeMessage, MAX_FETCH, parseMessage, type SignatureScheme, type SignedEntry, startFollower, type Violation } from '../../engine/protocol/index.js';
import { Listeners, type LinkState, type Transport } from './transport.js';
import type { Watched } from './watch.js';

// ------------------------------------------------------------------ messages

/** A spectator's request: the log from position `from` on, and what comes after it as it comes. */
export const watchRequest = (from: number): string => JSON.stringify({ t: 'watch', from });

/** The position a spectator's request asks from, or null if the text is not a request. */
export function parseWatchRequest(text: string): number | null {
  if (text.length > 64 || !text.startsWith('{"t":"watch"')) return null;
  try {
    const m = JSON.parse(text) as { t?: unknown; from?: unknown };
    return Object.keys(m).length === 2 && typeof m.from === 'number' && Number.isSafeInteger(m.from) && m.from >= 0 ? m.from : null;
  } catch {
    return null;
  }
}

export const finalsMessage = (finals: readonly SignedEntry[]): string => JSON.stringify({ t: 'finals', entries: finals.map((e) => ({ entry: e.text, sig: e.sig })) });

/** The evidence of the verdict that stopped the game, as the replay file carries it. */
export const evidenceMessage = (evidence: Evidence): string =>
  JSON.stringify({ t: 'evidence', entries: evidence.entries.map((e) => ({ entry: e.text, sig: e.sig })), echo: evidence.echo ? { echo: evidence.echo.text, sig: evidence.echo.sig } : null });

export type WatchedMessage =
  | { readonly t: 'history'; readonly from: number; readonly elements: readonly (readonly SignedEntry[])[] }
  | { readonly t: 'finals'; readonly entries: readonly SignedEntry[] }
  | { readonly t: 'evidence'; readonly evidence: Evidence };

/** `[{entry, sig}]` texts, at most `most`, or null. */
function signedList(x: unknown, most: number): SignedEntry[] | null {
  if (!Array.isArray(x) || x.length > most) return null;
  const entries = x.map((e: unknown) => {
    const y = e as { entry?: unknown; sig?: unknown } | null;
    return typeof y?.entry === 'string' && typeof y.sig === 'string' ? { text: y.entry, sig: y.sig } : null;
  });
  return entries.every((e) => e !== null) ? (entries as SignedEntry[]) : null;
}

/** What a spectator reads of a seat's messages: history answers and final signatures (the rest it ignores). */
export function parseWatchedMessage(text: string, maxBytes: number): WatchedMessage | null {
  if (text.startsWith('{"t":"history"')) {
    const m = parseMessage(text, maxBytes);
    return m.ok && m.value.t === 'history' ? { t: 'history', from: m.value.from, elements: m.value.elements } : null;
  }
  if (text.startsWith('{"t":"finals"') && text.length <= maxBytes) {
    try {
      const entries = signedList((JSON.parse(text) as { entries?: unknown }).entries, 6);
      return entries ? { t: 'finals', entries } : null;
    } catch {
      return null;
    }
  }
  // One entry (an illegal one), two (an equivocation) or one echo (a divergence).
  if (text.startsWith('{"t":"evidence"') && text.length <= maxBytes) {
    try {
      const m = JSON.parse(text) as { entries?: unknown; echo?: unknown };
      const entries = signedList(m.entries, 2);
      const e = m.echo as { echo?: unknown; sig?: unknown } | null | undefined;
      const echo = e === null ? null : typeof e?.echo === 'string' && typeof e.sig === 'string' ? { text: e.echo, sig: e.sig } : undefined;
      return entries && echo !== undefined ? { t: 'evidence', evidence: { entries, echo } } : null;
    } catch {
      return null;
    }
  }
  return null;
}

// ------------------------------------------------------------------ a player's side

export interface WatchServiceOptions {
  /** The signed entries of the elements from `from` on, of the log this page checked. */
  readonly elements: (from: number) => readonly (readonly SignedEntry[])[];
  /** The final signatures, once the game has finished (else empty). */
  readonly finals: () => readonly SignedEntry[];
  /** The evidence of the verdict, once the game stopped with one (else null). */
  readonly evidence?: () => Evidence | null;
  readonly send: (text: string, to: Seat) => void;
  readonly maxMessageBytes: number;
  /** Requests answered per spectator per second, at most (default 8). */
  readonly rate?: number;
}

export interface WatchService {
  /** A message from a spectator's pseudo-seat. */
  receive(slot: Seat, text: string): void;
  /** The log reached `seq` (or the game finished, or stopped with a verdict): push what spectators do not have yet. */
  push(seq: number, outcome: 'playing' | 'finished' | 'stopped'): void;
}

interface Subscriber {
  next: number;
  finalsSent: number;
  evidenceSent: boolean;
  answers: number[];
}

const MAX_SUBSCRIBERS = 16;

export function makeWatchService(o: WatchServiceOptions): WatchService {
  const subs = new Map<Seat, Subscriber>();
  const rate = o.rate ?? 8;
  let seq = 0;
  let finished = false;
  let stopped = false;

  /** Sends the subscriber one answer from its position: elements, then the final signatures once it has every element. */
  const serve = (slot: Seat, s: Subscriber): void => {
    const els = o.elements(s.next).slice(0, MAX_FETCH);
    const taken: (readonly SignedEntry[])[] = [];
    let size = 1024;
    for (const el of els) {
      const more = el.reduce((n, e) => n + e.text.length * 2 + e.sig.length + 32, 16);
      if (size + more > o.maxMessageBytes) break;
      size += more;
      taken.push(el);
    }
    if (taken.length > 0) {
      o.send(makeMessage({ t: 'history', from: s.next, elements: taken }), slot);
      s.next += taken.length;
    }
    // Every element sent: the final signatures follow at once.
    if (finished && s.next >= seq) {
      const finals = o.finals();
      if (finals.length > s.finalsSent) {
        o.send(finalsMessage(finals), slot);
        s.finalsSent = finals.length;
      }
    }
    // Every element sent: the evidence of the verdict that stopped the game, once.
    if (stopped && s.next >= seq && !s.evidenceSent) {
      const evidence = o.evidence?.() ?? null;
      if (evidence) {
        o.send(evidenceMessage(evidence), slot);
        s.evidenceSent = true;
      }
    }
  };

  return {
    receive(slot, text) {
      const from = parseWatchRequest(text);
      if (from === null) return;
      const now = performance.now();
      const known = subs.get(slot);
      if (!known && subs.size >= MAX_SUBSCRIBERS) subs.delete(subs.keys().next().value!);
      const s: Subscriber = known ?? { next: 0, finalsSent: 0, evidenceSent: false, answers: [] };
      s.answers = s.answers.filter((t) => now - t < 1000);
      if (s.answers.length >= rate) return;
      s.answers.push(now);
      s.next = from;
      s.finalsSent = 0;
      s.evidenceSent = false;
      subs.set(slot, s);
      serve(slot, s);
    },
    push(at, outcome) {
      seq = at;
      finished = outcome === 'finished';
      stopped = outcome === 'stopped';
      for (const [slot, s] of subs) if (s.next < seq || (finished && s.finalsSent === 0) || (stopped && !s.evidenceSent)) serve(slot, s);
    },
  };
}

// ------------------------------------------------------------------ the spectator

/** Messages from the seats waiting to be checked, at most. */
const MAX_CHECKING = 32;

/**
 * connecting: no seat reached yet; following: the log as it is played; over: closed and signed
 * by every seat; stopped: a page stopped the game with a verdict, and its evidence was checked.
 */
export type SpectatorStatus = 'connecting' | 'following' | 'over' | 'stopped';

export interface SpectatorView {
  readonly status: SpectatorStatus;
  readonly game: FollowerView;
  readonly peers: readonly LinkState[];
  /** Elements or signatures refused so far (bad signature, wrong place...): they changed nothing. */
  readonly refused: number;
}

export type SpectatorEvent =
  | { readonly kind: 'view'; readonly view: SpectatorView }
  | { readonly kind: 'refused'; readonly from: Seat; readonly violation: Violation };

export interface SpectatorOptions {
  readonly watched: Watched;
  /** A mesh node made with a watcherId (or any transport whose peers are the seats). */
  readonly transport: Transport;
  readonly scheme: SignatureScheme;
  /** Asks again this often while nothing new arrives (default 2000 ms). */
  readonly refetchMs?: number;
}

export interface Spectator {
  view(): SpectatorView;
  on(listener: (e: SpectatorEvent) => void): () => void;
  readonly follower: Follower;
  /** Resolves once the game is closed and signed by every seat still in it, or stopped with a verdict proven. */
  readonly over: Promise<SpectatorView>;
  dispose(): void;
}

export async function startSpectator(o: SpectatorOptions): Promise<Result<Spectator, Violation>> {
  const { transport, watched } = o;
  const started = await startFollower(watched.genesis, watched.genesisSignatures, o.scheme);
  if (!started.ok) return err(started.error);
  const follower = started.value;
  const maxBytes = watched.genesis.genesis.settings.maxMessageBytes;
  const events = new Listeners<[SpectatorEvent]>();
  const seats = watched.genesis.keys.length;
  let refused = 0;
  let checking = 0;
  let disposed = false;
  let heard = false;
  let lastProgress = performance.now();
  let finish: (v: SpectatorView) => void = () => undefined;
  const over = new Promise<SpectatorView>((r) => (finish = r));

  const view = (): SpectatorView => {
    const game = follower.view();
    return { status: game.complete ? 'over' : game.stopped ? 'stopped' : heard ? 'following' : 'connecting', game, peers: transport.states(), refused };
  };
  const emit = (): void => {
    if (disposed) return;
    const v = view();
    events.emit({ kind: 'view', view: v });
    if (v.status === 'over' || v.status === 'stopped') finish(v);
  };
  const ask = (seat?: Seat): void => {
    if (disposed || follower.view().complete || follower.view().stopped) return;
    const text = watchRequest(follower.view().seq);
    if (seat !== undefined) transport.send(text, seat);
    else for (let s = 0; s < seats; s++) if (transport.states()[s] === 'connected' || transport.states()[s] === 'slow') transport.send(text, s);
  };
  const refuse = (from: Seat, violation: Violation): void => {
    refused++;
    events.emit({ kind: 'refused', from, violation });
  };

  const unsubscribe = [
    follower.subscribe(() => {
      lastProgress = performance.now();
      emit();
    }),
    transport.onState((seat, state) => {
      if (state === 'connected') ask(seat);
      emit();
    }),
    transport.onMessage((from, text) => {
      if (disposed || from < 0 || from >= seats) return;
      const m = parseWatchedMessage(text, maxBytes);
      if (!m) return;
      if (!heard) {
        heard = true;
        emit();
      }
      // Checking costs: a bounded number of messages wait for it; beyond, they are dropped (and asked for again).
      if (checking >= MAX_CHECKING) return;
      checking++;
      void (async () => {
        if (m.t === 'history') {
          const before = follower.view().seq;
          const r = await follower.acceptMany(m.from, m.elements);
          if (!r.ok) return refuse(from, r.error.violation);
          // A gap before the answer, or an answer cut at its bounds (more may follow): ask that seat for the rest.
          const cut = m.elements.length >= MAX_FETCH || text.length > maxBytes / 4;
          if (m.from > before || (follower.view().seq > before && cut)) ask(from);
        } else if (m.t === 'finals') {
          const r = await follower.acceptFinals(m.entries);
          if (!r.ok) refuse(from, r.error.violation);
        } else {
          const r = await follower.acceptEvidence(m.evidence, from);
          if (!r.ok) refuse(from, r.error.violation);
        }
      })().finally(() => checking--);
    }),
  ];
  const refetchMs = o.refetchMs ?? 2000;
  const timer = setInterval(() => {
    if (performance.now() - lastProgress >= refetchMs) {
      lastProgress = performance.now();
      ask();
    }
  }, Math.max(100, Math.floor(refetchMs / 4)));
  ask();

  return ok({
    view,
    on: (l) => events.add(l),
    follower,
    over,
    dispose() {
      if (disposed) return;
      disposed = true;
      clearInterval(timer);
      for (const u of unsubscribe) u();
      events.clear();
      transport.dispose();
    },
  });
}
