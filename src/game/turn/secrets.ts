import { choiceIncluded, commitFor } from '../../../engine/index.js';
import { t } from '../../i18n/index.js';
import { findOption, ones } from '../conquest/options.js';
import { cartChoice, feintChoice } from '../conquest/SecretPanel.js';
import { ask, button, said } from './parts.js';
import type { Controller, Panel, TurnContext } from './types.js';

/**
 * Hidden choices: the decks and discard piles committed (K5), feints and purchases sealed in a
 * private panel (E5, L1), then revealed. The table commits and reveals by itself where that is
 * the only choice (src/table/automatic.ts); these buttons are there should it be asked of the person.
 */

/** K5: commit the shuffled deck (or the discard pile, reshuffled under it). */
function commitCards(ctx: TurnContext) {
  const commit = ones(ctx.options, 'commitCards')[0];
  return commit ? { text: said(ctx), buttons: [button('commit-cards', t('conquest.commitCards'), { send: [commit] }, { primary: true })] } : null;
}
export const deal: Controller<'deal'> = { view: commitCards };
export const reshuffle: Controller<'reshuffle'> = { view: commitCards };

/** E5 feints, L1 purchases: counts or a cart in a private panel; Commit (legal only as the engine says) asks first. */
export const secretCommit: Controller<'secretCommit'> = {
  view(ctx, draft) {
    const o = findOption(ctx.options, 'feints') ?? findOption(ctx.options, 'purchase');
    if (!o || o.secret === null) return null;
    const feints = o.kind === 'feints';
    const choice = feints ? feintChoice(o, draft.counts) : cartChoice(draft.cart);
    const legal = choiceIncluded(o, choice);
    const action = legal ? commitFor(o, choice) : null;
    const panel: Panel = feints
      ? { kind: 'feints', option: o, counts: draft.counts, set: (stack, n) => ({ counts: { ...draft.counts, [stack]: n } }) }
      : { kind: 'shop', option: o, cart: draft.cart, set: (cart) => ({ cart }) };
    return {
      text: said(ctx, t(feints ? 'feints.prompt' : 'shop.prompt')),
      buttons: [button('commit', t('conquest.commit'), action ? ask(t(feints ? 'feints.sure' : 'shop.sure'), [action]) : {}, { primary: true, disabled: !legal })],
      panel,
    };
  },
};

export const secretReveal: Controller<'secretReveal'> = {
  view(ctx) {
    const reveal = ones(ctx.options, 'revealSecret')[0];
    return reveal ? { text: said(ctx, t('conquest.revealPrompt')), buttons: [button('reveal', t('conquest.reveal'), { send: [reveal] }, { primary: true })] } : null;
  },
};
