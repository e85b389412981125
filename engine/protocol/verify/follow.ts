import { err, ok, type Result } from '../../core/result.js';
import type { GameState } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import { stateHash } from '../../game/play.js';
import { type Absence, type Chain, checkFinals, type End, type Expectation, expectation, startChain } from '../log/chain.js';
import { elementInputs } from '../log/inputs.js';
import { type ParsedEntry, parseSigned, type SignedEntry } from '../codec/entry.js';
import type { ParsedGenesis } from '../codec/genesis.js';
import type { Evidence, Replay } from '../codec/replay.js';
import { type Cheat, evidenceVerdict } from './verify.js';
import { checkGenesisSignatures, entryCheck } from '../crypto/signing.js';
import { type SignatureScheme, verifySignatures } from '../crypto/signature.js';
import { type Violation, violation } from '../errors.js';
import { stepElement } from './element.js';

/**
 * A spectator's follower: the replay verifier run one element at a time, as the game is played.
 * It starts from the signed genesis (every seat's signature checked) and accepts complete
 * elements (each its signed entries, as a peer's `elements(from)` gives them), in order: each is
 * checked exactly as `verifyReplay` checks it (element.ts: parsing at its position, chain, rules,
 * beacon links, openings) and every one of its signatures is verified before anything changes.
 * A refused element changes nothing. It holds no secret: it reads the public log only, and
 * its state is the public state every peer holds (hidden piles and hands as commitments).
 *
 * Elements for later positions wait in a bounded window (a few candidates per position); beyond
 * it they are dropped, to be asked for again. At the close it takes the final signatures, checked
 * like the verifier's, and `replay()` is then a file `verifyReplay` calls valid.
 */

/** Positions ahead of the follower's that it keeps elements for. */
export const FOLLOW_WINDOW = 64;
/** Candidate elements kept per position ahead (a hostile source cannot crowd out an honest one beyond this). */
const CANDIDATES = 3;
/**
 * Pieces of verdict evidence a follower checks at most from one source (a seat's page; the
 * unnamed ones share one budget): honest pages all send the same one, and a hostile page's junk
 * uses up its own budget, never the budget of a page that sends the real evidence.
 */
export const MAX_EVIDENCE_CHECKS = 8;

export interface FollowerView {
  /** The public state after the last element accepted. */
  readonly state: GameState;
  /** Elements accepted: the position of the next one. */
  readonly seq: number;
  /** The hash of the last element accepted (the genesis hash before the first). */
  readonly head: string;
  /** What the log awaits now. */
  readonly next: Expectation;
  /** Why the game ended, once it has. */
  readonly end: End | null;
  /** The close element is in: only final signatures follow. */
  readonly closed: boolean;
  /** The seats whose final signature was accepted. */
  readonly finals: readonly Seat[];
  /** Closed and signed by every seat not gone: a replay of it is a complete match. */
  readonly complete: boolean;
  /** The game stopped where the log stops, a seat's violation proven by its own signature (acceptEvidence); else null. */
  readonly stopped: Cheat | null;
  /** Per seat: declared absent and not heard from since (the chain's `gone`): the table answers its decisions at once. */
  readonly gone: readonly boolean[];
  /** Every absence the log settled so far (the chain's), each marked when it rests on a minority's word. */
  readonly absences: readonly Absence[];
}

/** What became of an element offered to the follower (a refusal is an error instead). */
export type Offered =
  /** Accepted, with any elements waiting after it: `applied` of them. */
  | { readonly kind: 'applied'; readonly applied: number }
  /** Already accepted, identical. */
  | { readonly kind: 'known' }
  /** For a later position: kept until the positions before it are in. */
  | { readonly kind: 'waiting' }
  /** Too far ahead, or the window is full: not kept. */
  | { readonly kind: 'dropped' };

export interface Refusal {
  /** The position of the element refused (null for final signatures). */
  readonly seq: number | null;
  /** The entry at fault within what was offered, or -1 for the whole. */
  readonly index: number;
  readonly violation: Violation;
}

export interface Follower {
  view(): FollowerView;
  /** Offers the element at position `seq`. Refused (nothing changes) unless it is signed and right at that position. */
  accept(seq: number, element: readonly SignedEntry[]): Promise<Result<Offered, Refusal>>;
  /** Offers consecutive elements from position `from` on (a history answer): stops at the first refusal. */
  acceptMany(from: number, elements: readonly (readonly SignedEntry[])[]): Promise<Result<number, Refusal>>;
  /** Offers final signatures (some or all, any order): refused unless the log is closed and each is signed and over this log. */
  acceptFinals(finals: readonly SignedEntry[]): Promise<Result<readonly Seat[], Refusal>>;
  /**
   * Offers the evidence of a verdict (a player's page stopped the game): refused unless it proves,
   * where the followed log stops, a violation signed by the seat it names (checked as the verifier
   * checks a file's). Accepted, the game has stopped: nothing more is taken, and `replay()` carries
   * the evidence (a file the verifier calls `cheat`).
   */
  acceptEvidence(evidence: Evidence, source?: Seat): Promise<Result<Cheat, Refusal>>;
  /** The signed entries of the elements from position `from` on. */
  elements(from: number): readonly (readonly SignedEntry[])[];
  /** The engine input of each element accepted, in order (the events the log shows). */
  inputs(): readonly unknown[];
  /** The game as followed so far: the genesis, its signatures, the log, the final signatures accepted. */
  replay(): Replay;
  /** Called after every change (elements or final signatures accepted); returns an unsubscribe function. */
  subscribe(listener: (view: FollowerView) => void): () => void;
}

/** Starts following a game from its genesis: refused unless every seat's signature of it verifies. */
export async function startFollower(genesis: ParsedGenesis, genesisSignatures: readonly string[], scheme: SignatureScheme): Promise<Result<Follower, Violation>> {
  const checked = await checkGenesisSignatures(scheme, genesis, genesisSignatures);
  if (!checked.ok) return err(checked.error);
  return ok(makeFollower(genesis, [...genesisSignatures], scheme));
}

function makeFollower(genesis: ParsedGenesis, genesisSignatures: readonly string[], scheme: SignatureScheme): Follower {
  const n = genesis.keys.length;
  let chain: Chain = startChain(genesis, genesisSignatures);
  const log: SignedEntry[][] = [];
  const ids: string[][] = [];
  const inputs: unknown[] = [];
  const finals = new Map<Seat, ParsedEntry>();
  const waiting = new Map<number, SignedEntry[][]>();
  const listeners = new Set<(v: FollowerView) => void>();
  let finalState: string | null = null;
  /** The verdict and its evidence, once a page proved the game stopped. */
  let proof: { readonly verdict: Cheat; readonly evidence: Evidence } | null = null;
  /** Evidence checked so far, per source (index n: sources unnamed): each costs signature checks, and a hostile page may send any. */
  const evidenceChecks = new Array<number>(n + 1).fill(0);
  let queue: Promise<unknown> = Promise.resolve();

  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  const view = (): FollowerView => {
    const signed = [...finals.keys()].sort((a, b) => a - b);
    return {
      state: chain.state,
      seq: chain.seq,
      head: chain.head,
      next: expectation(chain),
      end: chain.end,
      closed: chain.closed,
      finals: signed,
      complete: chain.closed && chain.gone.every((gone, s) => gone || finals.has(s)),
      stopped: proof?.verdict ?? null,
      gone: chain.gone,
      absences: chain.absences,
    };
  };
  const changed = (): void => {
    const v = view();
    for (const l of [...listeners]) l(v);
  };

  const refuse = (seq: number | null, index: number, v: Violation) => err<Refusal>({ seq, index, violation: v });
  const plain = (e: SignedEntry): SignedEntry => ({ text: e.text, sig: e.sig });

  /** Checks the element at the follower's position and, if it is right and signed, applies it. */
  async function applyNext(element: readonly SignedEntry[]): Promise<Result<true, Refusal>> {
    const seq = chain.seq;
    if (element.length === 0 || element.length > 2 * n) return refuse(seq, -1, violation('Malformed', `an element has 1 to ${2 * n} entries`, { seq }));
    const stepped = stepElement(chain, element);
    if (!stepped.ok) return refuse(seq, stepped.error.index, stepped.error.violation);
    const good = await verifySignatures(
      scheme,
      stepped.value.entries.map((p) => entryCheck(genesis, p)),
    );
    const bad = good.indexOf(false);
    if (bad >= 0) {
      const p = stepped.value.entries[bad]!;
      return refuse(seq, bad, violation('BadSignature', `the signature does not verify with seat ${p.entry.seat}'s key`, { seat: p.entry.seat, seq }));
    }
    chain = stepped.value.chain;
    log.push(element.map(plain));
    ids.push(stepped.value.entries.map((p) => p.id));
    inputs.push(...elementInputs(genesis, [element]));
    return ok(true);
  }

  /** Applies what waits for the positions now reachable; the count applied. */
  async function drain(): Promise<number> {
    let applied = 0;
    for (;;) {
      const candidates = waiting.get(chain.seq);
      if (!candidates) break;
      waiting.delete(chain.seq);
      let took = false;
      for (const c of candidates) {
        if ((await applyNext(c)).ok) {
          took = true;
          applied++;
          break;
        }
      }
      if (!took) break;
    }
    // What is now behind the position can never apply.
    for (const seq of waiting.keys()) if (seq < chain.seq) waiting.delete(seq);
    return applied;
  }

  /** The same element as the one accepted at `seq` (same entries, whatever their order). */
  function isKnown(seq: number, element: readonly SignedEntry[]): boolean {
    const known = ids[seq]!;
    if (element.length !== known.length) return false;
    const texts = log[seq]!.map((e) => `${e.text}\n${e.sig}`);
    return element.every((e) => texts.includes(`${e.text}\n${e.sig}`));
  }

  function wait(seq: number, element: readonly SignedEntry[]): Offered {
    if (seq > chain.seq + FOLLOW_WINDOW || element.length === 0 || element.length > 2 * n) return { kind: 'dropped' };
    const candidates = waiting.get(seq) ?? [];
    const key = JSON.stringify(element);
    if (candidates.some((c) => JSON.stringify(c) === key)) return { kind: 'waiting' };
    if (candidates.length >= CANDIDATES) return { kind: 'dropped' };
    candidates.push(element.map(plain));
    waiting.set(seq, candidates);
    return { kind: 'waiting' };
  }

  async function offer(seq: number, element: readonly SignedEntry[]): Promise<Result<Offered, Refusal>> {
    if (!Number.isSafeInteger(seq) || seq < 0) return refuse(null, -1, violation('Malformed', 'a position is a count'));
    if (proof) return refuse(seq, -1, violation('WrongItem', `the game stopped at position ${chain.seq}: ${proof.verdict.message}`, { seq }));
    if (seq < chain.seq) return isKnown(seq, element) ? ok({ kind: 'known' }) : refuse(seq, -1, violation('Stale', `another element for position ${seq}, already settled`, { seq }));
    if (seq > chain.seq) return ok(wait(seq, element));
    const r = await applyNext(element);
    if (!r.ok) return r;
    const more = await drain();
    changed();
    return ok({ kind: 'applied', applied: 1 + more });
  }

  return {
    view,
    accept: (seq, element) => serial(() => offer(seq, element)),
    acceptMany: (from, elements) =>
      serial(async () => {
        let applied = 0;
        for (const [i, el] of elements.entries()) {
          const r = await offer(from + i, el);
          if (!r.ok) return r;
          if (r.value.kind === 'applied') applied += r.value.applied;
          if (r.value.kind === 'dropped') break;
        }
        return ok(applied);
      }),
    acceptFinals: (signed) =>
      serial(async () => {
        if (!chain.closed) return refuse(null, -1, violation('WrongItem', 'final signatures before the log is closed'));
        const fresh: ParsedEntry[] = [];
        for (const [index, s] of signed.entries()) {
          const p = parseSigned(s.text, s.sig);
          if (!p.ok) return refuse(null, index, p.error);
          const held = finals.get(p.value.entry.seat);
          if (held && held.id === p.value.id && held.sig === p.value.sig) continue;
          if (held || fresh.some((f) => f.entry.seat === p.value.entry.seat)) return refuse(null, index, violation('Malformed', 'one final signature per seat', { seat: p.value.entry.seat }));
          fresh.push(p.value);
        }
        if (fresh.length === 0) return ok(view().finals);
        finalState ??= stateHash(chain.state);
        const all = [...finals.values(), ...fresh].sort((a, b) => a.entry.seat - b.entry.seat);
        const checked = checkFinals(chain, all, finalState);
        if (!checked.ok) {
          const at = fresh.indexOf(all[checked.error.index]!);
          return refuse(null, at, checked.error.violation);
        }
        const good = await verifySignatures(
          scheme,
          fresh.map((p) => entryCheck(genesis, p)),
        );
        const bad = good.indexOf(false);
        if (bad >= 0) return refuse(null, signed.findIndex((s) => s.sig === fresh[bad]!.sig), violation('BadSignature', `the final signature of seat ${fresh[bad]!.entry.seat} does not verify`, { seat: fresh[bad]!.entry.seat }));
        for (const p of fresh) finals.set(p.entry.seat, p);
        changed();
        return ok(view().finals);
      }),
    acceptEvidence: (evidence, source) =>
      serial(async () => {
        if (proof) return ok(proof.verdict);
        // The same evidence comes from every honest page: each different one costs a few checks, a bounded number of times per source.
        const from = source !== undefined && source >= 0 && source < n ? source : n;
        if (evidenceChecks[from]! >= MAX_EVIDENCE_CHECKS) return refuse(null, -1, violation('Flood', `${MAX_EVIDENCE_CHECKS} pieces of evidence from this page were checked already`));
        evidenceChecks[from]!++;
        const r = await evidenceVerdict(genesis, chain, evidence, scheme);
        if (!r.ok) return refuse(chain.seq, -1, r.error);
        proof = { verdict: r.value, evidence: { entries: evidence.entries.map(plain), echo: evidence.echo ? { text: evidence.echo.text, sig: evidence.echo.sig } : null } };
        waiting.clear();
        changed();
        return ok(r.value);
      }),
    elements: (from) => log.slice(from),
    inputs: () => inputs,
    replay: () => ({
      genesis: genesis.text,
      genesisSignatures: [...genesisSignatures],
      log: log.map((el) => [...el]),
      finals: [...finals.values()].sort((a, b) => a.entry.seat - b.entry.seat).map(plain),
      evidence: proof?.evidence ?? null,
    }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
