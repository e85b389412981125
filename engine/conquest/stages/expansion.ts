import { DIRECTION_INDICES, hexKey } from '../../hex/index.js';
import type { CombatChoice } from '../../core/actions.js';
import type { Emit } from '../../core/events.js';
import { ruleError } from '../../core/errors.js';
import type { Option } from '../../core/options.js';
import { err, ok } from '../../core/result.js';
import type { DecisionRules, Next } from '../../core/stages.js';
import type { Battle, CombatRef, GameState, Stage } from '../../core/state.js';
import { openExercise, involvedSeats } from '../battle.js';
import { availableCombats, exercisePairs, exercises, nextChooser, nextDeclarer, nextExercise, secretRound } from '../days.js';
import { frontierCombat, moveOptions, moveTroops, spread, spreadBounds } from '../expansion.js';
import { activeSeats, firstInOrder, nextInOrder } from '../order.js';
import { go, phaseOf } from '../phase.js';
import { territoriesOf } from '../territory.js';

import { one, act, seatOf, hex, acting, neighbourKeyOf, firstPassive, doneRule } from './common.js';

// ---------------------------------------------------------------- E1-E4: moves and spreading

export const movesStage: DecisionRules<'moves'> = {
  expects: { rule: 'E2', text: 'move troops or declare you are done' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    moveTroops: {
      apply: (state, stage, a, emit) => {
        const r = moveTroops(state, a.seat, a.from, a.to, a.count, emit);
        return r.ok ? ok(go(r.value, stage)) : r;
      },
      options: (state, _stage, seat) =>
        moveOptions(state, seat).map(({ from, to, max }): Option => ({ kind: 'count', action: { kind: 'moveTroops', seat, from: hex(from), to: hex(to), count: 1 }, min: 1, max, except: null })),
    },
    done: doneRule<'moves'>('moves', nextDeclarer),
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  enter: (state, stage) => (stage.left <= 0 ? go(state, { kind: 'spread', turn: firstInOrder(state, phaseOf(state).first, activeSeats(state))!, left: activeSeats(state).length }) : null),
};

export const spreadStage: DecisionRules<'spread'> = {
  expects: { rule: 'E4', text: 'spread troops or declare you are done' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    spread: {
      apply: (state, stage, a, emit) => {
        const r = spread(state, a.seat, a.at, a.dir, a.count, emit);
        return r.ok ? ok(go(r.value, stage)) : r;
      },
      options: (state, _stage, seat) => {
        const out: Option[] = [];
        for (const key of territoriesOf(state, seat)) {
          for (const dir of DIRECTION_INDICES) {
            const b = spreadBounds(state, seat, key, dir);
            if (!b.ok || (b.value.max === 0 && b.value.current === 0)) continue;
            out.push({ kind: 'count', action: { kind: 'spread', seat, at: hex(key), dir, count: 0 }, min: 0, max: b.value.max, except: b.value.current });
          }
        }
        return out;
      },
    },
    done: doneRule<'spread'>('spread', nextDeclarer),
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  enter: (state, stage) => (stage.left <= 0 ? go(state, secretRound(state, 'feint')) : null),
};


// ---------------------------------------------------------------- E9: choosing combats

/** The combat an action names, in its canonical form; null if it names no frontier of the map. */
export function combatOf(state: GameState, choice: CombatChoice): CombatRef | null {
  const at = hexKey(choice.at);
  if (!state.territories[at]) return null;
  return choice.kind === 'territory' ? { kind: 'territory', at } : frontierCombat(state, at, choice.dir);
}

const choiceOf = (c: CombatRef): CombatChoice => (c.kind === 'territory' ? { kind: 'territory', at: hex(c.at) } : { kind: 'frontier', at: hex(c.at), dir: c.dir });

const sameRef = (a: CombatRef, b: CombatRef): boolean => a.kind === b.kind && a.at === b.at && (a.kind === 'territory' || (b.kind !== 'territory' && a.dir === b.dir));

/** E10: a combat starts with its camps in negotiation, in turn order from its chooser. */
function startCombat(state: GameState, battle: Battle, then: Stage, emit: Emit): Next {
  emit({ kind: 'combatBegan', combat: battle.combat, chooser: battle.chooser, camps: battle.camps });
  const first = firstInOrder(state, battle.chooser, involvedSeats(battle).filter((s) => acting(state, s))) ?? battle.chooser;
  return go(state, { kind: 'camps', turn: first, ready: [], battle, then });
}

export const chooseStage: DecisionRules<'choose'> = {
  expects: { rule: 'E9', text: 'choose a combat' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    chooseCombat: {
      apply: (state, stage, a, emit) => {
        const combat = combatOf(state, a.combat);
        const found = combat && availableCombats(state, a.seat).find((c) => sameRef(c.combat, combat));
        if (!found) return err(ruleError('UnknownCombat', 'E9', 'that is not an unresolved combat involving your troops'));
        return ok(startCombat(state, found.battle, { kind: 'choose', turn: nextInOrder(state, a.seat, activeSeats(state)) ?? a.seat }, emit));
      },
      options: (state, _stage, seat) => availableCombats(state, seat).map(({ combat }) => one({ kind: 'chooseCombat', seat, combat: choiceOf(combat) })),
    },
  },
  // T5: choosing is mandatory (E9a): the first combat in the table's fixed order.
  passive: (state, _stage, seat) => firstPassive(chooseStage.actions.chooseCombat.options(state, _stage, seat)),
  enter: (state, stage) => {
    const chooser = nextChooser(state, stage.turn);
    if (chooser === undefined) return go(state, exercises(state));
    return chooser === stage.turn ? null : go(state, { kind: 'choose', turn: chooser });
  },
};



// ---------------------------------------------------------------- E16: military exercises

export const exerciseStage: DecisionRules<'exercise'> = {
  expects: { rule: 'E16', text: 'hold a military exercise or pass' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    exercise: {
      apply: (state, stage, a, emit) => {
        const from = hexKey(a.from);
        const to = hexKey(a.to);
        const pair = exercisePairs(state, a.seat).find((p) => {
          const other = neighbourKeyOf(p.at, p.dir);
          return (p.at === from && other === to) || (p.at === to && other === from);
        });
        if (!pair) return err(ruleError('NotYourTerritory', 'E16', 'an exercise uses two adjacent territories you control'));
        const battle = openExercise(a.seat, pair.at, pair.dir);
        emit({ kind: 'combatBegan', combat: battle.combat, chooser: a.seat, camps: battle.camps });
        return ok(go(state, { kind: 'armies', turn: a.seat, complete: [], battle, then: nextExercise(state, stage) }));
      },
      // Either territory may be the one that attacks (E16): both ways are offered, and lead to the same exercise.
      options: (state, _stage, seat) =>
        exercisePairs(state, seat).flatMap((p) => {
          const [a, b] = [hex(p.at), hex(neighbourKeyOf(p.at, p.dir))];
          return [one({ kind: 'exercise', seat, from: a, to: b }), one({ kind: 'exercise', seat, from: b, to: a })];
        }),
    },
    done: doneRule<'exercise'>('exercise', nextExercise),
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  enter: (state, stage) => {
    if (stage.left <= 0) return go(state, secretRound(state, 'purchase'));
    const idle = !state.players[stage.turn]!.fought && acting(state, stage.turn);
    return idle && exercisePairs(state, stage.turn).length > 0 ? null : go(state, nextExercise(state, stage));
  },
};
