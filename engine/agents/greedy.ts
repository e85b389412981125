import type { SeatAction } from '../core/actions.js';
import { type CardId, crystalValue, strengthOf } from '../cards/catalogue.js';
import type { GameState } from '../core/state.js';
import { cardOpening } from '../core/vault.js';
import type { Seat } from '../core/vocabulary.js';
import { hexKey } from '../hex/index.js';
import { frontierOpen } from '../conquest/expansion.js';
import { neighbourKey } from '../conquest/territory.js';
import type { Agent } from '../local.js';

/** What it takes to beat a territory: its wild markers, or its troops and those facing us. */
function defence(state: GameState, key: string): number {
  const t = state.territories[key]!;
  if (t.owner === null) return t.wild.reduce((a, b) => a + b, 0);
  return t.troops + t.frontier.reduce((a, b) => a + b, 0);
}

function handStrength(state: GameState, seat: Seat, vault: Parameters<Agent>[3]): number {
  return state.players[seat]!.cards.hand.reduce((n, ref) => {
    const o = cardOpening(vault, state, ref);
    return n + (o ? strengthOf(o.value) : 0);
  }, 0);
}

/**
 * A greedy agent: spreads its troops towards the weakest neighbour it can beat, plays its strongest
 * units, accounts for its hand when it holds crystals, buys the strongest army it can. Chooses only
 * among the engine's legal actions.
 */
export function greedyAgent(): Agent {
  return (state, seat, legal, vault) => {
    const of = <K extends SeatAction['kind']>(kind: K) => legal.filter((a): a is Extract<SeatAction, { kind: K }> => a.kind === kind);
    const done = legal.find((a) => a.kind === 'done' || a.kind === 'endTurn');
    const stage = state.phase.name === 'conquest' ? state.phase.stage : null;
    if (!stage) return legal[0]!;
    switch (stage.kind) {
      case 'moves': {
        // Bring interior troops to a tile with an open frontier.
        const interior = (k: string) => [0, 1, 2, 3, 4, 5].every((d) => !frontierOpen(state, seat, k, d as 0));
        const move = of('moveTroops').find((a) => {
          const from = hexKey(a.from);
          return interior(from) && !interior(hexKey(a.to)) && a.count === state.territories[from]!.troops - 1;
        });
        return move ?? done!;
      }
      case 'spread': {
        const bonus = handStrength(state, seat, vault);
        let best: SeatAction | undefined;
        let margin = 0;
        for (const a of of('spread')) {
          const key = hexKey(a.at);
          const t = state.territories[key]!;
          if (t.frontier[a.dir] !== 0 || a.count !== t.troops - 1 || a.count < 1) continue;
          const target = neighbourKey(state, key, a.dir)!;
          const m = a.count + bonus - defence(state, target);
          if (m > margin) (margin = m), (best = a);
        }
        return best ?? done!;
      }
      case 'secret': {
        const options = legal;
        if (stage.round.step === 'reveal' || stage.round.purpose === 'feint') return options[0]!;
        return options[options.length - 1]!;
      }
      case 'battle': {
        const b = stage.battle;
        if (b.proposal) return of('answer').find((a) => a.accept) ?? legal[0]!;
        if (b.step === 'armies') {
          const units = of('playUnit').sort((x, y) => strengthOf(y.opening.value) - strengthOf(x.opening.value));
          return units[0] ?? done!;
        }
        if (b.step === 'after') {
          const account = of('afterCombat').find((a) => a.account !== null && a.toWorld.length === 0);
          const value = account?.account?.reduce((n, o) => n + crystalValue(o.value as CardId), 0) ?? 0;
          return value > state.players[seat]!.setAside && account ? account : legal[0]!;
        }
        return done ?? legal[0]!;
      }
      case 'exercise':
        return of('exercise')[0] ?? done!;
      default:
        return legal[0]!;
    }
  };
}
