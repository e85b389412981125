/**
 * Helpers for the conquest's rule tests: a real game brought to day 1 by random agents, then
 * precise positions built by editing plain data (never mutating: every helper returns new objects).
 *
 * The fixture map (3 players, seed "conquest"), as axial "q,r" keys with the tile's colour:
 *
 *                                    2,-4 ma
 *                              1,-3 ma   2,-3 la   3,-3 fo              5,-3 @0
 *                         0,-2 mo   1,-2 bl*                      4,-2 la   5,-2 fo
 *   -3,-1 @1  -2,-1 pl            0,-1 bl   1,-1 fo   2,-1 ma   3,-1 de
 *                 -2,0 bl   -1,0 pl   0,0 HH    1,0 bl    2,0 fo
 *                                -1,1 bl   0,1 bl    1,1 de    2,1 mo
 *                         -2,2 la   -1,2 pl   0,2 de*   1,2 mo
 *                    -3,3 mo                        0,3 la
 *                                                      0,4 @2
 *
 * (* energy-rich.) Seat 0 is forest (elves), seat 1 mountain (dwarves), seat 2 lake (necromancers).
 * Directions 0..5 are E (1,0), SE (0,1), SW (-1,1), W (-1,0), NW (0,-1), NE (1,-1).
 */
import {
  type Action,
  type Battle,
  type GameState,
  type Hex,
  type Option,
  type SeatAction,
  type Stage,
  type Vault,
  applyAction,
  awaiting,
  cardOpening,
  hexKey,
  legalActions,
  legalOptions,
} from '../../engine/index.js';
import type { PlayerState, Territory } from '../../engine/core/state.js';
import { deal } from '../../engine/core/vault.js';
import { expandOption } from '../../engine/core/options.js';
import { passiveAction } from '../../engine/game/play.js';
import { type Agent, randomAgent } from '../../engine/agents/index.js';
import { type LocalGame, agentStream, localRandom, playLocal, startLocalGame } from '../../engine/local/index.js';
import type { CardId } from '../../engine/cards/catalogue.js';
import type { CardOpening, CombatChoice, SecretChoice } from '../../engine/core/actions.js';
import type { CombatRef } from '../../engine/core/state.js';
import type { Direction } from '../../engine/hex/index.js';
import { addSegment, nextRefs } from '../../engine/conquest/cards.js';
import { determineCombats } from '../../engine/conquest/expansion.js';
import { sealChoice, secretDigest } from '../../engine/core/secret.js';
import { must, setupFor } from './fixtures.js';

export const SEED = 'conquest';
export const H = (q: number, r: number): Hex => ({ q, r });

/** Directions by name (E, SE, SW, W, NW, NE). */
export const E = 0 as const;
export const SE = 1 as const;
export const SW = 2 as const;
export const W = 3 as const;
export const NW = 4 as const;
export const NE = 5 as const;

const starts = new Map<string, { state: GameState; vaults: readonly Vault[] }>();

/** Day 1 of the conquest, at the first player's moves: every seat committed its deck and drew 5 cards. */
export function conquestStart(players = 3, seed = SEED): LocalGame {
  const key = `${players}|${seed}`;
  let start = starts.get(key);
  if (!start) {
    const game = startLocalGame(setupFor(players), seed);
    const agents = Array.from({ length: players }, (_, s) => randomAgent(agentStream(seed, s)));
    playLocal(game, seed, agents, (s) => s.phase.name === 'conquest' && s.phase.stage.kind === 'moves');
    start = { state: game.state, vaults: game.vaults };
    starts.set(key, start);
  }
  return { state: start.state, vaults: start.vaults, log: [] };
}

/** The conquest phase of a state (throws before the conquest). */
export function phase(state: GameState) {
  if (state.phase.name !== 'conquest') throw new Error('not in the conquest');
  return state.phase;
}

export const stageOf = (state: GameState): Stage => phase(state).stage;

export type TerritorySpec = Partial<Territory> & { readonly frontier?: Territory['frontier'] };

/**
 * Replaces territories. A spec with an owner defaults to no frontier troops and no wild
 * markers; a spec with `owner: null` and no `wild` is an uncontrolled and empty territory.
 */
export function withTroops(state: GameState, specs: Readonly<Record<string, TerritorySpec>>): GameState {
  const territories = { ...state.territories };
  for (const [key, spec] of Object.entries(specs)) {
    if (!(key in territories)) throw new Error(`withTroops: ${key} is not on the map`);
    territories[key] = { owner: null, troops: 0, frontier: [0, 0, 0, 0, 0, 0], wild: [], ...spec };
  }
  return { ...state, territories };
}

/** Every territory of the map made wild (marker 2) except those listed: a clean board for a test. */
export function onlyTroops(state: GameState, specs: Readonly<Record<string, TerritorySpec>>, wild: readonly number[] = [2]): GameState {
  const territories: Record<string, Territory> = {};
  for (const key of Object.keys(state.territories)) territories[key] = { owner: null, troops: 0, frontier: [0, 0, 0, 0, 0, 0], wild };
  return withTroops({ ...state, territories }, specs);
}

/** A frontier with `n` troops in direction `dir`. */
export const front = (dir: number, n: number, others: Readonly<Record<number, number>> = {}): Territory['frontier'] => {
  const f = [0, 0, 0, 0, 0, 0];
  f[dir] = n;
  for (const [d, k] of Object.entries(others)) f[Number(d)] = k;
  return f as unknown as Territory['frontier'];
};

export function withPlayer(state: GameState, seat: number, patch: Partial<PlayerState>): GameState {
  return { ...state, players: state.players.map((p, i) => (i === seat ? { ...p, ...patch } : p)) };
}

/** Puts the game at a stage (and optionally patches the phase: combats, first, day...). */
export function atStage(state: GameState, stage: Stage, patch: Record<string, unknown> = {}): GameState {
  return { ...state, phase: { ...phase(state), stage, ...patch } };
}

/** The choosing stage (E9) with the combats of the position worked out (E7). */
export function atChoose(state: GameState, turn: number): GameState {
  return atStage(state, { kind: 'choose', turn }, { combats: determineCombats(state), resolved: [] });
}

/**
 * Gives `seat` exactly the hand `cards`: his current hand goes back to his draw pile, and a new
 * committed deal of `cards` (a segment built with the vault's own commitments) is drawn at once,
 * so that `cardOpening(vault, state, ref)` opens each of its references.
 */
export function handOf(state: GameState, seat: number, vault: Vault, cards: readonly CardId[]): GameState {
  const before = state.players[seat]!.cards;
  const segments = before.segments.map((s, i) => ({ ...s, refs: [...s.refs, ...before.hand.filter((r) => before.origin[r] === i)] }));
  const emptied = { ...before, segments, hand: [] };
  const values = [...cards].sort();
  const refs = nextRefs(seat, emptied, values.length);
  const id = `deal:${seat}:${emptied.segments.length}`;
  const added = addSegment(seat, emptied, values, deal(vault, id, refs, values).commitments);
  if (!added.ok) throw new Error(added.error.message);
  const dealt = added.value;
  const last = dealt.segments.length - 1;
  const drawn = { ...dealt, hand: [...refs], segments: dealt.segments.map((s, i) => (i === last ? { ...s, refs: [] } : s)) };
  return withPlayer(state, seat, { cards: drawn });
}

/** The openings of a seat's whole hand. */
export function handOpenings(state: GameState, seat: number, vault: Vault): CardOpening[] {
  return state.players[seat]!.cards.hand.map((ref) => {
    const o = cardOpening(vault, state, ref);
    if (!o) throw new Error(`no opening for ${ref}`);
    return o;
  });
}

/** The opening of a card of a seat's hand holding `card`. */
export function openingOf(state: GameState, seat: number, vault: Vault, card: CardId): CardOpening {
  const o = handOpenings(state, seat, vault).find((x) => x.value === card);
  if (!o) throw new Error(`seat ${seat} holds no ${card}`);
  return o;
}

/** A salt for secret choices. */
export const SALT = '0123456789abcdef0123456789abcdef';

/** The key test commitments are sealed with (their reveals are written by the tests themselves). */
export const TEST_SEAL = 'ab'.repeat(32);

export const commitOf = (state: GameState, seat: number, choice: SecretChoice, salt = SALT) => ({
  kind: 'commitSecret' as const,
  seat,
  digest: secretDigest(seat, phase(state).day, choice, salt),
  sealed: sealChoice(TEST_SEAL, seat, phase(state).day, choice, salt)!,
});
export const revealOf = (seat: number, choice: SecretChoice, salt = SALT) => ({ kind: 'revealSecret' as const, seat, choice, salt });
export const noFeint: SecretChoice = { purpose: 'feint', feints: [] };
export const noPurchase: SecretChoice = { purpose: 'purchase', cards: [], technologies: [] };

/**
 * A secret round (E5 or L1) at its reveal step, every seat having committed: `choices` by seat,
 * the passive choice for the others. The reveals start with `turn`.
 */
export function atReveal(state: GameState, purpose: 'feint' | 'purchase', choices: Readonly<Record<number, SecretChoice>>, turn = phase(state).first): GameState {
  const commits: Record<number, string> = {};
  const sealed: Record<number, string> = {};
  state.seats.forEach((_, seat) => {
    if (state.players[seat]!.forfeited) return;
    const c = commitOf(state, seat, choices[seat] ?? (purpose === 'feint' ? noFeint : noPurchase));
    commits[seat] = c.digest;
    sealed[seat] = c.sealed;
  });
  return atStage(state, { kind: 'secretReveal', round: { purpose, commits, sealed, reveals: {} }, turn });
}

/** Reveals every seat's choice of a round built with atReveal, in the order awaited. */
export function revealAll(state: GameState, choices: Readonly<Record<number, SecretChoice>> = {}): GameState {
  let s = state;
  for (;;) {
    const st = stageOf(s);
    if (st.kind !== 'secretReveal') return s;
    const seat = st.turn;
    s = must(s, revealOf(seat, choices[seat] ?? (st.round.purpose === 'feint' ? noFeint : noPurchase)));
  }
}

/**
 * A passive player who still acts himself: the table's passive choice where one action expresses
 * it (done, keep the hand, no feint, no purchase...), else the first legal action.
 */
export const passiveAgent: Agent = (state, _seat, options) => passiveAction(state) ?? expandOption(options[0]!)[0]!;

/**
 * Plays on from `state` with `agent` for every seat (random events from the seed), the table
 * answering for the `absent` seats, until `stop` holds or the game is over. Returns the final
 * state and every action applied.
 */
export function drive(
  state: GameState,
  vaults: readonly Vault[],
  stop: (s: GameState) => boolean,
  { agent = passiveAgent, absent = [], seed = SEED, limit = 5000 }: { agent?: Agent; absent?: readonly number[]; seed?: string; limit?: number } = {},
): { state: GameState; log: Action[] } {
  let s = state;
  const log: Action[] = [];
  for (let k = 0; k < limit; k++) {
    if (stop(s)) return { state: s, log };
    const who = awaiting(s);
    if (who.kind === 'over') return { state: s, log };
    let action: Action;
    if (who.kind === 'random') action = { kind: 'random', value: localRandom(seed, s.randomEvents) };
    else if (absent.includes(who.seat)) action = { kind: 'absent', seat: who.seat };
    else {
      const options = legalOptions(s, who.seat, vaults[who.seat]);
      if (options.length === 0) throw new Error(`drive: seat ${who.seat} has no legal action at ${JSON.stringify(stageOf(s)).slice(0, 200)}`);
      action = agent(s, who.seat, options, vaults[who.seat]!);
    }
    const r = applyAction(s, action);
    if (!r.ok) throw new Error(`drive: ${r.error.code} (${r.error.rule}) for ${JSON.stringify(action)}`);
    s = r.value;
    log.push(action);
  }
  throw new Error('drive: too many actions');
}

/** Stops at the next day's moves stage. */
export const nextDay = (day: number) => (s: GameState) => s.phase.name === 'conquest' && (s.phase.winner !== null || (s.phase.day > day && s.phase.stage.kind === 'moves'));

/** The battle being resolved, at any of its stages. */
export function battleOf(state: GameState): Battle {
  const st = stageOf(state);
  if (!('battle' in st)) throw new Error(`not in a combat: ${st.kind}`);
  return st.battle;
}

/** Every seat of the negotiation declares itself ready, in the order awaited. */
export function readyAll(state: GameState): GameState {
  let s = state;
  while (stageOf(s).kind === 'camps') {
    const who = awaiting(s);
    if (who.kind !== 'seat') break;
    s = must(s, { kind: 'done', seat: who.seat });
  }
  return s;
}

/** Builds the armies: each seat plays its listed units in order (one a turn), then declares its army complete. */
export function buildArmies(state: GameState, vaults: readonly Vault[], units: Readonly<Record<number, readonly CardId[]>> = {}): GameState {
  let s = state;
  const left: Record<number, CardId[]> = Object.fromEntries(Object.entries(units).map(([k, v]) => [k, [...v]]));
  while (stageOf(s).kind === 'armies') {
    const who = awaiting(s);
    if (who.kind !== 'seat') break;
    const next = left[who.seat]?.shift();
    s = must(s, next ? { kind: 'playUnit', seat: who.seat, opening: openingOf(s, who.seat, vaults[who.seat]!, next) } : { kind: 'done', seat: who.seat });
  }
  return s;
}

/** Every participant discards his units and keeps his hand, then the random draw replenishes the hands. */
export function keepAll(state: GameState): GameState {
  let s = state;
  for (;;) {
    const st = stageOf(s);
    const who = awaiting(s);
    if (who.kind !== 'seat') break;
    if (st.kind === 'returnUnits') s = must(s, { kind: 'returnUnits', seat: who.seat, units: [] });
    else if (st.kind === 'keepOrAccount') s = must(s, { kind: 'keepHand', seat: who.seat });
    else break;
  }
  if (stageOf(s).kind === 'drawing') s = must(s, { kind: 'random', value: localRandom(SEED, s.randomEvents) });
  return s;
}

/** Every action the seat may take now applies. */
export function allLegalApply(state: GameState, seat: number, vault?: Vault): SeatAction[] {
  const legal = legalActions(state, seat, vault);
  for (const a of legal) {
    const r = applyAction(state, a);
    if (!r.ok) throw new Error(`a listed legal action is refused: ${r.error.code} ${JSON.stringify(a)}`);
  }
  return legal;
}

/** The options offered to a seat, by their kind and the action kind they stand for. */
export const optionKinds = (options: readonly Option[]): string[] => options.map((o) => ('action' in o ? `${o.kind}:${o.action.kind}` : o.kind));

export const key = hexKey;

/** The conquest's set-up: the deal stage, no seat having committed its starting deck yet (K4, C5). */
export function dealStart(players = 3, seed = SEED): LocalGame {
  const game = startLocalGame(setupFor(players), seed);
  const agents = Array.from({ length: players }, (_, s) => randomAgent(agentStream(seed, s)));
  playLocal(game, seed, agents, (s) => s.phase.name === 'conquest');
  return game;
}

/**
 * Leaves `keep` cards in a seat's draw pile and puts the rest on his discard pile, as if they had
 * been drawn, played and discarded: opened with the vault, so the public record stays consistent.
 */
export function deckDown(state: GameState, seat: number, vault: Vault, keep: number): GameState {
  let cards = state.players[seat]!.cards;
  for (let i = 0; i < cards.segments.length; i++) {
    const seg = cards.segments[i]!;
    const gone = seg.refs.slice(keep);
    keep = Math.max(0, keep - seg.refs.length);
    if (gone.length === 0) continue;
    const values = gone.map((ref) => cardOpening(vault, state, ref)!.value);
    const remaining = { ...seg.remaining } as Record<string, number>;
    for (const v of values) if (--remaining[v]! === 0) delete remaining[v];
    const discard = { ...cards.discard } as Record<string, number>;
    for (const v of values) discard[v] = (discard[v] ?? 0) + 1;
    const commitments = { ...cards.commitments };
    const origin = { ...cards.origin };
    for (const ref of gone) {
      delete commitments[ref];
      delete origin[ref];
    }
    cards = {
      ...cards,
      segments: cards.segments.map((s, j) => (j === i ? { ...s, refs: s.refs.filter((r) => !gone.includes(r)), remaining } : s)),
      discard,
      commitments,
      origin,
    };
  }
  return withPlayer(state, seat, { cards });
}

/** A territory combat as an action names it, and as the state lists it (E7). */
export const T = (q: number, r: number): CombatChoice => ({ kind: 'territory', at: H(q, r) });
export const tRef = (at: string): CombatRef => ({ kind: 'territory', at });
/** A frontier combat by its side with the smaller key, as an action names it, and as the state lists it. */
export const F = (q: number, r: number, dir: Direction): CombatChoice => ({ kind: 'frontier', at: H(q, r), dir });
export const fRef = (at: string, dir: Direction): CombatRef => ({ kind: 'frontier', at, dir });

/** Applies the table's passive choice while the game stands at one of `kinds` (for tests that go through a step without choosing). */
export function passiveThrough(state: GameState, kinds: readonly string[]): GameState {
  let s = state;
  while (kinds.includes(stageOf(s).kind)) {
    const a = passiveAction(s);
    if (!a) break;
    s = must(s, a);
  }
  return s;
}
