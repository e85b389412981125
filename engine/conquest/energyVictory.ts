import type { GameState } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { HEART_KEY } from '../map/index-internal.js';
import { connectedFrom, controlsHeart, portalKey } from './territory.js';

/** A condition of W2 that the others can break, and so stop the energy victory: the Heart held, its connection to the owner's portal, the owner free. */
export type EnergyVictoryStop = 'heart' | 'connection' | 'vassal';

/**
 * W2 for a seat that owns Suprématie, read from the state: the one home of the energy victory's
 * conditions (the end of the day checks them here, and the table shows them from here).
 */
export interface EnergyVictoryThreat {
  readonly seat: Seat;
  /** The day Suprématie was bought. */
  readonly since: number;
  /** The first day at whose end it can win (W2.1: owned at the end of an earlier day): the day after the purchase, or today. */
  readonly fromDay: number;
  /** W2.2: it controls the Heart of Eden. */
  readonly heart: boolean;
  /** W2.3: the Heart is connected to its portal (false when it does not hold the Heart). */
  readonly connected: boolean;
  /** W2.4: it is a vassal (so it cannot win while it stays one). */
  readonly vassal: boolean;
  /** W2.2-W2.4 hold now: unless one is broken, it wins at the end of day `fromDay`. */
  readonly holds: boolean;
  /** They hold and `fromDay` is today: at the end of today's Logistics it wins, unless one is broken first. */
  readonly wouldWin: boolean;
  /** The conditions that hold now, each of which the others can break: take the Heart, cut the connection, make it a vassal. */
  readonly stops: readonly EnergyVictoryStop[];
}

/** W2 read for `seat`: null when it does not own Suprématie, has forfeited (W2.4), or outside the conquest. */
export function energyVictoryConditions(state: GameState, seat: Seat): EnergyVictoryThreat | null {
  if (state.phase.name !== 'conquest') return null;
  const p = state.players[seat];
  if (!p || p.supremacyDay === null || p.forfeited) return null;
  const day = state.phase.day;
  const fromDay = Math.max(p.supremacyDay + 1, day);
  const heart = controlsHeart(state, seat);
  const connected = heart && connectedFrom(state, seat, portalKey(state, seat)).has(HEART_KEY);
  const vassal = p.suzerain !== null;
  const stops: EnergyVictoryStop[] = [];
  if (heart) stops.push('heart');
  if (connected) stops.push('connection');
  if (!vassal) stops.push('vassal');
  const holds = connected && !vassal;
  return { seat, since: p.supremacyDay, fromDay, heart, connected, vassal, holds, wouldWin: holds && fromDay === day, stops };
}

/** Every seat that could win by energy (W2), by seat: what the table shows so that nobody loses to it unwarned. */
export const energyVictoryThreats = (state: GameState): EnergyVictoryThreat[] => state.players.flatMap((_, seat) => energyVictoryConditions(state, seat) ?? []);
