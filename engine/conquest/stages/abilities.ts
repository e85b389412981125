import { isUnitCard } from '../../cards/catalogue.js';
import type { CardOpening } from '../../core/actions.js';
import type { Emit } from '../../core/events.js';
import { ruleError } from '../../core/errors.js';
import type { Option } from '../../core/options.js';
import { err, ok } from '../../core/result.js';
import type { DecisionRules, Next } from '../../core/stages.js';
import type { Battle, GameState, Inflicting, Stage } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import { cardOpening } from '../../core/vault.js';
import { activate, activationOptions, afterWindow, lookAtConditions, whoActs } from '../abilities/activation.js';
import type { Resolved } from '../abilities/effects.js';
import { layoutAfterEntry } from '../abilities/entry.js';
import { mayIgnore, attempt, sufferFirst } from '../abilities/negative.js';
import { effectsOf, finished, withEffects } from '../abilities/records.js';
import { shieldUp } from '../abilities/permanent.js';
import { discard, revealPeeked, withOptional } from '../cards.js';
import { go, withPlayer } from '../phase.js';

import { type At, act, doneRule, one, seatOf } from './common.js';

// ---------------------------------------------------------------- K15-K17: ability windows

/** Where an activation leads: on in the window, or first to the random event or the decision it waits for. */
function afterActivation(stage: At<'abilities'>, r: Resolved): Next {
  const window: Stage = { ...stage, battle: r.battle };
  const seat = stage.waiting[0]!;
  switch (r.wait?.kind) {
    case undefined:
      return go(r.state, window);
    case 'draw':
      return go(r.state, { kind: 'drawing', pending: { draws: [{ seat, count: r.wait.count }], then: window } });
    case 'peek':
      return go(r.state, { kind: 'drawing', pending: { draws: [{ seat, count: r.wait.count }], into: 'peeked', then: { kind: 'peek', seat, battle: r.battle, then: window } } });
    case 'inflict':
      return go(r.state, { kind: 'ignore', pending: r.wait.inflicting, battle: r.battle, then: window });
  }
}

export const abilitiesStage: DecisionRules<'abilities'> = {
  expects: { rule: 'K17', text: 'activate abilities or pass' },
  awaits: (_s, stage) => seatOf(stage.waiting[0]!),
  actions: {
    activate: {
      apply: (state, stage, a, emit) => {
        const r = activate(state, stage, a, emit);
        return r.ok ? ok(afterActivation(stage, r.value)) : r;
      },
      options: (state, stage, seat, vault) => activationOptions(state, stage, seat, vault),
    },
    // K17: a seat that has finished activating for its turn: what was open to it closes.
    done: doneRule<'abilities'>('abilities', (_state, stage, seat) => ({
      ...stage,
      waiting: stage.waiting.slice(1),
      passed: [...(stage.passed ?? []), seat],
      battle: finished(stage.battle, seat),
    })),
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  // K16: conditions are looked at; K17: priority in turn order; a seat with nothing to activate is skipped.
  enter: (state, stage, emit) => {
    const looked = { ...stage, battle: lookAtConditions(state, stage.battle) };
    const { battle, waiting } = whoActs(state, looked);
    if (waiting.length === 0) return go(state, afterWindow(stage, battle));
    const same = waiting.length === stage.waiting.length && waiting.every((s, i) => s === stage.waiting[i]);
    if (same && battle === stage.battle) return null;
    if (!same) emit({ kind: 'abilityWindow', window: stage.window, seats: waiting });
    return go(state, { ...stage, battle, waiting });
  },
};

// ---------------------------------------------------------------- a reveal to its owner alone

/** The permutations of a short list (a reveal shows a few cards). */
const permutations = <T>(xs: readonly T[]): T[][] => (xs.length <= 1 ? [[...xs]] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));

const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && [...a].sort().join() === [...b].sort().join();

export const peekStage: DecisionRules<'peek'> = {
  expects: { rule: 'K5c', text: 'play, discard or keep the first card revealed, and put the others back in your order' },
  awaits: (_s, stage) => seatOf(stage.seat),
  actions: {
    putBack: {
      apply: (state, stage, a, emit) => {
        const cards = state.players[a.seat]!.cards;
        const peeked = cards.peeked ?? [];
        const first = peeked[0]!;
        let after = cards;
        let battle: Battle = stage.battle;
        if (a.first === 'keep') {
          if (a.opening) return err(ruleError('MalformedAction', 'K5c', 'keeping the first card reveals nothing'));
        } else {
          if (!a.opening || a.opening.ref !== first) return err(ruleError('IllegalChoice', 'K5c', `only the first card revealed (${first}) may be played or discarded, with its opening`));
          const r = revealPeeked(cards, a.opening);
          if (!r.ok) return r;
          after = r.value.cards;
          if (a.first === 'play') {
            if (!isUnitCard(r.value.card)) return err(ruleError('NotAUnit', 'K5c', `${r.value.card} is not a unit card`));
            battle = layoutAfterEntry(battle, a.seat, r.value.card, emit);
          } else {
            emit({ kind: 'cardsDiscarded', seat: a.seat, cards: [r.value.card] });
            after = discard(after, [r.value.card]);
          }
        }
        const rest = after.peeked ?? [];
        if (!sameSet(a.order, rest)) return err(ruleError('IllegalChoice', 'K5c', 'put back every other revealed card, each once'));
        emit({ kind: 'cardsPutBack', seat: a.seat, count: a.order.length });
        const put = withOptional(withOptional(after, 'peeked', []), 'top', [...a.order, ...(after.top ?? [])]);
        return ok(go(withPlayer(state, a.seat, (p) => ({ ...p, cards: put })), { ...stage.then, battle } as Stage));
      },
      options: (state, stage, seat, vault) => {
        const peeked = state.players[seat]!.cards.peeked ?? [];
        const keep = permutations(peeked).map((order) => one({ kind: 'putBack', seat, first: 'keep', order }));
        const o = vault ? cardOpening(vault, state, peeked[0]!) : undefined;
        if (!o) return keep;
        const opening: CardOpening = { ref: o.ref, value: o.value, salt: o.salt };
        const others = permutations(peeked.slice(1));
        const out: Option[] = [];
        if (isUnitCard(o.value)) out.push(...others.map((order) => one({ kind: 'putBack', seat, first: 'play', opening, order })));
        out.push(...others.map((order) => one({ kind: 'putBack', seat, first: 'discard', opening, order })));
        return [...out, ...keep];
      },
    },
  },
  // T5: an absent seat keeps the cards in the order they came.
  passive: (state, stage, seat) => act({ kind: 'putBack', seat, first: 'keep', order: state.players[seat]!.cards.peeked ?? [] }),
  // Nothing revealed (the seat withheld its share of luck at the event, T5b): nothing to choose.
  enter: (state, stage) => ((state.players[stage.seat]!.cards.peeked?.length ?? 0) === 0 ? go(state, { ...stage.then, battle: stage.battle } as Stage) : null),
};

// ---------------------------------------------------------------- K18: ignoring a negative effect

/** K18's N-times rule, or the target's Energy Shield still up in this combat (K13a). */
const mayIgnoreNow = (state: GameState, b: Battle, p: Inflicting, target: Seat): boolean => mayIgnore(b, p.effect, p.by, target) || shieldUp(state, b, target);

/** An ignored effect: counted as caused (K18a); the Energy Shield used when K18 alone would not have let it be ignored. */
function ignored(state: GameState, b: Battle, p: Inflicting, target: Seat): Battle {
  const counted = attempt(b, p.effect, p.by, target, true);
  if (mayIgnore(b, p.effect, p.by, target) || !shieldUp(state, b, target)) return counted;
  return withEffects(counted, { shielded: [...(effectsOf(counted).shielded ?? []), target] });
}

/** The targets that cannot ignore the effect suffer it at once, in order, until one may choose or none is left. */
function inflictOn(state: GameState, stage: At<'ignore'>, emit: Emit): Next | null {
  let current = { state, battle: stage.battle };
  let targets = stage.pending.targets;
  while (targets.length > 0 && !mayIgnoreNow(current.state, current.battle, stage.pending, targets[0]!.seat)) {
    current = sufferFirst(current.state, current.battle, { ...stage.pending, targets }, emit);
    targets = targets.slice(1);
  }
  if (targets.length === 0) return go(current.state, { ...stage.then, battle: current.battle } as Stage);
  if (targets === stage.pending.targets) return null;
  return go(current.state, { ...stage, battle: current.battle, pending: { ...stage.pending, targets } });
}

export const ignoreStage: DecisionRules<'ignore'> = {
  expects: { rule: 'K18', text: 'ignore the negative effect or suffer it' },
  awaits: (_s, stage) => seatOf(stage.pending.targets[0]!.seat),
  actions: {
    ignoreEffect: {
      apply: (state, stage, a, emit) => {
        const p = stage.pending;
        if (!a.ignore) {
          const r = sufferFirst(state, stage.battle, p, emit);
          return ok(go(r.state, { ...stage, battle: r.battle, pending: { ...p, targets: p.targets.slice(1) } }));
        }
        const shield = !mayIgnore(stage.battle, p.effect, p.by, a.seat);
        emit({ kind: 'effectIgnored', seat: a.seat, by: p.by, effect: p.effect, ...(shield ? { shield: true as const } : {}) });
        return ok(go(state, { ...stage, battle: ignored(state, stage.battle, p, a.seat), pending: { ...p, targets: p.targets.slice(1) } }));
      },
      options: (_s, _stage, seat) => [one({ kind: 'ignoreEffect', seat, ignore: true }), one({ kind: 'ignoreEffect', seat, ignore: false })],
    },
  },
  // T5: an absent player ignores what he may ignore.
  passive: (_s, _stage, seat) => act({ kind: 'ignoreEffect', seat, ignore: true }),
  enter: (state, stage, emit) => inflictOn(state, stage, emit),
};
