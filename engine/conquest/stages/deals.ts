import { type CardId, startingDeck } from '../../cards/catalogue.js';
import type { Emit } from '../../core/events.js';
import { ruleError } from '../../core/errors.js';
import type { Option } from '../../core/options.js';
import { RandomStream } from '../../core/random.js';
import { err, ok } from '../../core/result.js';
import type { DecisionRules, Passive, Step } from '../../core/stages.js';
import type { GameState } from '../../core/state.js';
import { type Vault, deal, publicVault } from '../../core/vault.js';
import type { Seat } from '../../core/vocabulary.js';
import { addSegment, countsToList, nextRefs } from '../cards.js';
import { activeSeats } from '../order.js';
import { go, phaseOf, replenish, drawsStage, takeDraws, withPlayer } from '../phase.js';

import { one, act, seatOf } from './common.js';

// ---------------------------------------------------------------- K5: deals

/** The values and references of the deal a seat must commit now (K5 starting deck, K5 reshuffle). */
export function pendingDeal(state: GameState, seat: Seat): { id: string; refs: string[]; values: CardId[] } | null {
  const stage = phaseOf(state).stage;
  const cards = state.players[seat]!.cards;
  const values =
    stage.kind === 'deal' ? [...startingDeck(state.seats[seat]!.civilisation)].sort() : stage.kind === 'reshuffle' && stage.seat === seat ? countsToList(cards.discard) : null;
  if (!values) return null;
  return { id: `deal:${seat}:${cards.segments.length}`, refs: nextRefs(seat, cards, values.length), values };
}

function commitCards(state: GameState, seat: Seat, commitments: readonly string[], emit: Emit): Step {
  const pending = pendingDeal(state, seat);
  if (!pending) return err(ruleError('WrongStep', 'K5', 'no deal of yours is awaited'));
  const added = addSegment(seat, state.players[seat]!.cards, pending.values, commitments);
  if (!added.ok) return added;
  emit({ kind: 'deckCommitted', seat, cards: pending.values.length });
  const reshuffle = phaseOf(state).stage.kind === 'reshuffle';
  return ok(go(withPlayer(state, seat, (p) => ({ ...p, cards: { ...added.value, discard: reshuffle ? {} : added.value.discard } })), phaseOf(state).stage));
}

const dealOptions = (state: GameState, seat: Seat, vault?: Vault): Option[] => {
  const pending = pendingDeal(state, seat);
  return pending && vault ? [one({ kind: 'commitCards', seat, commitments: deal(vault, pending.id, pending.refs, pending.values).commitments })] : [];
};

/** T5: an absent seat's deal is committed with a public key: its cards become open information. */
const publicDeal = (state: GameState, seat: Seat): Passive => {
  const pending = pendingDeal(state, seat)!;
  return act({ kind: 'commitCards', seat, commitments: deal(publicVault(seat), pending.id, pending.refs, pending.values).commitments });
};

export const dealStage: DecisionRules<'deal'> = {
  expects: { rule: 'K5', text: 'commit your shuffled cards' },
  awaits: (_s, stage) => seatOf(stage.awaiting[0]!),
  actions: {
    commitCards: {
      apply: (state, stage, action, emit) => {
        const r = commitCards(state, action.seat, action.commitments, emit);
        if (!r.ok) return r;
        const awaiting = stage.awaiting.filter((s) => s !== action.seat);
        const next = r.value.state;
        return ok(awaiting.length > 0 ? go(next, { kind: 'deal', awaiting }) : replenish(next, activeSeats(next), { kind: 'production' }));
      },
      options: (state, _stage, seat, vault) => dealOptions(state, seat, vault),
    },
  },
  passive: (state, _stage, seat) => publicDeal(state, seat),
};

export const reshuffleStage: DecisionRules<'reshuffle'> = {
  expects: { rule: 'K5', text: 'commit your reshuffled discard pile' },
  awaits: (_s, stage) => seatOf(stage.seat),
  actions: {
    commitCards: {
      apply: (state, stage, action, emit) => {
        const r = commitCards(state, action.seat, action.commitments, emit);
        return r.ok ? ok(go(r.value.state, { kind: 'drawing', pending: stage.pending })) : r;
      },
      options: (state, _stage, seat, vault) => dealOptions(state, seat, vault),
    },
  },
  passive: (state, _stage, seat) => publicDeal(state, seat),
  enter: (state, stage) => drawsStage(state, stage.pending, stage),
};

export const drawingStage: DecisionRules<'drawing'> = {
  expects: { rule: 'K2', text: 'wait for the random draw' },
  awaits: () => ({ kind: 'random' }),
  actions: {
    random: {
      apply: (state, stage, action, emit) => {
        emit({ kind: 'randomEvent', absent: action.absent ?? [] });
        return ok(go(takeDraws(state, stage.pending, new RandomStream(action.value), action.absent ?? [], emit), stage.pending.then));
      },
      options: () => [],
    },
  },
  passive: () => null,
  enter: (state, stage) => drawsStage(state, stage.pending, stage),
};
