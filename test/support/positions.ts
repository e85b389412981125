import {
  type GameState,
  type Vault,
  awaiting,
  commitFor,
  legalOptions,
} from '../../engine/index.js';
import { optionSize } from '../../engine/core/options.js';
import { passiveAction } from '../../engine/game/play.js';
import { addUnit, openExercise } from '../../engine/conquest/battle.js';
import { randomAgent } from '../../engine/agents/index.js';
import { agentStream, localVault, playLocal, startLocalGame } from '../../engine/local/index.js';
import { must, setupFor } from './fixtures.js';
import { asCiv, battleOf, deckOf, duel, luck, playCard, threeCamps, unitOf } from './abilities.js';
import {
  E,
  H,
  NE,
  NW,
  SE,
  SW,
  T,
  W,
  SEED,
  atChoose,
  atStage,
  buildArmies,
  conquestStart,
  front,
  handOf,
  passiveThrough,
  readyAll,
  withPlayer,
  withTroops,
} from './conquest.js';

/**
 * Named positions for the perft table and the option-coverage test: one or more for every
 * decision stage, each with the seed its seats' vaults come from (localVault(seed, seat)).
 */
export interface Position {
  readonly name: string;
  /** The vaults' seed: the seats' secrets in this position. */
  readonly seed: string;
  readonly state: GameState;
}

export const vaultsFor = (state: GameState, seed: string): Vault[] => state.seats.map((_, seat) => localVault(seed, seat));

/** A random game of `players` from `seed`, stopped at the first state `stop` accepts (its vaults: the same seed). */
function randomUntil(players: number, seed: string, stop: (s: GameState) => boolean): Position['state'] {
  const game = startLocalGame(setupFor(players), seed);
  const agents = game.vaults.map((_, s) => randomAgent(agentStream(seed, s)));
  playLocal(game, seed, agents, (s) => stop(s) || (s.phase.name === 'conquest' && s.phase.day > 12));
  if (!stop(game.state)) throw new Error(`positions: ${seed} never reached the position`);
  return game.state;
}

/** The first of several seeds that reaches the position. */
function firstSeed(players: number, prefix: string, stop: (s: GameState) => boolean): Position {
  for (let k = 0; k < 200; k++) {
    try {
      const seed = `${prefix}-${k}`;
      return { name: '', seed, state: randomUntil(players, seed, stop) };
    } catch {
      // this seed never gets there: try the next
    }
  }
  throw new Error(`positions: no seed of ${prefix} reaches the position`);
}

const at = (kind: string) => (s: GameState) => s.phase.stage.kind === kind;

/** The number of legal actions of the awaited seat, without its vault. */
const perftSize = (s: GameState): number => {
  const who = awaiting(s);
  return who.kind === 'seat' ? legalOptions(s, who.seat).reduce((n, o) => n + optionSize(o), 0) : 0;
};

function conquest(build: (state: GameState, vaults: readonly Vault[]) => GameState): Position {
  const g = conquestStart();
  return { name: '', seed: SEED, state: build(g.state, g.vaults) };
}

/** The positions, by name; `withMap` false: the conquest's only. */
export function buildPositions(withMap = true): Position[] {
  const named = (name: string, p: Position): Position => ({ ...p, name });
  const combat = (state: GameState, board: Parameters<typeof withTroops>[1], chooser: number, combat: ReturnType<typeof T> | { kind: 'frontier'; at: { q: number; r: number }; dir: 0 | 1 | 2 | 3 | 4 | 5 }) =>
    must(atChoose(withTroops(state, board), chooser), { kind: 'chooseCombat', seat: chooser, combat });
  const negotiation = {
    '2,0': { owner: 2, troops: 3 },
    '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) },
    '1,0': { owner: 1, troops: 1, frontier: front(E, 2) },
  };
  const losing = (state: GameState, vaults: readonly Vault[]) => {
    const s = handOf(
      withTroops(state, {
        '2,-1': { owner: 0, troops: 1, frontier: front(W, 7) },
        '1,-1': { owner: 1, troops: 2, frontier: front(E, 1, { [SW]: 2, [NW]: 2 }) },
      }),
      0,
      vaults[0]!,
      ['elves.immortal'],
    );
    return buildArmies(readyAll(must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: { kind: 'frontier', at: H(2, -1), dir: W } })), vaults, { 0: ['elves.immortal'] });
  };
  const vassal = (state: GameState) =>
    withPlayer(
      withTroops(state, { '0,4': { owner: 0, troops: 2 }, '0,3': { owner: 2, troops: 3 }, '0,2': { owner: 2, troops: 1 }, '1,2': { owner: 0, troops: 4 }, '1,1': { owner: 2, troops: 5 } }),
      2,
      { suzerain: 0 },
    );
  // Map creation (random games: the slow part, left out by tests that build their own)
  const map = (): Position[] => [
    named('pile: the first seat commits its tiles', { name: '', seed: 'perft-pile', state: startLocalGame(setupFor(3), 'perft-pile').state }),
    named('take: a seat draws or places its face-up tile', firstSeed(4, 'perft-take', (s) => at('take')(s) && s.seq > 12)),
    named('place: a drawn tile to place', firstSeed(4, 'perft-place', (s) => at('place')(s) && s.seq > 20)),
    named('portal: add, move or remove the portal', firstSeed(3, 'perft-portal', (s) => at('portal')(s) && s.seats[(s.phase.stage as { turn: number }).turn]!.portal !== null && perftSize(s) > 3)),
    named('blacks: black tiles owed', firstSeed(4, 'perft-blacks', at('blacks'))),
    named('finalRound: the last round', firstSeed(2, 'perft-final', at('finalRound'))),
  ];
  return [
    ...(withMap ? map() : []),
    // The conquest
    named('deal: starting decks to commit', firstSeed(3, 'perft-deal', at('deal'))),
    named('moves: day 1', conquest((s) => s)),
    named('spread: frontiers open', conquest((s) => atStage(withTroops(s, { '4,-2': { owner: 0, troops: 4 }, '5,-2': { owner: 0, troops: 1 } }), { kind: 'spread', turn: 0, left: 3 }))),
    named('secretCommit: feints', conquest((s) => atStage(withTroops(s, { '4,-2': { owner: 0, troops: 1, frontier: front(SW, 3, { [W]: 2 }) } }), { kind: 'secretCommit', round: { purpose: 'feint', commits: {}, sealed: {}, reveals: {} }, turn: 0 }))),
    named('secretCommit: purchases', conquest((s) => atStage(withPlayer(s, 0, { setAside: 4, energy: 6, pure: 26 }), { kind: 'secretCommit', round: { purpose: 'purchase', commits: {}, sealed: {}, reveals: {} }, turn: 0 }))),
    named('secretReveal: the committed choice', conquest((s, v) => {
      // Every seat commits a feint with its own vault (sealed for it): seat 0 calls 1 troop back.
      let t = atStage(withTroops(s, { '4,-2': { owner: 0, troops: 1, frontier: front(SW, 3) } }), { kind: 'secretCommit', round: { purpose: 'feint', commits: {}, sealed: {}, reveals: {} }, turn: 0 });
      for (let k = 0; k < 3; k++) {
        const who = awaiting(t);
        if (who.kind !== 'seat') break;
        const option = legalOptions(t, who.seat, v[who.seat]).find((o) => o.kind === 'feints');
        if (option?.kind !== 'feints') throw new Error('no feint option');
        t = must(t, commitFor(option, { purpose: 'feint', feints: option.stacks.slice(0, 1).map((x) => ({ ...x, count: 1 })) })!);
      }
      return t;
    })),
    named('choose: combats to choose', conquest((s) => atChoose(withTroops(s, { '2,-1': { owner: 0, troops: 1, frontier: front(W, 2) }, '1,-1': { owner: 1, troops: 1, frontier: front(E, 1) }, '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) }, '2,0': { owner: 2, troops: 3 } }), 0))),
    named('camps: negotiation', conquest((s) => combat(s, negotiation, 0, T(2, 0)))),
    named('proposal: an answer awaited', conquest((s) => must(combat(s, negotiation, 0, T(2, 0)), { kind: 'joinCamp', seat: 0, camp: 1 }))),
    named('discards: a seat on two frontiers', conquest((s, v) => readyAll(combat(handOf(s, 0, v[0]!, ['crystal1', 'terrain', 'elves.basic', 'elves.warrior']), { '2,0': { owner: 1, troops: 3 }, '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) }, '2,-1': { owner: 0, troops: 1, frontier: front(SE, 2) } }, 0, T(2, 0))))),
    named('armies: units in hand', conquest((s, v) => readyAll(combat(handOf(s, 0, v[0]!, ['elves.basic', 'elves.warrior', 'elves.warrior', 'crystal1']), negotiation, 0, T(2, 0))))),
    named('opposing: tied strongest camps', conquest((s, v) => buildArmies(passiveThrough(readyAll(combat(s, { '1,0': { owner: 2, troops: 9 }, '2,0': { owner: 0, troops: 1, frontier: front(W, 5) }, '1,1': { owner: 1, troops: 1, frontier: front(NW, 4) }, '0,1': { owner: 1, troops: 1, frontier: front(NE, 5) } }, 0, T(1, 0))), ['discards']), v))),
    named('losses: frontiers to pay', conquest(losing)),
    named('refill: an emptied territory', conquest((s, v) => must(losing(s, v), { kind: 'allocateLosses', seat: 1, at: H(1, -1), take: [{ dir: NW, count: 1 }] }))),
    named('returnUnits: units to return', conquest((s) => {
      let battle = openExercise(0, '4,-2', E);
      for (const card of ['elves.basic', 'elves.warrior', 'elves.warrior'] as const) battle = addUnit(battle, 0, card).battle;
      return atStage(s, { kind: 'returnUnits', waiting: [0], battle, then: { kind: 'exercise', turn: 1, left: 2 } });
    })),
    named('keepOrAccount: a hand of crystals', conquest((s, v) => {
      const battle = openExercise(0, '4,-2', E);
      return atStage(handOf(withPlayer(s, 0, { energy: 10, setAside: 1 }), 0, v[0]!, ['crystal2', 'crystal3', 'terrain']), { kind: 'keepOrAccount', waiting: [0], battle, then: { kind: 'exercise', turn: 1, left: 2 } });
    })),
    named('exercise: adjacent territories', conquest((s) => atStage(s, { kind: 'exercise', turn: 0, left: 3 }))),
    named('vassalTroops: a connected vassal places his troops', conquest((s) => atStage(vassal(s), { kind: 'vassalTroops', seat: 2, troops: 2, then: { kind: 'requests', turn: 0, left: 3 } }))),
    named('requests: a suzerain and his vassal', conquest((s) => atStage(vassal(s), { kind: 'requests', turn: 0, left: 3 }))),
    named('vacate: the vassal chooses where to go', conquest((s) => must(atStage(vassal(s), { kind: 'requests', turn: 0, left: 3 }), { kind: 'request', seat: 0, vassal: 2, at: H(0, 3), from: H(1, 2), count: 2 }))),
    // Card effects (K15-K18): ability windows, a reveal to its owner alone, a negative effect that may be ignored.
    named('abilities: a Shaman\'s two immediate abilities', conquest((s, v) => playCard(duel(deckOf(handOf(s, 0, v[0]!, ['druids.shaman', 'crystal1']), 0, v[0]!, ['crystal2'])), v[0]!, 'druids.shaman'))),
    named('abilities: a Vanguard places a unit from the hand', conquest((s, v) => playCard(duel(handOf(s, 0, v[0]!, ['tritons.vanguard', 'dwarves.captain', 'elves.warrior', 'crystal1'])), v[0]!, 'tritons.vanguard'))),
    named('abilities: the delayed window, a Grave Caller and a Skeleton', conquest((s, v) => {
      let t = handOf(asCiv(s, 0, 'necromancers'), 0, v[0]!, ['necromancers.graveCaller', 'necromancers.skeleton']);
      t = duel(deckOf(t, 0, v[0]!, [], ['crystal1', 'terrain']));
      t = playCard(t, v[0]!, 'necromancers.graveCaller');
      t = must(t, { kind: 'done', seat: 1 });
      t = playCard(t, v[0]!, 'necromancers.skeleton');
      return must(t, { kind: 'done', seat: 0 });
    })),
    named('peek: two cards revealed to their owner', conquest((s, v) => {
      let t = playCard(duel(deckOf(handOf(s, 0, v[0]!, ['dwarves.infantrySquad']), 0, v[0]!, ['dwarves.captain', 'crystal1', 'crystal2'])), v[0]!, 'dwarves.infantrySquad');
      t = must(t, { kind: 'activate', seat: 0, unit: unitOf(t, 'dwarves.infantrySquad'), ability: 0, targets: [null] });
      return luck(t);
    })),
    named('ignore: a negative effect the target may ignore', conquest((s, v) => {
      let t = handOf(handOf(handOf(s, 0, v[0]!, ['druids.hexer']), 1, v[1]!, ['elves.basic', 'druids.hexer']), 2, v[2]!, ['elves.basic', 'elves.warrior']);
      t = threeCamps(t, 2, [[1, 0]]);
      t = playCard(t, v[2]!, 'elves.basic');
      t = playCard(t, v[0]!, 'druids.hexer');
      t = must(t, { kind: 'activate', seat: 0, unit: unitOf(t, 'druids.hexer'), ability: 0, targets: [{ kind: 'camp', camp: 'defender', units: [unitOf(t, 'elves.basic')] }] });
      t = playCard(playCard(t, v[1]!, 'elves.basic'), v[2]!, 'elves.warrior');
      t = playCard(must(t, { kind: 'done', seat: 0 }), v[1]!, 'druids.hexer');
      const hexer = battleOf(t).units.find((u) => u.card === 'druids.hexer' && u.owner === 1)!.id;
      return must(t, { kind: 'activate', seat: 1, unit: hexer, ability: 0, targets: [{ kind: 'camp', camp: 'defender', units: [unitOf(t, 'elves.warrior')] }] });
    })),
    // The complete Worlds' words: a unit of the army chosen, a unit raised from the discard pile, energy paid.
    named('abilities: a Cultist chooses which unit of its army it destroys', conquest((s, v) => {
      let t = handOf(asCiv(s, 0, 'necromancers'), 0, v[0]!, ['necromancers.skeleton', 'necromancers.ghoul', 'necromancers.cultist']);
      t = playCard(duel(deckOf(t, 0, v[0]!, ['crystal1', 'crystal2'])), v[0]!, 'necromancers.skeleton');
      t = playCard(must(t, { kind: 'done', seat: 1 }), v[0]!, 'necromancers.ghoul');
      return playCard(t, v[0]!, 'necromancers.cultist');
    })),
    named('abilities: a Necromancer raises a unit from the discard pile (delayed)', conquest((s, v) => {
      let t = handOf(asCiv(s, 0, 'necromancers'), 0, v[0]!, ['necromancers.necromancer']);
      t = playCard(duel(deckOf(t, 0, v[0]!, [], ['necromancers.skeleton', 'necromancers.deathKnight', 'necromancers.lich', 'crystal1'])), v[0]!, 'necromancers.necromancer');
      return must(must(t, { kind: 'done', seat: 1 }), { kind: 'done', seat: 0 });
    })),
    named('abilities: a Blaster pays energy stocks to clear a row', conquest((s, v) => {
      let t = handOf(handOf(withPlayer(asCiv(s, 0, 'miners'), 0, { energy: 5 }), 0, v[0]!, ['miners.blaster']), 1, v[1]!, ['elves.warrior', 'dwarves.hammerguard']);
      t = playCard(duel(t, 1), v[1]!, 'elves.warrior');
      return playCard(t, v[0]!, 'miners.blaster');
    })),
    // The supply's cards (K12a, K13a): common cards and crystals played as units, pure energy in an accounting, the Energy Shield.
    named('armies: Favourable Ground on its terrain, an Opportunity, crystals with the Overcharged Crystal', conquest((s, v) => {
      const t = withPlayer(handOf(s, 0, v[0]!, ['terrain', 'opportunity', 'crystal2', 'elves.basic']), 0, { technologies: ['overcharged'] });
      return readyAll(combat(t, { '2,0': { owner: 2, troops: 3 }, '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) } }, 0, T(2, 0)));
    })),
    named('keepOrAccount: pure energy counts with the Resonance Amplifier', conquest((s, v) => {
      const battle = openExercise(0, '4,-2', E);
      const t = withPlayer(handOf(s, 0, v[0]!, ['crystal2', 'elves.basic']), 0, { energy: 20, setAside: 0, pure: 4, technologies: ['amplifier'] });
      return atStage(t, { kind: 'keepOrAccount', waiting: [0], battle, then: { kind: 'exercise', turn: 1, left: 2 } });
    })),
    named('ignore: the Energy Shield against a first negative effect', conquest((s, v) => {
      let t = withPlayer(handOf(handOf(asCiv(s, 0, 'druids'), 0, v[0]!, ['druids.hexer']), 1, v[1]!, ['dwarves.basic']), 1, { technologies: ['shield'] });
      t = playCard(duel(t, 1), v[1]!, 'dwarves.basic');
      t = playCard(t, v[0]!, 'druids.hexer');
      return must(t, { kind: 'activate', seat: 0, unit: unitOf(t, 'druids.hexer'), ability: 0, targets: [{ kind: 'camp', camp: 1, units: [unitOf(t, 'dwarves.basic')] }] });
    })),
    named('over: a victory', conquest((s) => {
      let t = withTroops(s, { '0,3': { owner: 0, troops: 1, frontier: front(SE, 4) }, '0,4': { owner: 2, troops: 1 }, '-3,-1': { owner: 2, troops: 1 } });
      t = withPlayer(t, 1, { suzerain: 2 });
      return buildArmies(readyAll(must(atChoose(t, 0), { kind: 'chooseCombat', seat: 0, combat: T(0, 4) })), []);
    })),
  ];
}

/** Positions met in random games: every `every`-th state of a few games of each size, for property tests. */
export function randomPositions(every = 9, seeds = 2): Position[] {
  const out: Position[] = [];
  for (let players = 2; players <= 6; players++) {
    for (let k = 0; k < seeds; k++) {
      const seed = `cover-${players}-${k}`;
      const game = startLocalGame(setupFor(players), seed);
      const agents = game.vaults.map((_, s) => randomAgent(agentStream(seed, s)));
      let n = 0;
      playLocal(game, seed, agents, (s) => {
        if (n++ % every === 0 && awaiting(s).kind === 'seat') out.push({ name: `${seed}@${s.seq}`, seed, state: s });
        return s.phase.name === 'conquest' && s.phase.day > 5;
      });
    }
  }
  return out;
}

export { passiveAction };
