import type { RuleError } from '../../core/errors.js';
import { err, ok, type Result } from '../../core/result.js';
import type { GameState } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import { applyAction, awaiting, stateHash } from '../../game/play.js';
import { newGame } from '../../map/setup.js';
import { type BeaconMark, beaconValue, isNextLink, linkIndex } from './beacon.js';
import { TAGS, taggedDigest } from '../crypto/digest.js';
import { claimRound, type Entry, type ParsedEntry } from '../codec/entry.js';
import { type Violation, violation } from '../errors.js';
import type { ParsedGenesis } from '../codec/genesis.js';
import { openingsProblem } from './openings.js';
import { applyAbsence, TABLE_KINDS } from './rules.js';

/**
 * The log as a pure state machine, shared by the peers and the verifier. The log is a chain of
 * elements; element `seq` is one of
 * - main: the action of the seat the engine awaits, or the claims that declare it absent;
 * - random: one beacon link from every seat not gone, or claims for those missing;
 * - close (after the game ends): every seat's final openings, or claims for those missing;
 * then come the final signatures, which are not an element. Every entry of an element names
 * its position and the hash of the element before it. Signatures are checked by the caller
 * (in batches); everything else is checked here.
 */

export type Expectation =
  | { readonly kind: 'main'; readonly seat: Seat }
  | { readonly kind: 'random'; readonly event: number }
  | { readonly kind: 'close' }
  | { readonly kind: 'final' };

export type End =
  | { readonly kind: 'over' }
  | { readonly kind: 'forfeit'; readonly seat: Seat; readonly seq: number; readonly reason: 'noPassiveChoice' | 'withheldOpenings' }
  | { readonly kind: 'exhausted'; readonly seq: number }
  | { readonly kind: 'limit'; readonly seq: number }
  | { readonly kind: 'days'; readonly day: number; readonly seq: number };

export interface Absence {
  readonly seq: number;
  readonly seats: readonly Seat[];
  readonly item: 'action' | 'link' | 'open';
  /**
   * True when the claimers were not a strict majority of the seats still in the game (not
   * forfeited): no majority was left to settle it (two players, half the table gone at once), so
   * the absence rests on the word of the seats that claimed it, and so does all that follows.
   */
  readonly minority: boolean;
}

/** A complete set of claims: the seats it declares absent, and whether its claimers were a minority. */
export interface Settlement {
  readonly seats: readonly Seat[];
  readonly claimers: readonly Seat[];
  readonly minority: boolean;
}

export interface Chain {
  readonly genesis: ParsedGenesis;
  readonly state: GameState;
  /** Elements applied so far: the position of the next one. */
  readonly seq: number;
  /** The hash of the last element (the genesis hash before the first). */
  readonly head: string;
  readonly links: readonly BeaconMark[];
  /** Declared absent and not heard from since: not awaited for links, openings or claims. */
  readonly gone: readonly boolean[];
  readonly end: End | null;
  readonly closed: boolean;
  /** Every signature so far, genesis signatures first, joined (a rope: appending is cheap); final signatures cover its hash. */
  readonly signatureText: string;
  readonly absences: readonly Absence[];
  /** What the log awaits at this position (cached: asking the engine costs). */
  readonly next: Expectation;
}

export interface ElementFailure {
  /** The entry at fault within the element, or -1 for the element as a whole. */
  readonly index: number;
  readonly violation: Violation;
}

const fail = (index: number, v: Violation) => err<ElementFailure>({ index, violation: v });

/** The engine never throws on bad input; if it throws anyway (a bug), the protocol reports it instead of crashing. */
function guarded(f: () => Result<GameState, RuleError>): Result<GameState, RuleError> | { thrown: string } {
  try {
    return f();
  } catch (e) {
    return { thrown: thrownMessage(e) };
  }
}
const thrownMessage = (e: unknown): string => (e instanceof Error ? e.message.slice(0, 200) : 'unknown error');
const engineFailed = (index: number, seq: number, message: string) => fail(index, violation('EngineError', `the engine failed: ${message}`, { seq }));

/**
 * The engine's hash of a closed log's final state, which every final signature names: worked out
 * once per state, not once for each final entry checked (a seat checks every seat's).
 */
const finalHashes = new WeakMap<GameState, string>();
export function finalStateHash(state: GameState): string {
  let h = finalHashes.get(state);
  if (h === undefined) finalHashes.set(state, (h = stateHash(state)));
  return h;
}

/** The hash the final signatures cover: H(genesis id, every signature in log order). */
export const signaturesDigest = (chain: Chain): string => taggedDigest(TAGS.signatures, chain.signatureText);

export function startChain(genesis: ParsedGenesis, genesisSignatures: readonly string[]): Chain {
  const created = newGame(genesis.genesis.setup);
  if (!created.ok) throw new Error(`startChain: a parsed genesis has a valid set-up (${created.error.message})`);
  const n = genesis.genesis.seats.length;
  return makeChain(
    genesis,
    created.value,
    0,
    genesis.id,
    genesis.genesis.seats.map((s) => ({ index: 0, link: s.beacon })),
    new Array<boolean>(n).fill(false),
    null,
    false,
    `${genesis.id}\n${genesisSignatures.join(',')}`,
    [],
  );
}

/** Builds a chain, working out whether the game ended here and what the log awaits next. */
function makeChain(
  genesis: ParsedGenesis,
  state: GameState,
  seq: number,
  head: string,
  links: readonly BeaconMark[],
  gone: readonly boolean[],
  end: End | null,
  closed: boolean,
  signatureText: string,
  absences: readonly Absence[],
): Chain {
  let next: Expectation = { kind: 'final' };
  if (!closed) {
    const who = end ? undefined : awaiting(state);
    const settings = genesis.genesis.settings;
    if (!end && who) {
      if (who.kind === 'over') end = { kind: 'over' };
      else if (settings.limit !== null && seq >= settings.limit) end = { kind: 'limit', seq };
      else if (settings.days != null && state.phase.name === 'conquest' && state.phase.day > settings.days) end = { kind: 'days', day: settings.days, seq };
      else if (who.kind === 'random' && linkIndex(state.randomEvents) > settings.beaconLength) end = { kind: 'exhausted', seq };
    }
    next = end || !who ? { kind: 'close' } : who.kind === 'seat' ? { kind: 'main', seat: who.seat } : { kind: 'random', event: state.randomEvents };
  }
  return { genesis, state, seq, head, links, gone, end, closed, signatureText, absences, next };
}

export const expectation = (chain: Chain): Expectation => chain.next;

/** Seats expected to contribute an item to a random or close element. */
export const activeSeats = (chain: Chain): Seat[] => chain.gone.flatMap((g, i) => (g ? [] : [i]));

/** The seats still in the game: every seat that has not forfeited (T7). Gone seats are still in it. */
export const seatsInGame = (chain: Chain): Seat[] => chain.gone.flatMap((_, s) => (chain.state.players[s]?.forfeited ? [] : [s]));

/** Whether `claimers` are a strict majority of the seats still in the game. */
export const isMajority = (chain: Chain, claimers: number): boolean => 2 * claimers > seatsInGame(chain).length;

/**
 * The element hash: H(game, seq, prev, the ids of its entries in canonical order). An element of
 * one entry is that entry, whose text already names the game, the position and the previous
 * hash: its hash is the entry's id.
 */
export const elementHash = (chain: Chain, ids: readonly string[]): string =>
  ids.length === 1 ? ids[0]! : taggedDigest(TAGS.element, `${chain.genesis.id}\n${chain.seq}\n${chain.head}\n${ids.join(',')}`);

const where = (p: ParsedEntry) => ({ seat: p.entry.seat, seq: p.entry.seq });

/**
 * Checks one entry against the position it names (not its signature): game, position, previous
 * hash, whether its seat may write this kind of entry now, and what can be checked alone
 * (beacon links, final openings, final signatures).
 */
export function checkEntry(chain: Chain, p: ParsedEntry, x: Expectation = expectation(chain), final?: { state: string; signatures: string }): Violation | null {
  const e = p.entry;
  if (e.game !== chain.genesis.id) return violation('WrongGame', 'the entry belongs to another game', where(p));
  if (e.seat >= chain.genesis.genesis.seats.length) return violation('Malformed', `there is no seat ${e.seat}`, where(p));
  if (e.seq !== chain.seq) return violation('Stale', `the entry is for position ${e.seq}, the log is at ${chain.seq}`, where(p));
  if (e.prev !== chain.head) return violation('WrongPrev', 'the entry does not follow the last element', where(p));
  const body = e.body;
  if (body.type === 'absent') {
    if (x.kind === 'final') return violation('WrongItem', 'no absence claims after the close', where(p));
    if (chain.gone[e.seat]) return violation('BadClaim', 'a seat that is gone cannot claim', where(p));
    if (body.seats.includes(e.seat)) return violation('BadClaim', 'a seat cannot claim itself absent', where(p));
    const awaited = x.kind === 'main' ? x.seat : -1;
    if (body.seats.some((s) => s >= chain.gone.length || (chain.gone[s] && s !== awaited))) return violation('BadClaim', 'a claim names a seat that is gone or missing', where(p));
    if (x.kind === 'main' && !body.seats.includes(x.seat)) return violation('BadClaim', `a claim now must name seat ${x.seat}, whose action is awaited`, where(p));
    return null;
  }
  switch (x.kind) {
    case 'main':
      if (body.type !== 'action') return violation('WrongItem', `an action of seat ${x.seat} is awaited, not a ${body.type}`, where(p));
      if (e.seat !== x.seat) return violation('NotYourTurn', `seat ${x.seat} is awaited, not seat ${e.seat}`, where(p));
      if (body.action['seat'] !== e.seat) return violation('NotYourTurn', `seat ${e.seat} signed an action for seat ${String(body.action['seat'])}`, where(p));
      if (TABLE_KINDS.includes(String(body.action['kind']))) return violation('IllegalAction', `a seat cannot write a "${String(body.action['kind'])}" action`, where(p));
      return null;
    case 'random': {
      if (body.type !== 'link') return violation(body.type === 'action' ? 'NotYourTurn' : 'WrongItem', `beacon links for random event ${x.event} are awaited, not a ${body.type}`, where(p));
      if (chain.gone[e.seat]) return violation('WrongItem', 'a seat that is gone gives no beacon link', where(p));
      if (body.event !== x.event) return violation('BadLink', `the link is for event ${body.event}, not ${x.event}`, where(p));
      const ok = isNextLink(chain.links[e.seat]!, linkIndex(x.event), body.link, chain.genesis.genesis.settings.beaconLength);
      return ok ? null : violation('BadLink', `link ${linkIndex(x.event)} does not hash to the seat's previous link`, where(p));
    }
    case 'close': {
      if (body.type !== 'open') return violation(body.type === 'action' ? 'NotYourTurn' : 'WrongItem', `final openings are awaited, not a ${body.type}`, where(p));
      if (chain.gone[e.seat]) return violation('WrongItem', 'a seat that is gone opens nothing', where(p));
      const problem = openingsProblem(chain.state, e.seat, body.openings);
      return problem ? violation('BadOpening', problem, where(p)) : null;
    }
    case 'final':
      if (body.type !== 'final') return violation('WrongItem', `final signatures are awaited, not a ${body.type}`, where(p));
      if (body.state !== (final?.state ?? finalStateHash(chain.state))) return violation('BadFinal', 'the final signature is over another state', where(p));
      if (body.signatures !== (final?.signatures ?? signaturesDigest(chain))) return violation('BadFinal', 'the final signature covers other signatures', where(p));
      return null;
  }
}

/**
 * One place for one seat's entry of one kind: a position after a given history (and, for
 * claims, a round). Two different signed entries in one slot are an equivocation.
 */
export const slotOf = (e: Entry): string => `${e.seq}|${e.prev}|${e.seat}|${e.body.type}${e.body.type === 'absent' ? `|${claimRound(e.body)}` : ''}`;

/** Items first, by seat, then claims, by seat: an element's canonical order. */
const rank = (p: ParsedEntry): number => (p.entry.body.type === 'absent' ? 10 : 0) + p.entry.seat;
export const canonicalOrder = (entries: readonly ParsedEntry[]): ParsedEntry[] => [...entries].sort((a, b) => rank(a) - rank(b));

/**
 * What a set of claims settles, if the claims are complete: every seat not gone and not named
 * signed exactly one claim naming exactly that set, all in one round. The settlement is marked
 * `minority` when those claimers are not a strict majority of the seats still in the game.
 * `undefined` otherwise.
 */
export function claimedAbsent(chain: Chain, claims: readonly ParsedEntry[]): Settlement | undefined {
  const first = claims[0]?.entry.body;
  if (!first || first.type !== 'absent') return undefined;
  const named = first.seats;
  const key = named.join(',');
  const round = claimRound(first);
  const claimers = new Set<Seat>();
  for (const c of claims) {
    const b = c.entry.body;
    if (b.type !== 'absent' || b.seats.join(',') !== key || claimRound(b) !== round || claimers.has(c.entry.seat)) return undefined;
    claimers.add(c.entry.seat);
  }
  const needed = activeSeats(chain).filter((s) => !named.includes(s));
  if (needed.length === 0 || needed.length !== claimers.size || !needed.every((s) => claimers.has(s))) return undefined;
  return { seats: [...named], claimers: needed, minority: !isMajority(chain, needed.length) };
}

export interface Applied {
  readonly chain: Chain;
  /** The hash of the element just applied. */
  readonly hash: string;
}

/** Applies one complete element (its entries in canonical order), or says which entry is wrong. */
export function applyElement(chain: Chain, entries: readonly ParsedEntry[]): Result<Applied, ElementFailure> {
  const x = expectation(chain);
  if (x.kind === 'final') return fail(-1, violation('WrongItem', 'the log is closed: only final signatures follow', { seq: chain.seq }));
  if (entries.length === 0) return fail(-1, violation('Malformed', 'an element has at least one entry', { seq: chain.seq }));
  for (let i = 0; i < entries.length; i++) {
    const v = checkEntry(chain, entries[i]!, x);
    if (v) return fail(i, v);
    if (i > 0 && rank(entries[i]!) <= rank(entries[i - 1]!))
      return fail(i, violation('Malformed', 'entries out of canonical order, or two of one kind from one seat', where(entries[i]!)));
  }
  if (x.kind === 'main' && entries.length === 1 && entries[0]!.entry.body.type === 'action') return applyAction1(chain, entries[0]!);
  const claims = entries.filter((p) => p.entry.body.type === 'absent');
  const items = entries.filter((p) => p.entry.body.type !== 'absent');
  let absent: readonly Seat[] = [];
  let minority = false;
  if (claims.length > 0) {
    const settled = claimedAbsent(chain, claims);
    if (!settled) return fail(entries.length - 1, violation('BadClaim', 'the claims do not all name one set of seats, signed by every other seat not gone', { seq: chain.seq }));
    absent = settled.seats;
    minority = settled.minority;
  }
  const n = chain.gone.length;
  const writers = new Set(items.map((p) => p.entry.seat));
  let state = chain.state;
  let end: End | null = null;
  let item: Absence['item'];
  switch (x.kind) {
    case 'main': {
      item = 'action';
      if (items.length > 0) {
        if (items.length > 1 || claims.length > 0) return fail(1, violation('Malformed', 'an action element holds the action alone', { seq: chain.seq }));
        return applyAction1(chain, items[0]!);
      } else {
        const next = guarded(() => applyAbsence(state, x.seat));
        if ('thrown' in next) return engineFailed(-1, chain.seq, next.thrown);
        if (next.ok) state = next.value;
        else end = { kind: 'forfeit', seat: x.seat, seq: chain.seq, reason: 'noPassiveChoice' };
      }
      break;
    }
    case 'random': {
      item = 'link';
      const missing = activeSeats(chain).filter((s) => !absent.includes(s) && !writers.has(s));
      if (missing.length > 0) return fail(-1, violation('Malformed', `no beacon link or absence claim for seat ${missing[0]}`, { seq: chain.seq }));
      const links = Array.from({ length: n }, (_, s) => {
        const b = items.find((p) => p.entry.seat === s)?.entry.body;
        return b?.type === 'link' ? b.link : null;
      });
      const value = beaconValue(chain.genesis.id, x.event, links);
      // T5b: every seat without a share in this event (declared absent here, or gone) is absent at it.
      const without = links.flatMap((l, s) => (l === null ? [s] : []));
      const next = guarded(() => applyAction(state, without.length > 0 ? { kind: 'random', value, absent: without } : { kind: 'random', value }));
      if ('thrown' in next) return engineFailed(-1, chain.seq, next.thrown);
      if (!next.ok) return fail(-1, violation('IllegalAction', `the engine refused the random event: ${next.error.message}`, { seq: chain.seq }));
      state = next.value;
      break;
    }
    case 'close': {
      item = 'open';
      const missing = activeSeats(chain).filter((s) => !absent.includes(s) && !writers.has(s));
      if (missing.length > 0) return fail(-1, violation('Malformed', `no final openings or absence claim for seat ${missing[0]}`, { seq: chain.seq }));
      if (absent.length > 0 && chain.end?.kind !== 'forfeit') end = { kind: 'forfeit', seat: absent[0]!, seq: chain.seq, reason: 'withheldOpenings' };
      break;
    }
  }
  const links = items.some((p) => p.entry.body.type === 'link')
    ? chain.links.map((m, s) => {
        const b = items.find((p) => p.entry.seat === s)?.entry.body;
        return b?.type === 'link' ? { index: linkIndex(b.event), link: b.link } : m;
      })
    : chain.links;
  const gone = chain.gone.map((g, s) => (writers.has(s) ? false : absent.includes(s) ? true : g));
  const next = makeChain(
    chain.genesis,
    state,
    chain.seq + 1,
    elementHash(chain, entries.map((p) => p.id)),
    links,
    gone,
    x.kind === 'close' ? (end ?? chain.end) : end,
    x.kind === 'close',
    `${chain.signatureText}\n${entries.map((p) => p.sig).join(',')}`,
    absent.length > 0 ? [...chain.absences, { seq: chain.seq, seats: absent, item, minority }] : chain.absences,
  );
  return ok({ chain: next, hash: next.head });
}

/** The common element: one seat's action. */
/**
 * A seat's own action is checked before it is signed, then applied by the step that takes the
 * signed entry: the engine's answer is kept with the state (states are values: the same state
 * and the same action object always give the same answer), so the engine works it out once.
 * Nothing else is remembered: the verifier and received entries only look here.
 */
const ownChecked = new WeakMap<GameState, { readonly action: unknown; readonly result: Result<GameState, RuleError> }>();

/** applyAction for this seat's own choice, remembered for the step that applies it once signed (a bug that throws is not remembered). */
export function checkOwnAction(state: GameState, action: unknown): Result<GameState, RuleError> {
  const known = ownChecked.get(state);
  if (known !== undefined && known.action === action) return known.result;
  const result = applyAction(state, action);
  if (action !== null && typeof action === 'object') ownChecked.set(state, { action, result });
  return result;
}

const applyOnce = (state: GameState, action: unknown): Result<GameState, RuleError> => {
  const known = ownChecked.get(state);
  return known !== undefined && known.action === action ? known.result : applyAction(state, action);
};

function applyAction1(chain: Chain, p: ParsedEntry): Result<Applied, ElementFailure> {
  const body = p.entry.body;
  let next: Result<GameState, RuleError>;
  try {
    next = applyOnce(chain.state, body.type === 'action' ? body.action : null);
  } catch (e) {
    return engineFailed(0, chain.seq, thrownMessage(e));
  }
  if (!next.ok) return fail(0, violation('IllegalAction', `${next.error.code} (${next.error.rule}): ${next.error.message}`, { ...where(p), rule: next.error.code }));
  const seat = p.entry.seat;
  const gone = chain.gone[seat] ? chain.gone.map((g, s) => (s === seat ? false : g)) : chain.gone;
  const c = makeChain(chain.genesis, next.value, chain.seq + 1, p.id, chain.links, gone, null, false, `${chain.signatureText}\n${p.sig}`, chain.absences);
  return ok({ chain: c, hash: c.head });
}

/** Checks the final signatures' entries (not their signatures): one per seat at most, each over this chain. */
export function checkFinals(chain: Chain, finals: readonly ParsedEntry[], state: string = finalStateHash(chain.state)): Result<Seat[], ElementFailure> {
  const seen = new Set<Seat>();
  const x = expectation(chain);
  const final = { state, signatures: signaturesDigest(chain) };
  for (let i = 0; i < finals.length; i++) {
    const v = checkEntry(chain, finals[i]!, x, final);
    if (v) return fail(i, v);
    const seat = finals[i]!.entry.seat;
    if (seen.has(seat) || (i > 0 && seat < finals[i - 1]!.entry.seat))
      return fail(i, violation('Malformed', 'final signatures are one per seat, by seat', where(finals[i]!)));
    seen.add(seat);
  }
  return ok([...seen]);
}
