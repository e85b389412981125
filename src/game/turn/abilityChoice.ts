import { type Ability, type Battle, type BattleUnit, type CardId, type HexKey, type Option, type SeatAction, type Target, hexKey } from '../../../engine/index.js';
import { abilityOf, unitIn } from '../conquest/effects.js';
import type { AbilityPick } from './types.js';

/**
 * The engine's activations shaped for clicks (K15), as options.ts shapes moves: grouped by ability,
 * then narrowed by the person's choices one target at a time. Every activation sent is one of the
 * engine's options, whole; nothing here decides which targets are legal.
 */

export type Activation = Extract<SeatAction, { kind: 'activate' }>;

/** An ability the engine offers now: its unit, its place on the card, its data, and every way to activate it. */
export interface Offered {
  readonly unit: BattleUnit;
  readonly index: number;
  readonly ability: Ability;
  readonly ways: readonly Activation[];
}

/** The abilities offered in `options`, in the engine's order, each with its ways. */
export function offeredAbilities(options: readonly Option[], battle: Battle): Offered[] {
  const out: Offered[] = [];
  for (const o of options) {
    if (o.kind !== 'one' || o.action.kind !== 'activate') continue;
    const a = o.action;
    const known = out.find((x) => x.unit.id === a.unit && x.index === a.ability);
    if (known) {
      (known.ways as Activation[]).push(a);
      continue;
    }
    const unit = unitIn(battle, a.unit);
    const ability = unit ? abilityOf(unit.card, a.ability) : null;
    if (unit && ability) out.push({ unit, index: a.ability, ability, ways: [a] });
  }
  return out;
}

/**
 * What a target means to a person, for telling targets apart: a card of the hand by what it is
 * and where it goes (copies of a card are alike), any other target whole.
 */
function meaning(t: Target | null): string {
  if (t === null) return 'none';
  switch (t.kind) {
    case 'hand':
      return `hand:${t.opening.value}:${t.side ?? ''}`;
    case 'card':
      return `card:${t.card}`;
    case 'camp':
      return `camp:${t.camp}:${t.units.join(',')}`;
    case 'tile':
      return `tile:${hexKey(t.at)}`;
    case 'unit':
      return `unit:${t.unit}`;
  }
}

/** Keys of the choices a target answers: a card, a card of the hand, a side, a unit of the camp, a tile. */
export const cardKey = (card: CardId): string => `card:${card}`;
export const handKey = (card: CardId): string => `hand:${card}`;
export const sideKey = (side: 'left' | 'right'): string => `side:${side}`;
export const unitKey = (unit: number): string => `unit:${unit}`;
export const tileKey = (at: HexKey): string => `tile:${at}`;

function answers(t: Target | null, key: string): boolean {
  if (t === null) return false;
  switch (t.kind) {
    case 'hand':
      return key === handKey(t.opening.value) || (t.side !== undefined && key === sideKey(t.side));
    case 'card':
      return key === cardKey(t.card);
    case 'camp':
      return t.units.some((u) => key === unitKey(u));
    case 'tile':
      return key === tileKey(hexKey(t.at));
    case 'unit':
      return key === unitKey(t.unit);
  }
}

/** The ways that answer every choice made. */
export const remaining = (ways: readonly Activation[], picks: readonly AbilityPick[]): Activation[] => ways.filter((a) => picks.every((p) => answers(a.targets[p.effect] ?? null, p.key)));

/** What the person chooses next for an ability: nothing more (send the activation), or one of an effect's targets. */
export type Step =
  | { readonly kind: 'send'; readonly action: Activation }
  | { readonly kind: 'card'; readonly effect: number; readonly cards: readonly CardId[] }
  | { readonly kind: 'hand'; readonly effect: number; readonly cards: readonly CardId[] }
  | { readonly kind: 'side'; readonly effect: number; readonly sides: readonly ('left' | 'right')[] }
  | { readonly kind: 'unit'; readonly effect: number; readonly units: readonly number[] }
  | { readonly kind: 'tile'; readonly effect: number; readonly tiles: readonly HexKey[] };

const distinct = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

/**
 * The next choice: the first effect whose targets still differ among the ways left; each choice
 * asks one thing (a card of the hand, then its side; one unit of an opposing camp at a time).
 * With nothing left to tell apart, the (first) way left is sent. `ways` must not be empty.
 */
export function nextStep(ways: readonly Activation[], picks: readonly AbilityPick[]): Step {
  const left = remaining(ways, picks);
  const first = left[0] ?? ways[0]!;
  const effects = first.targets.length;
  for (let k = 0; k < effects; k++) {
    const targets = left.map((a) => a.targets[k] ?? null);
    if (distinct(targets.map(meaning)).length <= 1) continue;
    const t = targets.find((x) => x !== null);
    if (!t) continue;
    switch (t.kind) {
      case 'card':
        return { kind: 'card', effect: k, cards: distinct(targets.map((x) => (x as Extract<Target, { kind: 'card' }>).card)) };
      case 'hand': {
        const hand = targets as Extract<Target, { kind: 'hand' }>[];
        const cards = distinct(hand.map((x) => x.opening.value));
        if (cards.length > 1) return { kind: 'hand', effect: k, cards };
        return { kind: 'side', effect: k, sides: distinct(hand.flatMap((x) => (x.side ? [x.side] : []))) };
      }
      case 'camp': {
        // The units that tell the ways apart: one of them per click.
        const lists = targets.map((x) => (x as Extract<Target, { kind: 'camp' }>).units);
        const telling = distinct(lists.flat()).filter((u) => !lists.every((l) => l.includes(u)));
        const units = telling.length > 0 ? telling : distinct(lists.flat());
        return { kind: 'unit', effect: k, units: units.sort((a, b) => a - b) };
      }
      case 'tile':
        return { kind: 'tile', effect: k, tiles: distinct(targets.map((x) => hexKey((x as Extract<Target, { kind: 'tile' }>).at))) };
      case 'unit':
        return { kind: 'unit', effect: k, units: distinct(targets.map((x) => (x as Extract<Target, { kind: 'unit' }>).unit)).sort((a, b) => a - b) };
      default:
        // A kind of target the engine adds without its choice here does not compile.
        return t satisfies never;
    }
  }
  return { kind: 'send', action: first };
}
