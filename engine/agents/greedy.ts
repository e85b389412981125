import { type CardId, type Technology, COMMON, cardPermanents, costOf, crystalValue, isCommonCard, strengthOf } from '../cards/catalogue.js';
import { technologyCost } from '../conquest/logistics.js';
import type { SeatAction, Take } from '../core/actions.js';
import { compareCodeUnits } from '../core/canonical.js';
import { type CountedAction, type Option, commitFor, expandOption } from '../core/options.js';
import { MAX_LIST } from '../core/parse.js';
import { applyAction, legalOptions } from '../game/play.js';
import type { Battle, GameState } from '../core/state.js';
import { type Vault, cardOpening } from '../core/vault.js';
import type { Seat } from '../core/vocabulary.js';
import { DIRECTION_INDICES, type Direction, distance, hexKey, neighbours, opposite, parseHexKey } from '../hex/index.js';
import { occupiedHexes } from '../map/board.js';
import { HEART_KEY } from '../map/index-internal.js';
import { seatStrength, wildStrength } from '../conquest/battle.js';
import { frontierOpen } from '../conquest/expansion.js';
import { ownsTechnology, playedStrength, pureSpent } from '../conquest/abilities/permanent.js';
import { energyVictoryConditions, energyVictoryThreats } from '../conquest/energyVictory.js';
import { controlsHeart, neighbourKey, ofOwnColour, overlord, portalKey, territoriesOf } from '../conquest/territory.js';
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
  return p.supremacyDay !== null || p.pure >= technologyCost(state, 'supremacy');
}

/** The portal of a seat outside our vassal group: taking it makes its owner our vassal (S3), the road to W1. */
function enemyPortal(state: GameState, seat: Seat, key: string): boolean {
  const top = overlord(state, seat);
  return state.seats.some((st, s) => st.portal !== null && hexKey(st.portal) === key && overlord(state, s) !== top && !state.players[s]!.forfeited);
}

/** What a tile next to ours is worth taking beyond its production: a portal of another group (W1), the Heart (W2). */
function worth(state: GameState, seat: Seat, key: string): number {
  if (key === HEART_KEY) return heartToTake(state, seat) ? WORTH.heartThreat : WORTH.heart;
  if (heartThreat(state, seat) && cutsHeart(state, key)) return WORTH.heartThreat;
  return enemyPortal(state, seat, key) ? WORTH.portal : towardPortal(state, seat, key);
}

/** A tile next to a portal of another group is the last step on the road to it (W1 is won portal by portal). */
const towardPortal = (state: GameState, seat: Seat, key: string): number =>
  neighbours(parseHexKey(key)).some((n) => enemyPortal(state, seat, hexKey(n))) ? WORTH.besidePortal : WORTH.land;

/** Taking `key` from the Heart's holder would break W2.3 for him (the Heart no longer connected to his portal), read by the engine's W2. */
function cutsHeart(state: GameState, key: string): boolean {
  const holder = state.territories[HEART_KEY]?.owner ?? null;
  const t = state.territories[key];
  if (holder === null || !t || t.owner === null || key === HEART_KEY || overlord(state, t.owner) !== overlord(state, holder)) return false;
  const without: GameState = { ...state, territories: { ...state.territories, [key]: { ...t, owner: null } } };
  return energyVictoryConditions(without, holder)?.connected === false;
}

/**
 * What its army marches on: the tile next to one of its territories, outside its group, that is
 * worth the most (worth) among those its whole army and hand beat; `stage`: its territory facing
 * it with the most troops, where the army gathers. Spread thin, an army takes nothing.
 */
function objective(state: GameState, seat: Seat, vault: Vault): { target: string; stage: string } | null {
  const mine = territoriesOf(state, seat);
  const army = mine.reduce((n, k) => n + state.territories[k]!.troops - 1, 0);
  let best: { target: string; stage: string } | null = null;
  let top = 0;
  for (const k of mine) {
    const t = state.territories[k]!;
    for (const d of DIRECTION_INDICES) {
      const target = neighbourKey(state, k, d);
      if (target === null || !frontierOpen(state, seat, k, d)) continue;
      const heart = target === HEART_KEY;
      const margin = army + 1 + t.frontier[d] + handStrength(state, seat, vault, heart) - defence(state, target);
      // Against an energy victory the others attack together (camps): no one waits to be strong enough alone.
      if (margin <= 0 && !(heart && heartThreat(state, seat))) continue;
      const score = worth(state, seat, target) + Math.min(margin, MARGIN_CAP) + t.troops / 100;
      if (score > top) (top = score), (best = { target, stage: k });
    }
  }
  return best;
}

/** What the objective weighs: a portal, a tile next to one (nearly the Heart), the Heart (more when its holder threatens W2), any other tile; a margin beyond the cap adds nothing. */
const WORTH = { portal: 30, besidePortal: 14, heartThreat: 40, heart: 15, land: 0 } as const;
const MARGIN_CAP = 10;

/** A seat outside its group owns Suprématie and holds the Heart (W2, engine's reading): everyone else must take the Heart now, together, whatever the odds. */
const heartThreat = (state: GameState, seat: Seat): boolean =>
  energyVictoryThreats(state).some((t) => t.heart && overlord(state, t.seat) !== overlord(state, seat));

const isCrystal = (card: CardId): boolean => isCommonCard(card) && COMMON[card].crystal > 0;

/** How far behind the Heart's defence an attack on it may start when its holder threatens an energy victory. */
const HEART_PRIORITY = 4;

/** Energy stocks kept for setting aside after the next combats (E15 sets aside only stocks one owns). */
const STOCK_RESERVE = 10;
/** Favourable Ground or Opportunity bought a day with the stocks beyond the reserve: more would thin its units out. */
const COMMONS_A_DAY = 2;
/** Energy Crystals (3) bought a day beyond the reserve once they are strength-3 cards (Overcharged Crystal). */
const CRYSTALS_A_DAY = 4;
/** Stocks beyond which it buys more of the supply: energy is not kept for nothing. */
const PILE = 30;
/** The technologies in the order it wants them while Suprématie is out of reach: troops first, then its crystals' strength. */
const TECH_ORDER: readonly Technology[] = ['stabiliser', 'overcharged', 'amplifier', 'shield'];

/** It controls a territory next to the Heart of Eden. */
const besideHeart = (state: GameState, seat: Seat): boolean =>
  DIRECTION_INDICES.some((d) => {
    const n = neighbourKey(state, HEART_KEY, d);
    return n !== null && state.territories[n]!.owner === seat;
  });

/** The Heart of Eden is worth fighting for: an opponent holds it, or it is wild next to one of our territories. */
function heartContested(state: GameState, seat: Seat): boolean {
  const heart = state.territories[HEART_KEY];
  if (!heart) return false;
  return heart.owner !== null ? heart.owner !== seat : besideHeart(state, seat);
}

/** It has a territory of its colour facing someone else: Favourable Ground will be played there. */
const fightsOnOwnTerrain = (state: GameState, seat: Seat): boolean =>
  territoriesOf(state, seat).some((k) => ofOwnColour(state, seat, k) && DIRECTION_INDICES.some((d) => frontierOpen(state, seat, k, d)));

/** The pure energy it keeps for the technologies it still wants (Suprématie last); what is beyond may be spent (Resonance Amplifier). */
function pureWanted(state: GameState, seat: Seat): number {
  return [...TECH_ORDER, 'supremacy' as const].filter((t) => !ownsTechnology(state, seat, t)).reduce((n, t) => n + technologyCost(state, t), 0);
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
    while (left > 0 && u.cost <= budget && cards.length < MAX_LIST) {
      cards.push(u.card);
      budget -= u.cost;
      left--;
    }
  }
  const offered = (c: CardId) => option.commons.some((x) => x.card === c);
  let stocks = budget + option.energy;
  const take = (card: CardId, times: number, keep: number) => {
    for (let k = 0; k < times && offered(card) && stocks - costOf(card) >= keep && cards.length < MAX_LIST; k++) {
      cards.push(card);
      stocks -= costOf(card);
    }
  };
  // One crystal a day, the best affordable: more would dilute the deck. With the Overcharged
  // Crystal an Energy Crystal (3) is a strength-3 card too: the stocks beyond the reserve buy them.
  const crystal = (['crystal3', 'crystal2', 'crystal1'] as const).find((c) => offered(c) && costOf(c) <= stocks);
  if (crystal) take(crystal, 1, 0);
  // Stocks piling up beyond a day's use are spent on the supply: strength-3 crystals, Favourable Ground or Opportunity.
  const beyondPile = () => Math.max(0, Math.floor((stocks - PILE) / 3));
  if (ownsTechnology(state, seat, 'overcharged')) take('crystal3', CRYSTALS_A_DAY + beyondPile(), STOCK_RESERVE);
  const common: CardId | null = heartContested(state, seat) ? 'opportunity' : fightsOnOwnTerrain(state, seat) ? 'terrain' : null;
  if (common) take(common, COMMONS_A_DAY + beyondPile(), STOCK_RESERVE);
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
  // The others in its order, saving for the first it cannot pay for yet; holding the Heart, it keeps Suprématie's price first.
  const keep = !ownsTechnology(state, seat, 'supremacy') && controlsHeart(state, seat) ? technologyCost(state, 'supremacy') : 0;
  if (technologies.length === 0) for (const t of TECH_ORDER.filter((x) => !ownsTechnology(state, seat, x))) if (pure - technologyCost(state, t) < keep || !buy(t)) break;
  return { cards: cards.sort(compareCodeUnits), technologies: technologies.sort(compareCodeUnits) };
}

/** The strongest opponent's strength in a combat now (the wild territory's included). */
function strongestOpponent(state: GameState, b: Battle, seat: Seat): number {
  const mine = b.camps[seat];
  let top = wildStrength(state, b);
  for (const s of Object.keys(b.camps).map(Number)) if (b.camps[s] !== mine) top = Math.max(top, seatStrength(state, b, s));
  return top;
}

/** How far its camp is ahead of the strongest opposing one (negative: behind). */
const lead = (state: GameState, b: Battle, seat: Seat): number => seatStrength(state, b, seat) - strongestOpponent(state, b, seat);

/** Its lead once it has used the best of the abilities it is now offered, if any (one step ahead). */
function leadAfterAbilities(state: GameState, seat: Seat, vault: Vault): number {
  const b = battleIn(state);
  if (!b) return 0;
  let top = lead(state, b, seat);
  if (state.phase.name !== 'conquest' || state.phase.stage.kind !== 'abilities') return top;
  for (const o of legalOptions(state, seat, vault)) {
    if (o.kind !== 'one' || o.action.kind !== 'activate') continue;
    const next = applyAction(state, o.action);
    const after = next.ok ? battleIn(next.value) : null;
    if (next.ok && after) top = Math.max(top, lead(next.value, after, seat));
  }
  return top;
}

/**
 * Its troops at frontier (at, dir), `mine` of them, face an uncontrolled, empty territory, or an
 * enemy portal, that another player of its vassal group faces with more troops (or as many, from a
 * lower seat): B12b gives it to nobody while both stay.
 */
function yieldsTo(state: GameState, seat: Seat, at: string, dir: Direction, mine = state.territories[at]!.frontier[dir]): boolean {
  const target = neighbourKey(state, at, dir);
  const t = target === null ? undefined : state.territories[target];
  if (!t) return false;
  // Won by two of a group, a portal stays empty too, and its owner takes it back with his new troops (L7a): one of them attacks it.
  const empty = t.owner === null && t.troops === 0 && t.wild.length === 0;
  if (!empty && !enemyPortal(state, seat, target!)) return false;
  const top = overlord(state, seat);
  const facing = new Map<Seat, number>();
  for (const d of DIRECTION_INDICES) {
    const n = neighbourKey(state, target!, d);
    const nt = n === null ? undefined : state.territories[n];
    if (!nt || nt.owner === null) continue;
    facing.set(nt.owner, (facing.get(nt.owner) ?? 0) + nt.frontier[opposite(d)]);
  }
  return [...facing].some(([s, n]) => s !== seat && overlord(state, s) === top && (n > mine || (n === mine && n > 0 && s < seat)));
}

/** Troops of other groups next to a tile: on their territories and at their frontiers. */
function threatAt(state: GameState, seat: Seat, key: string): number {
  let n = 0;
  for (const d of DIRECTION_INDICES) {
    const k = neighbourKey(state, key, d);
    const t = k === null ? undefined : state.territories[k];
    if (!t || t.owner === null || overlord(state, t.owner) === overlord(state, seat)) continue;
    n += t.troops + t.frontier.reduce((a, b) => a + b, 0);
  }
  return n;
}

/**
 * At two players, its lifeline: its portal and its territories next to it (a portal has at most
 * two non-black neighbours, M). Lost, they cut every territory off from the portal, and nothing
 * produces (P4). Each keeps as many troops as the enemies next to it, and one more. At larger
 * tables the troops kept home weaken it against the other rivals (head to head, it lost 13 of
 * 20 four-player games); against a single rival they won it 95 of 160 two-player games.
 */
function lifeline(state: GameState, seat: Seat): Map<string, number> {
  const out = new Map<string, number>();
  const portal = portalKey(state, seat);
  if (state.seats.length !== 2 || state.territories[portal]?.owner !== seat) return out;
  for (const k of [portal, ...DIRECTION_INDICES.map((d) => neighbourKey(state, portal, d))]) {
    if (k === null || state.territories[k]?.owner !== seat) continue;
    const threat = threatAt(state, seat, k);
    if (threat > 0) out.set(k, threat + 1);
  }
  return out;
}

/** The battle being fought, if the state is in one. */
function battleIn(state: GameState): Battle | null {
  if (state.phase.name !== 'conquest') return null;
  const stage = state.phase.stage as { battle?: Battle };
  return stage.battle ?? null;
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
 * Map creation (M): where the first option places a tile, the site touching the most tiles already
 * placed, nearest the Heart on a tie. A map grown at random from the first site offered is a web of
 * one-tile corridors, where a single troop on a frontier holds an army back for ever (E7); players
 * build Eden compact.
 */
function mapChoice(state: GameState, options: readonly Option[]): SeatAction | null {
  const head = options[0];
  // The portal waits for the last tile (M13) and stays where it is then (M15): placed early, its exclusion zone (M10) pushes the map into corridors.
  const endTurn = options.find((o) => o.kind === 'one' && o.action.kind === 'endTurn');
  if (state.phase.stage.kind === 'portal' || state.phase.stage.kind === 'finalRound') return endTurn?.kind === 'one' ? endTurn.action : null;
  if (!head || head.kind !== 'one' || (head.action.kind !== 'placeTile' && head.action.kind !== 'placeBlack')) return null;
  const kind = head.action.kind;
  const taken = new Set(occupiedHexes(state).map(hexKey));
  const centre = { q: 0, r: 0 };
  let best: SeatAction | null = null;
  let top = -Infinity;
  for (const o of options) {
    if (o.kind !== 'one' || o.action.kind !== kind) continue;
    const at = o.action.at;
    const score = neighbours(at).filter((n) => taken.has(hexKey(n))).length * 100 - distance(at, centre);
    if (score > top) (top = score), (best = o.action);
  }
  return best;
}

/**
 * A greedy agent: builds the map compact (mapChoice), marches its army on an objective and spreads
 * it where it beats the defence by the most, worth included (a portal or the tiles next to it, the
 * Heart, a tile that cuts a Suprématie owner off), leaves a portal or an empty territory to the
 * stronger of its vassal group facing it, at two players keeps its portal's neighbours guarded
 * (lifeline), joins the others' camp against a Suprématie owner who holds the Heart, plays the card
 * and uses the ability that leave it furthest ahead one step on, accounts for its hand when it holds
 * crystals, buys the strongest army it can and spends the rest of its energy on the supply, keeping
 * Suprématie's price while it holds the Heart (bundle). Chooses only among the engine's legal options.
 */
export function greedyAgent(): Agent {
  return (state, seat, options, vault) => {
    const first = (o: Option): SeatAction => expandOption(o)[0]!;
    const done = options.find((o): o is Extract<Option, { kind: 'one' }> => o.kind === 'one' && (o.action.kind === 'done' || o.action.kind === 'endTurn'))?.action;
    const counts = <K extends CountedAction['kind']>(kind: K) =>
      options.flatMap((o) => (o.kind === 'count' && o.action.kind === kind ? [{ action: o.action as Extract<CountedAction, { kind: K }>, max: o.max, except: o.except }] : []));
    const ones = <K extends SeatAction['kind']>(kind: K) =>
      options.flatMap((o) => (o.kind === 'one' && o.action.kind === kind ? [o.action as Extract<SeatAction, { kind: K }>] : []));
    if (state.phase.name === 'mapCreation') return mapChoice(state, options) ?? first(options[0]!);
    if (state.phase.name !== 'conquest') return first(options[0]!);
    const stage = state.phase.stage;
    switch (stage.kind) {
      case 'moves': {
        // Its army marches on its objective (an enemy portal, or the Heart against an energy victory); else interior troops go to a tile with an open frontier.
        const interior = (k: string) => [0, 1, 2, 3, 4, 5].every((d) => !frontierOpen(state, seat, k, d as 0));
        // Its lifeline keeps its guard (lifeline): troops go there first, and only what is beyond leaves it.
        const guard = lifeline(state, seat);
        const spare = (k: string) => state.territories[k]!.troops - Math.max(1, guard.get(k) ?? 0);
        const moves = counts('moveTroops')
          .map((o) => ({ ...o, max: Math.min(o.max, spare(hexKey(o.action.from))) }))
          .filter((o) => o.max > 0);
        const short = moves.find((o) => guard.has(hexKey(o.action.to)) && !guard.has(hexKey(o.action.from)) && spare(hexKey(o.action.to)) < 0);
        if (short) return { ...short.action, count: Math.min(short.max, -spare(hexKey(short.action.to))) };
        const goal = objective(state, seat, vault);
        const march = goal ? moves.find((o) => hexKey(o.action.to) === goal.stage && hexKey(o.action.from) !== goal.stage) : undefined;
        const move = march ?? moves.find((o) => interior(hexKey(o.action.from)) && !interior(hexKey(o.action.to)));
        return move ? { ...move.action, count: move.max } : done!;
      }
      case 'spread': {
        // B12b: an empty territory faced by two players of one vassal group stays empty for ever; the weaker steps back.
        const yielding = counts('spread').find((o) => o.except !== null && o.except > 0 && yieldsTo(state, seat, hexKey(o.action.at), o.action.dir));
        if (yielding) return { ...yielding.action, count: 0 };
        const bonus = handStrength(state, seat, vault);
        let best: SeatAction | undefined;
        let margin = 0;
        const goal = objective(state, seat, vault);
        for (const o of counts('spread')) {
          // Troops already at a frontier (except: its count now) are topped up to the most it can hold.
          if (o.max < 1 || o.max === o.except) continue;
          const key = hexKey(o.action.at);
          if (yieldsTo(state, seat, key, o.action.dir, o.max)) continue;
          const target = neighbourKey(state, key, o.action.dir)!;
          // An energy victory is stopped at any price short of a hopeless attack: the Heart taken from its holder (W2).
          const heart = target === HEART_KEY && heartToTake(state, seat);
          const m = heart && heartThreat(state, seat) ? o.max + WORTH.heartThreat : o.max + (heart ? handStrength(state, seat, vault, true) + HEART_PRIORITY : bonus) - defence(state, target);
          const score = m + (m > 0 ? worth(state, seat, target) + (goal?.target === target ? MARGIN_CAP : 0) : 0);
          if (m > 0 && score > margin) (margin = score), (best = { ...o.action, count: o.max });
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
        // Of the cards, the one that leaves it furthest ahead once its immediate abilities are used (a unit that removes
        // the opponents' units on its row is worth most where that row holds their best), the strongest on a tie.
        let best = cards[0];
        let top = -Infinity;
        for (const a of cards) {
          const next = applyAction(state, a);
          const score = next.ok ? leadAfterAbilities(next.value, seat, vault) : -Infinity;
          if (score > top) (top = score), (best = a);
        }
        return best ?? done!;
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
      case 'camps': {
        // Against the Heart's holder who owns Suprématie, the attackers fight as one camp (E10): the strongest's.
        const b = stage.battle;
        if (b.combat.kind === 'territory' && b.combat.at === HEART_KEY && heartThreat(state, seat) && b.camps[seat] === seat) {
          const allies = Object.keys(b.camps).map(Number).filter((s) => s !== seat && b.camps[s] === s && s !== b.defender);
          const lead = allies.sort((x, y) => seatStrength(state, b, y) - seatStrength(state, b, x) || x - y)[0];
          const join = lead === undefined ? undefined : ones('joinCamp').find((a) => a.camp === lead);
          if (join) return join;
        }
        return done ?? first(options[0]!);
      }
      // The activation (ability and targets) that leaves its camp furthest ahead of the strongest opponent, read one
      // step ahead with the engine; passing only when every activation leaves it worse off.
      case 'abilities': {
        const acts = ones('activate');
        if (acts.length === 0) return done ?? first(options[0]!);
        const here = lead(state, stage.battle, seat);
        let best: SeatAction = acts[0]!;
        let top = -Infinity;
        for (const a of acts) {
          const next = applyAction(state, a);
          const after = next.ok ? battleIn(next.value) : null;
          const score = !next.ok ? -Infinity : after ? lead(next.value, after, seat) : here;
          if (score > top) (top = score), (best = a);
        }
        return top < here && done ? done : best;
      }
      default:
        return first(options[0]!);
    }
  };
}
