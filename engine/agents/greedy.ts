import { type CardId, costOf, crystalValue, strengthOf } from '../cards/catalogue.js';
import type { SeatAction, Take } from '../core/actions.js';
import { compareCodeUnits } from '../core/canonical.js';
import { type CountedAction, type Option, commitFor, expandOption } from '../core/options.js';
import type { GameState } from '../core/state.js';
import { type Vault, cardOpening } from '../core/vault.js';
import type { Seat } from '../core/vocabulary.js';
import { hexKey } from '../hex/index.js';
import { frontierOpen } from '../conquest/expansion.js';
import { neighbourKey } from '../conquest/territory.js';
import type { Agent } from './agent.js';

/** What it takes to beat a territory: its wild markers, or its troops and those facing us. */
function defence(state: GameState, key: string): number {
  const t = state.territories[key]!;
  if (t.owner === null) return t.wild.reduce((a, b) => a + b, 0);
  return t.troops + t.frontier.reduce((a, b) => a + b, 0);
}

function handStrength(state: GameState, seat: Seat, vault: Vault): number {
  return state.players[seat]!.cards.hand.reduce((n, ref) => {
    const o = cardOpening(vault, state, ref);
    return n + (o ? strengthOf(o.value) : 0);
  }, 0);
}

/** The strongest army the stocks set aside can buy, strongest units first, then one crystal with what is left, and affordable technologies. */
function bundle(option: Extract<Option, { kind: 'purchase' }>): { cards: CardId[]; technologies: Extract<Option, { kind: 'purchase' }>['technologies'][number]['card'][] } {
  const cards: CardId[] = [];
  let budget = option.setAside;
  // The World's units on offer, plain or designed: the strongest first, then the cheapest.
  const units = [...option.units].sort((a, b) => strengthOf(b.card) - strengthOf(a.card) || a.cost - b.cost || compareCodeUnits(a.card, b.card));
  for (const u of units) {
    let left = u.max;
    while (left > 0 && u.cost <= budget) {
      cards.push(u.card);
      budget -= u.cost;
      left--;
    }
  }
  // One crystal a day at most, the best affordable: more would dilute the deck.
  const crystal = (['crystal3', 'crystal2', 'crystal1'] as const).find((c) => option.commons.some((x) => x.card === c) && costOf(c) <= budget + option.energy);
  if (crystal) cards.push(crystal);
  const technologies: (typeof option.technologies)[number]['card'][] = [];
  let pure = option.pure;
  for (const t of option.technologies)
    if (t.cost <= pure) {
      technologies.push(t.card);
      pure -= t.cost;
    }
  return { cards: cards.sort(compareCodeUnits), technologies: technologies.sort(compareCodeUnits) };
}

/** Losses or a refill taken from the frontiers in direction order. */
function inOrder(stacks: readonly Take[], need: number): Take[] {
  let left = need;
  return stacks
    .map((s) => {
      const n = Math.min(left, s.count);
      left -= n;
      return { dir: s.dir, count: n };
    })
    .filter((s) => s.count > 0);
}

/**
 * A greedy agent: spreads its troops towards the weakest neighbour it can beat, plays its strongest
 * units, accounts for its hand when it holds crystals, buys the strongest army it can. Chooses only
 * among the engine's legal options.
 */
export function greedyAgent(): Agent {
  return (state, seat, options, vault) => {
    const first = (o: Option): SeatAction => expandOption(o)[0]!;
    const done = options.find((o): o is Extract<Option, { kind: 'one' }> => o.kind === 'one' && (o.action.kind === 'done' || o.action.kind === 'endTurn'))?.action;
    const counts = <K extends CountedAction['kind']>(kind: K) =>
      options.flatMap((o) => (o.kind === 'count' && o.action.kind === kind ? [{ action: o.action as Extract<CountedAction, { kind: K }>, max: o.max, except: o.except }] : []));
    const ones = <K extends SeatAction['kind']>(kind: K) =>
      options.flatMap((o) => (o.kind === 'one' && o.action.kind === kind ? [o.action as Extract<SeatAction, { kind: K }>] : []));
    if (state.phase.name !== 'conquest') return first(options[0]!);
    const stage = state.phase.stage;
    switch (stage.kind) {
      case 'moves': {
        // Bring interior troops to a tile with an open frontier.
        const interior = (k: string) => [0, 1, 2, 3, 4, 5].every((d) => !frontierOpen(state, seat, k, d as 0));
        const move = counts('moveTroops').find((o) => interior(hexKey(o.action.from)) && !interior(hexKey(o.action.to)));
        return move ? { ...move.action, count: move.max } : done!;
      }
      case 'spread': {
        const bonus = handStrength(state, seat, vault);
        let best: SeatAction | undefined;
        let margin = 0;
        for (const o of counts('spread')) {
          if (o.except !== 0 || o.max < 1) continue;
          const key = hexKey(o.action.at);
          const target = neighbourKey(state, key, o.action.dir)!;
          const m = o.max + bonus - defence(state, target);
          if (m > margin) (margin = m), (best = { ...o.action, count: o.max });
        }
        return best ?? done!;
      }
      case 'secretCommit': {
        const o = options[0]!;
        if (o.kind === 'feints') return commitFor(o, { purpose: 'feint', feints: [] })!;
        if (o.kind === 'purchase') return commitFor(o, { purpose: 'purchase', ...bundle(o) })!;
        return first(o);
      }
      case 'proposal':
        return ones('answer').find((a) => a.accept) ?? first(options[0]!);
      case 'discards':
        return { kind: 'discardExtra', seat, cards: [] };
      case 'armies': {
        const units = ones('playUnit').sort((x, y) => strengthOf(y.opening.value) - strengthOf(x.opening.value));
        return units[0] ?? done!;
      }
      case 'losses':
      case 'refill': {
        const o = options[0]!;
        if (o.kind !== 'take') return first(o);
        return { ...o.action, take: inOrder(o.stacks, stage.kind === 'losses' ? o.min : 1) };
      }
      case 'returnUnits':
        return { kind: 'returnUnits', seat, units: [] };
      case 'keepOrAccount': {
        const account = options.find((o): o is Extract<Option, { kind: 'account' }> => o.kind === 'account');
        const value = account?.action.cards.reduce((n, c) => n + crystalValue(c.value), 0) ?? 0;
        return account && value > state.players[seat]!.setAside ? { ...account.action, setAside: account.max } : { kind: 'keepHand', seat };
      }
      case 'exercise':
        return ones('exercise')[0] ?? done!;
      case 'camps':
        return done ?? first(options[0]!);
      // Every ability is worth its activation to a greedy player: the first one offered, then pass.
      case 'abilities':
        return ones('activate')[0] ?? done ?? first(options[0]!);
      default:
        return first(options[0]!);
    }
  };
}
