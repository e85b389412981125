import {
  type Civilisation,
  type GameSetup,
  type GameState,
  COLOURS,
  awaiting,
  hexKey,
  legalOptions,
  play,
} from '../../engine/index.js';
import { type Agent, greedyAgent, randomAgent } from '../../engine/agents/index.js';
import { agentStream, localRandom, startLocalGame } from '../../engine/local/index.js';

/** One game of a tournament: who sat where, and the bots that played it. */
export interface MatchSpec {
  readonly civilisations: readonly Civilisation[];
  readonly seed: string;
  /** The day the game is stopped at if nobody has won: "no winner". */
  readonly days: number;
  readonly agent: 'greedy' | 'random';
}

/** What a game showed: the winner and how, how long it took, when Suprématie was first bought, the energy left. */
export interface MatchResult {
  readonly civilisations: readonly Civilisation[];
  readonly seed: string;
  readonly winner: number | null;
  /** W1 (the last suzerain: 'supremacy', the vassal victory), W2 (Suprématie's energy victory), or none by the day cap. */
  readonly how: 'supremacy' | 'energy' | null;
  /** The day the game ended on, or the cap. */
  readonly days: number;
  /** The day Suprématie was first bought, by anyone; null if never. */
  readonly supremacyBought: number | null;
  /** A Suprématie owner did not win at the end of the day after his purchase, its first chance (W2): the others stopped him. */
  readonly supremacyStopped: boolean;
  /** The day a seat first controlled the Heart of Eden; null if never. */
  readonly heartTaken: number | null;
  /** Energy stocks plus pure energy, averaged over the seats, at the end. */
  readonly energyLeft: number;
  readonly actions: number;
}

const dayOf = (state: GameState): number => (state.phase.name === 'conquest' ? state.phase.day : 0);

const HEART = hexKey({ q: 0, r: 0 });

/** Whether a seat controls the Heart of Eden (the territory at the map's centre). */
const heartHeld = (state: GameState): boolean => (state.territories[HEART]?.owner ?? null) !== null;

/**
 * Plays one game with bots from map creation to its end or its day cap, reading the engine's
 * events as it goes (a game is a few thousand actions: nothing is kept but the figures).
 */
export function playMatch(spec: MatchSpec): MatchResult {
  const setup: GameSetup = { players: spec.civilisations.map((civilisation, i) => ({ colour: COLOURS[i]!, civilisation })), firstSeat: 0 };
  const game = startLocalGame(setup, spec.seed);
  const agents: Agent[] = setup.players.map((_, seat) => (spec.agent === 'greedy' ? greedyAgent() : randomAgent(agentStream(spec.seed, seat))));
  let how: MatchResult['how'] = null;
  let supremacyBought: number | null = null;
  let heartTaken: number | null = null;
  let supremacyStopped = false;
  let actions = 0;
  for (;;) {
    const state = game.state;
    if (state.phase.name === 'conquest' && state.phase.day > spec.days) break;
    const who = awaiting(state);
    if (who.kind === 'over') break;
    const action =
      who.kind === 'random'
        ? { kind: 'random', value: localRandom(spec.seed, state.randomEvents) }
        : agents[who.seat]!(state, who.seat, legalOptions(state, who.seat, game.vaults[who.seat]!), game.vaults[who.seat]!);
    const next = play(state, action);
    if (!next.ok) throw new Error(`tournament: the engine refused a bot's action: ${next.error.code} (${next.error.rule}): ${next.error.message}`);
    game.state = next.value.state;
    actions++;
    for (const e of next.value.events) {
      if (e.kind === 'won') how = e.how;
      if (e.kind === 'cardsBought' && supremacyBought === null && e.technologies.includes('supremacy')) supremacyBought = dayOf(game.state);
      // A new day two days after a purchase: its owner's first chance (the day after the purchase) has passed without a win.
      if (e.kind === 'dayBegan' && game.state.players.some((p) => p.supremacyDay === e.day - 2)) supremacyStopped = true;
    }
    if (heartTaken === null && game.state.phase.name === 'conquest' && heartHeld(game.state)) heartTaken = dayOf(game.state);
  }
  const end = game.state;
  const winner = end.phase.name === 'conquest' ? end.phase.winner : null;
  const energyLeft = end.players.reduce((n, p) => n + p.energy + p.pure, 0) / end.players.length;
  return {
    civilisations: spec.civilisations,
    seed: spec.seed,
    winner,
    how: winner === null ? null : how,
    days: Math.min(dayOf(end), spec.days),
    supremacyBought,
    heartTaken,
    supremacyStopped,
    energyLeft,
    actions,
  };
}
