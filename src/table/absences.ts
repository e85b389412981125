import type { GameState, Seat } from '../../engine/index.js';
import type { Absence, SignedEntry } from '../../engine/protocol/index.js';
import type { GoneSeat, Settled, Split, TableAbsence } from './types.js';

/**
 * What the log says of absent players beyond the chain's own list (`gone`, `absences`): since
 * which position each gone seat has been gone, and which seats settled each absence. Read from
 * the signed entries, element by element as a table applies them, each element once: an
 * element's writers are back (the chain's rule: an item written clears `gone`), the seats its
 * claims name are gone from there if they were not already, and its claims' signers settled it.
 * The log comes from a session or a follower that checked every entry: reading it here only
 * looks at each entry's seat and kind.
 */
export interface AbsenceLedger {
  /** Reads the elements from position `from` on; those already read are skipped. */
  read(from: number, elements: readonly (readonly SignedEntry[])[]): void;
  /** The position from which `seat` has been declared absent without writing since (null: it wrote since, or was never absent). */
  goneFrom(seat: Seat): number | null;
  /** The seats whose claims settled the absence at position `seq` (empty: no claim there). */
  claimersAt(seq: number): readonly Seat[];
}

interface EntryHead {
  readonly seat: Seat;
  readonly body: { readonly type: string; readonly seats?: readonly Seat[] };
}

/** The seats whose claims an element carries: those that settled its absence (none without one). */
export function claimersOf(element: readonly SignedEntry[]): Seat[] {
  return element.map(head).flatMap((e) => (e.body.type === 'absent' ? [e.seat] : [])).sort((a, b) => a - b);
}

const head = (e: SignedEntry): EntryHead => JSON.parse(e.text) as EntryHead;

export function makeAbsenceLedger(seats: number): AbsenceLedger {
  const goneFrom: (number | null)[] = new Array<number | null>(seats).fill(null);
  /** Claimers by position, for the elements that settled an absence only (at most one per element of the log). */
  const claimers = new Map<number, readonly Seat[]>();
  let next = 0;

  function readOne(seq: number, element: readonly SignedEntry[]): void {
    const entries = element.map(head);
    const claims = entries.filter((e) => e.body.type === 'absent');
    const named = claims[0]?.body.seats ?? [];
    for (const e of entries) if (e.body.type !== 'absent' && e.seat < seats) goneFrom[e.seat] = null;
    for (const s of named) if (s < seats && goneFrom[s] === null && !entries.some((e) => e.seat === s && e.body.type !== 'absent')) goneFrom[s] = seq;
    if (claims.length > 0) claimers.set(seq, claims.map((c) => c.seat).sort((a, b) => a - b));
  }

  return {
    read(from, elements) {
      for (let i = Math.max(0, next - from); i < elements.length; i++) readOne(from + i, elements[i]!);
      next = Math.max(next, from + elements.length);
    },
    goneFrom: (seat) => goneFrom[seat] ?? null,
    claimersAt: (seq) => claimers.get(seq) ?? [],
  };
}

/** The game day in a state (null before the conquest). */
export const dayOf = (state: GameState | undefined): number | null => (state?.phase.name === 'conquest' ? state.phase.day : null);

export interface AbsenceFacts {
  /** The chain's: per seat, declared absent and not back; every absence settled. */
  readonly gone: readonly boolean[];
  readonly absences: readonly Absence[];
  /** This page's own seat (null: a spectator), and whether it is away (PeerView.away). */
  readonly own: Seat | null;
  readonly away: boolean;
  readonly split: Split | null;
  /** Gone seats that said, by their own signature, that their player is back (PeerView.returned): the table waits for them again. */
  readonly returned?: readonly Seat[];
}

/** The last absence that named `seat` (a fallback when the ledger has not read that far). */
function lastAbsence(absences: readonly Absence[], seat: Seat): number {
  for (let i = absences.length - 1; i >= 0; i--) if (absences[i]!.seats.includes(seat)) return absences[i]!.seq;
  return -1;
}

/**
 * What the screens show of absences: the gone seats (this page's own only while its player is
 * away: once it said it is back, the table waits for it again) with the position and day they
 * went, the settlements that rest on a minority's word with who settled them.
 */
export function tableAbsence(facts: AbsenceFacts, ledger: AbsenceLedger, states: readonly GameState[]): TableAbsence {
  const gone: GoneSeat[] = facts.gone.flatMap((g, seat) => {
    if (seat === facts.own ? !facts.away : !g || facts.returned?.includes(seat)) return [];
    const since = ledger.goneFrom(seat) ?? lastAbsence(facts.absences, seat);
    return [{ seat, since, day: dayOf(states[since]) }];
  });
  const minority: Settled[] = facts.absences.filter((a) => a.minority).map((a) => ({ seq: a.seq, seats: a.seats, claimers: ledger.claimersAt(a.seq) }));
  return { gone, minority, away: facts.away, split: facts.split };
}

/** Whether two absence views show the same (the gone seats and settlements change only with the log, which changes the state). */
export const sameAbsence = (a: TableAbsence | undefined, b: TableAbsence | undefined): boolean =>
  a?.away === b?.away && splitKey(a?.split ?? null) === splitKey(b?.split ?? null) && a?.gone.length === b?.gone.length && a?.minority.length === b?.minority.length;

const splitKey = (s: Split | null): string => (s === null ? '' : `${s.seq}:${s.seats.join(',')}`);
