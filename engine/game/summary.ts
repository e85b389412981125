import type { GameState } from '../core/state.js';
import { territoriesOf } from '../conquest/territory.js';

/** A public summary of each seat during the conquest, for logs, sims and the UI. */
export interface SeatSummary {
  readonly seat: number;
  readonly territories: number;
  readonly troops: number;
  readonly energy: number;
  readonly setAside: number;
  readonly pure: number;
  readonly suzerain: number | null;
  readonly forfeited: boolean;
}

export function seatSummaries(state: GameState): SeatSummary[] {
  return state.players.map((p, seat) => {
    const mine = territoriesOf(state, seat);
    const troops = mine.reduce((n, k) => {
      const t = state.territories[k]!;
      return n + t.troops + t.frontier.reduce((a, b) => a + b, 0);
    }, 0);
    return { seat, territories: mine.length, troops, energy: p.energy, setAside: p.setAside, pure: p.pure, suzerain: p.suzerain, forfeited: p.forfeited };
  });
}
