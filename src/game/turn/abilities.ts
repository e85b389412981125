import { type CardId, type HexKey, type SeatAction, cardOpening, parseHexKey, play } from '../../../engine/index.js';
import { hexLabel } from '../../board/describe.js';
import { cardFace } from '../../cards/cardInfo.js';
import { t } from '../../i18n/index.js';
import { EFFECT_PICK, NEGATIVE_THREAT, abilityWords, unitIn } from '../conquest/effects.js';
import { seatWords } from '../conquest/options.js';
import { type Activation, type Offered, type Step, cardKey, handKey, nextStep, offeredAbilities, sideKey, tileKey, unitKey } from './abilityChoice.js';
import { ask, button, doneButton, said } from './parts.js';
import type { AbilityDraft, AbilityPick, BattleChoices, CardChoice, Controller, Draft, Intent, PeekCard, PeekFirst, TurnButton, TurnContext } from './types.js';

/**
 * The abilities' interface (K15-K18, K5c): in the combat view, a button beside each unit for each
 * ability the engine offers it now; the targets an ability needs chosen by clicks, in the battle
 * (a unit, a side), among cards (the discard pile, the World, the hand) or on the board (a tile);
 * the cards revealed to their owner alone; a negative effect ignored or suffered. Every action sent
 * is one of the engine's options, whole.
 */

type Ctx = TurnContext<'abilities'>;

/** What activating would change of the seat's energy, as the engine plays it (a purchase's cost, a harvest's gain); null when nothing. */
function energyNote(ctx: Ctx, action: Activation): string | null {
  const r = play(ctx.state, action);
  if (!r.ok) return null;
  const [from, to] = [ctx.state.players[ctx.seat]!.energy, r.value.state.players[ctx.seat]!.energy];
  return from === to ? null : t('abilities.energyNote', { from, to });
}

/** Choosing `key` for the step's effect: the activation is sent once nothing is left to choose. */
function choose(o: Offered, picks: readonly AbilityPick[], pick: AbilityPick): Intent {
  const next = [...picks, pick];
  const step = nextStep(o.ways, next);
  return step.kind === 'send' ? { draft: { ability: null }, send: [step.action] } : { draft: { ability: { unit: o.unit.id, index: o.index, picks: next } } };
}

/** The note of a choice that completes the activation: what it would do to the seat's energy. */
function noteOf(ctx: Ctx, o: Offered, picks: readonly AbilityPick[], pick: AbilityPick): string | null {
  const step = nextStep(o.ways, [...picks, pick]);
  return step.kind === 'send' ? energyNote(ctx, step.action) : null;
}

/** Starting an ability: sent at once when the engine offers one way, else its first choice. */
function start(o: Offered): Intent {
  const step = nextStep(o.ways, []);
  return step.kind === 'send' ? { draft: { ability: null }, send: [step.action] } : { draft: { ability: { unit: o.unit.id, index: o.index, picks: [] } } };
}

const activeOf = (offered: readonly Offered[], d: AbilityDraft | null): Offered | null => (d ? (offered.find((o) => o.unit.id === d.unit && o.index === d.index) ?? null) : null);

/** What the step asks, in words: the effect's own question (a side has its own). */
function question(ctx: Ctx, o: Offered, step: Exclude<Step, { kind: 'send' }>): string {
  const card = cardFace(o.unit.card, ctx.lang).name;
  if (step.kind === 'side') return t('effect.pick.side', { card });
  return t(EFFECT_PICK[o.ability.effects[step.effect]!.kind] ?? 'effect.pick.other');
}

/** The choices of a step: cards in the combat view, buttons beside units, tiles on the board (and as buttons). */
function stepChoices(ctx: Ctx, o: Offered, picks: readonly AbilityPick[], step: Exclude<Step, { kind: 'send' }>) {
  const beside: Record<number, TurnButton[]> = {};
  const add = (unit: number, b: TurnButton) => (beside[unit] ??= []).push(b);
  const pick = (key: string): AbilityPick => ({ effect: step.effect, key });
  const card = (c: CardId, key: string): CardChoice => ({ id: key, card: c, note: noteOf(ctx, o, picks, pick(key)), does: choose(o, picks, pick(key)) });
  const name = (id: number): string => cardFace(unitIn(ctx.stage.battle, id)?.card ?? o.unit.card, ctx.lang).name;
  let cards: CardChoice[] | null = null;
  let tiles: TurnButton[] = [];
  switch (step.kind) {
    case 'card':
      cards = step.cards.map((c) => card(c, cardKey(c)));
      break;
    case 'hand':
      cards = step.cards.map((c) => card(c, handKey(c)));
      break;
    case 'side':
      for (const side of step.sides) add(o.unit.id, button(`side-${side}`, t(side === 'left' ? 'abilities.left' : 'abilities.right', { card: name(o.unit.id) }), choose(o, picks, pick(sideKey(side)))));
      break;
    case 'unit':
      for (const u of step.units) add(u, button(`target-${u}`, t('abilities.targetUnit', { card: name(u) }), choose(o, picks, pick(unitKey(u)))));
      break;
    case 'tile':
      tiles = step.tiles.map((at) => {
        const note = noteOf(ctx, o, picks, pick(tileKey(at)));
        const label = note ? t('abilities.tileGain', { at: hexLabel(parseHexKey(at)), what: note }) : hexLabel(parseHexKey(at));
        return button(`tile-${at}`, label, choose(o, picks, pick(tileKey(at))));
      });
      break;
  }
  return { beside, cards, tiles, legal: new Set<HexKey>(step.kind === 'tile' ? step.tiles : []) };
}

/** "Done activating": what is left unactivated is lost, so it asks first while something is. */
function finishButtons(ctx: Ctx, draft: Draft, offered: readonly Offered[], primary: boolean): TurnButton[] {
  const done = doneButton(ctx, draft, 'abilities.pass', { primary });
  if (offered.length === 0) return done;
  const left = offered.map((o) => `${cardFace(o.unit.card, ctx.lang).name} (${abilityWords(o.unit.card, o.index, ctx.lang)})`).join('; ');
  return done.map((b) => ({ ...b, does: ask(t('abilities.sure', { abilities: left }), b.does.send ?? []) }));
}

/** K15-K17: activate an ability (beside its unit in the combat), choose its targets, or finish. */
export const abilities: Controller<'abilities'> = {
  view(ctx, draft) {
    const offered = offeredAbilities(ctx.options, ctx.stage.battle);
    const active = activeOf(offered, draft.ability);
    const beside: Record<number, TurnButton[]> = {};
    for (const o of offered) (beside[o.unit.id] ??= []).push(button(`ability-${o.unit.id}-${o.index}`, abilityWords(o.unit.card, o.index, ctx.lang), start(o), { primary: o === active }));
    const step = active ? nextStep(active.ways, draft.ability!.picks) : null;
    if (!active || !step || step.kind === 'send') {
      const battle: BattleChoices = { beside, cards: null, active: null };
      return { text: said(ctx, t('abilities.prompt')), buttons: finishButtons(ctx, draft, offered, true), battle };
    }
    const what = question(ctx, active, step);
    const c = stepChoices(ctx, active, draft.ability!.picks, step);
    for (const [unit, buttons] of Object.entries(c.beside)) beside[Number(unit)] = [...(beside[Number(unit)] ?? []), ...buttons];
    const cancel = button('cancel', t('game.cancel'), { draft: { ability: null } });
    return {
      text: said(ctx, t('abilities.choosing', { card: cardFace(active.unit.card, ctx.lang).name, what })),
      buttons: [...c.tiles, cancel, ...finishButtons(ctx, draft, offered, false)],
      legal: c.legal,
      battle: { beside, cards: c.cards ? { title: what, items: c.cards } : null, active: active.unit.id },
    };
  },
  // A tile of the involved troops, for a harvest (S2b), picked on the board.
  pick(ctx, draft, key) {
    const active = activeOf(offeredAbilities(ctx.options, ctx.stage.battle), draft.ability);
    const step = active ? nextStep(active.ways, draft.ability!.picks) : null;
    if (!active || step?.kind !== 'tile' || !step.tiles.includes(key)) return null;
    return choose(active, draft.ability!.picks, { effect: step.effect, key: tileKey(key) });
  },
};

// ---------------------------------------------------------------- K5c: a reveal to its owner alone

const FATES: readonly PeekFirst[] = ['play', 'discard', 'keep'];
type PutBack = Extract<SeatAction, { kind: 'putBack' }>;
const sameOrder = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** The cards put back for a fate, in the draft's order where it has one (the order of the reveal at first). */
function orderFor(fate: PeekFirst, revealed: readonly string[], kept: readonly string[] | null): string[] {
  const back = fate === 'keep' ? revealed : revealed.slice(1);
  if (!kept) return [...back];
  const known = kept.filter((r) => back.includes(r));
  return [...known, ...back.filter((r) => !known.includes(r))];
}

/**
 * K5c: the revealed cards, read with the seat's own vault (the controller runs only for the seat at
 * the device, after its curtain): the first played, discarded or kept, the others put back in the
 * order the person sets; Confirm sends the engine's option for exactly that.
 */
export const peek: Controller<'peek'> = {
  view(ctx, draft) {
    const puts = ctx.options.flatMap((o) => (o.kind === 'one' && o.action.kind === 'putBack' ? [o.action] : []));
    const revealed = ctx.state.players[ctx.seat]!.cards.peeked ?? [];
    const read = (ref: string): PeekCard | null => {
      const o = ctx.vault ? cardOpening(ctx.vault, ctx.state, ref) : undefined;
      return o ? { ref, card: o.value } : null;
    };
    const cards = revealed.map(read);
    if (puts.length === 0 || revealed.length === 0 || cards.some((c) => c === null)) return null;
    const fates = FATES.filter((f) => puts.some((a) => a.first === f));
    const fate = draft.peek && fates.includes(draft.peek.first) ? draft.peek.first : 'keep';
    const order = orderFor(fate, revealed, draft.peek?.order ?? null);
    const chosen: PutBack | undefined = puts.find((a) => a.first === fate && sameOrder(a.order, order));
    const byRef = (ref: string): PeekCard => cards.find((c) => c!.ref === ref)!;
    return {
      text: said(ctx, t('peek.prompt')),
      buttons: [button('peek-go', t('peek.go'), chosen ? { draft: { peek: null }, send: [chosen] } : {}, { primary: true, disabled: !chosen, key: 'Enter' })],
      panel: {
        kind: 'peek',
        first: cards[0]!,
        fate,
        fates,
        order: order.map(byRef),
        setFate: (f) => ({ peek: { first: f, order: orderFor(f, revealed, order) } }),
        move: (from, to) => {
          const next = [...order];
          const [ref] = next.splice(from, 1);
          next.splice(Math.max(0, Math.min(next.length, to)), 0, ref!);
          return { peek: { first: fate, order: next } };
        },
      },
    };
  },
};

// ---------------------------------------------------------------- K18: ignoring a negative effect

/** K18b: a negative effect reaches the seat: what it would do, and the choice (why it may ignore it: why.ts, with the counts). */
export const ignore: Controller<'ignore'> = {
  view: (ctx) => {
    const p = ctx.stage.pending;
    const b = ctx.stage.battle;
    const mine = p.targets[0]!;
    const name = (id: number): string => {
      const unit = unitIn(b, id);
      return unit ? cardFace(unit.card, ctx.lang).name : `#${id}`;
    };
    const words = { player: seatWords(ctx.state, p.by, ctx.lang), card: name(p.unit), units: mine.units.map(name).join(', ') };
    const effect = t(NEGATIVE_THREAT[p.effect], words);
    return {
      text: said(ctx, t('ignore.prompt', { effect })),
      buttons: ctx.options.flatMap((o) => (o.kind === 'one' && o.action.kind === 'ignoreEffect' ? [button(o.action.ignore ? 'ignore-yes' : 'ignore-no', t(o.action.ignore ? 'ignore.yes' : 'ignore.no'), { send: [o.action] }, { primary: o.action.ignore })] : [])),
    };
  },
};
