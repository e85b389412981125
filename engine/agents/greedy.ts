import { type CardId, type Technology, COMMON, TECHNOLOGY, cardPermanents, costOf, crystalValue, isCommonCard, strengthOf } from '../cards/catalogue.js';
import type { SeatAction, Take } from '../core/actions.js';
import { compareCodeUnits } from '../core/canonical.js';
import { type CountedAction, type Option, commitFor, expandOption } from '../core/options.js';
import type { Battle, GameState } from '../core/state.js';
import { type Vault, cardOpening } from '../core/vault.js';
import type { Seat } from '../core/vocabulary.js';
import { DIRECTION_INDICES, hexKey } from '../hex/index.js';
import { HEART_KEY } from '../map/index-internal.js';
import { seatStrength, wildStrength } from '../conquest/battle.js';
import { frontierOpen } from '../conquest/expansion.js';
import { ownsTechnology, playedStrength, pureSpent } from '../conquest/abilities/permanent.js';
import { controlsHeart, neighbourKey, ofOwnColour, territoriesOf } from '../conquest/territory.js';
import type { Agent } from './agent.js';

/** What it takes to beat a territory: its wild markers, or its troops and those facing us. */
function defence(state: GameState, key: string): number {
  const t = state.territories[key]!;
  if (t.owner === null) return t.wild.reduce((a, b) => a + b, 0);
  return t.troops + t.frontier.reduce((a, b) => a + b, 0);
}

/** A card's strength as a unit, wherever it is played: a unit's, or a common card's played like one (on its terrain for Favourable Ground). */
function asUnit(card: CardId): number {
  const p = cardPermanents(card).find((x) => x.kind === 'playedAsUnit');
  return strengthOf(card) + (p?.kind === 'playedAsUnit' ? p.strength : 0);
}

/** What its hand adds to an attack; `heart`: an attack on the Heart of Eden, where Opportunity counts its bonus. */
function handStrength(state: GameState, seat: Seat, vault: Vault, heart = false): number {
  return state.players[seat]!.cards.hand.reduce((n, ref) => {
    const o = cardOpening(vault, state, ref);
    if (!o) return n;
    const bonus = heart ? cardPermanents(o.value).reduce((k, p) => k + (p.kind === 'strengthAgainstHeart' ? p.amount : 0), 0) : 0;
    return n + asUnit(o.value) + bonus;
  }, 0);
}

/** Another seat holds the Heart of Eden and owns Suprématie or can pay for it (W2): the Heart must be taken from it. */
function heartToTake(state: GameState, seat: Seat): boolean {
  const holder = state.territories[HEART_KEY]?.owner ?? null;
  if (holder === null || holder === seat) return false;
  const p = state.players[holder]!;
  return p.supremacyDay !== null || p.pure >= TECHNOLOGY.supremacy.cost;
}

const nextToHeart = (state: GameState, key: string): boolean => DIRECTION_INDICES.some((d) => neighbourKey(state, key, d) === HEART_KEY);

const isCrystal = (card: CardId): boolean => isCommonCard(card) && COMMON[card].crystal > 0;

/** How far behind the Heart's defence an attack on it may start when its holder threatens an energy victory. */
const HEART_PRIORITY = 4;

/** Energy stocks kept for setting aside after the next combats (E15 sets aside only stocks one owns). */
const STOCK_RESERVE = 10;
/** Favourable Ground or Opportunity bought a day with the stocks beyond the reserve: more would thin its units out. */
const COMMONS_A_DAY = 2;
/** Energy Crystals (3) bought a day beyond the reserve once they are strength-3 cards (Overcharged Crystal). */
const CRYSTALS_A_DAY = 4;
/** The technologies in the order it wants them while Suprématie is out of reach: troops first, then its crystals' strength. */
const TECH_ORDER: readonly Technology[] = ['stabiliser', 'overcharged', 'amplifier', 'shield'];

/** The Heart of Eden is worth fighting for: an opponent holds it, or it is wild next to one of our territories. */
function heartContested(state: GameState, seat: Seat): boolean {
  const heart = state.territories[HEART_KEY];
  if (!heart) return false;
  if (heart.owner !== null) return heart.owner !== seat;
  return DIRECTION_INDICES.some((d) => {
    const n = neighbourKey(state, HEART_KEY, d);
    return n !== null && state.territories[n]!.owner === seat;
  });
}

/** It has a territory of its colour facing someone else: Favourable Ground will be played there. */
const fightsOnOwnTerrain = (state: GameState, seat: Seat): boolean =>
  territoriesOf(state, seat).some((k) => ofOwnColour(state, seat, k) && DIRECTION_INDICES.some((d) => frontierOpen(state, seat, k, d)));

/** The pure energy it keeps for the technologies it still wants (Suprématie last); what is beyond may be spent (Resonance Amplifier). */
function pureWanted(state: GameState, seat: Seat): number {
  return [...TECH_ORDER, 'supremacy' as const].filter((t) => !ownsTechnology(state, seat, t)).reduce((n, t) => n + TECHNOLOGY[t].cost, 0);
}

/**
 * What to buy (L2-L4): the strongest army the stocks set aside can buy, strongest units first; one
 * crystal with what is left; common cards with the stocks beyond a reserve (Opportunity where the
 * Heart is contested, Favourable Ground where it fights on its terrain); Suprématie as soon as it
 * holds the Heart and can pay, else the other technologies in its order.
 */
function bundle(state: GameState, seat: Seat, option: Extract<Option, { kind: 'purchase' }>): { cards: CardId[]; technologies: Technology[] } {
  const cards: CardId[] = [];
  let budget = option.setAside;
  // The World's units on offer, plain or designed: the strongest first, then the cheapest.
  const units = [...option.units].sort((a, b) => strengthOf(b.card) - strengthOf(a.card) || a.cost - b.cost || compareCodeUnits(a.card, b.card));
  for (const u of units) {
    let left = u.max;
    while (left > 0 && u.cost <= budget) {
      cards.push(u.card);
      budget -= u.cost;
      left--;
    }
  }
  const offered = (c: CardId) => option.commons.some((x) => x.card === c);
  let stocks = budget + option.energy;
  const take = (card: CardId, times: number, keep: number) => {
    for (let k = 0; k < times && offered(card) && stocks - costOf(card) >= keep; k++) {
      cards.push(card);
      stocks -= costOf(card);
    }
  };
  // One crystal a day, the best affordable: more would dilute the deck. With the Overcharged
  // Crystal an Energy Crystal (3) is a strength-3 card too: the stocks beyond the reserve buy them.
  const crystal = (['crystal3', 'crystal2', 'crystal1'] as const).find((c) => offered(c) && costOf(c) <= stocks);
  if (crystal) take(crystal, 1, 0);
  if (ownsTechnology(state, seat, 'overcharged')) take('crystal3', CRYSTALS_A_DAY, STOCK_RESERVE);
  const common: CardId | null = heartContested(state, seat) ? 'opportunity' : fightsOnOwnTerrain(state, seat) ? 'terrain' : null;
  if (common) take(common, COMMONS_A_DAY, STOCK_RESERVE);
  const technologies: Technology[] = [];
  let pure = option.pure;
  const buy = (t: Technology): boolean => {
    const tech = option.technologies.find((x) => x.card === t);
    if (!tech || tech.cost > pure) return false;
    technologies.push(t);
    pure -= tech.cost;
    return true;
  };
  if (controlsHeart(state, seat)) buy('supremacy');
  // The others in its order, saving for the first it cannot pay for yet.
  if (technologies.length === 0) for (const t of TECH_ORDER.filter((x) => !ownsTechnology(state, seat, x))) if (!buy(t)) break;
  return { cards: cards.sort(compareCodeUnits), technologies: technologies.sort(compareCodeUnits) };
}

/** The strongest opponent's strength in a combat now (the wild territory's included). */
function strongestOpponent(state: GameState, b: Battle, seat: Seat): number {
  const mine = b.camps[seat];
  let top = wildStrength(state, b);
  for (const s of Object.keys(b.camps).map(Number)) if (b.camps[s] !== mine) top = Math.max(top, seatStrength(state, b, s));
  return top;
}

/** Losses or a refill taken from the frontiers in direction order. */
function inOrder(stacks: readonly Take[], need: number): Take[] {
  let left = need;
  return stacks
    .map((s) => {
      const n = Math.min(left, s.count);
      left -= n;
      return { dir: s.dir, count: n };
    })
    .filter((s) => s.count > 0);
}

/**
 * A greedy agent: spreads its troops towards the weakest neighbour it can beat (and against the
 * Heart of a player who threatens an energy victory), plays its strongest cards, accounts for its
 * hand when it holds crystals, buys the strongest army it can and spends the rest of its energy on
 * the supply (bundle). Chooses only among the engine's legal options.
 */
export function greedyAgent(): Agent {
  return (state, seat, options, vault) => {
    const first = (o: Option): SeatAction => expandOption(o)[0]!;
    const done = options.find((o): o is Extract<Option, { kind: 'one' }> => o.kind === 'one' && (o.action.kind === 'done' || o.action.kind === 'endTurn'))?.action;
    const counts = <K extends CountedAction['kind']>(kind: K) =>
      options.flatMap((o) => (o.kind === 'count' && o.action.kind === kind ? [{ action: o.action as Extract<CountedAction, { kind: K }>, max: o.max, except: o.except }] : []));
    const ones = <K extends SeatAction['kind']>(kind: K) =>
      options.flatMap((o) => (o.kind === 'one' && o.action.kind === kind ? [o.action as Extract<SeatAction, { kind: K }>] : []));
    if (state.phase.name !== 'conquest') return first(options[0]!);
    const stage = state.phase.stage;
    switch (stage.kind) {
      case 'moves': {
        // Against an energy victory, troops gather next to the Heart; else interior troops go to a tile with an open frontier.
        const interior = (k: string) => [0, 1, 2, 3, 4, 5].every((d) => !frontierOpen(state, seat, k, d as 0));
        const moves = counts('moveTroops');
        const toHeart = heartToTake(state, seat) ? moves.find((o) => !nextToHeart(state, hexKey(o.action.from)) && nextToHeart(state, hexKey(o.action.to))) : undefined;
        const move = toHeart ?? moves.find((o) => interior(hexKey(o.action.from)) && !interior(hexKey(o.action.to)));
        return move ? { ...move.action, count: move.max } : done!;
      }
      case 'spread': {
        const bonus = handStrength(state, seat, vault);
        let best: SeatAction | undefined;
        let margin = 0;
        for (const o of counts('spread')) {
          if (o.except !== 0 || o.max < 1) continue;
          const key = hexKey(o.action.at);
          const target = neighbourKey(state, key, o.action.dir)!;
          // An energy victory is stopped at any price short of a hopeless attack: the Heart taken from its holder (W2).
          const heart = target === HEART_KEY && heartToTake(state, seat);
          const m = o.max + (heart ? handStrength(state, seat, vault, true) + HEART_PRIORITY : bonus) - defence(state, target);
          if (m > margin) (margin = m), (best = { ...o.action, count: o.max });
        }
        return best ?? done!;
      }
      case 'secretCommit': {
        const o = options[0]!;
        if (o.kind === 'feints') return commitFor(o, { purpose: 'feint', feints: [] })!;
        if (o.kind === 'purchase') return commitFor(o, { purpose: 'purchase', ...bundle(state, seat, o) })!;
        return first(o);
      }
      case 'proposal':
        return ones('answer').find((a) => a.accept) ?? first(options[0]!);
      case 'discards':
        return { kind: 'discardExtra', seat, cards: [] };
      case 'armies': {
        // Its strongest card first; an Energy Crystal (Overcharged Crystal) only while it is not ahead, as played it is not accounted for.
        const b = stage.battle;
        const behind = seatStrength(state, b, seat) <= strongestOpponent(state, b, seat);
        const cards = ones('playUnit')
          .filter((a) => behind || !isCrystal(a.opening.value))
          .sort((x, y) => playedStrength(state, b, seat, y.opening.value) - playedStrength(state, b, seat, x.opening.value));
        return cards[0] ?? done!;
      }
      case 'losses':
      case 'refill': {
        const o = options[0]!;
        if (o.kind !== 'take') return first(o);
        return { ...o.action, take: inOrder(o.stacks, stage.kind === 'losses' ? o.min : 1) };
      }
      case 'returnUnits':
        return { kind: 'returnUnits', seat, units: [] };
      case 'keepOrAccount': {
        const account = options.find((o): o is Extract<Option, { kind: 'account' }> => o.kind === 'account');
        if (!account) return { kind: 'keepHand', seat };
        const value = account.action.cards.reduce((n, c) => n + crystalValue(c.value), 0);
        // The largest total whose pure energy (Resonance Amplifier) leaves what it keeps for its technologies.
        const spare = state.players[seat]!.pure - pureWanted(state, seat);
        let total = account.max;
        while (total > account.min && pureSpent(state, seat, value, total) > Math.max(0, spare)) total--;
        const setAside = state.players[seat]!.setAside;
        return value > setAside || total > setAside ? { ...account.action, setAside: total } : { kind: 'keepHand', seat };
      }
      case 'exercise':
        return ones('exercise')[0] ?? done!;
      case 'camps':
        return done ?? first(options[0]!);
      // Every ability is worth its activation to a greedy player: the first one offered, then pass.
      case 'abilities':
        return ones('activate')[0] ?? done ?? first(options[0]!);
      default:
        return first(options[0]!);
    }
  };
}
