import { stateHash } from '../../game/play.js';
import type { GameState } from '../../core/state.js';
import { type Civilisation, type Colour, type Seat, seatName } from '../../core/vocabulary.js';
import { isHexOf } from '../crypto/bytes.js';
import { applyElement, type Chain, checkEntry, checkFinals, type End, slotOf, startChain, type Absence } from '../log/chain.js';
import { readElement } from './element.js';
import { parseEchoText } from '../codec/echo.js';
import { stateDigest } from '../log/state-digest.js';
import { type ParsedEntry, parseSigned as parseSignedText, type SignedEntry } from '../codec/entry.js';
import { PROOF_CODES, type Violation, violation, type ViolationCode } from '../errors.js';
import { type ParsedGenesis, parseGenesisText } from '../codec/genesis.js';
import { type Evidence, parseReplayJson, type Replay } from '../codec/replay.js';
import { err as resultErr, ok as resultOk, type Result } from '../../core/result.js';
import { echoCheck, entryCheckOf, genesisCheck } from '../crypto/signing.js';
import { bestScheme, type SignatureCheck, type SignatureScheme, verifySignatures } from '../crypto/signature.js';

/**
 * The replay verifier (G8): re-runs the whole game offline and checks every signature,
 * commitment, beacon link, state hash and rule, and names the first violation.
 *
 * Fast verification (docs/protocol.md, "Fast verification"): every entry is parsed, placed
 * (game, position, previous hash), checked by the rules and, for links and openings, hashed
 * back to its commitment, in order; only signatures are deferred. When every seat's final
 * signature verifies, each one covers the whole chain of element hashes and a hash of every
 * signature in the file, so no entry signature needs checking: n checks instead of one per
 * entry. Otherwise (an aborted game, a seat without a final signature, or any failure) the
 * signatures that are not covered are checked, all in one batch, and the earliest failure,
 * by entry number, is reported.
 */

export interface VerifyOptions {
  readonly scheme?: SignatureScheme;
  /** 'full' checks every signature even when the final signatures would cover them. */
  readonly mode?: 'fast' | 'full';
  /** Called as the log is read: elements done, elements in all (every 512 elements, and at the end of the log). */
  readonly onProgress?: (done: number, total: number) => void;
}

export type Ending =
  | {
      readonly kind: 'finished';
      readonly end: End;
      /** The seats whose final signature is in the file. */
      readonly finals: readonly Seat[];
      /** Seats still in the game at the close (not gone) without a final signature: the match is then incomplete. */
      readonly unsigned?: readonly Seat[];
      readonly absences: readonly Absence[];
    }
  | { readonly kind: 'cheat'; readonly seat: Seat; readonly code: ViolationCode; readonly seq: number; readonly message: string }
  | { readonly kind: 'incomplete'; readonly absences: readonly Absence[] };

/**
 * What a file proves (docs/replay-format.md, "Verifying"), each with its own exit status:
 * - `valid`: a complete match, closed and signed by every seat still in the game, no absence
 *   settled without a strict majority;
 * - `minority`: the same, but its outcome rests on a minority's word: at least one absence was
 *   settled without a strict majority of the seats still in the game (`Absence.minority`);
 * - `incomplete`: no violation, but the log stops before the close, or seats still in the game
 *   did not sign the final state;
 * - `cheat`: the log stops at a violation that a seat signed, proven by the evidence;
 * - `invalid`: the file breaks the protocol; the first violation is named.
 */
export const VERDICTS = ['valid', 'minority', 'incomplete', 'cheat', 'invalid'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** `npm run verify`'s exit status for each verdict (2 is bad usage, 70 an internal error). */
export const VERDICT_EXIT: { readonly [V in Verdict]: number } = { valid: 0, invalid: 1, minority: 3, incomplete: 4, cheat: 5 };

/** The verdict of an ending: what a file that verified proves. */
export function verdictOfEnding(ending: Ending): Exclude<Verdict, 'invalid'> {
  switch (ending.kind) {
    case 'cheat':
      return 'cheat';
    case 'incomplete':
      return 'incomplete';
    case 'finished':
      if ((ending.unsigned ?? []).length > 0) return 'incomplete';
      return ending.absences.some((a) => a.minority === true) ? 'minority' : 'valid';
  }
}

/** The verdict of a verification: `invalid` for a failure, else what the file proves. */
export const verdictOf = (result: VerifyResult): Verdict => (result.valid ? verdictOfEnding(result.summary.ending) : 'invalid');

export interface Summary {
  /** What the file proves (see Verdict). */
  readonly verdict: Exclude<Verdict, 'invalid'>;
  /** The absences settled without a strict majority, on which the outcome rests. */
  readonly minority: readonly Absence[];
  readonly game: string;
  readonly players: readonly { readonly seat: Seat; readonly colour: Colour; readonly civilisation: Civilisation }[];
  readonly ending: Ending;
  /** In words: who won, or how the game ended. */
  readonly ended: string;
  readonly phase: string;
  readonly day: number | null;
  readonly winner: Seat | null;
  readonly elements: number;
  readonly entries: number;
  readonly signaturesChecked: number;
  readonly mode: 'fast' | 'full';
  readonly finalState: string;
}

export interface Failure {
  /** 1-based number of the entry in file order (log entries, then finals, then evidence); null for the file or the genesis. */
  readonly entry: number | null;
  /** The log element (0-based position) concerned, if any. */
  readonly element: number | null;
  readonly seat: Seat | null;
  readonly code: ViolationCode;
  readonly message: string;
}

export type VerifyResult = { readonly valid: true; readonly summary: Summary } | { readonly valid: false; readonly failure: Failure };

/** A signature to check, built only if it is checked (most never are). */
interface Numbered {
  readonly number: number;
  readonly element: number | null;
  readonly seat: Seat | null;
  readonly check: () => SignatureCheck;
  readonly what: () => string;
}

const invalid = (failure: Failure): VerifyResult => ({ valid: false, failure });

const fileFailure = (v: Violation): VerifyResult => invalid({ entry: null, element: null, seat: v.seat ?? null, code: v.code, message: v.message });

/** Verifies a replay (parsed JSON data or a Replay). Never throws on bad input. */
export async function verifyReplay(input: unknown, options: VerifyOptions = {}): Promise<VerifyResult> {
  try {
    return await verify(input, options);
  } catch (e) {
    return fileFailure(violation('Malformed', `the replay could not be read (${e instanceof Error ? e.message.slice(0, 200) : 'unknown error'})`));
  }
}

async function verify(input: unknown, options: VerifyOptions): Promise<VerifyResult> {
  const scheme = options.scheme ?? (await bestScheme());
  const replay = isReplay(input) ? input : parseReplayJson(input);
  if ('ok' in replay && !replay.ok) return fileFailure(replay.error);
  const r = 'ok' in replay ? replay.value : replay;

  const g = parseGenesisText(r.genesis);
  if (!g.ok) return fileFailure({ ...g.error, message: `genesis: ${g.error.message.replace(/^genesis: /, '')}` });
  const genesis = g.value;
  const n = genesis.keys.length;
  if (r.genesisSignatures.length !== n || !r.genesisSignatures.every((s) => isHexOf(s, 64)))
    return fileFailure(violation('BadGenesis', `the genesis needs ${n} signatures, one per seat, each 64 bytes of hex`));

  const genesisChecks: Numbered[] = r.genesisSignatures.map((sig, seat) => ({ number: 0, element: null, seat, check: () => genesisCheck(genesis, seat, sig), what: () => `${seatName(seat)}'s signature of the genesis` }));
  let chain: Chain = startChain(genesis, r.genesisSignatures);
  let structural: Failure | null = null;
  let number = 0;
  let entries = 0;

  // 1. The log, element by element: everything but signatures (element.ts, shared with the
  // spectator's follower).
  for (let i = 0; i < r.log.length && !structural; i++) {
    const el = r.log[i]!;
    const read = readElement(chain, el);
    if (!read.ok) {
      structural = { entry: number + read.error.index + 1, element: i, seat: null, code: read.error.violation.code, message: read.error.violation.message };
      break;
    }
    const parsed = read.value;
    number += parsed.length;
    entries += parsed.length;
    const applied = applyElement(chain, parsed);
    if (!applied.ok) {
      const { index, violation: v } = applied.error;
      const at = index >= 0 ? number - parsed.length + 1 + index : number;
      structural = { entry: index >= 0 ? at : null, element: i, seat: v.seat ?? null, code: v.code, message: v.message };
      break;
    }
    chain = applied.value.chain;
    if (options.onProgress && ((i + 1) % 512 === 0 || i + 1 === r.log.length)) options.onProgress(i + 1, r.log.length);
  }


  // 2. The final signatures' contents.
  let finalSeats: Seat[] = [];
  const finalChecks: Numbered[] = [];
  if (!structural && r.finals.length > 0) {
    if (!chain.closed) structural = { entry: number + 1, element: null, seat: null, code: 'WrongItem', message: 'final signatures before the log is closed' };
    const parsed: ParsedEntry[] = [];
    for (const s of r.finals) {
      if (structural) break;
      number++;
      const p = parseSigned(s);
      if (!p.ok) structural = { entry: number, element: null, seat: null, code: p.error.code, message: p.error.message };
      else {
        parsed.push(p.value);
        finalChecks.push(entryNumbered(genesis, p.value, number, null, 'final signature'));
      }
    }
    if (!structural) {
      finalStates.set(chain, stateHash(chain.state));
      const f = checkFinals(chain, parsed, finalStates.get(chain));
      if (!f.ok) {
        const p = parsed[f.error.index];
        structural = { entry: number - parsed.length + 1 + f.error.index, element: null, seat: p?.entry.seat ?? null, code: f.error.violation.code, message: f.error.violation.message };
      } else finalSeats = f.value;
    }
  }

  // 3. The evidence behind a verdict.
  let verdict: Extract<Ending, { kind: 'cheat' }> | null = null;
  const evidenceChecks: Numbered[] = [];
  if (!structural && r.evidence) {
    if (chain.closed || r.finals.length > 0) structural = { entry: number + 1, element: null, seat: null, code: 'Malformed', message: 'a closed log has no verdict evidence' };
    else {
      const ev = checkEvidence(genesis, chain, r.evidence.entries, r.evidence.echo, number, evidenceChecks);
      if ('failure' in ev) structural = ev.failure;
      else verdict = ev.verdict;
      number += r.evidence.entries.length;
    }
  }

  // 4. Signatures: the final signatures first; if every seat's verifies, they cover everything.
  let checked = 0;
  let finalsGood: boolean[] = [];
  if (!structural && finalChecks.length > 0) {
    finalsGood = await verifySignatures(scheme, finalChecks.map((c) => c.check()));
    checked += finalsGood.length;
  }
  const allFinalsGood = finalsGood.every(Boolean);
  const unsigned = chain.gone.flatMap((gone, seat) => (gone || finalSeats.includes(seat) ? [] : [seat]));
  const ending: Ending = verdict ?? (chain.closed ? { kind: 'finished', end: chain.end!, finals: finalSeats, unsigned, absences: chain.absences } : { kind: 'incomplete', absences: chain.absences });
  if (!structural && options.mode !== 'full' && finalSeats.length === n && allFinalsGood) return ok(summarise(genesis, chain, r, ending, entries, checked, 'fast'));
  // Otherwise each signature not covered by a good final signature, up to the first structural
  // failure. The log is read again for them, in full: this is the rare path.
  const covered = new Set<Seat | null>(!structural && allFinalsGood && options.mode !== 'full' ? finalSeats : []);
  const upTo = limit(structural, number);
  const logChecks = entrySignatures(genesis, r.log, upTo);
  const todo = [...genesisChecks, ...logChecks.checks, ...evidenceChecks].filter((c) => c.number <= upTo && !covered.has(c.seat));
  const good = await verifySignatures(scheme, todo.map((c) => c.check()));
  checked += todo.length;
  const bad = [...todo.filter((_, i) => !good[i]), ...finalChecks.filter((_, i) => finalsGood[i] === false)].sort((a, b) => a.number - b.number)[0];
  const unreadable = logChecks.failure;
  if (unreadable && (!bad || unreadable.entry! < bad.number)) return invalid(unreadable);
  if (bad && (!structural || bad.number <= upTo)) {
    return invalid({ entry: bad.number || null, element: bad.element, seat: bad.seat, code: 'BadSignature', message: `${bad.what()} does not verify` });
  }
  if (structural) return invalid(structural);
  return ok(summarise(genesis, chain, r, ending, entries, checked, covered.size > 0 ? 'fast' : 'full'));
}

/** The entry number up to which signatures matter: the failing entry, or the last entry read for an element-level failure. */
const limit = (structural: Failure | null, lastRead: number): number => (structural ? (structural.entry ?? lastRead) : Infinity);

const ok = (summary: Summary): VerifyResult => ({ valid: true, summary });

/** The final state's hash, once computed for the final signatures (hashing a state costs). */
const finalStates = new WeakMap<Chain, string>();

const isReplay = (x: unknown): x is Replay => typeof x === 'object' && x !== null && 'log' in x && !('format' in x);

const parseSigned = (s: SignedEntry) => parseSignedText(s.text, s.sig);

/**
 * A signature to check later, if ever. It keeps what the check needs (seat, entry id, signature,
 * kind), not the parsed entry: holding thousands of parsed entries until the end costs the
 * garbage collector more than the whole chain walk.
 */
class EntrySignature implements Numbered {
  readonly seat: Seat;
  private readonly id: string;
  private readonly sig: string;
  private readonly type: string;
  constructor(
    private readonly genesis: ParsedGenesis,
    p: ParsedEntry,
    readonly number: number,
    readonly element: number | null,
    private readonly kind?: string,
  ) {
    this.seat = p.entry.seat;
    this.id = p.id;
    this.sig = p.sig;
    this.type = p.entry.body.type;
  }
  check(): SignatureCheck {
    return entryCheckOf(this.genesis, this.seat, this.id, this.sig);
  }
  what(): string {
    return `the signature of entry ${this.number} (${seatName(this.seat)}'s ${this.kind ?? `${this.type} entry`})`;
  }
}

/**
 * The signatures of the log's entries numbered up to `upTo`, each entry parsed in full; the first
 * entry that does not parse (a signature that is not hex, which the fast reading does not look at)
 * is a failure of its own.
 */
function entrySignatures(genesis: ParsedGenesis, log: Replay['log'], upTo: number): { checks: Numbered[]; failure: Failure | null } {
  const checks: Numbered[] = [];
  let number = 0;
  for (let i = 0; i < log.length; i++) {
    for (const s of log[i]!) {
      if (++number > upTo) return { checks, failure: null };
      const p = parseSigned(s);
      if (!p.ok) return { checks, failure: { entry: number, element: i, seat: null, code: p.error.code, message: p.error.message } };
      checks.push(entryNumbered(genesis, p.value, number, i));
    }
  }
  return { checks, failure: null };
}

const entryNumbered = (genesis: ParsedGenesis, p: ParsedEntry, number: number, element: number | null, kind?: string): Numbered =>
  new EntrySignature(genesis, p, number, element, kind);

/** A verdict proven by a seat's own signature: how a game that stopped ends. */
export type Cheat = Extract<Ending, { kind: 'cheat' }>;

/**
 * What evidence proves where a log stops (`chain`, the log checked so far): the verdict it names,
 * its signatures verified, or why it proves nothing (a spectator checks so the evidence a player's
 * page sends it when the game stopped; verifyReplay checks a file's the same way).
 */
export async function evidenceVerdict(genesis: ParsedGenesis, chain: Chain, evidence: Evidence, scheme: SignatureScheme): Promise<Result<Cheat, Violation>> {
  if (chain.closed) return resultErr(violation('Malformed', 'a closed log has no verdict evidence'));
  const checks: Numbered[] = [];
  const ev = checkEvidence(genesis, chain, evidence.entries, evidence.echo, 0, checks);
  if ('failure' in ev) return resultErr(violation(ev.failure.code, ev.failure.message));
  const good = await verifySignatures(scheme, checks.map((c) => c.check()));
  const bad = good.indexOf(false);
  if (bad >= 0) return resultErr(violation('BadSignature', `evidence: ${checks[bad]!.what()} does not verify`));
  return resultOk(ev.verdict);
}

/** Checks that the evidence of a verdict proves it: signed by the seat it names, and wrong where the log stops. */
function checkEvidence(
  genesis: ParsedGenesis,
  chain: Chain,
  entries: readonly SignedEntry[],
  echo: { text: string; sig: string } | null,
  start: number,
  out: Numbered[],
): { verdict: Extract<Ending, { kind: 'cheat' }> } | { failure: Failure } {
  const bad = (message: string, number: number | null = start + 1): { failure: Failure } => ({ failure: { entry: number, element: null, seat: null, code: 'Malformed', message: `evidence: ${message}` } });
  const parsed: ParsedEntry[] = [];
  for (const [i, s] of entries.entries()) {
    const p = parseSigned(s);
    if (!p.ok) return bad(p.error.message, start + 1 + i);
    parsed.push(p.value);
    out.push(entryNumbered(genesis, p.value, start + 1 + i, null, 'evidence'));
  }
  const cheat = (v: Violation, seat: Seat, seq: number) => ({ verdict: { kind: 'cheat' as const, seat, code: v.code, seq, message: v.message } });
  if (echo && parsed.length === 0) {
    const e = parseEchoText(echo.text);
    if (!e.ok) return bad(e.error.message);
    const x = e.value;
    if (x.game !== genesis.id || x.seq !== chain.seq - 1 || x.element !== chain.head) return bad('the echo is not of the last element of the log');
    if (x.state === stateDigest(chain.state)) return bad('the echo agrees with the state: no divergence');
    out.push({ number: start + 1, element: x.seq, seat: x.seat, check: () => echoCheck(genesis, x.seat, echo), what: () => `${seatName(x.seat)}'s signed echo (evidence)` });
    return cheat(violation('Diverged', `${seatName(x.seat)} reports another state after element ${x.seq}`), x.seat, x.seq);
  }
  if (parsed.length === 1 && !echo) {
    const p = parsed[0]!;
    const v = checkEntry(chain, p) ?? (applyElement(chain, [p]).ok ? null : (applyElement(chain, [p]) as { ok: false; error: { violation: Violation } }).error.violation);
    if (!v || !PROOF_CODES.includes(v.code)) return bad(`the entry is not wrong where the log stops${v ? ` (${v.message})` : ''}`);
    return cheat(v, p.entry.seat, p.entry.seq);
  }
  if (parsed.length === 2 && !echo) {
    const [a, b] = parsed as [ParsedEntry, ParsedEntry];
    const same = a.entry.game === genesis.id && b.entry.game === genesis.id && slotOf(a.entry) === slotOf(b.entry);
    if (!same || a.id === b.id || a.entry.seq !== chain.seq || a.entry.prev !== chain.head) return bad('two entries prove an equivocation only if one seat signed both for the position where the log stops');
    return cheat(violation('Equivocation', `${seatName(a.entry.seat)} signed two different ${a.entry.body.type} entries for position ${a.entry.seq}`), a.entry.seat, a.entry.seq);
  }
  return bad('evidence is one entry, two entries or one echo');
}

function summarise(genesis: ParsedGenesis, chain: Chain, r: Replay, ending: Ending, entries: number, checked: number, mode: 'fast' | 'full'): Summary {
  const state: GameState = chain.state;
  const finalState = finalStates.get(chain) ?? stateHash(state);
  const phase = state.phase as { name: string; day?: unknown; winner?: unknown };
  const winner = typeof phase.winner === 'number' ? phase.winner : null;
  return {
    verdict: verdictOfEnding(ending),
    minority: 'absences' in ending ? ending.absences.filter((a) => a.minority === true) : [],
    game: genesis.genesis.game,
    players: genesis.genesis.setup.players.map((p, seat) => ({ seat, colour: p.colour, civilisation: p.civilisation })),
    ending,
    ended: describe(ending, winner),
    phase: phase.name,
    day: typeof phase.day === 'number' ? phase.day : null,
    winner,
    elements: r.log.length,
    entries: entries + r.finals.length,
    signaturesChecked: checked,
    mode,
    finalState,
  };
}

const seats = (xs: readonly Seat[]): string => xs.map(seatName).join(', ');

export function describe(ending: Ending, winner: Seat | null): string {
  switch (ending.kind) {
    case 'cheat':
      return `${seatName(ending.seat)} cheated at position ${ending.seq}: ${ending.code}: ${ending.message}`;
    case 'incomplete':
      return 'the log stops before the game ended (no final signatures)';
    case 'finished': {
      const e = ending.end;
      const unsigned = ending.unsigned ?? [];
      const minority = ending.absences.filter((a) => a.minority === true);
      const signed =
        ` (final state signed by ${ending.finals.length === 0 ? 'nobody' : seats(ending.finals)}` +
        `${unsigned.length > 0 ? `; not by ${seats(unsigned)}, still in the game: incomplete` : ''}` +
        `${minority.length > 0 ? `; rests on a minority's word: ${minority.map((a) => `${seats(a.seats)} absent at position ${a.seq} without a majority`).join(', ')}` : ''})`;
      switch (e.kind) {
        case 'over':
          return (winner !== null ? `${seatName(winner)} won` : 'the game is over') + signed;
        case 'forfeit':
          return `${seatName(e.seat)} forfeited at position ${e.seq} (${e.reason === 'noPassiveChoice' ? 'absent where no passive choice exists' : 'withheld its final openings'})${signed}`;
        case 'exhausted':
          return `the beacon chains ran out at position ${e.seq}${signed}`;
        case 'limit':
          return `stopped at the agreed limit of ${e.seq} log elements${signed}`;
        case 'days':
          return `stopped at the agreed day cap, after day ${e.day}${signed}`;
      }
    }
  }
}
