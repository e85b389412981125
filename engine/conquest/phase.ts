import type { Emit } from '../core/events.js';
import type { Next } from '../core/stages.js';
import type { ConquestPhase, GameState, PendingDraws, PlayerState, Stage } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { HAND_SIZE, deckSize, draw, needsReshuffle } from './cards.js';
import type { RandomStream } from '../core/random.js';

/** Small helpers every conquest rule module shares. */

export const phaseOf = (state: GameState): ConquestPhase => {
  if (state.phase.name !== 'conquest') throw new Error('not in the conquest');
  return state.phase;
};

/** The same state with some conquest-phase fields replaced (the stage is the flow's to write). */
export const patchPhase = (state: GameState, patch: Partial<Omit<ConquestPhase, 'name' | 'stage'>>): GameState => ({ ...state, phase: { ...phaseOf(state), ...patch } });

export const go = (state: GameState, stage: Stage): Next => ({ state, stage });

/** The same state with one player's record changed. */
export const withPlayer = (state: GameState, seat: Seat, patch: (p: PlayerState) => PlayerState): GameState => ({
  ...state,
  players: state.players.map((p, i) => (i === seat ? patch(p) : p)),
});

// ---------------------------------------------------------------- draws (K2, K5, K6)

/**
 * The draws of `pending` as the flow must take them now: a seat short of cards first commits its
 * reshuffled discard pile (K5); then one random event draws them all; nothing to draw goes on at once.
 * Null when `current` is already that stage.
 */
export function drawsStage(state: GameState, pending: PendingDraws, current?: Stage): Next | null {
  const draws = pending.draws.filter((d) => d.count > 0);
  if (draws.length === 0) return go(state, pending.then);
  const short = draws.find((d) => needsReshuffle(state.players[d.seat]!.cards, d.count));
  if (short) {
    if (current?.kind === 'reshuffle' && current.seat === short.seat && current.pending.draws.length === draws.length) return null;
    return go(state, { kind: 'reshuffle', seat: short.seat, pending: { ...pending, draws } });
  }
  if (draws.every((d) => deckSize(state.players[d.seat]!.cards) === 0)) return go(state, pending.then);
  if (current?.kind === 'drawing' && current.pending.draws.length === draws.length) return null;
  return go(state, { kind: 'drawing', pending: { ...pending, draws } });
}

/** Refills the hands of `seats` to 5 cards (K6), then goes on with `then`. */
export const replenish = (state: GameState, seats: readonly Seat[], then: Stage): Next =>
  go(state, { kind: 'drawing', pending: { draws: seats.map((seat) => ({ seat, count: Math.max(0, HAND_SIZE - state.players[seat]!.cards.hand.length) })), then } });

/** The random event of a `drawing` stage: each seat draws in order, absent seats (T5b) excepted. */
export function takeDraws(state: GameState, pending: PendingDraws, stream: RandomStream, absent: readonly Seat[], emit: Emit): GameState {
  // T5b, T6: a withheld share of luck makes the day an absent one.
  let players = state.players.map((p, i) => (absent.includes(i) ? { ...p, absentToday: true, withheldToday: true as const } : p));
  for (const d of pending.draws) {
    if (absent.includes(d.seat)) continue;
    const before = players[d.seat]!.cards.hand.length;
    if (pending.into === 'peeked') {
      const seen = players[d.seat]!.cards.peeked?.length ?? 0;
      players = players.map((p, i) => (i === d.seat ? { ...p, cards: draw(p.cards, d.count, stream, 'peeked') } : p));
      emit({ kind: 'cardsPeeked', seat: d.seat, count: (players[d.seat]!.cards.peeked?.length ?? 0) - seen });
      continue;
    }
    players = players.map((p, i) => (i === d.seat ? { ...p, cards: draw(p.cards, d.count, stream) } : p));
    const drawn = players[d.seat]!.cards.hand.length - before;
    if (drawn > 0) emit({ kind: 'cardsDrawn', seat: d.seat, count: drawn });
  }
  return { ...state, players, randomEvents: state.randomEvents + 1 };
}
