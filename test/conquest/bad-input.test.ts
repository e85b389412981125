import { describe, expect, it } from 'vitest';
import {
  type GameState,
  type Vault,
  applyAction,
  awaiting,
  cardOpening,
  legalOptions,
  parseAction,
} from '../../engine/index.js';
import { ACTION_KINDS, type ActionKind } from '../../engine/core/actions.js';
import { canonicalJson } from '../../engine/core/canonical.js';
import { expandOption, optionSize } from '../../engine/core/options.js';
import { type LocalGame, agentStream, playLocal, startLocalGame } from '../../engine/local/index.js';
import { greedyAgent, optionLabel, randomAgent } from '../../engine/agents/index.js';
import { SEALED_BYTES } from '../../engine/core/secret.js';
import { setupFor } from '../support/fixtures.js';

/** A well-formed action of every kind for `seat`, with parameters taken from the game. */
function samples(state: GameState, seat: number, vault: Vault): unknown[] {
  const keys = Object.keys(state.territories).sort();
  const hex = (k: string | undefined) => {
    const [q, r] = (k ?? '0,0').split(',').map(Number);
    return { q, r };
  };
  const mine = keys.filter((k) => state.territories[k]?.owner === seat);
  const at = hex(mine[0] ?? keys[0]);
  const to = hex(mine[1] ?? keys[1]);
  const hand = state.players[seat]?.cards.hand ?? [];
  const opening = hand.length > 0 ? cardOpening(vault, state, hand[0]!) : { ref: 'card:0:0', value: 'crystal1', salt: '0'.repeat(32) };
  const digest = 'ab'.repeat(32);
  const salt = 'cd'.repeat(16);
  const byKind: Record<ActionKind, unknown> = {
    commitTiles: { kind: 'commitTiles', seat, commitments: Array(7).fill(digest).map((d, i) => d.slice(0, 62) + String(i).padStart(2, '0')) },
    drawTile: { kind: 'drawTile', seat },
    random: { kind: 'random', value: 'ef'.repeat(32) },
    placeTile: { kind: 'placeTile', seat, from: 'faceUp', at: { q: 1, r: -1 } },
    setAsideTile: { kind: 'setAsideTile', seat, from: 'faceUp' },
    placeBlack: { kind: 'placeBlack', seat, at: { q: 0, r: -2 } },
    placePortal: { kind: 'placePortal', seat, at: { q: 0, r: -4 } },
    removePortal: { kind: 'removePortal', seat },
    endTurn: { kind: 'endTurn', seat },
    commitCards: { kind: 'commitCards', seat, commitments: [digest] },
    moveTroops: { kind: 'moveTroops', seat, from: at, to, count: 1 },
    spread: { kind: 'spread', seat, at, dir: 0, count: 1 },
    done: { kind: 'done', seat },
    commitSecret: { kind: 'commitSecret', seat, digest, sealed: '00'.repeat(SEALED_BYTES) },
    revealSecret: { kind: 'revealSecret', seat, choice: { purpose: 'feint', feints: [] }, salt },
    chooseCombat: { kind: 'chooseCombat', seat, combat: { kind: 'territory', at: { q: 0, r: 0 } } },
    joinCamp: { kind: 'joinCamp', seat, camp: 'defender' },
    answer: { kind: 'answer', seat, accept: true },
    withdraw: { kind: 'withdraw', seat, at, dir: 0, count: 1 },
    discardExtra: { kind: 'discardExtra', seat, cards: [opening] },
    playUnit: { kind: 'playUnit', seat, opening },
    activate: { kind: 'activate', seat, unit: 0, ability: 0, targets: [null] },
    putBack: { kind: 'putBack', seat, first: 'keep', order: [] },
    ignoreEffect: { kind: 'ignoreEffect', seat, ignore: true },
    chooseOpposing: { kind: 'chooseOpposing', seat, camp: 'defender' },
    allocateLosses: { kind: 'allocateLosses', seat, at, take: [{ dir: 0, count: 1 }] },
    refill: { kind: 'refill', seat, at, take: [{ dir: 0, count: 1 }] },
    returnUnits: { kind: 'returnUnits', seat, units: [0] },
    keepHand: { kind: 'keepHand', seat },
    accountHand: { kind: 'accountHand', seat, cards: [opening], setAside: 0 },
    exercise: { kind: 'exercise', seat, from: at, to },
    placeTroops: { kind: 'placeTroops', seat, at },
    request: { kind: 'request', seat, vassal: (seat + 1) % state.seats.length, at, from: to, count: 1 },
    vacate: { kind: 'vacate', seat, to },
    absent: { kind: 'absent', seat },
  };
  return ACTION_KINDS.map((k) => byKind[k]);
}

function visit(game: LocalGame, seed: string, agents: Parameters<typeof playLocal>[2], every: number, check: (s: GameState) => void, days = 4) {
  let n = 0;
  playLocal(game, seed, agents, (s) => {
    if (n++ % every === 0) check(s);
    return s.phase.name === 'conquest' && s.phase.day > days;
  });
}

describe('every kind of illegal action, in every phase, is refused with a reason and changes nothing', () => {
  const stagesSeen = new Set<string>();
  const check = (game: LocalGame) => (state: GameState) => {
    const who = awaiting(state);
    if (who.kind === 'over') return;
    const stage = `${state.phase.name}/${state.phase.stage.kind}`;
    stagesSeen.add(stage);
    const before = canonicalJson(state);
    const seat = who.kind === 'seat' ? who.seat : 0;
    const vault = game.vaults[seat]!;
    const options = legalOptions(state, seat, vault);
    const legalKinds = new Set<string>(options.map(optionLabel));
    const legal = options.filter((o) => optionSize(o) <= 50).flatMap(expandOption);
    if (who.kind === 'seat') legalKinds.add('absent');
    if (who.kind === 'random') legalKinds.add('random');
    for (const action of samples(state, seat, vault)) {
      const kind = (action as { kind: string }).kind;
      expect(parseAction(action).ok).toBe(true);
      if (!legalKinds.has(kind)) {
        // A kind the engine does not offer now is refused, whatever its parameters.
        const r = applyAction(state, action);
        expect(r.ok, `${stage}: ${kind} should be refused`).toBe(false);
        if (!r.ok) expect(r.error.message.length).toBeGreaterThan(0);
      }
      // Anything from a seat that is not awaited is refused.
      for (let other = 0; other < state.seats.length; other++) {
        if (who.kind === 'seat' && other === seat) continue;
        const r = applyAction(state, { ...(action as object), seat: other });
        if (kind === 'random') continue;
        expect(r.ok, `${stage}: ${kind} from seat ${other}`).toBe(false);
      }
    }
    // Each legal action with a wrong seat is refused too.
    for (const a of legal.slice(0, 5)) {
      const r = applyAction(state, { ...a, seat: (seat + 1) % state.seats.length });
      expect(r.ok).toBe(false);
    }
    expect(canonicalJson(state)).toBe(before);
  };

  it('random and greedy games, 2 to 5 players', () => {
    for (const players of [2, 3, 5]) {
      const seed = `bad-${players}`;
      const random = startLocalGame(setupFor(players), seed);
      visit(random, seed, random.vaults.map((_, s) => randomAgent(agentStream(seed, s))), 7, check(random));
      const greedy = startLocalGame(setupFor(players), `${seed}-g`);
      visit(greedy, `${seed}-g`, greedy.vaults.map(() => greedyAgent()), 5, check(greedy), 8);
    }
    const stages = ['pile', 'take', 'draw', 'place', 'portal', 'finalRound'].map((k) => `mapCreation/${k}`);
    for (const k of ['deal', 'drawing', 'moves', 'spread', 'secretCommit', 'secretReveal', 'choose', 'camps', 'armies', 'returnUnits', 'keepOrAccount', 'exercise']) stages.push(`conquest/${k}`);
    for (const stage of stages)
      expect(stagesSeen, stage).toContain(stage);
  });
});
