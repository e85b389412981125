import type { Direction } from '../hex/index.js';
import type { CardId, Technology } from '../cards/catalogue.js';
import type { ActionOf, CardOpening, Feint, SeatAction, SecretChoice, Take } from '../core/actions.js';
import { canonicalJson, compareCodeUnits } from '../core/canonical.js';
import type { RandomStream } from '../core/random.js';
import type { Civilisation, Seat } from '../core/vocabulary.js';
import { sealChoice, secretDigest } from './secret.js';

/**
 * A legal choice as the engine offers it: one action, or a family of actions described by its
 * bounds (a count, troops taken from several frontiers, a subset, a secret choice within a
 * budget). Options tell the whole truth compactly: every action `applyAction` accepts is in
 * exactly one option's expansion, and every action of an expansion is accepted.
 */
export type Option =
  /** Exactly this action. */
  | { readonly kind: 'one'; readonly action: SeatAction }
  /** The action with `count` anywhere in [min, max], except `except` (null: no exception). */
  | { readonly kind: 'count'; readonly action: CountedAction; readonly min: number; readonly max: number; readonly except: number | null }
  /** Accounting for the hand (E15): the new total set aside anywhere in [min, max]. */
  | { readonly kind: 'account'; readonly action: ActionOf<'accountHand'>; readonly min: number; readonly max: number }
  /** Troops taken from some of a tile's frontiers, each at most its stack, the total in [min, max] (B11, B12a). */
  | { readonly kind: 'take'; readonly action: TakeAction; readonly stacks: readonly Take[]; readonly min: number; readonly max: number }
  /** Any subset of the seat's hand (S2a). */
  | { readonly kind: 'discard'; readonly seat: Seat; readonly hand: readonly CardOpening[] }
  /** Any subset of the seat's units in the combat, by number (B15). */
  | { readonly kind: 'return'; readonly seat: Seat; readonly units: readonly number[] }
  /** A secret feint (E5): for each stack, a count in [0, its troops]; committed as a digest with the seat's salt. */
  | { readonly kind: 'feints'; readonly seat: Seat; readonly day: number; readonly secret: SecretKeys | null; readonly stacks: readonly Feint[] }
  /** A secret purchase (L1-L5) within the budgets; committed as a digest with the seat's salt. */
  | ({ readonly kind: 'purchase'; readonly seat: Seat; readonly day: number; readonly secret: SecretKeys | null } & PurchaseOffer);

/** What a seat may buy this Logistics phase (L2-L5): its budgets and the cards on offer to it, with their costs and copies. */
export interface PurchaseOffer {
  /** Whose World the units come from (L2). */
  readonly civilisation: Civilisation;
  /** Stocks set aside (units, L2), other stocks (common cards too, L3), pure energy (technologies, L4). */
  readonly setAside: number;
  readonly energy: number;
  readonly pure: number;
  readonly units: readonly { readonly card: CardId; readonly cost: number; readonly max: number }[];
  readonly commons: readonly { readonly card: CardId; readonly cost: number }[];
  readonly technologies: readonly { readonly card: Technology; readonly cost: number }[];
}

export interface SecretKeys {
  readonly salt: string;
  readonly seal: string;
}

export type CountedAction = ActionOf<'moveTroops'> | ActionOf<'spread'> | ActionOf<'withdraw'> | ActionOf<'request'>;
export type TakeAction = ActionOf<'allocateLosses'> | ActionOf<'refill'>;
export type OptionKind = Option['kind'];

/** Above this many actions, an expansion is refused (use optionSize, sampleOption or optionIncludes instead). */
export const MAX_EXPANSION = 100_000;

// ---------------------------------------------------------------- sizes

/** How many concrete actions an option stands for, without listing them. */
export function optionSize(option: Option): number {
  switch (option.kind) {
    case 'one':
      return 1;
    case 'count':
    case 'account': {
      const n = option.max - option.min + 1;
      const except = option.kind === 'count' && option.except !== null && option.except >= option.min && option.except <= option.max ? 1 : 0;
      return Math.max(0, n - except);
    }
    case 'take':
      return takeWays(option.stacks, option.min, option.max);
    case 'discard':
      return 2 ** option.hand.length;
    case 'return':
      return 2 ** option.units.length;
    case 'feints':
      return option.secret === null ? 0 : option.stacks.reduce((n, s) => n * (s.count + 1), 1);
    case 'purchase':
      return option.secret === null ? 0 : purchaseWays(option);
  }
}

/** Vectors (one count per stack, each in [0, stack]) whose total is in [min, max]. */
function takeWays(stacks: readonly Take[], min: number, max: number): number {
  let ways = [1];
  for (const s of stacks) {
    const next = new Array<number>(ways.length + s.count).fill(0);
    ways.forEach((w, t) => {
      for (let k = 0; k <= s.count; k++) next[t + k]! += w;
    });
    ways = next;
  }
  return ways.reduce((n, w, t) => (t >= min && t <= max ? n + w : n), 0);
}

/** ways[c]: multisets of the items (each up to its max, or unbounded) of total cost exactly c, for c <= budget. */
function costWays(items: readonly { cost: number; max?: number }[], budget: number): number[] {
  let ways = new Array<number>(budget + 1).fill(0);
  ways[0] = 1;
  for (const it of items) {
    const next = new Array<number>(budget + 1).fill(0);
    for (let c = 0; c <= budget; c++) {
      if (ways[c] === 0) continue;
      for (let k = 0; (it.max === undefined || k <= it.max) && c + k * it.cost <= budget; k++) {
        next[c + k * it.cost]! += ways[c]!;
        if (it.cost === 0) break;
      }
    }
    ways = next;
  }
  return ways;
}

function purchaseWays(o: Extract<Option, { kind: 'purchase' }>): number {
  const units = costWays(o.units, o.setAside);
  const commons = costWays(o.commons, o.setAside + o.energy);
  const upTo = commons.map(
    (
      (sum) => (w: number) =>
        (sum += w)
    )(0),
  );
  let carts = 0;
  units.forEach((w, c) => {
    if (w > 0) carts += w * upTo[o.setAside + o.energy - c]!;
  });
  const techs = costWays(o.technologies.map((t) => ({ cost: t.cost, max: 1 })), o.pure).reduce((a, b) => a + b, 0);
  return carts * techs;
}

// ---------------------------------------------------------------- expansions

/** Every concrete action of an option, in a canonical order. Refuses (throws) past MAX_EXPANSION: a programming error. */
export function expandOption(option: Option): SeatAction[] {
  const size = optionSize(option);
  if (size > MAX_EXPANSION) throw new RangeError(`expandOption: ${size} actions; use sampleOption or optionIncludes`);
  switch (option.kind) {
    case 'one':
      return [option.action];
    case 'count': {
      const out: SeatAction[] = [];
      for (let n = option.min; n <= option.max; n++) if (n !== option.except) out.push({ ...option.action, count: n });
      return out;
    }
    case 'account': {
      const out: SeatAction[] = [];
      for (let n = option.min; n <= option.max; n++) out.push({ ...option.action, setAside: n });
      return out;
    }
    case 'take':
      return takeVectors(option.stacks, option.min, option.max).map((take) => ({ ...option.action, take }));
    case 'discard':
      return subsets(option.hand).map((cards): SeatAction => ({ kind: 'discardExtra', seat: option.seat, cards }));
    case 'return':
      return subsets(option.units).map((units): SeatAction => ({ kind: 'returnUnits', seat: option.seat, units }));
    case 'feints':
    case 'purchase':
      return expandChoices(option).map((choice) => commitFor(option, choice)!);
  }
}

/** The secret choices a feint or purchase option stands for, in canonical form. */
export function expandChoices(option: Extract<Option, { kind: 'feints' | 'purchase' }>): SecretChoice[] {
  if (option.kind === 'feints') {
    const out: SecretChoice[] = [];
    const walk = (i: number, acc: Feint[]) => {
      if (i === option.stacks.length) return void out.push({ purpose: 'feint', feints: acc });
      const s = option.stacks[i]!;
      for (let n = 0; n <= s.count; n++) walk(i + 1, n === 0 ? acc : [...acc, { ...s, count: n }]);
    };
    walk(0, []);
    return out;
  }
  const units = multisets(option.units, option.setAside);
  const techs = multisets(option.technologies.map((t) => ({ card: t.card, cost: t.cost, max: 1 })), option.pure);
  const out: SecretChoice[] = [];
  for (const u of units) {
    for (const c of multisets(option.commons.map((x) => ({ ...x, max: Infinity })), option.setAside + option.energy - u.cost))
      for (const t of techs) out.push({ purpose: 'purchase', cards: [...u.cards, ...c.cards].sort(compareCodeUnits), technologies: [...t.cards].sort(compareCodeUnits) as Technology[] });
  }
  return out;
}

/** The commit action for a choice, or null without the seat's salt. */
export function commitFor(option: Extract<Option, { kind: 'feints' | 'purchase' }>, choice: SecretChoice): SeatAction | null {
  if (option.secret === null) return null;
  const sealed = sealChoice(option.secret.seal, option.seat, option.day, choice, option.secret.salt);
  return sealed === null ? null : { kind: 'commitSecret', seat: option.seat, digest: secretDigest(option.seat, option.day, choice, option.secret.salt), sealed };
}

function multisets(items: readonly { card: CardId; cost: number; max: number }[], budget: number): { cards: CardId[]; cost: number }[] {
  const out: { cards: CardId[]; cost: number }[] = [];
  const walk = (i: number, acc: CardId[], cost: number) => {
    if (i === items.length) return void out.push({ cards: acc, cost });
    const it = items[i]!;
    let next = acc;
    for (let k = 0; k <= it.max && cost + k * it.cost <= budget; k++) {
      walk(i + 1, next, cost + k * it.cost);
      next = [...next, it.card];
      if (it.cost === 0) break;
    }
  };
  if (budget >= 0) walk(0, [], 0);
  return out;
}

function takeVectors(stacks: readonly Take[], min: number, max: number): Take[][] {
  const out: Take[][] = [];
  const walk = (i: number, acc: Take[], total: number) => {
    if (i === stacks.length) {
      if (total >= min && total <= max) out.push(acc);
      return;
    }
    const s = stacks[i]!;
    for (let n = 0; n <= s.count && total + n <= max; n++) walk(i + 1, n === 0 ? acc : [...acc, { dir: s.dir, count: n }], total + n);
  };
  walk(0, [], 0);
  return out;
}

function subsets<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let mask = 0; mask < 2 ** items.length; mask++) out.push(items.filter((_, i) => (mask >> i) & 1));
  return out;
}

// ---------------------------------------------------------------- membership and sampling

/**
 * Whether `action` is one of the option's actions, checked from its bounds (no expansion).
 * A commitment is opaque: for secret choices use choiceIncluded (engine/conquest/choices.ts) on the choice it commits to.
 */
export function optionIncludes(option: Option, action: SeatAction): boolean {
  const same = (a: object, b: object) => canonicalJson(a) === canonicalJson(b);
  switch (option.kind) {
    case 'one':
      return same(option.action, action);
    case 'count':
      return (
        action.kind === option.action.kind &&
        'count' in action &&
        action.count >= option.min &&
        action.count <= option.max &&
        action.count !== option.except &&
        same({ ...action, count: 0 }, { ...option.action, count: 0 })
      );
    case 'account':
      return action.kind === 'accountHand' && action.setAside >= option.min && action.setAside <= option.max && same({ ...action, setAside: 0 }, { ...option.action, setAside: 0 });
    case 'take': {
      if (action.kind !== option.action.kind || !('take' in action) || !same({ ...action, take: [] }, { ...option.action, take: [] })) return false;
      let total = 0;
      let last = -1;
      for (const t of action.take) {
        const s = option.stacks.find((x) => x.dir === t.dir);
        if (!s || t.dir <= last || t.count < 1 || t.count > s.count) return false;
        last = t.dir;
        total += t.count;
      }
      return total >= option.min && total <= option.max;
    }
    case 'discard':
      return action.kind === 'discardExtra' && action.seat === option.seat && orderedSubset(action.cards.map((c) => canonicalJson(c)), option.hand.map((c) => canonicalJson(c)));
    case 'return':
      return action.kind === 'returnUnits' && action.seat === option.seat && orderedSubset(action.units, option.units);
    case 'feints':
    case 'purchase':
      return false;
  }
}

function orderedSubset<T>(xs: readonly T[], of: readonly T[]): boolean {
  let j = 0;
  for (const x of xs) {
    while (j < of.length && of[j] !== x) j++;
    if (j === of.length) return false;
    j++;
  }
  return true;
}

/** One of the option's actions, chosen with `stream`: uniformly where the option is small, by a uniform walk otherwise. */
export function sampleOption(option: Option, stream: RandomStream): SeatAction {
  switch (option.kind) {
    case 'one':
      return option.action;
    case 'count': {
      const n = optionSize(option);
      let k = option.min + stream.index(n);
      if (option.except !== null && k >= option.except) k++;
      return { ...option.action, count: k };
    }
    case 'account':
      return { ...option.action, setAside: option.min + stream.index(option.max - option.min + 1) };
    case 'discard':
      return { kind: 'discardExtra', seat: option.seat, cards: option.hand.filter(() => stream.index(2) === 1) };
    case 'return':
      return { kind: 'returnUnits', seat: option.seat, units: option.units.filter(() => stream.index(2) === 1) };
    case 'feints':
      return commitFor(option, { purpose: 'feint', feints: option.stacks.map((s) => ({ ...s, count: stream.index(s.count + 1) })).filter((f) => f.count > 0) })!;
    case 'take': {
      const items = option.stacks.map((t) => ({ cost: 1, max: t.count }));
      const total = pickWeighted(exactWays(items, option.max).map((w, t) => (t >= option.min ? w : 0)), stream);
      const ks = sampleExact(items, total, stream);
      return { ...option.action, take: option.stacks.map((t, i) => ({ dir: t.dir, count: ks[i]! })).filter((t) => t.count > 0) };
    }
    case 'purchase': {
      const budget = option.setAside + option.energy;
      const units = option.units.map((u) => ({ cost: u.cost, max: u.max }));
      const commons = option.commons.map((c) => ({ cost: c.cost, max: budget }));
      const commonUpTo = cumulative(exactWays(commons, budget));
      const unitCost = pickWeighted(exactWays(units, option.setAside).map((w, c) => w * commonUpTo[budget - c]!), stream);
      const unitCounts = sampleExact(units, unitCost, stream);
      const commonCost = pickWeighted(exactWays(commons, budget - unitCost), stream);
      const commonCounts = sampleExact(commons, commonCost, stream);
      const techs = option.technologies.map((t) => ({ cost: t.cost, max: 1 }));
      const techCost = pickWeighted(exactWays(techs, option.pure), stream);
      const techCounts = sampleExact(techs, techCost, stream);
      const cards = [...option.units.flatMap((u, i) => Array<CardId>(unitCounts[i]!).fill(u.card)), ...option.commons.flatMap((c, i) => Array<CardId>(commonCounts[i]!).fill(c.card))];
      const technologies = option.technologies.filter((_, i) => techCounts[i] === 1).map((t) => t.card);
      return commitFor(option, { purpose: 'purchase', cards: cards.sort(compareCodeUnits), technologies: technologies.sort(compareCodeUnits) })!;
    }
  }
}

/** ways[c]: the multisets of `items` (each between 0 and its max copies) of total cost exactly c, c <= budget. */
function exactWays(items: readonly { cost: number; max: number }[], budget: number): number[] {
  return costWays(items, Math.max(0, budget));
}

const cumulative = (ways: readonly number[]): number[] => {
  let sum = 0;
  return ways.map((w) => (sum += w));
};

/** An index drawn with probability proportional to its weight. */
function pickWeighted(weights: readonly number[], stream: RandomStream): number {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return 0;
  // Two draws make a fraction fine enough for any count this game reaches.
  let r = ((stream.index(1 << 26) * (1 << 26) + stream.index(1 << 26)) / 2 ** 52) * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** Copies of each item, uniformly among the multisets of total cost exactly `total`. */
function sampleExact(items: readonly { cost: number; max: number }[], total: number, stream: RandomStream): number[] {
  const out: number[] = [];
  let left = total;
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    const rest = exactWays(items.slice(i + 1), left);
    const weights: number[] = [];
    for (let k = 0; k <= it.max && k * it.cost <= left; k++) weights.push(rest[left - k * it.cost]!);
    const k = pickWeighted(weights, stream);
    out.push(k);
    left -= k * it.cost;
  }
  return out;
}

export type { Direction };
