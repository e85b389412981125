import { hexKey } from '../../hex/index.js';
import { isUnitCard } from '../../cards/catalogue.js';
import type { Emit } from '../../core/events.js';
import { ruleError } from '../../core/errors.js';
import type { Option } from '../../core/options.js';
import { err, ok } from '../../core/result.js';
import type { DecisionRules, Next } from '../../core/stages.js';
import type { Battle, GameState, Stage } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import { arrangement, campChange, campChoices, campCount, cyclesLeft, followers, involvedSeats, proposalMembers, withdraw, withdrawBound } from '../battle.js';
import { discard, revealFromHand, revealMany } from '../cards.js';
import { settleEmpty } from '../expansion.js';
import { firstInOrder, nextInOrder, turnOrder } from '../order.js';
import { go, patchPhase, phaseOf, replenish, withPlayer } from '../phase.js';
import { participantsInOrder } from '../resolve.js';

import { layoutAfterEntry } from '../abilities/entry.js';
import { playable } from '../abilities/permanent.js';

import { type At, one, act, seatOf, hex, acting, handOpenings, doneRule } from './common.js';

// ---------------------------------------------------------------- E10-E12: camps and negotiation

/** E12a: fewer than two camps: the combat is not resolved and leaves the list; B12 may still apply. */
function dropCombat(state: GameState, b: Battle, then: Stage, emit: Emit): Next {
  emit({ kind: 'combatDropped', combat: b.combat });
  const settled = settleEmpty(state, emit);
  return go(patchPhase(settled, { resolved: [...phaseOf(settled).resolved, b.combat] }), then);
}

/** E13: the camps are settled; the participants are fixed, and army building begins (S2a discards first). */
function settleCamps(state: GameState, b: Battle, then: Stage): Next {
  const seats = involvedSeats(b);
  const participants = turnOrder(state, b.chooser).filter((s) => seats.includes(s)).concat(seats.filter((s) => !acting(state, s)));
  const battle: Battle = { ...b, participants };
  return go(state, { kind: 'discards', turn: firstInOrder(state, b.chooser, participants) ?? b.chooser, battle, then });
}

export const campsStage: DecisionRules<'camps'> = {
  expects: { rule: 'E11', text: 'join a camp, withdraw troops, or declare yourself ready' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    joinCamp: {
      apply: (state, stage, a, emit) => {
        const b = stage.battle;
        const change = campChange(state, b, a.seat, a.camp);
        if (!change.ok) return change;
        if (change.value.kind === 'propose') {
          const proposed = followers(state, b, a.seat, { ...b.camps, [a.seat]: a.camp });
          emit({ kind: 'proposed', seat: a.seat, camp: a.camp });
          const battle = { ...b, seen: [...b.seen, arrangement(proposed)] };
          return ok(go(state, { kind: 'proposal', turn: stage.turn, ready: stage.ready, proposer: a.seat, camp: a.camp, accepted: [], battle, then: stage.then }));
        }
        emit({ kind: 'campJoined', seat: a.seat, camp: a.camp });
        const camps = change.value.camps;
        return ok(go(state, { ...stage, ready: [], battle: { ...b, camps, seen: [...b.seen, arrangement(camps)] } }));
      },
      options: (state, stage, seat) => campChoices(state, stage.battle, seat).map((camp) => one({ kind: 'joinCamp', seat, camp })),
    },
    withdraw: {
      apply: (state, stage, a, emit) => {
        const r = withdraw(state, stage.battle, a.seat, hexKey(a.at), a.dir, a.count, emit);
        return r.ok ? ok(go(r.value.state, { ...stage, ready: [], battle: r.value.battle })) : r;
      },
      options: (state, stage, seat) =>
        (stage.battle.stacks[seat] ?? []).flatMap((s): Option[] => {
          const max = withdrawBound(state, stage.battle, seat, s.at, s.dir);
          return max.ok && max.value > 0 ? [{ kind: 'count', action: { kind: 'withdraw', seat, at: hex(s.at), dir: s.dir, count: 1 }, min: 1, max: max.value, except: null }] : [];
        }),
    },
    done: doneRule<'camps'>('camps', (_state, stage, seat) => ({ ...stage, ready: [...stage.ready, seat] })),
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  // E11: negotiation goes round the involved seats until all are ready; then the combat starts (E12), or is dropped (E12a).
  enter: (state, stage, emit) => {
    const b = stage.battle;
    const waiting = involvedSeats(b).filter((s) => !stage.ready.includes(s) && acting(state, s));
    if (waiting.length === 0) return campCount(b) < 2 ? dropCombat(state, b, stage.then, emit) : settleCamps(state, b, stage.then);
    if (waiting.includes(stage.turn)) return null;
    return go(state, { ...stage, turn: nextInOrder(state, stage.turn, waiting)! });
  },
};

/** The member of the proposed camp whose answer is awaited, in turn order from the proposer. */
const proposalAwaits = (state: GameState, stage: At<'proposal'>): Seat | undefined =>
  proposalMembers(state, stage.battle, stage.proposer, stage.camp).find((s) => !stage.accepted.includes(s));

export const proposalStage: DecisionRules<'proposal'> = {
  expects: { rule: 'E11', text: 'answer the proposal to join your camp' },
  awaits: (state, stage) => seatOf(proposalAwaits(state, stage) ?? stage.proposer),
  actions: {
    answer: {
      apply: (state, stage, a, emit) => {
        emit({ kind: 'proposalAnswered', seat: a.seat, accept: a.accept });
        const back = (battle: Battle, ready: readonly Seat[]): Next => go(state, { kind: 'camps', turn: stage.turn, ready, battle, then: stage.then });
        if (!a.accept) return ok(back(stage.battle, stage.ready));
        const accepted = [...stage.accepted, a.seat];
        const next = { ...stage, accepted };
        if (proposalAwaits(state, next) !== undefined) return ok(go(state, next));
        const camps = followers(state, stage.battle, stage.proposer, { ...stage.battle.camps, [stage.proposer]: stage.camp });
        emit({ kind: 'campJoined', seat: stage.proposer, camp: stage.camp });
        return ok(back({ ...stage.battle, camps }, []));
      },
      options: (_s, _stage, seat) => [one({ kind: 'answer', seat, accept: true }), one({ kind: 'answer', seat, accept: false })],
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'answer', seat, accept: false }),
};


// ---------------------------------------------------------------- S2a, B2-B4: armies


export const discardsStage: DecisionRules<'discards'> = {
  expects: { rule: 'S2a', text: 'discard cards for your extra frontier, or none' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    discardExtra: {
      apply: (state, stage, a, emit) => {
        const b = stage.battle;
        if (cyclesLeft(b, a.seat) <= 0) return err(ruleError('WrongStep', 'S2a', 'only a player on several frontiers of this combat discards, once per extra frontier'));
        const revealed = revealMany(state.players[a.seat]!.cards, a.cards);
        if (!revealed.ok) return revealed;
        const battle = { ...b, cycles: { ...b.cycles, [a.seat]: (b.cycles[a.seat] ?? 0) + 1 } };
        const stay: Stage = { kind: 'discards', turn: a.seat, battle, then: stage.then };
        if (a.cards.length === 0) return ok(go(state, stay));
        emit({ kind: 'cardsDiscarded', seat: a.seat, cards: revealed.value.played });
        const next = withPlayer(state, a.seat, (p) => ({ ...p, cards: discard(revealed.value.cards, revealed.value.played) }));
        return ok(replenish(next, [a.seat], stay));
      },
      options: (state, stage, seat, vault) => {
        const hand = handOpenings(state, seat, vault);
        return hand && cyclesLeft(stage.battle, seat) > 0 ? [{ kind: 'discard', seat, hand }] : [];
      },
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'discardExtra', seat, cards: [] }),
  enter: (state, stage) => {
    const b = stage.battle;
    const order = turnOrder(state, stage.turn).filter((s) => b.participants.includes(s));
    const next = order.find((s) => cyclesLeft(b, s) > 0);
    if (next === undefined) return go(state, { kind: 'armies', turn: firstInOrder(state, b.chooser, b.participants) ?? b.chooser, complete: [], battle: b, then: stage.then });
    return next === stage.turn ? null : go(state, { ...stage, turn: next });
  },
};

export const armiesStage: DecisionRules<'armies'> = {
  expects: { rule: 'B3', text: 'play a unit or declare your army complete' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    playUnit: {
      apply: (state, stage, a, emit) => {
        const revealed = revealFromHand(state.players[a.seat]!.cards, a.opening);
        if (!revealed.ok) return revealed;
        if (!playable(state, stage.battle, a.seat, revealed.value.card))
          return err(ruleError('NotAUnit', 'B3', isUnitCard(revealed.value.card) ? `${revealed.value.card} cannot be played here` : `${revealed.value.card} is not a unit card, nor played like one in this combat (S7)`));
        const battle = layoutAfterEntry(stage.battle, a.seat, revealed.value.card, emit);
        const next = withPlayer(state, a.seat, (p) => ({ ...p, cards: revealed.value.cards }));
        const waiting = battle.participants.filter((s) => !stage.complete.includes(s) && acting(state, s));
        const after: Stage = { kind: 'armies', turn: nextInOrder(state, a.seat, waiting) ?? a.seat, complete: stage.complete, battle, then: stage.then };
        // K16: the unit's immediate abilities, right after it is added.
        return ok(go(next, { kind: 'abilities', window: 'immediate', waiting: [a.seat], battle, then: after }));
      },
      // B3, S7: units, and the cards whose text lets them be played like units here.
      options: (state, stage, seat, vault) => (handOpenings(state, seat, vault) ?? []).filter((o) => playable(state, stage.battle, seat, o.value)).map((opening) => one({ kind: 'playUnit', seat, opening })),
    },
    done: doneRule<'armies'>('army', (_state, stage, seat) => ({ ...stage, complete: [...stage.complete, seat] })),
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  // B3: one unit or "complete" a turn, in turn order, until all are complete; then delayed abilities (B4) and strengths (B5).
  enter: (state, stage) => {
    const b = stage.battle;
    const waiting = b.participants.filter((s) => !stage.complete.includes(s) && acting(state, s));
    if (waiting.length === 0) {
      const seats = participantsInOrder(state, b);
      return go(state, { kind: 'abilities', window: 'delayed', waiting: seats, battle: b, then: { kind: 'strengths', battle: b, then: stage.then } });
    }
    return waiting.includes(stage.turn) ? null : go(state, { ...stage, turn: nextInOrder(state, stage.turn, waiting)! });
  },
};
