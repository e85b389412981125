import { type HexKey, parseHexKey } from '../hex/index.js';
import type { Emit } from '../core/events.js';
import type { GameState, Territory } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { activeSeats } from './order.js';
import { patchPhase, phaseOf } from './phase.js';
import { adjacency, portalKey, sameGroup, withTerritories } from './territory.js';

/**
 * Who is whose vassal, derived in one place from who holds which portal (B13, S3, S3h): a seat
 * whose portal another seat controls is that seat's vassal; one whose portal is his own or empty
 * has no suzerain. The game's flow calls this after every step that can move a portal's control
 * (engine/game/play.ts after each action, and the steps inside one action that read the groups).
 * New groups call their frontier troops facing each other home (S3b); a change is checked for a
 * Supremacy victory (W1).
 */
export function deriveVassals(state: GameState, emit: Emit): GameState {
  if (state.phase.name !== 'conquest' || state.players.length === 0) return state;
  const keys = portalKeys(state);
  const wanted = keys.map((key, seat) => {
    const owner = state.territories[key]?.owner ?? null;
    return owner === null || owner === seat ? null : owner;
  });
  // A chain that loops (two players holding each other's portals) is broken at its first seat in seat order, so groups stay trees.
  for (let seat = 0; seat < wanted.length; seat++) {
    const seen = new Set<number>([seat]);
    for (let s = wanted[seat]!; s !== null; s = wanted[s]!) {
      if (seen.has(s)) {
        wanted[seat] = null;
        break;
      }
      seen.add(s);
    }
  }
  if (wanted.every((w, seat) => w === state.players[seat]!.suzerain)) return state;
  wanted.forEach((w, seat) => {
    const was = state.players[seat]!.suzerain;
    if (was === w) return;
    if (was !== null) emit({ kind: 'vassalFreed', vassal: seat, suzerain: was });
    if (w !== null) {
      emit({ kind: 'portalTaken', seat: w, owner: seat, at: parseHexKey(keys[seat]!) });
      emit({ kind: 'vassalMade', vassal: seat, suzerain: w });
    }
  });
  const next: GameState = { ...state, players: state.players.map((p, seat) => (p.suzerain === wanted[seat] ? p : { ...p, suzerain: wanted[seat]! })) };
  return checkSupremacy(callBackGroupFrontiers(next, emit), emit);
}

/** The portals' keys, by seat: fixed once the conquest begins, so kept per seats record. */
const portalKeyCache = new WeakMap<GameState['seats'], readonly string[]>();
function portalKeys(state: GameState): readonly string[] {
  let keys = portalKeyCache.get(state.seats);
  if (!keys) portalKeyCache.set(state.seats, (keys = state.seats.map((_, seat) => portalKey(state, seat))));
  return keys;
}

/** S3b: troops at frontiers facing a territory of one's own group go back to their territory. */
function callBackGroupFrontiers(state: GameState, emit: Emit): GameState {
  const changes: Record<HexKey, Territory> = {};
  const adj = adjacency(state);
  for (const key of Object.keys(state.territories).sort()) {
    const t = state.territories[key]!;
    if (t.owner === null) continue;
    let back = 0;
    const frontier = t.frontier.map((n, d) => {
      const other = adj[key]![d];
      const o = other ? state.territories[other]!.owner : null;
      if (n > 0 && o !== null && sameGroup(state, t.owner!, o)) {
        back += n;
        return 0;
      }
      return n;
    });
    if (back > 0) {
      changes[key] = { ...t, troops: t.troops + back, frontier: frontier as unknown as Territory['frontier'] };
      emit({ kind: 'troopsCalledBack', seat: t.owner, at: parseHexKey(key), count: back });
    }
  }
  return Object.keys(changes).length > 0 ? withTerritories(state, changes) : state;
}

/** W1b: how many of the others may stay out of the winner's vassal chain, by how many players are still in the game. */
export const holdoutsAllowed = (inGame: number): number => (inGame >= 6 ? 2 : inGame === 5 ? 1 : 0);

/**
 * W1, W1a, W1b: a player wins when every other player still in the game is in his vassal chain,
 * but one when five are still in it and two when six are; the last one left wins.
 */
export function checkSupremacy(state: GameState, emit: Emit): GameState {
  if (phaseOf(state).winner !== null) return state;
  const active = activeSeats(state);
  if (active.length === 0) return state;
  const chainOf = (seat: Seat): Seat[] => {
    const out: Seat[] = [];
    for (let s = state.players[seat]!.suzerain; s !== null && !out.includes(s); s = state.players[s]!.suzerain) out.push(s);
    return out;
  };
  const holdouts = holdoutsAllowed(active.length);
  const winner = active.length === 1 ? active[0]! : active.find((x) => active.filter((s) => s !== x && !chainOf(s).includes(x)).length <= holdouts);
  if (winner === undefined) return state;
  emit({ kind: 'won', seat: winner, how: 'supremacy' });
  return patchPhase(state, { winner });
}
