import { type HexKey, hexKey, parseHexKey } from '../../hex/index.js';
import { type CardId, costOf, isUnitCard, unitCiv } from '../../cards/catalogue.js';
import type { Effect, EffectKind, EffectOf } from '../../cards/abilities.js';
import type { CampChoice, Target } from '../../core/actions.js';
import { canonicalJson } from '../../core/canonical.js';
import type { Emit } from '../../core/events.js';
import { type RuleError, ruleError } from '../../core/errors.js';
import { err, ok, type Result } from '../../core/result.js';
import type { Battle, BattleUnit, Camp, GameState, Inflicting } from '../../core/state.js';
import { type Vault, cardOpening, deal, publicVault } from '../../core/vault.js';
import type { Seat } from '../../core/vocabulary.js';
import { compareCamps } from '../battle.js';
import { layoutAfterEntry } from './entry.js';
import { addCounts, addSegment, countOf, countsToList, deckSize, discard, nextRefs, revealFromHand, total } from '../cards.js';
import { turnOrder } from '../order.js';
import { withPlayer } from '../phase.js';
import { adjacency } from '../territory.js';
import { placeBeside, takeOut } from './layout.js';
import { involvedTiles } from './terrain.js';
import { steadfast, unitCost } from './permanent.js';
import { arm, effectsOf, entered, withEffects } from './records.js';

export { involvedTiles };

/**
 * The effect registry (K15): one small rule per effect kind, chosen by an exhaustive switch. A
 * rule says which targets its effect may take now (none: it cannot be resolved in full) and
 * resolves it; an effect that waits for luck or for another player (a draw, a reveal, a negative
 * effect on opponents) resolves by saying what it waits for, and is the last of its ability.
 */

/** Where an effect is resolved: the game, the combat, the activating seat and the unit whose ability it is. */
export interface Ctx {
  readonly state: GameState;
  readonly battle: Battle;
  readonly seat: Seat;
  readonly source: BattleUnit;
}

/** What a resolved effect leaves to happen: cards to draw or to reveal to their owner (a random event), or a negative effect to inflict (K18). */
export type Wait = { readonly kind: 'draw'; readonly count: number } | { readonly kind: 'peek'; readonly count: number } | { readonly kind: 'inflict'; readonly inflicting: Inflicting };

export interface Resolved {
  readonly state: GameState;
  readonly battle: Battle;
  readonly wait?: Wait;
}

/** A target that depends on the hidden hand, listed without the seat's vault: the public check of "can be resolved" (K15) cannot see further. */
export const HIDDEN = { kind: 'hidden' } as const;
export type Listed = Target | null | typeof HIDDEN;

interface EffectRule<K extends EffectKind> {
  /** A card of the hand is the target: which cards it accepts, and whether a side of the unit is chosen too (B2). */
  readonly hand?: { readonly accepts: (card: CardId) => boolean; readonly sides: boolean };
  /** The public targets it may take now ([null]: it takes none; []: it cannot be resolved in full). Not for hand effects. */
  targets?(ctx: Ctx, effect: EffectOf<K>): readonly (Target | null)[];
  /** Resolves it with a target already checked (a hand target's opening is checked here). */
  apply(ctx: Ctx, effect: EffectOf<K>, target: Target | null, emit: Emit): Result<Resolved, RuleError>;
}

const done = (ctx: Ctx, patch: Partial<Resolved> = {}): Result<Resolved, RuleError> => ok({ state: ctx.state, battle: ctx.battle, ...patch });
const cardsOf = (ctx: Ctx) => ctx.state.players[ctx.seat]!.cards;
/** Cards the seat can still draw or reveal: its draw pile and, reshuffled under it, its discard pile (K5). */
const drawable = (ctx: Ctx): number => deckSize(cardsOf(ctx)) + total(cardsOf(ctx).discard);
const cardTargets = (cards: readonly CardId[]): Target[] => [...new Set(cards)].sort().map((card) => ({ kind: 'card', card }));

// ---------------------------------------------------------------- opponents (K18)

/** The seats of a camp among the combat's participants, in turn order from its chooser. */
export function campPlayers(state: GameState, b: Battle, camp: Camp): Seat[] {
  return turnOrder(state, b.chooser).filter((s) => b.participants.includes(s) && b.camps[s] === camp);
}

/** K18: the opposing camps with players ("an opponent" chooses one; the wild territory plays no cards and is no target). */
export function opposingCamps(state: GameState, b: Battle, seat: Seat): Camp[] {
  const mine = b.camps[seat];
  const camps = new Set<Camp>();
  for (const s of b.participants) if (b.camps[s] !== undefined && b.camps[s] !== mine) camps.add(b.camps[s]!);
  return [...camps].filter((c) => campPlayers(state, b, c).length > 0).sort(compareCamps);
}

/** The units an opponent may neutralise: face up, and not steadfast (K14). */
const faceUp = (b: Battle, seat: Seat): BattleUnit[] => b.units.filter((u) => u.owner === seat && u.face === 'up' && !steadfast(u)).sort((x, y) => x.id - y.id);
/** The units of a row an opponent may remove from the combat: steadfast ones stay (K14). */
const onRow = (b: Battle, seat: Seat, row: number): BattleUnit[] => b.units.filter((u) => u.owner === seat && u.row === row && !steadfast(u)).sort((x, y) => x.id - y.id);

/** Every way of picking one unit from each list. */
const product = (lists: readonly (readonly number[])[]): number[][] => lists.reduce<number[][]>((acc, xs) => acc.flatMap((a) => xs.map((x) => [...a, x])), [[]]);

const inflict = (ctx: Ctx, effect: 'neutralise' | 'removeRow', camp: Camp, units: (seat: Seat) => readonly number[]): Result<Resolved, RuleError> => {
  const targets = campPlayers(ctx.state, ctx.battle, camp).map((seat) => ({ seat, units: units(seat) }));
  return done(ctx, { wait: { kind: 'inflict', inflicting: { by: ctx.seat, unit: ctx.source.id, effect, targets } } });
};

/** The opponents' units on the row of the ability's unit, by player in turn order (those with none are not reached). */
function rowTargets(ctx: Ctx): { seat: Seat; units: number[] }[] {
  const here = ctx.battle.units.find((u) => u.id === ctx.source.id);
  if (!here) return [];
  return opposingCamps(ctx.state, ctx.battle, ctx.seat)
    .flatMap((camp) => campPlayers(ctx.state, ctx.battle, camp))
    .sort((a, b) => turnOrder(ctx.state, ctx.battle.chooser).indexOf(a) - turnOrder(ctx.state, ctx.battle.chooser).indexOf(b))
    .map((seat) => ({ seat, units: onRow(ctx.battle, seat, here.row).map((u) => u.id) }))
    .filter((t) => t.units.length > 0);
}

// ---------------------------------------------------------------- harvest

/** Harvest (000's FAQ): the non-black territories around a tile; beyond the map's edge counts as black. */
export function harvestOf(state: GameState, at: HexKey): number {
  return (adjacency(state)[at] ?? []).filter((n) => {
    if (n === null) return false;
    const land = state.map[n];
    return !(land?.kind === 'land' && land.colour === 'black');
  }).length;
}

// ---------------------------------------------------------------- the rules

const RULES: { readonly [K in EffectKind]: EffectRule<K> } = {
  draw: {
    targets: (ctx, e) => (drawable(ctx) >= e.count ? [null] : []),
    apply: (ctx, e) => done(ctx, { wait: { kind: 'draw', count: e.count } }),
  },
  peek: {
    // A reveal waits for its owner's choice; a second one before it is settled cannot be resolved.
    targets: (ctx, e) => (drawable(ctx) >= e.count && (cardsOf(ctx).peeked?.length ?? 0) === 0 ? [null] : []),
    apply: (ctx, e) => done(ctx, { wait: { kind: 'peek', count: e.count } }),
  },
  boost: {
    targets: () => [null],
    apply: (ctx, e, _t, emit) => {
      const unit = e.who === 'self' ? ctx.source.id : null;
      emit({ kind: 'strengthBoosted', seat: ctx.seat, unit, amount: e.amount });
      return done(ctx, { battle: withEffects(ctx.battle, { boosts: [...effectsOf(ctx.battle).boosts, { seat: ctx.seat, unit, amount: e.amount }] }) });
    },
  },
  harvest: {
    targets: (ctx) => involvedTiles(ctx.state, ctx.battle, ctx.seat).map((k): Target => ({ kind: 'tile', at: parseHexKey(k) })),
    apply: (ctx, _e, t, emit) => gainEnergy(ctx, harvestOf(ctx.state, hexKey((t as Extract<Target, { kind: 'tile' }>).at)), emit),
  },
  gain: {
    targets: () => [null],
    apply: (ctx, e, _t, emit) => gainEnergy(ctx, e.amount, emit),
  },
  destroyFromDiscard: {
    targets: (ctx) => cardTargets(countsToList(cardsOf(ctx).discard)),
    apply: (ctx, _e, t, emit) => {
      const card = (t as Extract<Target, { kind: 'card' }>).card;
      emit({ kind: 'cardsDestroyed', seat: ctx.seat, cards: [card] });
      // K8: a unit goes back to its World; a common card or a technology to its supply.
      const state = withPlayer(ctx.state, ctx.seat, (p) => ({
        ...p,
        cards: { ...p.cards, discard: addCounts(p.cards.discard, [card], -1) },
        world: isUnitCard(card) && unitCiv(card) === ctx.state.seats[ctx.seat]!.civilisation ? addCounts(p.world, [card]) : p.world,
      }));
      return done(ctx, { state });
    },
  },
  destroySelf: {
    targets: (ctx) => (ctx.battle.units.some((u) => u.id === ctx.source.id) || ctx.battle.aside.some((u) => u.id === ctx.source.id) ? [null] : []),
    apply: (ctx, _e, _t, emit) => ok(destroyUnit(ctx.state, ctx.battle, ctx.source, emit)),
  },
  discardFromHand: {
    hand: { accepts: () => true, sides: false },
    apply: (ctx, _e, t, emit) => {
      const r = revealFromHand(cardsOf(ctx), (t as Extract<Target, { kind: 'hand' }>).opening);
      if (!r.ok) return r;
      emit({ kind: 'cardsDiscarded', seat: ctx.seat, cards: [r.value.card] });
      return done(ctx, { state: withPlayer(ctx.state, ctx.seat, (p) => ({ ...p, cards: discard(r.value.cards, [r.value.card]) })) });
    },
  },
  buyUnit: {
    targets: (ctx) => {
      const p = ctx.state.players[ctx.seat]!;
      return cardTargets(countsToList(p.world).filter((c) => unitCost(ctx.state, ctx.seat, c) <= p.energy));
    },
    apply: (ctx, _e, t, emit) => {
      const card = (t as Extract<Target, { kind: 'card' }>).card;
      const cost = unitCost(ctx.state, ctx.seat, card);
      emit({ kind: 'unitBought', seat: ctx.seat, card, cost });
      return done(ctx, { state: withPlayer(ctx.state, ctx.seat, (p) => ({ ...p, energy: p.energy - cost, world: addCounts(p.world, [card], -1), cards: intoHand(ctx.seat, p.cards, card) })) });
    },
  },
  summon: {
    targets: (ctx, e) => (countOf(ctx.state.players[ctx.seat]!.world, e.card as CardId) > 0 ? [null] : []),
    apply: (ctx, e, _t, emit) => {
      const card = e.card as CardId;
      const state = withPlayer(ctx.state, ctx.seat, (p) => ({ ...p, world: addCounts(p.world, [card], -1) }));
      return done(ctx, { state, battle: layoutAfterEntry(ctx.battle, ctx.seat, card, emit) });
    },
  },
  playBeside: {
    hand: { accepts: isUnitCard, sides: true },
    apply: (ctx, _e, t, emit) => {
      const target = t as Extract<Target, { kind: 'hand' }>;
      const r = revealFromHand(cardsOf(ctx), target.opening);
      if (!r.ok) return r;
      if (!isUnitCard(r.value.card)) return err(ruleError('NotAUnit', 'B2', `${r.value.card} is not a unit card`));
      const beside = ctx.battle.units.find((u) => u.id === ctx.source.id);
      if (!beside) return err(ruleError('IllegalChoice', 'B2', 'this unit has left the combat: nothing to place beside it'));
      const { battle, unit } = placeBeside(ctx.battle, ctx.seat, r.value.card, beside, target.side!);
      emit({ kind: 'unitEntered', unit });
      return done(ctx, { state: withPlayer(ctx.state, ctx.seat, (p) => ({ ...p, cards: r.value.cards })), battle: entered(battle, unit) });
    },
  },
  neutralise: {
    // "An opponent" (K18): one opposing camp, and one face-up unit of each of its players.
    targets: (ctx) =>
      opposingCamps(ctx.state, ctx.battle, ctx.seat).flatMap((camp) =>
        product(campPlayers(ctx.state, ctx.battle, camp).map((s) => faceUp(ctx.battle, s).map((u) => u.id))).map((units): Target => ({ kind: 'camp', camp: camp as CampChoice, units })),
      ),
    apply: (ctx, _e, t) => {
      const target = t as Extract<Target, { kind: 'camp' }>;
      const players = campPlayers(ctx.state, ctx.battle, target.camp);
      return inflict(ctx, 'neutralise', target.camp, (s) => [target.units[players.indexOf(s)]!]);
    },
  },
  removeRow: {
    // "The opponents" (K18): every player of every opposing camp with units on this unit's row; nothing to choose.
    targets: (ctx) => (rowTargets(ctx).length > 0 ? [null] : []),
    apply: (ctx) => done(ctx, { wait: { kind: 'inflict', inflicting: { by: ctx.seat, unit: ctx.source.id, effect: 'removeRow', targets: rowTargets(ctx) } } }),
  },
  pay: {
    targets: (ctx, e) => (ctx.state.players[ctx.seat]!.energy >= e.amount ? [null] : []),
    apply: (ctx, e, _t, emit) => {
      emit({ kind: 'energyPaid', seat: ctx.seat, count: e.amount });
      return done(ctx, { state: withPlayer(ctx.state, ctx.seat, (p) => ({ ...p, energy: p.energy - e.amount })) });
    },
  },
  raise: {
    // The discard pile is public (K3): which units it holds, and so what can be raised, is known to all.
    targets: (ctx, e) => cardTargets(countsToList(cardsOf(ctx).discard).filter((c) => isUnitCard(c) && costOf(c) <= e.maxCost)),
    apply: (ctx, _e, t, emit) => {
      const card = (t as Extract<Target, { kind: 'card' }>).card;
      emit({ kind: 'unitRaised', seat: ctx.seat, card });
      const state = withPlayer(ctx.state, ctx.seat, (p) => ({ ...p, cards: { ...p.cards, discard: addCounts(p.cards.discard, [card], -1) } }));
      return done(ctx, { state, battle: layoutAfterEntry(ctx.battle, ctx.seat, card, emit) });
    },
  },
  sacrifice: {
    // Another unit of the seat's army, in play (neutralised ones included: they are still his).
    targets: (ctx) => ctx.battle.units.filter((u) => u.owner === ctx.seat && u.id !== ctx.source.id).sort((x, y) => x.id - y.id).map((u): Target => ({ kind: 'unit', unit: u.id })),
    apply: (ctx, _e, t, emit) => {
      const unit = ctx.battle.units.find((u) => u.id === (t as Extract<Target, { kind: 'unit' }>).unit)!;
      return ok(destroyUnit(ctx.state, ctx.battle, unit, emit));
    },
  },
  boostRow: {
    // The row as it stands now: a unit placed on it later gets nothing.
    targets: (ctx) => (ctx.battle.units.some((u) => u.id === ctx.source.id) ? [null] : []),
    apply: (ctx, e, _t, emit) => {
      const here = ctx.battle.units.find((u) => u.id === ctx.source.id)!;
      const row = ctx.battle.units.filter((u) => u.owner === ctx.seat && u.row === here.row).sort((x, y) => x.id - y.id);
      for (const u of row) emit({ kind: 'strengthBoosted', seat: ctx.seat, unit: u.id, amount: e.amount });
      const boosts = [...effectsOf(ctx.battle).boosts, ...row.map((u) => ({ seat: ctx.seat, unit: u.id, amount: e.amount }))];
      return done(ctx, { battle: withEffects(ctx.battle, { boosts }) });
    },
  },
};

function gainEnergy(ctx: Ctx, count: number, emit: Emit): Result<Resolved, RuleError> {
  emit({ kind: 'energyGained', seat: ctx.seat, count });
  return done(ctx, { state: withPlayer(ctx.state, ctx.seat, (p) => ({ ...p, energy: p.energy + count })) });
}

/**
 * A bought card put straight into the hand: a new committed reference, public like the purchase,
 * committed with the seat's public vault (as an absent seat's deal is, T5), which the engine and
 * the owner's vault can both open.
 */
function intoHand(seat: Seat, cards: GameState['players'][number]['cards'], card: CardId): GameState['players'][number]['cards'] {
  const refs = nextRefs(seat, cards, 1);
  const added = addSegment(seat, cards, [card], deal(publicVault(seat), `deal:${seat}:${cards.segments.length}`, refs, [card]).commitments);
  if (!added.ok) return cards;
  const last = added.value.segments.length - 1;
  return { ...added.value, hand: [...cards.hand, ...refs], segments: added.value.segments.map((s, i) => (i === last ? { ...s, refs: [] } : s)) };
}

/**
 * K8: a unit destroyed during the combat leaves it and goes back to its owner's World; the other
 * units of his army react to it (K16, `allyDestroyed`).
 */
export function destroyUnit(state: GameState, b: Battle, unit: BattleUnit, emit: Emit): Resolved {
  emit({ kind: 'unitDestroyed', unit });
  // Gone from the combat, it opens nothing any more (K16), and keeps nothing: a unit added later
  // may take its number (B2b's layout numbers units from the highest in the combat).
  const e = effectsOf(b);
  const its = (k: string) => k.startsWith(`${unit.id}:`);
  const out = { ...takeOut(b, unit.id), aside: b.aside.filter((u) => u.id !== unit.id) };
  let battle = withEffects(out, {
    fresh: e.fresh.filter((id) => id !== unit.id),
    armed: e.armed.filter((k) => !its(k)),
    used: e.used.filter((k) => !its(k)),
    held: e.held.filter((k) => !its(k)),
    boosts: e.boosts.filter((x) => x.unit !== unit.id),
  });
  for (const other of out.units) if (other.owner === unit.owner && other.face === 'up') battle = arm(battle, other, 'allyDestroyed');
  const back = isUnitCard(unit.card) && unitCiv(unit.card) === state.seats[unit.owner]!.civilisation;
  return { state: back ? withPlayer(state, unit.owner, (p) => ({ ...p, world: addCounts(p.world, [unit.card]) })) : state, battle };
}

// ---------------------------------------------------------------- one entry for the engine

const ruleOf = <K extends EffectKind>(kind: K): EffectRule<K> => RULES[kind] as EffectRule<K>;

/** The targets an effect may take now. With the seat's vault, hand cards by their openings; without it, HIDDEN where the hand could hold one. */
export function effectTargets(ctx: Ctx, effect: Effect, vault?: Vault): readonly Listed[] {
  const rule = ruleOf(effect.kind);
  if (!rule.hand) return rule.targets!(ctx, effect as never);
  const hand = cardsOf(ctx).hand;
  if (!vault) return hand.length > 0 ? [HIDDEN] : [];
  const sides = rule.hand.sides ? (['left', 'right'] as const) : [undefined];
  return hand.flatMap((ref) => {
    const o = cardOpening(vault, ctx.state, ref);
    if (!o || !rule.hand!.accepts(o.value)) return [];
    const opening = { ref: o.ref, value: o.value, salt: o.salt };
    return sides.map((side): Target => (side ? { kind: 'hand', opening, side } : { kind: 'hand', opening }));
  });
}

/** Why `target` is not one the effect may take now, or null (a hand card's opening is checked when resolved). */
export function targetError(ctx: Ctx, effect: Effect, target: Target | null): RuleError | null {
  const rule = ruleOf(effect.kind);
  if (rule.hand) {
    if (target?.kind !== 'hand' || (target.side !== undefined) !== rule.hand.sides) return ruleError('IllegalChoice', 'K15', `${effect.kind} takes a card of your hand${rule.hand.sides ? ' and a side' : ''}`);
    if (!rule.hand.accepts(target.opening.value)) return ruleError('NotAUnit', 'K15', `${target.opening.value} cannot be used for ${effect.kind}`);
    return null;
  }
  const listed = rule.targets!(ctx, effect as never);
  if (listed.length === 0) return ruleError('IllegalChoice', 'K15', `${effect.kind} cannot be resolved in full now`);
  const text = canonicalJson(target);
  return listed.some((t) => canonicalJson(t) === text) ? null : ruleError('IllegalChoice', 'K15', `not a target ${effect.kind} may take now`);
}

/** Resolves one effect with a checked target. */
export const resolveEffect = (ctx: Ctx, effect: Effect, target: Target | null, emit: Emit): Result<Resolved, RuleError> => ruleOf(effect.kind).apply(ctx, effect as never, target, emit);
