import { type Direction, type HexKey, hexKey, neighbour, parseHexKey } from '../../hex/index.js';
import type { CardOpening, SeatAction } from '../../core/actions.js';
import type { Option } from '../../core/options.js';
import type { ActionRule, DecisionKind, Passive } from '../../core/stages.js';
import type { GameEvent } from '../../core/events.js';
import { ok } from '../../core/result.js';
import type { GameState, Stage, StageOf } from '../../core/state.js';
import { type Vault, cardOpening } from '../../core/vault.js';
import type { Seat } from '../../core/vocabulary.js';

/** Helpers the conquest's stage rules share. */

export type At<K extends Stage['kind']> = StageOf<K>;
export const one = (action: SeatAction): Option => ({ kind: 'one', action });
export const act = (action: SeatAction): Passive => ({ kind: 'action', action });
export const seatOf = (seat: Seat) => ({ kind: 'seat' as const, seat });
export const hex = parseHexKey;
export const acting = (state: GameState, seat: Seat): boolean => !state.players[seat]!.forfeited;
export const neighbourKeyOf = (at: HexKey, dir: Direction): HexKey => hexKey(neighbour(parseHexKey(at), dir));




/** The first offered action, as the passive choice where the rules offer no passive one (T5). */
export function firstPassive(options: readonly Option[]): Passive | null {
  const first = options[0];
  return first?.kind === 'one' ? act(first.action) : null;
}

/** The openings of a seat's whole hand, from its vault (null without it). */
export function handOpenings(state: GameState, seat: Seat, vault: Vault | undefined): CardOpening[] | null {
  if (!vault) return null;
  const out: CardOpening[] = [];
  for (const ref of state.players[seat]!.cards.hand) {
    const o = cardOpening(vault, state, ref);
    if (!o) return null;
    out.push(o);
  }
  return out;
}

/** "Done" with a step (E2, E4, E11, B3, K17, E16, L9): reported, then the stage goes on as `next` says. */
export const doneRule = <K extends DecisionKind>(
  step: Extract<GameEvent, { kind: 'finished' }>['step'],
  next: (state: GameState, stage: StageOf<K>, seat: Seat) => Stage,
): ActionRule<K, 'done'> => ({
  apply: (state, stage, a, emit) => {
    emit({ kind: 'finished', seat: a.seat, step });
    return ok({ state, stage: next(state, stage, a.seat) });
  },
  options: (_s, _stage, seat) => [one({ kind: 'done', seat })],
});
