import type { Emit } from '../core/events.js';
import type { GameState, PlayerState } from '../core/state.js';
import { HEART_KEY, isEnergyRich } from '../map/index-internal.js';
import { adjacency, connectedToPortal, ofOwnColour } from './territory.js';

/** What a seat produces this day (P2-P4): energy stocks and pure energy from its connected territories. */
export function production(state: GameState, seat: number): { energy: number; pure: number } {
  let energy = 0;
  let pure = 0;
  const heartNeighbours = new Set(adjacency(state)[HEART_KEY]!.filter((k): k is string => k !== null));
  for (const key of connectedToPortal(state, seat)) {
    const land = state.map[key];
    const isHeart = land?.kind === 'heart';
    if (land?.kind === 'land' && land.colour === 'black') continue;
    energy += 1;
    if (ofOwnColour(state, seat, key)) energy += 1;
    if (isEnergyRich(state, key)) energy += 1;
    if (isHeart) pure += 2;
    else if (heartNeighbours.has(key)) pure += 1;
  }
  return { energy, pure };
}

/** The Production phase (P1-P5): everyone at once, then each vassal's tribute, half rounded up, to his direct suzerain. */
export function produce(state: GameState, emit: Emit): GameState {
  // T7a: a seat that forfeited still produces and pays its tribute: these steps are automatic.
  const gains = state.players.map((_, seat) => production(state, seat));
  const players: PlayerState[] = state.players.map((p) => ({ ...p }));
  for (let seat = 0; seat < state.players.length; seat++) {
    const g = gains[seat]!;
    const up = state.players[seat]!.suzerain;
    const tribute = up === null ? { energy: 0, pure: 0 } : { energy: Math.ceil(g.energy / 2), pure: Math.ceil(g.pure / 2) };
    emit({ kind: 'produced', seat, energy: g.energy, pure: g.pure });
    if (up !== null && (tribute.energy > 0 || tribute.pure > 0)) emit({ kind: 'tributePaid', seat, to: up, energy: tribute.energy, pure: tribute.pure });
    players[seat] = { ...players[seat]!, energy: players[seat]!.energy + g.energy - tribute.energy, pure: players[seat]!.pure + g.pure - tribute.pure };
    if (up !== null) players[up] = { ...players[up]!, energy: players[up]!.energy + tribute.energy, pure: players[up]!.pure + tribute.pure };
  }
  return { ...state, players };
}
