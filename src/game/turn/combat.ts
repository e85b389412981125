import { type Option, type SeatAction, hexKey, optionIncludes } from '../../../engine/index.js';
import { facingName, hexLabel, hexName } from '../../board/describe.js';
import { cardFace } from '../../cards/cardInfo.js';
import { t } from '../../i18n/index.js';
import { campWords, combatHexes, combatWords, findOption, ones, seatWords } from '../conquest/options.js';
import { firstTake, takeOf } from '../conquest/TakePanel.js';
import { ask, button, doneButton, said, toggled } from './parts.js';
import type { Controller, StepperRow, TurnContext } from './types.js';

/** A combat, from its choice to its end: the combat chosen (E9), camps (E10, E11), armies (B3-B8), losses (B11, B12a), after combat (B15, E15). */

const combatsOffered = (options: readonly Option[]) => options.flatMap((o) => (o.kind === 'one' && o.action.kind === 'chooseCombat' ? [o.action] : []));

/** E9: a button per combat; hovering one (or clicking one of its hexes) frames it on the board. */
export const choose: Controller<'choose'> = {
  view(ctx, draft) {
    const combats = combatsOffered(ctx.options);
    const f = draft.framed;
    return {
      text: said(ctx, t('choose.prompt')),
      buttons: combats.map((a, i) =>
        button(`combat-${i}`, combatWords(a.combat, ctx.lang), { send: [a] }, { primary: f === i, hover: { enter: { framed: i }, leave: { framed: f === i ? null : f } } }),
      ),
      legal: new Set(combats.flatMap((a) => combatHexes(a.combat))),
      selected: f !== null && combats[f] ? combatHexes(combats[f]!.combat)[0]! : null,
    };
  },
  pick(ctx, _draft, key) {
    const i = combatsOffered(ctx.options).findIndex((a) => combatHexes(a.combat).includes(key));
    return i < 0 ? null : { draft: { framed: i } };
  },
};

/** E10, E11: join a camp (or form one's own), withdraw troops (a stepper and a button per frontier), or Ready. */
export const camps: Controller<'camps'> = {
  view(ctx, draft) {
    const joins = ctx.options.flatMap((o) => (o.kind === 'one' && o.action.kind === 'joinCamp' ? [o.action] : []));
    const withdraws = ctx.options.filter((o): o is Extract<Option, { kind: 'count' }> => o.kind === 'count' && o.action.kind === 'withdraw');
    const rows = withdraws.map((w, i): StepperRow => {
      const a = w.action as Extract<SeatAction, { kind: 'withdraw' }>;
      const n = draft.counts[i] ?? w.min;
      const go = button(`withdraw-go-${i}`, t('camps.withdraw', { count: n }), { send: [{ ...a, count: n }] });
      // The frontier by the tiles on both sides of it, and an arrow on the board (not "toward south-east").
      const { arrow, target } = facingName(ctx.state, a.at, a.dir, ctx.lang);
      const label = t('camps.withdrawToward', { from: hexName(ctx.state, a.at, ctx.lang), arrow, target });
      return { id: `withdraw-${i}`, label, value: n, min: w.min, max: w.max, all: true, set: (k) => ({ counts: { ...draft.counts, [i]: k } }), go };
    });
    const arrows = withdraws.map((w) => {
      const a = w.action as Extract<SeatAction, { kind: 'withdraw' }>;
      return { from: hexKey(a.at), to: hexKey(facingName(ctx.state, a.at, a.dir, ctx.lang).hex) };
    });
    return {
      text: said(ctx, t('camps.prompt', { ready: ctx.stage.ready.map((s) => seatWords(ctx.state, s, ctx.lang)).join(', ') || '—' })),
      buttons: [
        ...joins.map((a) => button(`camp-${a.camp}`, a.camp === ctx.seat ? t('camps.own') : t('camps.join', { camp: campWords(ctx.state, a.camp, ctx.lang) }), { send: [a] })),
        ...doneButton(ctx, draft, 'camps.ready', { primary: true }),
      ],
      panel: rows.length > 0 ? { kind: 'steppers', class: 'withdraw', title: t('camps.withdrawTitle'), help: null, rows, staged: null } : null,
      arrows,
    };
  },
};

/** Ruling 6: a camp's members accept or refuse a proposal. */
export const proposal: Controller<'proposal'> = {
  view: (ctx) => ({
    text: said(ctx, t('proposal.prompt', { player: seatWords(ctx.state, ctx.stage.proposer, ctx.lang), camp: campWords(ctx.state, ctx.stage.camp, ctx.lang) })),
    buttons: ctx.options.flatMap((o) =>
      o.kind === 'one' && o.action.kind === 'answer' ? [button(o.action.accept ? 'accept' : 'refuse', t(o.action.accept ? 'proposal.accept' : 'proposal.refuse'), { send: [o.action] }, { primary: o.action.accept })] : [],
    ),
  }),
};

/** S2a: any subset of the hand, a checkbox each; discarding cards asks first. */
export const discards: Controller<'discards'> = {
  view(ctx, draft) {
    const o = findOption(ctx.options, 'discard');
    if (!o) return null;
    const chosen = o.hand.filter((c) => draft.chosen.has(c.ref));
    const a: SeatAction = { kind: 'discardExtra', seat: ctx.seat, cards: chosen };
    return {
      text: said(ctx, t('discards.prompt')),
      buttons: [button('discard', t('discards.go', { count: chosen.length }), chosen.length > 0 ? ask(t('discards.sure', { count: chosen.length }), [a]) : { send: [a] }, { primary: true, disabled: !optionIncludes(o, a) })],
      panel: {
        kind: 'subset',
        id: 'discard',
        title: t('discards.title'),
        help: t('discards.help'),
        items: o.hand.map((c) => ({ key: c.ref, label: cardFace(c.value, ctx.lang).name })),
        chosen: draft.chosen,
        toggle: (key) => ({ chosen: toggled(draft.chosen, key) }),
      },
    };
  },
};

/** B3: a unit from the hand (copies of one card play alike: one button, with the copies), or "Army complete", which asks first. */
export const armies: Controller<'armies'> = {
  view(ctx, draft) {
    const plays = ctx.options.flatMap((o) => (o.kind === 'one' && o.action.kind === 'playUnit' ? [o.action] : []));
    const cards = [...new Set(plays.map((a) => a.opening.value))];
    const units = cards.map((card, i) => {
      const face = cardFace(card, ctx.lang);
      const copies = plays.filter((a) => a.opening.value === card);
      const label = t('armies.play', { card: face.name, strength: face.strength ?? 0 }) + (copies.length > 1 ? ` ×${copies.length}` : '');
      return button(`play-${i}`, label, { send: [copies[0]!] }, { primary: i === 0 });
    });
    // With no unit left to play, "Army complete" is the only choice: nothing to ask.
    const complete = doneButton(ctx, draft, 'armies.complete').map((b) => (plays.length === 0 ? b : { ...b, does: ask(t('armies.sure'), b.does.send ?? []) }));
    return { text: said(ctx, t(plays.length > 0 ? 'armies.prompt' : 'armies.noUnit')), buttons: [...units, ...complete] };
  },
};

/** B8: which of the tied strongest camps counts. */
export const opposing: Controller<'opposing'> = {
  view: (ctx) => ({
    text: said(ctx, t('opposing.prompt')),
    buttons: ctx.options.flatMap((o, i) => (o.kind === 'one' && o.action.kind === 'chooseOpposing' ? [button(`opposing-${i}`, campWords(ctx.state, o.action.camp, ctx.lang), { send: [o.action] })] : [])),
  }),
};

/** B11 losses, B12a refill: troops taken from the tile's frontiers, a stepper each (first draft: the smallest legal take). */
function takeView(ctx: TurnContext<'losses' | 'refill'>, draft: { readonly counts: Readonly<Record<number, number>> }) {
  const o = findOption(ctx.options, 'take');
  if (!o) return null;
  const counts = { ...firstTake(o), ...draft.counts };
  const a = { ...o.action, take: takeOf(o, counts) } as SeatAction;
  const at = hexKey(o.action.at);
  return {
    text: said(ctx, t(ctx.stage.kind === 'losses' ? 'take.lossesPrompt' : 'take.refillPrompt', { at: hexLabel(o.action.at) })),
    buttons: [button('take', t('game.confirm'), { send: [a] }, { primary: true, disabled: !optionIncludes(o, a) })],
    legal: new Set([at]),
    selected: at,
    panel: { kind: 'take' as const, option: o, counts, set: (dir: number, n: number) => ({ counts: { ...counts, [dir]: n } }) },
  };
}
export const losses: Controller<'losses'> = { view: takeView };
export const refill: Controller<'refill'> = { view: takeView };

/** B15: the units returned to the World, a checkbox each (the others are discarded); asks first. */
export const returnUnits: Controller<'returnUnits'> = {
  view(ctx, draft) {
    const o = findOption(ctx.options, 'return');
    if (!o) return null;
    const units = [...ctx.stage.battle.units, ...ctx.stage.battle.aside];
    const chosen = o.units.filter((id) => draft.chosen.has(String(id)));
    const a: SeatAction = { kind: 'returnUnits', seat: ctx.seat, units: chosen };
    const words = { count: chosen.length, gone: o.units.length - chosen.length };
    return {
      text: said(ctx, t('return.prompt')),
      buttons: [button('return', t('return.go', words), ask(t('return.sure', words), [a]), { primary: true, disabled: !optionIncludes(o, a) })],
      panel: {
        kind: 'subset',
        id: 'return',
        title: t('return.title'),
        help: t('return.help'),
        items: o.units.map((id) => ({ key: String(id), label: cardFace(units.find((u) => u.id === id)!.card, ctx.lang).name })),
        chosen: draft.chosen,
        toggle: (key) => ({ chosen: toggled(draft.chosen, key) }),
      },
    };
  },
};

/** E14, E15: keep the hand, or account for it (the new total set aside with a stepper), which asks first. */
export const keepOrAccount: Controller<'keepOrAccount'> = {
  view(ctx, draft) {
    const keep = ones(ctx.options, 'keepHand')[0];
    const o = findOption(ctx.options, 'account');
    const buttons = keep ? [button('keep', t('keep.keep'), { send: [keep] }, { primary: true })] : [];
    if (!o) return { text: said(ctx, t('keep.prompt')), buttons, panel: null };
    const n = draft.count ?? o.max;
    const a = { ...o.action, setAside: n };
    buttons.push(button('account', t('keep.account', { total: n }), ask(t('keep.sure', { total: n }), [a]), { disabled: !optionIncludes(o, a) }));
    const p = ctx.state.players[ctx.seat]!;
    return {
      text: said(ctx, t('keep.prompt')),
      buttons,
      panel: { kind: 'steppers', class: 'account', title: null, help: t('keep.help', { setAside: p.setAside, energy: p.energy }), rows: [{ id: 'account', label: t('keep.setAside'), value: n, min: o.min, max: o.max, all: true, set: (k) => ({ count: k }) }], staged: null },
    };
  },
};
