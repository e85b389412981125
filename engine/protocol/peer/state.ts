import type { GameState } from '../../core/state.js';
import type { Vault } from '../../core/vault.js';
import type { Seat } from '../../core/vocabulary.js';
import type { Option } from '../../core/options.js';
import { type Absence, type Chain, type End, expectation, startChain } from '../log/chain.js';
import type { Echo } from '../codec/echo.js';
import type { ParsedEntry, SignedEntry } from '../codec/entry.js';
import type { Violation, ViolationCode } from '../errors.js';
import type { ParsedGenesis } from '../codec/genesis.js';
import type { Evidence, Replay } from '../codec/replay.js';
import type { SignedEcho } from '../codec/wire.js';
import { entriesAt, type Held } from './held.js';
import { stateDigest } from '../log/state-digest.js';

/** A player: given what his seat may see and do, picks an action (normally one of `legal`), at once or later. */
/**
 * Ticks a resumed seat stays quiet (at most half the timer): what its former self sent before the
 * page closed either arrives within seconds or never does, and the catch-up answers (asked of every
 * seat as its channel comes up) bring back what other seats hold of it.
 */
export const RESUME_QUIET = 5;

/**
 * Ticks without a new element after which a peer asks every other seat, once per place, for what
 * it holds from there: a message lost with a channel that closed (a refresh, a network change)
 * costs seconds, not the half-timer resend (or, with no timer, the game).
 */
export const STALL_TICKS = 3;

export type PeerAgent = (state: GameState, seat: Seat, legal: readonly Option[], vault: Vault) => unknown;

export type Outcome =
  | { readonly kind: 'playing' }
  /** The log closed: the game ended (`end`), the seats in `finals` signed the final state. */
  | {
      readonly kind: 'finished';
      readonly end: End;
      readonly finals: readonly Seat[];
      readonly absences: readonly Absence[];
      /** Some absence in the log rests on a minority's word (`Absence.minority`): so does this outcome (a forfeit, a win). */
      readonly minority: boolean;
    }
  /** A seat's own signature proves it broke the protocol. */
  | { readonly kind: 'cheat'; readonly seat: Seat; readonly code: ViolationCode; readonly seq: number; readonly message: string; readonly rule?: string };

/**
 * Bounds on what a peer holds for any one seat (issue 9, item 4). Entries are held only for
 * positions in a window around the current one; within it, a seat has at most MAX_HELD_PER_SEAT
 * entries held (an honest seat writes one or two per position: its item, its claims, its final
 * signature), at most MAX_ECHOES_PER_SEAT echoes ahead of this peer and MAX_HEARD_CANDIDATES
 * unchecked echoes. Past a bound, what that seat sends is refused (a `Flood` incident naming it),
 * and nothing else changes: other seats' entries are never refused for it.
 */
export const FUTURE_WINDOW = 256;
export const PAST_WINDOW = 256;
export const MAX_HELD_PER_SEAT = 1024;
/** Entries held for one seat at one position: its item, its claims of a few rounds, its final signature, on a history or two. */
export const MAX_HELD_PER_POSITION = 8;
export const MAX_ECHOES_PER_SEAT = 64;
export const MAX_HEARD_CANDIDATES = 4;
export const MAX_INCIDENTS = 1000;
/** Catch-up answers a peer gives one requester in a tick (a refreshed page asks each seat once or twice). */
export const ANSWERS_PER_TICK = 2;

/** What a peer's steps never change: the game, the seat, and the seat's fixed secrets (never its signing key). */
export interface PeerContext {
  readonly genesis: ParsedGenesis;
  readonly genesisSignatures: readonly string[];
  readonly seat: Seat;
  /** The number of seats. */
  readonly n: number;
  readonly vault: Vault;
  /** This seat's beacon links (its commitments' openings, fixed at the genesis). */
  readonly beacon: readonly string[];
  /** The seat may have played this game before (a refreshed page): catch up before writing. */
  readonly resume: boolean;
  /** A bot plays this seat: it is at its page whenever the page is, so it is back as soon as it is heard. */
  readonly bot: boolean;
}

/**
 * An element applied: the chain before it, its entries, its hash and the state after it. The
 * state's digest (what echoes compare) is worked out when first needed (afterDigest), not while
 * the element is applied: it stays out of every action's latency.
 */
export interface HistoryStep {
  readonly before: Chain;
  readonly entries: readonly ParsedEntry[];
  readonly hash: string;
  readonly after: GameState;
}

/** The digest of the state after a history step (stateDigest, remembered per state object). */
export const afterDigest = (step: HistoryStep): string => stateDigest(step.after);

/**
 * This peer's echo of the last element it applied, before its state digest is worked out: the
 * session completes it (echoOf) when it signs and sends it.
 */
export interface EchoDraft {
  readonly seq: number;
  readonly element: string;
  readonly after: GameState;
  readonly claimed: boolean;
  /** This seat was declared absent and its player is back (Echo.back). */
  readonly back: boolean;
  readonly entries: readonly SignedEntry[];
}

/** The echo a draft stands for, digest included (pure: equal drafts give equal echoes). */
export function echoOf(ctx: PeerContext, e: EchoDraft): Echo {
  const echo: Echo = { v: 1, game: ctx.genesis.id, seat: ctx.seat, seq: e.seq, element: e.element, state: stateDigest(e.after), claimed: e.claimed };
  return e.back ? { ...echo, back: true } : echo;
}

export interface PendingEcho {
  readonly echo: Echo;
  readonly signed: SignedEcho;
  readonly entries: readonly ParsedEntry[];
}

export interface HeardCandidate {
  readonly seq: number;
  readonly signed: SignedEcho;
  /** The echo says its seat is back (Echo.back). */
  readonly back: boolean;
}

/**
 * The log as this peer holds it: the chain and every element applied (the replay), how the game
 * ended, and what was pruned from the window behind.
 */
export interface LogRecord {
  readonly chain: Chain;
  readonly history: readonly HistoryStep[];
  readonly outcome: Outcome;
  /** The final signatures, by seat, once the log is closed. */
  readonly finals: ReadonlyMap<Seat, ParsedEntry>;
  /** The signed proof of a verdict, and where the replay of a stopped game ends. */
  readonly evidence: Evidence | null;
  readonly truncateAt: number | null;
  /** Positions below this are pruned from the pool's entries and from the places kept. */
  readonly prunedBelow: number;
}

/** The entries and echoes this peer holds, checked, for the current place and the window around it. */
export interface PoolRecord {
  /** The entries for the current place that may make the next element. */
  readonly current: ReadonlyMap<string, ParsedEntry>;
  /** Every entry whose signature verified, by position (in buckets: see Held): the candidates when the log gets there. */
  readonly bySeq: Held;
  /** Entries held per seat (in bySeq), and echoes held ahead per seat. */
  readonly heldBySeat: readonly number[];
  readonly pendingEchoes: readonly PendingEcho[];
  readonly echoesBySeat: readonly number[];
}

/** What this seat signed and owes: its claims (which bind it), the entries it wrote, its last echo. */
export interface ClaimRecord {
  /** The seats this seat claimed absent, by place (`seq|prev`) and round: a claim binds its signer at that place only. */
  readonly claimedAt: ReadonlyMap<string, readonly (readonly Seat[])[]>;
  /** When this seat signed its last claim at the current place: a round that stalls for a whole timer moves on. */
  readonly lastClaimAt: number;
  /** Places where this peer relayed items that a complete claim set names absent. */
  readonly relayedAt: ReadonlySet<string>;
  /** What this seat wrote, by place and kind: once each. */
  readonly sent: ReadonlySet<string>;
  /**
   * This seat's choice made while it was quiet (a person's click just after a refresh): held, and
   * written when the quiet ends if the log still awaits it at that place (legal then, as it was).
   */
  readonly heldChoice: { readonly place: string; readonly action: unknown } | undefined;
  /** The place where this peer last said again what it said (once per place), and its last echo (signed when sent). */
  readonly resentAt: string;
  readonly lastEcho: EchoDraft | undefined;
  /**
   * This seat joined the table's branch after going on alone (tryRejoin): until the table takes one
   * of its items again (an element with its entry), it takes the settlements the table made
   * without it, a minority's naming it included (AssembleOptions.following).
   */
  readonly following: boolean;
}

/** The clock, and what this peer knows of the other seats: whom it heard, who is back, who is ahead or elsewhere. */
export interface LivenessRecord {
  /** When the current place began (the logical clock), and the clock now. */
  readonly since: number;
  readonly now: number;
  /**
   * A resumed seat writes nothing for RESUME_QUIET ticks (at most half the timer): what its former self sent and is still in
   * flight arrives first (and comes back to it through echoes and catch-up), so it does not sign
   * a second, different entry where it signed one before. Persisting what it signed is better.
   */
  readonly quietUntil: number;
  /** This seat's player is at the page (a bot always; a person since its last absence, once the page says so: `here`). */
  readonly here: boolean;
  /** The highest position a signed echo announced (near enough to be plausible). */
  readonly ahead: number;
  /** Per seat, the last position it was heard at (an entry or a checked echo). */
  readonly lastHeard: readonly number[];
  /**
   * Per seat, the last position at which it showed, by its own signature, that its player is at
   * the page: an entry it wrote, or an echo saying `back`. A seat declared absent and not back
   * since has its decisions settled at once (claimAtOnce).
   */
  readonly lastBack: readonly number[];
  /** Echoes not yet signature-checked, a few per seat: they count as hearing from a seat only once checked (at claim time). */
  readonly heardCandidates: ReadonlyMap<Seat, readonly HeardCandidate[]>;
  /** Per seat, its last echo that agreed with this log (it is on this branch), checked only when it matters (tryRejoin). */
  readonly agreed: ReadonlyMap<Seat, { readonly seq: number; readonly signed: SignedEcho }>;
  /**
   * Seats whose signed echoes showed another element at a position this peer holds: since which
   * position (the first seen) and at how many positions. A seat seen so at two positions or more
   * went on on another branch (PeerView.split); an echo that agrees with this log again clears it.
   */
  readonly elsewhere: ReadonlyMap<Seat, { readonly since: number; readonly positions: number }>;
  /** The catch-up requests sent, and the answers given this tick to each requester (index n: senders unknown). */
  readonly fetchedAt: ReadonlySet<string>;
  readonly answers: readonly number[];
}

/**
 * Everything one seat's peer knows: an immutable value in four records. A step never changes a
 * state; it makes a new one that shares every record, map and list it did not change.
 */
export interface PeerState {
  readonly log: LogRecord;
  readonly pool: PoolRecord;
  readonly claims: ClaimRecord;
  readonly liveness: LivenessRecord;
  /** What this peer refused and why, for the UI and the tests (the last MAX_INCIDENTS). Refusals that name no cheater. */
  readonly incidents: readonly Violation[];
}

export function makeContext(genesis: ParsedGenesis, genesisSignatures: readonly string[], seat: Seat, vault: Vault, beacon: readonly string[], resume: boolean, bot = false): PeerContext {
  return { genesis, genesisSignatures, seat, n: genesis.genesis.seats.length, vault, beacon, resume, bot };
}

export function initialState(ctx: PeerContext, now = 0): PeerState {
  const timer = ctx.genesis.genesis.settings.timer;
  const zeros = new Array<number>(ctx.n).fill(0);
  return Object.freeze({
    log: Object.freeze({ chain: startChain(ctx.genesis, ctx.genesisSignatures), history: [], outcome: { kind: 'playing' }, finals: new Map(), evidence: null, truncateAt: null, prunedBelow: 0 } satisfies LogRecord),
    pool: Object.freeze({ current: new Map(), bySeq: new Map(), heldBySeat: zeros, pendingEchoes: [], echoesBySeat: zeros } satisfies PoolRecord),
    claims: Object.freeze({ claimedAt: new Map(), lastClaimAt: 0, relayedAt: new Set(), sent: new Set(), heldChoice: undefined, resentAt: '', lastEcho: undefined, following: false } satisfies ClaimRecord),
    liveness: Object.freeze({
      since: now,
      now,
      quietUntil: ctx.resume && timer !== null ? now + Math.min(RESUME_QUIET, Math.ceil(timer / 2)) : -Infinity,
      here: true,
      ahead: -1,
      lastHeard: new Array<number>(ctx.n).fill(-1),
      lastBack: new Array<number>(ctx.n).fill(-1),
      heardCandidates: new Map(),
      agreed: new Map(),
      elsewhere: new Map(),
      fetchedAt: new Set(),
      answers: [],
    } satisfies LivenessRecord),
    incidents: [],
  } satisfies PeerState);
}

// ---------------------------------------------------------------- reading a state

export const isDone = (s: PeerState): boolean => s.log.outcome.kind !== 'playing';

/** The current place in the log: a position after a given history. */
export const placeOf = (s: PeerState): string => `${s.log.chain.seq}|${s.log.chain.head}`;

/** Whether the log awaits this seat's own action now, and it has not written it yet. */
export function awaitsAction(ctx: PeerContext, s: PeerState): boolean {
  return s.liveness.now >= s.liveness.quietUntil && !behind(ctx, s) && awaitsChoice(ctx, s);
}

/**
 * Whether a signed echo showed this place settled elsewhere already (another seat applied it):
 * this seat holds its own choice for half a timer, while the catch-up brings that element, so
 * that a page coming back does not write, alone, at places the table settled without it. A
 * resumed seat (a refreshed page) holds it for a whole timer: at its own places it most likely
 * signed before, and its catch-up, a few answers a tick (ANSWERS_PER_TICK), may still be on the
 * way when half a timer has passed; signing again there would be an equivocation. Nobody waits
 * for it at a place the others have passed.
 */
function behind(ctx: PeerContext, s: PeerState): boolean {
  const timer = ctx.genesis.genesis.settings.timer;
  return timer !== null && s.liveness.ahead >= s.log.chain.seq && s.liveness.now - s.liveness.since < (ctx.resume ? timer : timer / 2);
}

/** Whether the log awaits this seat's action here, quiet or not (a choice made while quiet is held: heldChoice). */
export function awaitsChoice(ctx: PeerContext, s: PeerState): boolean {
  const x = expectation(s.log.chain);
  return !isDone(s) && x.kind === 'main' && x.seat === ctx.seat && !s.claims.sent.has(`${placeOf(s)}|main`);
}

/** The entries held for the current position after the current history. */
export const candidates = (s: PeerState): ParsedEntry[] => entriesAt(s.pool.bySeq, s.log.chain.seq).filter((q) => q.entry.prev === s.log.chain.head);

/** The signed entries of the elements from position `from` on (a view's new elements, without copying the whole log). */
export function elementsFrom(s: PeerState, from: number): SignedEntry[][] {
  const end = s.log.truncateAt ?? s.log.history.length;
  return s.log.history.slice(from, end).map((h) => h.entries.map((e) => ({ text: e.text, sig: e.sig })));
}

/**
 * This seat's own signed entries that the log does not hold yet (its item, claims, openings or
 * final signature at the current place): what a page keeps with its log, so that the page that
 * plays the seat next (a refresh, another tab) is bound by them as this one is (keep.ts bindOwn).
 */
export function ownUnlogged(ctx: PeerContext, s: PeerState): SignedEntry[] {
  const mine = entriesAt(s.pool.bySeq, s.log.chain.seq).filter((q) => q.entry.seat === ctx.seat && q.entry.prev === s.log.chain.head);
  const final = s.log.finals.get(ctx.seat);
  const all = final && !mine.includes(final) ? [...mine, final] : mine;
  return all.map((e) => ({ text: e.text, sig: e.sig }));
}

/** The replay of the game as this peer holds it. */
export function replayOf(ctx: PeerContext, s: PeerState): Replay {
  const steps = s.log.truncateAt === null ? s.log.history : s.log.history.slice(0, s.log.truncateAt);
  const plain = (e: ParsedEntry) => ({ text: e.text, sig: e.sig });
  return {
    genesis: ctx.genesis.text,
    genesisSignatures: [...ctx.genesisSignatures],
    log: steps.map((h) => h.entries.map(plain)),
    finals: s.log.chain.closed && s.log.truncateAt === null ? [...s.log.finals.values()].sort((a, b) => a.entry.seat - b.entry.seat).map(plain) : [],
    evidence: s.log.evidence,
  };
}

/** The seats declared absent (gone) that showed, by their own signature, that their player is back. */
export function returnedOf(s: PeerState): Seat[] {
  const gone = s.log.chain.gone.flatMap((g, seat) => (g ? [seat] : []));
  return gone.filter((seat) => s.liveness.lastBack[seat]! >= goneSince(s.log.chain, seat));
}

/** The position at which a seat was last declared absent (-1: never). */
export function goneSince(chain: Chain, seat: Seat): number {
  for (let i = chain.absences.length - 1; i >= 0; i--) if (chain.absences[i]!.seats.includes(seat)) return chain.absences[i]!.seq;
  return -1;
}

/** The seats on another branch of the game, and from where (seen at two positions or more), or null. */
export function splitOf(s: PeerState): { readonly seq: number; readonly seats: readonly Seat[] } | null {
  const seats = [...s.liveness.elsewhere].filter(([, e]) => e.positions >= 2).sort((a, b) => a[0] - b[0]);
  if (seats.length === 0) return null;
  return { seq: Math.min(...seats.map(([, e]) => e.since)), seats: seats.map(([seat]) => seat) };
}

/** What this peer holds for each seat, against the bounds (for tests and diagnostics). */
export const heldOf = (s: PeerState): { readonly entries: readonly number[]; readonly echoes: readonly number[]; readonly known: number } => ({
  entries: [...s.pool.heldBySeat],
  echoes: [...s.pool.echoesBySeat],
  known: s.pool.heldBySeat.reduce((a, b) => a + b, 0),
});
