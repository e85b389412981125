import { hexKey } from '../../hex/index.js';
import { crystalValue, isUnitCard } from '../../cards/catalogue.js';
import { ruleError } from '../../core/errors.js';
import { err, ok } from '../../core/result.js';
import type { DecisionRules, Next } from '../../core/stages.js';
import type { Battle, GameState } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import { addCounts, discard, revealMany } from '../cards.js';
import { go, withPlayer } from '../phase.js';
import { accountBounds, pureSpent } from '../abilities/permanent.js';
import { afterConsequences, allocate, lossStacks, opposingCamps, participantsInOrder, passiveRefill, passiveTake, refill, refillStacks, takeLosses } from '../resolve.js';

import { type At, one, act, seatOf, hex, firstPassive, handOpenings } from './common.js';

// ---------------------------------------------------------------- B8, B11, B12a: choices while resolving

export const opposingStage: DecisionRules<'opposing'> = {
  expects: { rule: 'B8', text: 'choose which tied strongest opposing camp you count' },
  awaits: (_s, stage) => seatOf(stage.waiting[0]!),
  actions: {
    chooseOpposing: {
      apply: (state, stage, a, emit) => {
        if (!opposingCamps(state, stage.battle, a.seat).includes(a.camp)) return err(ruleError('BadCamp', 'B8', 'choose one of the tied strongest opposing camps'));
        emit({ kind: 'opposingChosen', seat: a.seat, camp: a.camp });
        const battle = { ...stage.battle, opposing: { ...stage.battle.opposing, [a.seat]: a.camp } };
        const waiting = stage.waiting.slice(1);
        return ok(waiting.length > 0 ? go(state, { ...stage, battle, waiting }) : takeLosses(state, battle, stage.then, emit));
      },
      options: (state, stage, seat) => opposingCamps(state, stage.battle, seat).map((camp) => one({ kind: 'chooseOpposing', seat, camp })),
    },
  },
  // T5: the first of the tied camps in canonical order.
  passive: (state, stage, seat) => firstPassive(opposingStage.actions.chooseOpposing.options(state, stage, seat)),
};

export const lossesStage: DecisionRules<'losses'> = {
  expects: { rule: 'B11', text: 'choose which frontiers pay your missing troops' },
  awaits: (_s, stage) => seatOf(stage.pending[0]!.seat),
  actions: {
    allocateLosses: {
      apply: (state, stage, a, emit) => {
        const p = stage.pending[0]!;
        if (hexKey(a.at) !== p.at) return err(ruleError('IllegalChoice', 'B11', `the troops to allocate are those of ${p.at}`));
        const r = allocate(state, p, a.take, emit);
        if (!r.ok) return r;
        const pending = stage.pending.slice(1);
        return ok(go(r.value, pending.length > 0 ? { ...stage, pending } : { kind: 'consequences', battle: stage.battle, then: stage.then }));
      },
      options: (state, stage, seat) => {
        const p = stage.pending[0]!;
        return [{ kind: 'take', action: { kind: 'allocateLosses', seat, at: hex(p.at), take: [] }, stacks: lossStacks(state, p), min: p.count, max: p.count }];
      },
    },
  },
  // T5: the frontiers in direction order (east, then clockwise).
  passive: (state, stage, seat) => {
    const p = stage.pending[0]!;
    return act({ kind: 'allocateLosses', seat, at: hex(p.at), take: passiveTake(lossStacks(state, p), p.count) });
  },
};

export const refillStage: DecisionRules<'refill'> = {
  expects: { rule: 'B12a', text: 'refill your emptied territory from its frontiers' },
  awaits: (_s, stage) => seatOf(stage.pending[0]!.seat),
  actions: {
    refill: {
      apply: (state, stage, a, emit) => {
        const p = stage.pending[0]!;
        if (hexKey(a.at) !== p.at) return err(ruleError('IllegalChoice', 'B12a', `the territory to refill is ${p.at}`));
        const r = refill(state, p, a.take, emit);
        if (!r.ok) return r;
        const pending = stage.pending.slice(1);
        return ok(pending.length > 0 ? go(r.value, { ...stage, pending }) : afterConsequences(r.value, stage.battle, stage.then, emit));
      },
      options: (state, stage, seat) => {
        const p = stage.pending[0]!;
        const stacks = refillStacks(state, p.at);
        return [{ kind: 'take', action: { kind: 'refill', seat, at: hex(p.at), take: [] }, stacks, min: 1, max: stacks.reduce((n, s) => n + s.count, 0) }];
      },
    },
  },
  passive: (state, stage, seat) => {
    const p = stage.pending[0]!;
    return act({ kind: 'refill', seat, at: hex(p.at), take: passiveRefill(state, p) });
  },
};


// ---------------------------------------------------------------- B15, E14, E15: the end of a combat

/** B15: the units a seat played, which it may return to its World; a common card played like a unit has no World to go back to. */
const ownUnits = (b: Battle, seat: Seat): number[] =>
  [...b.units, ...b.aside]
    .filter((u) => u.owner === seat && isUnitCard(u.card))
    .map((u) => u.id)
    .sort((x, y) => x - y);

export const returnStage: DecisionRules<'returnUnits'> = {
  expects: { rule: 'B15', text: 'return units to your World or discard them' },
  awaits: (_s, stage) => seatOf(stage.waiting[0]!),
  actions: {
    returnUnits: {
      apply: (state, stage, a, emit) => {
        const b = stage.battle;
        const mine = ownUnits(b, a.seat);
        if (a.units.some((id, i) => !mine.includes(id) || (i > 0 && id <= a.units[i - 1]!)))
          return err(ruleError('UnknownCard', 'B15', 'return units you played, each once, by their numbers in increasing order'));
        const all = [...b.units, ...b.aside].filter((u) => u.owner === a.seat);
        const back = all.filter((u) => a.units.includes(u.id)).map((u) => u.card);
        const gone = all.filter((u) => !a.units.includes(u.id)).map((u) => u.card);
        if (back.length > 0) emit({ kind: 'unitsReturned', seat: a.seat, cards: back });
        if (gone.length > 0) emit({ kind: 'cardsDiscarded', seat: a.seat, cards: gone });
        const next = withPlayer(state, a.seat, (p) => ({ ...p, world: addCounts(p.world, back), cards: discard(p.cards, gone) }));
        const waiting = stage.waiting.slice(1);
        if (waiting.length > 0) return ok(go(next, { ...stage, waiting }));
        return ok(go(next, { kind: 'keepOrAccount', waiting: participantsInOrder(next, b), battle: b, then: stage.then }));
      },
      options: (_s, stage, seat) => [{ kind: 'return', seat, units: ownUnits(stage.battle, seat) }],
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'returnUnits', seat, units: [] }),
  enter: (state, stage) =>
    stage.waiting.length === 0 ? go(state, { kind: 'keepOrAccount', waiting: participantsInOrder(state, stage.battle), battle: stage.battle, then: stage.then }) : null,
};

export { accountBounds };

export const keepStage: DecisionRules<'keepOrAccount'> = {
  expects: { rule: 'E14', text: 'keep or account for your hand' },
  awaits: (_s, stage) => seatOf(stage.waiting[0]!),
  actions: {
    keepHand: {
      apply: (state, stage, a, emit) => {
        emit({ kind: 'handKept', seat: a.seat });
        return ok(nextKeeper(state, stage));
      },
      options: (_s, _stage, seat) => [one({ kind: 'keepHand', seat })],
    },
    accountHand: {
      apply: (state, stage, a, emit) => {
        const p = state.players[a.seat]!;
        if (p.cards.hand.length === 0) return err(ruleError('IllegalChoice', 'E15', 'your hand is empty: there is nothing to account for'));
        if (a.cards.length !== p.cards.hand.length) return err(ruleError('IllegalChoice', 'E15', 'accounting for the hand reveals every card in it'));
        const revealed = revealMany(p.cards, a.cards);
        if (!revealed.ok) return revealed;
        const value = revealed.value.played.reduce((sum, c) => sum + crystalValue(c), 0);
        const { min, max } = accountBounds(state, a.seat, value);
        if (a.setAside < min || a.setAside > max) return err(ruleError('IllegalChoice', 'E15a', `set aside a total between ${min} and ${max} energy stocks`));
        // The Resonance Amplifier: what the crystals leave is paid in pure energy.
        const pure = pureSpent(state, a.seat, value, a.setAside);
        emit({ kind: 'handAccounted', seat: a.seat, cards: revealed.value.played, value, setAside: a.setAside, ...(pure > 0 ? { pure } : {}) });
        const next = withPlayer(state, a.seat, (q) => ({
          ...q,
          cards: discard(revealed.value.cards, revealed.value.played),
          energy: q.energy - (a.setAside - q.setAside),
          setAside: a.setAside,
          pure: q.pure - pure,
        }));
        return ok(nextKeeper(next, stage));
      },
      options: (state, _stage, seat, vault) => {
        const hand = handOpenings(state, seat, vault);
        if (!hand || hand.length === 0) return [];
        const { min, max } = accountBounds(
          state,
          seat,
          hand.reduce((n, o) => n + crystalValue(o.value), 0),
        );
        return [{ kind: 'account', action: { kind: 'accountHand', seat, cards: hand, setAside: max }, min, max }];
      },
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'keepHand', seat }),
  enter: (state, stage) => (stage.waiting.length === 0 ? go(state, { kind: 'endCombat', battle: stage.battle, then: stage.then }) : null),
};

const nextKeeper = (state: GameState, stage: At<'keepOrAccount'>): Next => go(state, { ...stage, waiting: stage.waiting.slice(1) });
