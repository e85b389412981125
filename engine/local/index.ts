import type { Agent } from '../agents/agent.js';
import { fromHex, hashText } from '../core/hash.js';
import { RandomStream } from '../core/random.js';
import type { GameEvent } from '../core/events.js';
import type { GameState } from '../core/state.js';
import { type Vault, makeVault } from '../core/vault.js';
import type { Seat } from '../core/vocabulary.js';
import { awaiting, legalOptions, play } from '../game/play.js';
import { type GameSetup, newGame } from '../map/setup.js';

/**
 * Local mode: one process holds every seat's vault and feeds random events from a seed.
 * For tests, the simulator and bots; a networked game gets the same inputs from its peers.
 */

/** A seat's vault dealt from a seed, for local play and tests. */
export const localVault = (seed: string, seat: Seat): Vault => makeVault(seat, fromHex(hashText(`bfe/local/vault/${seed}/${seat}`))!);

/** The k-th random event's value, from a seed. */
export const localRandom = (seed: string, k: number): string => hashText(`bfe/local/random/${seed}/${k}`);

export interface LocalGame {
  state: GameState;
  readonly vaults: readonly Vault[];
  /** Every action applied, random events included, in order: the game's log. */
  readonly log: unknown[];
  /** What happened, action by action (the same length as the log), when kept. */
  readonly events?: (readonly GameEvent[])[];
}

export function startLocalGame(setup: GameSetup, seed: string, keepEvents = false): LocalGame {
  const created = newGame(setup);
  if (!created.ok) throw new Error(`startLocalGame: ${created.error.message}`);
  return { state: created.value, vaults: setup.players.map((_, seat) => localVault(seed, seat)), log: [], ...(keepEvents ? { events: [] } : {}) };
}

/** Applies one action, throwing if the engine refuses it (local drivers only feed legal actions). */
export function step(game: LocalGame, action: unknown): void {
  const next = play(game.state, action);
  if (!next.ok) throw new Error(`step: ${next.error.code} (${next.error.rule}): ${next.error.message} — ${JSON.stringify(action)}`);
  game.state = next.value.state;
  game.log.push(action);
  game.events?.push(next.value.events);
}

/**
 * Plays until `stop` says so or nobody is awaited: random events come from the seed,
 * seats act through their agents.
 */
export function playLocal(game: LocalGame, seed: string, agents: readonly Agent[], stop: (s: GameState) => boolean = () => false): void {
  for (;;) {
    if (stop(game.state)) return;
    const who = awaiting(game.state);
    if (who.kind === 'over') return;
    if (who.kind === 'random') {
      step(game, { kind: 'random', value: localRandom(seed, game.state.randomEvents) });
      continue;
    }
    const vault = game.vaults[who.seat]!;
    const options = legalOptions(game.state, who.seat, vault);
    if (options.length === 0) throw new Error(`playLocal: seat ${who.seat} is awaited but has no legal option`);
    step(game, agents[who.seat]!(game.state, who.seat, options, vault));
  }
}

/** A stream of agent choices seeded apart from the game's random events. */
export const agentStream = (seed: string, seat: Seat): RandomStream => new RandomStream(hashText(`bfe/local/agent/${seed}/${seat}`));
