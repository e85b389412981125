import { type Accessor, createMemo } from 'solid-js';
import { type CardId, type GameState, type Seat, type Technology, compareCodeUnits } from '../../engine/index.js';
import { eventsAfter } from './eventLines.js';

/**
 * What the rules make public and the table shows beside the board (ui.md principle 8), read from
 * the state and the engine's events, never worked out here: a player's cards (ruling 4), the
 * day's production (P1-P5), how the game was won.
 */

type Counts = Readonly<Partial<Record<CardId, number>>>;

/** A player's cards as everyone may know them: deck and hand together (the public multisets of his deals, K2), the discard pile, the technologies in front of him (K13a). */
export interface PublicCards {
  readonly deckAndHand: readonly (readonly [CardId, number])[];
  readonly discard: readonly (readonly [CardId, number])[];
  readonly technologies: readonly Technology[];
}

const entries = (c: Counts): [CardId, number][] =>
  (Object.entries(c) as [CardId, number][]).filter(([, n]) => n > 0).sort(([a], [b]) => compareCodeUnits(a, b));

export function publicCards(state: GameState, seat: Seat): PublicCards | null {
  const cards = state.players[seat]?.cards;
  if (!cards) return null;
  const together: Partial<Record<CardId, number>> = {};
  for (const segment of cards.segments) for (const [id, n] of entries(segment.remaining)) together[id] = (together[id] ?? 0) + n;
  const deckAndHand = entries(together);
  const discard = entries(cards.discard);
  // K13a: technologies are kept in front of their owner, out of his deck.
  const technologies = state.players[seat]?.technologies ?? [];
  return { deckAndHand, discard, technologies };
}

export const countOfAll = (cards: readonly (readonly [CardId, number])[]): number => cards.reduce((n, [, k]) => n + k, 0);

/** One seat's part of a day's production (P1-P5): what it produced, the tribute it paid its suzerain, the tributes its vassals paid it. */
export interface SeatProduction {
  readonly energy: number;
  readonly pure: number;
  readonly paid: { readonly to: Seat; readonly energy: number; readonly pure: number } | null;
  readonly received: readonly { readonly from: Seat; readonly energy: number; readonly pure: number }[];
}

export interface DayProduction {
  readonly day: number;
  readonly seats: ReadonlyMap<Seat, SeatProduction>;
}

/** The production of input i's events (the `produced` and `tributePaid` events), or null: input i produced nothing. */
function productionAt(states: readonly GameState[], inputs: readonly unknown[], i: number): DayProduction | null {
  const after = states[i + 1];
  if (after?.phase.name !== 'conquest') return null;
  const events = eventsAfter(states[i]!, inputs[i]);
  if (!events?.some((e) => e.kind === 'produced')) return null;
  const seats = new Map<Seat, { energy: number; pure: number; paid: SeatProduction['paid']; received: SeatProduction['received'][number][] }>();
  const of = (seat: Seat) => seats.get(seat) ?? seats.set(seat, { energy: 0, pure: 0, paid: null, received: [] }).get(seat)!;
  for (const e of events) {
    if (e.kind === 'produced') Object.assign(of(e.seat), { energy: e.energy, pure: e.pure });
    if (e.kind === 'tributePaid') {
      of(e.seat).paid = { to: e.to, energy: e.energy, pure: e.pure };
      of(e.to).received.push({ from: e.seat, energy: e.energy, pure: e.pure });
    }
  }
  // The day the production opened: the state after it (production is the first step of a day).
  return { day: after.phase.day, seats };
}

/**
 * The last production of a growing game, looked for only among the inputs added since the last
 * look (a whole day back at most when the game went back: the replay viewer's steps). Scanning
 * stops before the conquest, where nothing is produced.
 */
export function createDayProduction(source: Accessor<{ states: readonly GameState[]; inputs: readonly unknown[] }>): Accessor<DayProduction | null> {
  let upTo = 0;
  let last: DayProduction | null = null;
  return createMemo(() => {
    const { states, inputs } = source();
    if (inputs.length < upTo) {
      upTo = 0;
      last = null;
    }
    for (let i = inputs.length - 1; i >= upTo; i--) {
      if (states[i + 1]?.phase.name !== 'conquest') break;
      const found = productionAt(states, inputs, i);
      if (found) {
        last = found;
        break;
      }
    }
    upTo = inputs.length;
    return last;
  });
}

/** How the game was won: the engine's `won` event, with W2's facts for an energy victory (the day Suprématie was bought, the day whose end it won). */
export interface Victory {
  readonly seat: Seat;
  readonly how: 'supremacy' | 'energy';
  readonly since: number | null;
  readonly day: number | null;
}

/** The victory among the last inputs (the game ends on the input that won it; the protocol's closing adds none), or null. */
export function victoryOf(states: readonly GameState[], inputs: readonly unknown[]): Victory | null {
  for (let i = inputs.length - 1; i >= Math.max(0, inputs.length - 8); i--) {
    const before = states[i]!;
    const won = eventsAfter(before, inputs[i])?.find((e) => e.kind === 'won');
    if (won?.kind === 'won') {
      return { seat: won.seat, how: won.how, since: before.players[won.seat]?.supremacyDay ?? null, day: before.phase.name === 'conquest' ? before.phase.day : null };
    }
  }
  return null;
}
