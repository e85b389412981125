import type { GameState } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';

/** Seats that still act: not forfeited (T7). */
export const activeSeats = (state: GameState): Seat[] => state.seats.map((_, i) => i).filter((i) => !state.players[i]?.forfeited);

/** Turn order (D2): the seats clockwise from `from` (included), skipping those who forfeited. */
export function turnOrder(state: GameState, from: Seat): Seat[] {
  const n = state.seats.length;
  const out: Seat[] = [];
  for (let k = 0; k < n; k++) {
    const s = (from + k) % n;
    if (!state.players[s]?.forfeited) out.push(s);
  }
  return out;
}

/** The first seat of `among`, in turn order from `from`. */
export function firstInOrder(state: GameState, from: Seat, among: readonly Seat[]): Seat | undefined {
  return turnOrder(state, from).find((s) => among.includes(s));
}

/** The next seat of `among` after `after`, in turn order, wrapping around; undefined if none. */
export function nextInOrder(state: GameState, after: Seat, among: readonly Seat[]): Seat | undefined {
  const n = state.seats.length;
  return firstInOrder(state, (after + 1) % n, among);
}
