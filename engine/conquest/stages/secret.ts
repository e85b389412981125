import type { SecretChoice } from '../../core/actions.js';
import type { Emit } from '../../core/events.js';
import { type RuleError, ruleError } from '../../core/errors.js';
import { err, ok } from '../../core/result.js';
import { sealChoice, sealKeyOf, secretDigest, secretSalt, unsealChoice } from '../../core/secret.js';
import { parseAction } from '../../core/parse.js';
import type { DecisionRules, Next } from '../../core/stages.js';
import type { GameState } from '../../core/state.js';
import { type Vault, publicVault } from '../../core/vault.js';
import type { Seat } from '../../core/vocabulary.js';
import { type SecretOption, choiceError, purposeError } from '../choices.js';
import { applyFeints, stacksOf } from '../expansion.js';
import { applyPurchase, purchaseOffer } from '../logistics.js';
import { activeSeats, firstInOrder, nextInOrder } from '../order.js';
import { go, phaseOf } from '../phase.js';

import { type At, one, act, seatOf, hex } from './common.js';

// ---------------------------------------------------------------- E5, L1: secret choices (ruling 5)

export const passiveChoice = (purpose: 'feint' | 'purchase'): SecretChoice => (purpose === 'feint' ? { purpose, feints: [] } : { purpose, cards: [], technologies: [] });

/** The secret choice a seat may commit: any feint of its frontier troops, or any purchase within its budgets. */
export function secretOption(state: GameState, seat: Seat, purpose: 'feint' | 'purchase', vault?: Vault): SecretOption {
  const day = phaseOf(state).day;
  const secret = vault ? { salt: secretSalt(vault, state, purpose), seal: sealKeyOf(vault) } : null;
  if (purpose === 'feint') return { kind: 'feints', seat, day, secret, stacks: stacksOf(state, seat).map((s) => ({ at: hex(s.at), dir: s.dir, count: s.count })) };
  return { kind: 'purchase', seat, day, secret, ...purchaseOffer(state, seat) };
}

/** Why a revealed choice is illegal now: checked against the option the seat is offered, the one definition of a legal choice. */
const revealedChoiceError = (state: GameState, seat: Seat, purpose: 'feint' | 'purchase', choice: SecretChoice): RuleError | null =>
  choiceError(secretOption(state, seat, purpose), choice);

export const commitStage: DecisionRules<'secretCommit'> = {
  expects: (stage) => ({ rule: stage.round.purpose === 'feint' ? 'E5' : 'L1', text: `commit your secret ${stage.round.purpose === 'feint' ? 'feints' : 'purchases'}` }),
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    commitSecret: {
      apply: (state, stage, a, emit) => {
        const order = activeSeats(state);
        const commits = { ...stage.round.commits, [a.seat]: a.digest };
        const round = { ...stage.round, commits, sealed: { ...stage.round.sealed, [a.seat]: a.sealed } };
        emit({ kind: 'choiceCommitted', seat: a.seat, purpose: round.purpose });
        if (Object.keys(commits).length < order.length) return ok(go(state, { kind: 'secretCommit', round, turn: nextInOrder(state, a.seat, order) ?? a.seat }));
        return ok(go(state, { kind: 'secretReveal', round, turn: firstInOrder(state, phaseOf(state).first, order)! }));
      },
      options: (state, stage, seat, vault) => [secretOption(state, seat, stage.round.purpose, vault)],
    },
  },
  // T5: no feint, no purchase, committed (and sealed) with the seat's public vault.
  passive: (state, stage, seat) => {
    const pub = publicVault(seat);
    const day = phaseOf(state).day;
    const choice = passiveChoice(stage.round.purpose);
    const salt = secretSalt(pub, state, stage.round.purpose);
    return act({ kind: 'commitSecret', seat, digest: secretDigest(seat, day, choice, salt), sealed: sealChoice(sealKeyOf(pub), seat, day, choice, salt)! });
  },
};

/** Everyone's choices carried out together once all are revealed (E5, L1-L6). */
function afterReveal(state: GameState, stage: At<'secretReveal'>, choice: SecretChoice, emit: Emit): Next {
  const order = activeSeats(state);
  const reveals = { ...stage.round.reveals, [stage.turn]: choice };
  if (Object.keys(reveals).length < order.length) return go(state, { kind: 'secretReveal', round: { ...stage.round, reveals }, turn: nextInOrder(state, stage.turn, order) ?? stage.turn });
  let next = state;
  for (const s of order) {
    const c = reveals[s]!;
    if (c.purpose === 'feint') {
      emit({ kind: 'feintsRevealed', seat: s, feints: c.feints });
      next = applyFeints(next, s, c.feints);
    } else next = applyPurchase(next, s, c, emit);
  }
  return stage.round.purpose === 'feint' ? go(next, { kind: 'combats' }) : go(next, { kind: 'troops', turn: phaseOf(next).first, left: next.seats.length });
}

/** The committed choice, opened from its sealed memo with the seat's vault (or the public one, if the table committed it). */
function committedChoice(state: GameState, stage: At<'secretReveal'>, seat: Seat, vault: Vault): { choice: SecretChoice; salt: string } | null {
  const day = phaseOf(state).day;
  const sealed = stage.round.sealed[seat];
  if (sealed === undefined) return null;
  for (const v of [vault, publicVault(seat)]) {
    const memo = unsealChoice(sealKeyOf(v), seat, day, stage.round.purpose, sealed);
    if (!memo) continue;
    const parsed = parseAction({ kind: 'revealSecret', seat, choice: memo.choice, salt: memo.salt });
    if (parsed.ok && parsed.value.kind === 'revealSecret' && secretDigest(seat, day, parsed.value.choice, parsed.value.salt) === stage.round.commits[seat])
      return { choice: parsed.value.choice, salt: parsed.value.salt };
  }
  return null;
}

export const revealStage: DecisionRules<'secretReveal'> = {
  expects: (stage) => ({ rule: stage.round.purpose === 'feint' ? 'E5' : 'L1', text: `reveal your secret ${stage.round.purpose === 'feint' ? 'feints' : 'purchases'}` }),
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    revealSecret: {
      apply: (state, stage, a, emit) => {
        const { choice, salt } = a;
        if (choice.purpose !== stage.round.purpose) return err(purposeError(stage.round.purpose));
        if (secretDigest(a.seat, phaseOf(state).day, choice, salt) !== stage.round.commits[a.seat])
          return err(ruleError('SecretMismatch', 'T2', 'the revealed choice does not match your commitment'));
        const bad = revealedChoiceError(state, a.seat, stage.round.purpose, choice);
        return bad ? err(bad) : ok(afterReveal(state, stage, choice, emit));
      },
      options: (state, stage, seat, vault) => {
        if (!vault) return [];
        const found = committedChoice(state, stage, seat, vault);
        return found && revealedChoiceError(state, seat, stage.round.purpose, found.choice) === null ? [one({ kind: 'revealSecret', seat, choice: found.choice, salt: found.salt })] : [];
      },
    },
  },
  // T5: a withheld reveal: the absent seat's choice is the passive one, whatever it committed.
  passive: (state, stage, _seat, emit) => ({ kind: 'table', next: afterReveal(state, stage, passiveChoice(stage.round.purpose), emit), action: null }),
};
