import { type GameState, legalOptions } from '../../engine/index.js';
import { makeState } from '../../engine/game/codec.js';
import { optionSize } from '../../engine/core/options.js';
import { type Position, vaultsFor } from './positions.js';

/** One row of the perft table: a named position, the seed of its vaults, its canonical text, and each seat's number of legal concrete actions. */
export interface PerftRow {
  readonly name: string;
  readonly seed: string;
  readonly state: string;
  readonly counts: readonly number[];
}

/** Each seat's number of legal concrete actions (0 for a seat not awaited), counted from the options' sizes. */
export function perftCounts(state: GameState, seed: string): number[] {
  const vaults = vaultsFor(state, seed);
  return state.seats.map((_, seat) => legalOptions(state, seat, vaults[seat]).reduce((n, o) => n + optionSize(o), 0));
}

export const perftRow = (p: Position): PerftRow => ({ name: p.name, seed: p.seed, state: makeState(p.state), counts: perftCounts(p.state, p.seed) });
