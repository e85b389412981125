import type { GameState } from '../../core/state.js';
import type { Vault } from '../../core/vault.js';
import type { Seat } from '../../core/vocabulary.js';
import { applyAction, legalOptions, stateHash } from '../../game.js';
import { err, ok, type Result } from '../../core/result.js';
import type { Option } from '../../core/options.js';
import { assembleElement, itemsAgainstClaims, seatsToClaim } from '../log/assemble.js';
import { linkIndex } from '../log/beacon.js';
import { type Absence, applyElement, type Chain, checkEntry, claimedAbsent, type End, expectation, signaturesDigest, slotOf, startChain } from '../log/chain.js';
import type { Echo } from '../codec/echo.js';
import { type Body, claimRound, type ParsedEntry, type SignedEntry } from '../codec/entry.js';
import { PROOF_CODES, type Violation, violation, type ViolationCode } from '../errors.js';
import type { ParsedGenesis } from '../codec/genesis.js';
import { finalOpenings } from '../log/openings.js';
import type { Evidence, Replay } from '../codec/replay.js';
import type { SeatSecrets } from '../crypto/secrets.js';
import { echoCheck, entryCheck, signEcho, signEntry } from '../crypto/signing.js';
import { type SignatureScheme, verifySignature } from '../crypto/signature.js';
import { stateDigest } from '../log/state-digest.js';
import { makeMessage, MAX_FETCH, parseMessage, type SignedEcho } from '../codec/wire.js';
import { historyAnswer } from './catch-up.js';
import { nextClaimRound } from './claims.js';

/** A player: given what his seat may see and do, picks an action (normally one of `legal`), at once or later. */
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

export interface PeerConfig {
  readonly genesis: ParsedGenesis;
  readonly genesisSignatures: readonly string[];
  readonly secrets: SeatSecrets;
  readonly scheme: SignatureScheme;
  /** Sends a message to another peer (`to`), or to every other peer. */
  readonly send: (text: string, to?: Seat) => void;
  /** The logical clock at start (ticks). */
  readonly now?: number;
  /** The seat may have played this game before (a refreshed page): catch up before writing. */
  readonly resume?: boolean;
  /** Called after every change of the chain or the outcome (each element applied, a rollback, the end). */
  readonly onChange?: () => void;
}

interface Step {
  readonly before: Chain;
  readonly entries: readonly ParsedEntry[];
  readonly hash: string;
  readonly stateHash: string;
}

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
export const MAX_ECHOES_PER_SEAT = 64;
const MAX_HEARD_CANDIDATES = 4;
/**
 * Ticks a resumed seat stays quiet (at most half the timer): what its former self sent before the
 * page closed either arrives within seconds or never does, and the catch-up answers bring back
 * what other seats hold of it.
 */
export const RESUME_QUIET = 5;

/**
 * One seat's side of the protocol. It receives messages, checks every entry (signature, game,
 * position, previous hash, who may write it, the rules) before applying it, writes its own
 * entries when the log awaits them (its action, its beacon link, its final openings, its final
 * signature), echoes every element, and claims absent whoever its logical timer says is late.
 * Messages are handled one at a time, in arrival order.
 */
export class PeerCore {
  readonly seat: Seat;
  chain: Chain;
  outcome: Outcome = { kind: 'playing' };
  /** What this peer refused and why, for the UI and the tests. Refusals that name no cheater. */
  readonly incidents: Violation[] = [];
  private readonly config: PeerConfig;
  private readonly n: number;
  private history: Step[] = [];
  private pool = new Map<string, ParsedEntry>();
  /** Every entry whose signature verified, by position: the candidates when the log gets there. */
  private readonly bySeq = new Map<number, ParsedEntry[]>();
  private readonly known = new Map<string, ParsedEntry>();
  private readonly slots = new Map<string, ParsedEntry>();
  /** The seats this seat claimed absent, by place (`seq|prev`) and round: a claim binds its signer at that place only. */
  readonly claimedAt = new Map<string, readonly (readonly Seat[])[]>();
  /** When this seat signed its last claim at the current place: a round that stalls for a whole timer moves on. */
  private lastClaimAt = 0;
  /** Echoes not yet signature-checked, a few per seat: they count as hearing from a seat only once checked (at claim time). */
  private heardCandidates = new Map<Seat, { seq: number; signed: SignedEcho }[]>();
  /** The highest position an echo announced (near enough to be plausible), the catch-up requests sent, the answers given this tick. */
  private ahead = -1;
  private catchingUp = false;
  /**
   * A resumed seat writes nothing for RESUME_QUIET ticks: what its former self sent and is still in
   * flight arrives first (and comes back to it through echoes and catch-up), so it does not sign
   * a second, different entry where it signed one before. Persisting what it signed is better.
   */
  private readonly quietUntil: number;
  private readonly fetchedAt = new Set<string>();
  private answers = 0;
  /** The place where this peer last said again what it said (once per place), and its last echo. */
  private resentAt = '';
  private lastEcho: string | undefined;
  /** Places where this peer relayed items that a complete claim set names absent. */
  private readonly relayedAt = new Set<string>();
  /** What this seat wrote, by place and kind: once each. */
  private readonly sent = new Set<string>();
  private readonly finals = new Map<Seat, ParsedEntry>();
  private readonly pendingEchoes: { echo: Echo; signed: SignedEcho; entries: readonly ParsedEntry[] }[] = [];
  /** Entries held per seat (in bySeq, known and slots), and echoes held ahead per seat. */
  private readonly heldBySeat: number[];
  private readonly echoesBySeat: number[];
  /** Positions below this are pruned from bySeq, known and slots. */
  private prunedBelow = 0;
  private readonly lastHeard: number[];
  private since: number;
  private now: number;
  private evidence: Evidence | null = null;
  private truncateAt: number | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(config: PeerConfig) {
    this.config = config;
    this.seat = config.secrets.seat;
    this.n = config.genesis.genesis.seats.length;
    this.chain = startChain(config.genesis, config.genesisSignatures);
    this.now = config.now ?? 0;
    this.since = this.now;
    this.lastHeard = new Array<number>(this.n).fill(-1);
    this.heldBySeat = new Array<number>(this.n).fill(0);
    const timer = config.genesis.genesis.settings.timer;
    this.quietUntil = config.resume && timer !== null ? this.now + Math.min(RESUME_QUIET, Math.ceil(timer / 2)) : -Infinity;
    this.echoesBySeat = new Array<number>(this.n).fill(0);
  }

  /** What this peer holds for each seat, against the bounds (for tests and diagnostics). */
  get held(): { readonly entries: readonly number[]; readonly echoes: readonly number[]; readonly known: number } {
    return { entries: [...this.heldBySeat], echoes: [...this.echoesBySeat], known: this.known.size };
  }

  /**
   * Acts if the log starts with this seat. Call once every peer exists. A peer that resumes a
   * game (a refreshed page: `config.resume`) first asks every other peer for what it missed.
   */
  start(): Promise<void> {
    if (this.config.resume) this.config.send(makeMessage({ t: 'fetch', from: 0, count: MAX_FETCH }));
    return this.serial(() => this.act());
  }

  /** A message from another peer (`from`, when the transport knows it: catch-up answers go there). */
  receive(text: unknown, from?: Seat): Promise<void> {
    return this.serial(() => this.handleMessage(text, from));
  }

  /** The logical clock moved on: claims absent whoever is late past the timer. */
  tick(now: number): Promise<void> {
    return this.serial(() => this.handleTick(now));
  }

  get state(): GameState {
    return this.chain.state;
  }

  /** The current place in the log: a position after a given history. */
  private get place(): string {
    return `${this.chain.seq}|${this.chain.head}`;
  }

  get done(): boolean {
    return this.outcome.kind !== 'playing';
  }

  /** The hash of the last element applied. */
  get head(): string {
    return this.chain.head;
  }

  /** The signed entries of the elements from position `from` on (a view's new elements, without copying the whole log). */
  elements(from: number): SignedEntry[][] {
    const end = this.truncateAt ?? this.history.length;
    return this.history.slice(from, end).map((s) => s.entries.map((e) => ({ text: e.text, sig: e.sig })));
  }

  /** The replay of the game as this peer holds it. */
  replay(): Replay {
    const steps = this.truncateAt === null ? this.history : this.history.slice(0, this.truncateAt);
    const plain = (e: ParsedEntry) => ({ text: e.text, sig: e.sig });
    return {
      genesis: this.config.genesis.text,
      genesisSignatures: [...this.config.genesisSignatures],
      log: steps.map((s) => s.entries.map(plain)),
      finals: this.chain.closed && this.truncateAt === null ? [...this.finals.values()].sort((a, b) => a.entry.seat - b.entry.seat).map(plain) : [],
      evidence: this.evidence,
    };
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  // ------------------------------------------------------------------ receiving

  private async handleMessage(text: unknown, from?: Seat): Promise<void> {
    if (this.done) return;
    const parsed = parseMessage(text, this.config.genesis.genesis.settings.maxMessageBytes);
    if (!parsed.ok) return this.incident(parsed.error);
    const m = parsed.value;
    if (m.t === 'entry') await this.handleEntry(m.entry, 'direct');
    else if (m.t === 'relay') for (const e of m.entries) await this.handleEntry(e, 'relay');
    else if (m.t === 'fetch') this.answerFetch(m.from, m.count, from);
    else if (m.t === 'history') await this.handleHistory(m.from, m.elements, from);
    else await this.handleEcho(m.echo, m.signed, m.entries);
  }

  // ------------------------------------------------------------------ catch-up

  /**
   * Catch-up (issue 9, item 5): a peer that learns it is behind (an echo of a later position, or
   * of another element at a position it holds) asks the echoing seat for the elements it lacks,
   * from its own position (or from where it parted) on, MAX_FETCH at a time. Answers carry signed
   * entries only: each goes through every check any entry goes through, so a lying responder can
   * at most waste the asker's time (bounded: one request per place, answers in the window).
   */
  private fetch(from: number, to?: Seat): void {
    const key = `${from}|${this.chain.head}|${to ?? '*'}`;
    if (this.fetchedAt.has(key)) return;
    if (this.fetchedAt.size > 4 * this.n) this.fetchedAt.clear();
    this.fetchedAt.add(key);
    this.config.send(makeMessage({ t: 'fetch', from, count: MAX_FETCH }), to);
  }

  /** Answers a catch-up request from this peer's log, within the message size and a few answers per tick. */
  private answerFetch(from: number, count: number, to?: Seat): void {
    if (this.answers >= 2 * this.n || from > this.history.length) return;
    this.answers++;
    // Up to this peer's head: also the entries it holds for its current place.
    const elements = historyAnswer(this.history, from, count, this.config.genesis.genesis.settings.maxMessageBytes, this.candidates());
    if (elements.length > 0) this.config.send(makeMessage({ t: 'history', from, elements }), to);
  }

  private async handleHistory(from: number, elements: readonly (readonly ParsedEntry[])[], sender?: Seat): Promise<void> {
    const before = this.chain.seq;
    // No writing in the middle of an answer: this seat's own entries may come later in it.
    this.catchingUp = true;
    try {
      for (const [i, el] of elements.entries()) {
        if (this.done) return;
        if (from + i > this.chain.seq + FUTURE_WINDOW) break;
        for (const p of el) await this.handleEntry(p, 'relay');
      }
    } finally {
      this.catchingUp = false;
    }
    await this.act();
    // Still behind what was announced, and this answer helped: the next part.
    if (!this.done && this.chain.seq > before && this.ahead >= this.chain.seq) this.fetch(this.chain.seq, sender);
  }

  private async handleEntry(p: ParsedEntry, via: 'direct' | 'relay' | 'echo'): Promise<void> {
    if (this.done) return;
    const e = p.entry;
    if (e.game !== this.chain.genesis.id) return this.incident(violation('WrongGame', 'an entry of another game', { seat: e.seat, seq: e.seq }));
    if (e.seat >= this.n) return this.incident(violation('Malformed', `there is no seat ${e.seat}`, { seq: e.seq }));
    // Positions outside the window are refused before any signature check (cheap, and bounded).
    if (e.seq > this.chain.seq + FUTURE_WINDOW) return this.incident(violation('Stale', `an entry for position ${e.seq}, too far ahead of ${this.chain.seq}`, { seat: e.seat, seq: e.seq }));
    if (e.seq < this.prunedBelow) {
      if (via === 'direct') this.incident(violation('Stale', `an entry for position ${e.seq}, long settled`, { seat: e.seat, seq: e.seq }));
      return;
    }
    const known = this.known.get(p.id);
    if (known && known.sig === p.sig) {
      if (via === 'direct' && e.seq < this.chain.seq) this.incident(violation('Stale', `an entry already applied (position ${e.seq}) was sent again`, { seat: e.seat, seq: e.seq }));
      return;
    }
    if (!(await verifySignature(this.config.scheme, entryCheck(this.chain.genesis, p))))
      return this.incident(violation('BadSignature', `the signature does not verify with seat ${e.seat}'s key`, { seat: e.seat, seq: e.seq }));
    if (known) return;
    // One place in the log: a position after a given history. Two entries on different histories
    // (a late entry, then the same position after the settled one) are no equivocation.
    const slot = slotOf(e);
    const other = this.slots.get(slot);
    if (other && other.id !== p.id) {
      if (this.onMyHistory(e.seq, e.prev)) return this.equivocation(other, p);
      return this.incident(violation('WrongPrev', `seat ${e.seat} signed two entries for position ${e.seq} after a history this peer does not hold`, { seat: e.seat, seq: e.seq }));
    }
    if (this.heldBySeat[e.seat]! >= MAX_HELD_PER_SEAT)
      return this.incident(violation('Flood', `seat ${e.seat} has ${MAX_HELD_PER_SEAT} entries awaiting a verdict here: this one is refused`, { seat: e.seat, seq: e.seq }));
    this.remember(p, slot);
    this.lastHeard[e.seat] = Math.max(this.lastHeard[e.seat]!, e.seq - 1);
    if (e.seq < this.chain.seq) return this.handleOld(p, via);
    if (e.seq > this.chain.seq) return;
    await this.accept(p);
  }

  /** An entry for the current position, its signature checked. */
  private async accept(p: ParsedEntry): Promise<void> {
    const v = checkEntry(this.chain, p);
    if (v) {
      if (PROOF_CODES.includes(v.code)) return this.verdict(v, { entries: [p], echo: null }, this.chain.seq);
      return this.incident(v);
    }
    if (p.entry.body.type !== 'absent' && this.claimedHere(p.entry.seat)) {
      // A claim binds its signer: the item came too late (unless another seat proves, by an
      // echo, that the claims can never be complete: see handleEcho).
      return this.incident(violation('Superseded', `seat ${p.entry.seat}'s ${p.entry.body.type} came after this seat claimed it absent`, { seat: p.entry.seat, seq: p.entry.seq }));
    }
    if (p.entry.body.type === 'final') {
      this.finals.set(p.entry.seat, p);
      if (this.finals.size === this.n) this.finish();
      return;
    }
    this.pool.set(p.id, p);
    await this.progress();
  }

  /** An entry for a position already settled: a claim set that settles it otherwise, for this seat's own late entry. */
  private async handleOld(p: ParsedEntry, via: 'direct' | 'relay' | 'echo'): Promise<void> {
    const e = p.entry;
    const step = this.history[e.seq];
    if (e.body.type === 'absent' && e.body.seats.includes(this.seat) && step) {
      const key = e.body.seats.join(',');
      const round = claimRound(e.body);
      const group = (this.bySeq.get(e.seq) ?? []).filter(
        (q) => q.entry.prev === e.prev && q.entry.body.type === 'absent' && q.entry.body.seats.join(',') === key && claimRound(q.entry.body) === round,
      );
      const settled = claimedAbsent(step.before, group);
      const mineThere = step.entries.some((q) => q.entry.seat === this.seat && q.entry.body.type !== 'absent');
      // Only a strict majority's word overrides this seat's own entry: a minority naming it is never applied.
      if (settled && !settled.minority && mineThere) return this.rollback(e.seq);
    }
    if (via === 'direct') this.incident(violation('Superseded', `an entry for position ${e.seq}, already settled`, { seat: e.seat, seq: e.seq }));
  }

  /**
   * Every other seat declared this seat absent at `seq` while its own late entry was in flight:
   * nobody else applied it (a claim binds its signer), so this seat takes the settled version.
   */
  private async rollback(seq: number): Promise<void> {
    const step = this.history[seq]!;
    this.chain = step.before;
    this.history = this.history.slice(0, seq);
    this.pool = new Map();
    for (const q of this.candidates()) if (!(q.entry.seat === this.seat && q.entry.body.type !== 'absent')) this.pool.set(q.id, q);
    this.since = this.now;
    this.config.onChange?.();
    this.incident(violation('Superseded', `this seat was declared absent at position ${seq}: its late entry is void`, { seat: this.seat, seq }));
    await this.progress();
  }

  private async handleEcho(echo: Echo, signed: SignedEcho, entries: readonly ParsedEntry[]): Promise<void> {
    if (echo.game !== this.chain.genesis.id) return this.incident(violation('WrongGame', 'an echo of another game', { seat: echo.seat, seq: echo.seq }));
    if (echo.seat === this.seat || echo.seat >= this.n) return;
    // Nothing unsigned changes who was heard: the echo is kept as a candidate, checked when it matters.
    this.noteHeard(echo, signed);
    // Another seat applied this position already: this peer is behind (checked first: only a
    // seat's own signature makes a peer ask around). Two or more behind: catch up from it.
    if (echo.seq >= this.chain.seq && echo.seq > this.ahead && (await verifySignature(this.config.scheme, echoCheck(this.chain.genesis, echo.seat, signed)))) this.ahead = echo.seq;
    if (echo.seq > this.chain.seq) this.fetch(this.chain.seq, echo.seat);
    if (echo.seq > this.chain.seq) {
      if (echo.seq > this.chain.seq + FUTURE_WINDOW) return this.incident(violation('Stale', `an echo of position ${echo.seq}, too far ahead of ${this.chain.seq}`, { seat: echo.seat, seq: echo.seq }));
      if (this.echoesBySeat[echo.seat]! >= MAX_ECHOES_PER_SEAT) this.incident(violation('Flood', `${MAX_ECHOES_PER_SEAT} echoes of seat ${echo.seat} are already waiting: this one is dropped`, { seat: echo.seat, seq: echo.seq }));
      else if (!this.pendingEchoes.some((x) => x.signed.text === signed.text)) {
        this.echoesBySeat[echo.seat]!++;
        this.pendingEchoes.push({ echo, signed, entries });
      }
      for (const p of entries) await this.handleEntry(p, 'echo');
      return;
    }
    if (echo.seq === this.chain.seq) {
      for (const p of entries) await this.handleEntry(p, 'echo');
      if (this.done || echo.seq < this.chain.seq) return this.compareEcho(echo, signed, entries);
      return this.adoptByEvidence(echo, signed, entries);
    }
    await this.compareEcho(echo, signed, entries);
  }

  /** G1 and G6: an echo of an element this peer applied. */
  private async compareEcho(echo: Echo, signed: SignedEcho, entries: readonly ParsedEntry[]): Promise<void> {
    if (this.done) return;
    const step = this.history[echo.seq];
    if (!step) return;
    if (step.hash === echo.element && step.stateHash === echo.state) return;
    if (!(await verifySignature(this.config.scheme, echoCheck(this.chain.genesis, echo.seat, signed))))
      return this.incident(violation('BadSignature', `an echo that seat ${echo.seat}'s key did not sign`, { seat: echo.seat, seq: echo.seq }));
    if (step.hash === echo.element) {
      return this.verdict(
        violation('Diverged', `seat ${echo.seat} reports another state after element ${echo.seq}`, { seat: echo.seat, seq: echo.seq }),
        { entries: [], echo: signed },
        echo.seq + 1,
      );
    }
    // Another element at this position: its entries carry the proof of an equivocation, if any.
    for (const p of entries) await this.handleEntry(p, 'echo');
    if (!this.done) this.incident(violation('Superseded', `seat ${echo.seat} settled position ${echo.seq} otherwise`, { seat: echo.seat, seq: echo.seq }));
    // The echoing seat holds another history from there: fetch it (its claims may settle it for this peer too).
    if (!this.done && echo.seq + PAST_WINDOW >= this.chain.seq) this.fetch(echo.seq, echo.seat);
  }

  /**
   * This peer claimed someone absent at the current position, but another seat applied that
   * seat's entry before its own timer ran out (its echo says claimed = false): the claims can
   * never be complete, so the claimer takes the element the echo shows.
   */
  private async adoptByEvidence(echo: Echo, signed: SignedEcho, entries: readonly ParsedEntry[]): Promise<void> {
    if (!this.claimedAt.has(this.place) || echo.claimed || this.claimedHere(echo.seat) || this.chain.gone[echo.seat]) return;
    const element = entries.filter((p) => p.entry.seq === this.chain.seq);
    if (element.length !== entries.length || !element.every((p) => this.known.get(p.id)?.sig === p.sig)) return;
    if (!(await verifySignature(this.config.scheme, echoCheck(this.chain.genesis, echo.seat, signed)))) return;
    const applied = applyElement(this.chain, element);
    if (!applied.ok || applied.value.hash !== echo.element) return;
    await this.advance(element, applied.value.chain, applied.value.hash);
    await this.progress();
  }

  // ------------------------------------------------------------------ the log

  /** Applies every element that is complete, then acts. */
  private async progress(): Promise<void> {
    while (!this.done) {
      if (expectation(this.chain).kind === 'final') break;
      const held = [...this.pool.values()];
      const element = assembleElement(this.chain, held, { me: this.seat, timerRanOut: this.timerRanOut() });
      if (!element) {
        this.relayAgainstClaims(held);
        break;
      }
      const applied = applyElement(this.chain, element);
      if (!applied.ok) {
        const { index, violation: v } = applied.error;
        const culprit = element[index];
        if (culprit && PROOF_CODES.includes(v.code)) return this.verdict(v, { entries: [culprit], echo: null }, this.chain.seq);
        this.incident(v);
        if (culprit) this.pool.delete(culprit.id);
        break;
      }
      await this.advance(element, applied.value.chain, applied.value.hash);
    }
    await this.act();
  }

  private async advance(entries: readonly ParsedEntry[], next: Chain, hash: string): Promise<void> {
    const seq = this.chain.seq;
    const after = stateDigest(next.state);
    this.history.push({ before: this.chain, entries, hash, stateHash: after });
    this.chain = next;
    this.pool = new Map();
    this.since = this.now;
    this.pruneHeard();
    this.config.onChange?.();
    const echo: Echo = { v: 1, game: next.genesis.id, seat: this.seat, seq, element: hash, state: after, claimed: this.claimedAt.has(`${seq}|${this.history[seq]!.before.head}`) };
    const signed = await signEcho(this.config.scheme, this.config.secrets.keys, echo);
    this.lastEcho = makeMessage({ t: 'echo', echo: signed, entries: entries.map((e) => ({ text: e.text, sig: e.sig })) });
    this.config.send(this.lastEcho);
    // Entries and echoes that were ahead of this peer (two of one seat for one place: equivocation).
    const ready = this.candidates();
    for (const [i, a] of ready.entries()) {
      const b = ready.slice(i + 1).find((q) => slotOf(q.entry) === slotOf(a.entry));
      if (b) return this.equivocation(a, b);
    }
    const echoes = this.pendingEchoes.filter((x) => x.echo.seq <= seq);
    for (const x of echoes) {
      this.pendingEchoes.splice(this.pendingEchoes.indexOf(x), 1);
      this.echoesBySeat[x.echo.seat]!--;
    }
    this.prune();
    for (const x of echoes) await this.compareEcho(x.echo, x.signed, x.entries);
    for (const p of ready) {
      if (this.done) return;
      const v = checkEntry(this.chain, p);
      if (v && PROOF_CODES.includes(v.code)) return this.verdict(v, { entries: [p], echo: null }, this.chain.seq);
      if (v) this.incident(v);
      else if (p.entry.body.type === 'final') this.finals.set(p.entry.seat, p);
      else this.pool.set(p.id, p);
    }
    if (this.chain.closed && this.finals.size === this.n) this.finish();
  }

  // ------------------------------------------------------------------ writing

  /** Writes what the log awaits from this seat, once per position. */
  private async act(): Promise<void> {
    if (this.done || this.catchingUp || this.now < this.quietUntil) return;
    const chain = this.chain;
    const x = expectation(chain);
    const key = `${this.place}|${x.kind}`;
    if (this.sent.has(key)) return;
    let body: Body | undefined;
    switch (x.kind) {
      case 'main':
        // This seat's own choice comes through submit() (a person, or the session's agent).
        return;
      case 'random': {
        const link = chain.gone[this.seat] ? undefined : this.config.secrets.beacon[linkIndex(x.event)];
        if (link) body = { type: 'link', event: x.event, link };
        break;
      }
      case 'close':
        if (!chain.gone[this.seat]) body = { type: 'open', openings: finalOpenings(chain.state, this.config.secrets.vault) };
        break;
      case 'final':
        body = { type: 'final', state: stateHash(chain.state), signatures: signaturesDigest(chain) };
        break;
    }
    if (!body) return;
    this.sent.add(key);
    await this.write(body);
  }

  /** Whether the log awaits this seat's own action now, and it has not written it yet. */
  get awaitsAction(): boolean {
    const x = expectation(this.chain);
    return !this.done && !this.catchingUp && this.now >= this.quietUntil && x.kind === 'main' && x.seat === this.seat && !this.sent.has(`${this.place}|main`);
  }

  /** The legal options of this seat now (what an agent chooses from). */
  options(): readonly Option[] {
    return legalOptions(this.chain.state, this.seat, this.config.secrets.vault);
  }

  /**
   * This seat's action at the current place (a person's choice or an agent's): refused, with
   * nothing changed, unless the log awaits this seat's action now and the rules take it.
   */
  submit(action: unknown): Promise<Result<void, string>> {
    return this.serial(async () => {
      if (!this.awaitsAction) return err(this.done ? 'the game is over' : 'it is not your turn');
      if (typeof action !== 'object' || action === null || Array.isArray(action) || (action as { seat?: unknown }).seat !== this.seat) return err('this action is not legal now');
      let legal: Result<GameState, { message: string }>;
      try {
        legal = applyAction(this.chain.state, action);
      } catch (e) {
        return err('this action is not legal now');
      }
      if (!legal.ok) return err('this action is not legal now');
      this.sent.add(`${this.place}|main`);
      await this.write({ type: 'action', action: action as Extract<Body, { type: 'action' }>['action'] });
      return ok(undefined);
    });
  }

  /** Whether this seat claimed `seat` absent at the current place, in any round. */
  private claimedHere(seat: Seat): boolean {
    return (this.claimedAt.get(this.place) ?? []).some((seats) => seats.includes(seat));
  }

  /** Whether `prev` is the hash this peer holds for the element before position `seq`. */
  private onMyHistory(seq: number, prev: string): boolean {
    if (seq > this.chain.seq) return false;
    return (seq === this.chain.seq ? this.chain.head : this.history[seq]!.before.head) === prev;
  }

  private equivocation(a: ParsedEntry, b: ParsedEntry): void {
    const both = [a, b].sort((x, y) => (x.id < y.id ? -1 : 1));
    const e = a.entry;
    this.verdict(violation('Equivocation', `seat ${e.seat} signed two different ${e.body.type} entries for position ${e.seq}`, { seat: e.seat, seq: e.seq }), { entries: both, echo: null }, e.seq);
  }

  private remember(p: ParsedEntry, slot: string): void {
    this.slots.set(slot, p);
    this.known.set(p.id, p);
    this.heldBySeat[p.entry.seat]!++;
    const list = this.bySeq.get(p.entry.seq);
    if (list) list.push(p);
    else this.bySeq.set(p.entry.seq, [p]);
  }

  /** Forgets entries and places that fell out of the window behind the current position. */
  private prune(): void {
    const below = this.chain.seq - PAST_WINDOW;
    if (below < this.prunedBelow + 64) return;
    for (let seq = this.prunedBelow; seq < below; seq++) {
      for (const p of this.bySeq.get(seq) ?? []) {
        this.known.delete(p.id);
        if (this.slots.get(slotOf(p.entry)) === p) this.slots.delete(slotOf(p.entry));
        this.heldBySeat[p.entry.seat]!--;
      }
      this.bySeq.delete(seq);
    }
    const old = (key: string) => Number(key.slice(0, key.indexOf('|'))) < below;
    for (const key of this.claimedAt.keys()) if (old(key)) this.claimedAt.delete(key);
    for (const key of this.sent) if (old(key)) this.sent.delete(key);
    for (const key of this.relayedAt) if (old(key)) this.relayedAt.delete(key);
    this.prunedBelow = below;
  }

  /** The entries held for the current position after the current history. */
  private candidates(): ParsedEntry[] {
    return (this.bySeq.get(this.chain.seq) ?? []).filter((q) => q.entry.prev === this.chain.head);
  }

  private async write(body: Body): Promise<void> {
    const chain = this.chain;
    const p = await signEntry(this.config.scheme, this.config.secrets.keys, { v: 1, game: chain.genesis.id, seq: chain.seq, seat: this.seat, prev: chain.head, body });
    this.config.send(makeMessage({ t: 'entry', entry: { text: p.text, sig: p.sig } }));
    this.remember(p, slotOf(p.entry));
    await this.accept(p);
  }

  // ------------------------------------------------------------------ time

  private async handleTick(now: number): Promise<void> {
    this.now = Math.max(this.now, now);
    const timer = this.config.genesis.genesis.settings.timer;
    if (this.done || timer === null) return;
    // Half-way through the timer at a place, say again what this seat said here (its entries and
    // its echo of the last element): a lost message must not make a present seat look absent.
    this.answers = 0;
    if (this.now >= this.quietUntil && this.now - Math.ceil(timer / 2) < this.quietUntil) await this.act();
    if (this.done) return;
    if (this.now - this.since >= timer / 2 && this.resentAt !== this.place) {
      this.resentAt = this.place;
      // Someone is ahead while this peer waits: ask everyone for what it lacks.
      if (this.ahead >= this.chain.seq) this.fetch(this.chain.seq);
      if (this.lastEcho) this.config.send(this.lastEcho);
      for (const p of this.candidates()) if (p.entry.seat === this.seat) this.config.send(makeMessage({ t: 'entry', entry: { text: p.text, sig: p.sig } }));
    }
    if (this.now - this.since < timer) return;
    const x = expectation(this.chain);
    if (x.kind === 'final') return this.finish();
    // Claims held for this place take effect here only now that this peer's own timer ran out.
    const place = this.place;
    await this.progress();
    if (this.done || this.place !== place || this.chain.gone[this.seat]) return;
    const held = [...this.pool.values()];
    const rounds = this.claimedAt.get(this.place) ?? [];
    const next = nextClaimRound(this.chain, held, rounds.length, this.now - this.lastClaimAt, timer);
    if (!next) return;
    const { round, stalled } = next;
    await this.checkHeard();
    const seats = seatsToClaim(this.chain, this.seat, held, this.lastHeard, stalled);
    if (seats.length === 0) return;
    this.claimedAt.set(this.place, [...rounds, seats]);
    this.lastClaimAt = this.now;
    await this.write(round === 0 ? { type: 'absent', seats } : { type: 'absent', seats, round });
  }

  // ------------------------------------------------------------------ endings

  private finish(): void {
    if (this.done || !this.chain.closed || !this.chain.end) return;
    const finals = [...this.finals.keys()].sort((a, b) => a - b);
    const absences = this.chain.absences;
    this.outcome = { kind: 'finished', end: this.chain.end, finals, absences, minority: absences.some((a) => a.minority) };
    this.config.onChange?.();
  }

  private timerRanOut(): boolean {
    const timer = this.config.genesis.genesis.settings.timer;
    return timer !== null && this.now - this.since >= timer;
  }

  /** Relays, once per place, the items held that a complete claim set names absent: the claimers learn the seat was heard. */
  private relayAgainstClaims(held: readonly ParsedEntry[]): void {
    if (this.relayedAt.has(this.place)) return;
    const items = itemsAgainstClaims(this.chain, held);
    if (items.length === 0) return;
    this.relayedAt.add(this.place);
    this.config.send(makeMessage({ t: 'relay', entries: items.map((e) => ({ text: e.text, sig: e.sig })) }));
  }

  private noteHeard(echo: Echo, signed: SignedEcho): void {
    if (echo.seq <= this.lastHeard[echo.seat]! || echo.seq < this.chain.seq - 1) return;
    const list = this.heardCandidates.get(echo.seat) ?? [];
    if (list.length >= MAX_HEARD_CANDIDATES || list.some((c) => c.signed.text === signed.text)) return;
    this.heardCandidates.set(echo.seat, [...list, { seq: echo.seq, signed }]);
  }

  /** Checks the signatures of the echo candidates that would count as hearing a seat since the last element. */
  private async checkHeard(): Promise<void> {
    for (const [seat, list] of this.heardCandidates) {
      for (const c of [...list].sort((a, b) => b.seq - a.seq)) {
        if (this.lastHeard[seat]! >= c.seq) break;
        if (await verifySignature(this.config.scheme, echoCheck(this.chain.genesis, seat, c.signed))) this.lastHeard[seat] = c.seq;
        else this.incident(violation('BadSignature', `an echo that seat ${seat}'s key did not sign`, { seat, seq: c.seq }));
      }
      this.heardCandidates.delete(seat);
    }
  }

  private pruneHeard(): void {
    for (const [seat, list] of this.heardCandidates) {
      const kept = list.filter((c) => c.seq >= this.chain.seq - 1 && c.seq > this.lastHeard[seat]!);
      if (kept.length > 0) this.heardCandidates.set(seat, kept);
      else this.heardCandidates.delete(seat);
    }
  }

  private verdict(v: Violation, evidence: Evidence, truncateAt: number): void {
    if (this.done) return;
    this.outcome = { kind: 'cheat', seat: v.seat!, code: v.code, seq: v.seq ?? this.chain.seq, message: v.message, ...(v.rule ? { rule: v.rule } : {}) };
    this.evidence = evidence;
    this.truncateAt = Math.min(truncateAt, this.history.length);
    this.config.onChange?.();
    // Pass the proof on, so that every honest peer reaches the same verdict.
    if (evidence.echo) {
      this.config.send(makeMessage({ t: 'echo', echo: evidence.echo, entries: [] }));
    }
    if (evidence.entries.length > 0) this.config.send(makeMessage({ t: 'relay', entries: evidence.entries }));
  }

  private incident(v: Violation): void {
    if (this.incidents.length < 1000) this.incidents.push(v);
  }
}
