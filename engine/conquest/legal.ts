import { type Direction, type HexKey, DIRECTION_INDICES, parseHexKey } from '../hex/index.js';
import { type CardId, RANKS, TECHNOLOGIES_FOR_SALE, COMMON_FOR_SALE, costOf, isUnitCard, unitCard, UNIT_RANKS } from '../cards/catalogue.js';
import type { CardOpening, SeatAction, SecretChoice } from '../core/actions.js';
import type { Battle, GameState, Stage } from '../core/state.js';
import { type Vault, cardOpening, deal, publicVault } from '../core/vault.js';
import type { Seat } from '../core/vocabulary.js';
import { pendingDeal } from './apply.js';
import { cyclesLeft, involvedSeats, joinCamp, proposalAwaits } from './battle.js';
import { requestOptions } from './requests.js';
import { countOf } from './cards.js';
import { frontierOpen, stacksOf } from './expansion.js';
import { availableCombats, exercisePairs, phaseOf, vassalSites } from './flow.js';
import { owned, purchaseError } from './logistics.js';
import { secretDigest, secretSalt } from './secret.js';
import { connectedFrom, territoriesOf } from './territory.js';

const hex = (key: HexKey) => parseHexKey(key);

/** Who the conquest waits for. */
export function conquestAwaits(state: GameState): { kind: 'seat'; seat: Seat } | { kind: 'random' } | { kind: 'over' } {
  const stage = phaseOf(state).stage;
  switch (stage.kind) {
    case 'deal':
      return { kind: 'seat', seat: stage.awaiting[0]! };
    case 'reshuffle':
      return { kind: 'seat', seat: stage.seat };
    case 'drawing':
      return { kind: 'random' };
    case 'moves':
    case 'spread':
    case 'choose':
    case 'exercise':
      return { kind: 'seat', seat: stage.turn };
    case 'secret':
      return { kind: 'seat', seat: stage.round.turn };
    case 'battle':
      return { kind: 'seat', seat: proposalAwaits(state, stage.battle) ?? stage.battle.turn };
    case 'vassalTroops':
      return { kind: 'seat', seat: stage.seat };
    case 'requests':
      return { kind: 'seat', seat: stage.turn };
    default:
      return { kind: 'over' };
  }
}

/**
 * The secret choices the engine offers a seat to commit (E5, L1): doing nothing, and a menu of
 * simple choices. Any legal choice may be committed (a UI builds its own); these are the ones
 * bots and quick play pick from. Each is checked by the same code as a reveal.
 */
export function secretMenu(state: GameState, seat: Seat, purpose: 'feint' | 'purchase'): SecretChoice[] {
  if (purpose === 'feint') {
    const stacks = stacksOf(state, seat);
    const out: SecretChoice[] = [{ purpose, feints: [] }];
    for (const s of stacks) out.push({ purpose, feints: [{ at: hex(s.at), dir: s.dir, count: s.count }] });
    if (stacks.length > 1) out.push({ purpose, feints: stacks.map((s) => ({ at: hex(s.at), dir: s.dir, count: s.count })) });
    return out;
  }
  const civ = state.seats[seat]!.civilisation;
  const me = state.players[seat]!;
  const candidates: CardId[] = [...UNIT_RANKS.map((r) => unitCard(civ, r)), ...COMMON_FOR_SALE];
  const out: SecretChoice[] = [{ purpose, cards: [], technologies: [] }];
  for (const c of candidates) out.push({ purpose, cards: [c], technologies: [] });
  for (const t of TECHNOLOGIES_FOR_SALE) out.push({ purpose, cards: [], technologies: [t] });
  // The strongest army the stocks set aside can buy, strongest units first, then crystals with what is left.
  const bundle: CardId[] = [];
  let budget = me.setAside;
  const ranks = [...UNIT_RANKS].sort((a, b) => RANKS[b].strength - RANKS[a].strength || RANKS[a].cost - RANKS[b].cost);
  for (const r of ranks) {
    const id = unitCard(civ, r);
    let left = countOf(me.world, id);
    while (left > 0 && RANKS[r].cost <= budget) {
      bundle.push(id);
      budget -= RANKS[r].cost;
      left--;
    }
  }
  const stocks = budget + me.energy;
  // One crystal a day at most, the best affordable: more would dilute the deck.
  const crystal = (['crystal3', 'crystal2', 'crystal1'] as const).find((c) => costOf(c) <= stocks);
  if (crystal) bundle.push(crystal);
  const techs = TECHNOLOGIES_FOR_SALE.filter((t) => owned(me.cards, t) === 0 && costOf(t) <= me.pure);
  if (bundle.length > 0 || techs.length > 0) out.push({ purpose, cards: bundle, technologies: techs });
  return out.filter((c) => c.purpose !== 'purchase' || purchaseError(state, seat, c) === null);
}

function handOpenings(state: GameState, seat: Seat, vault: Vault | undefined): CardOpening[] | null {
  if (!vault) return null;
  const out: CardOpening[] = [];
  for (const ref of state.players[seat]!.cards.hand) {
    const o = cardOpening(vault, state, ref);
    if (!o) return null;
    out.push(o);
  }
  return out;
}

/** Every action the conquest offers `seat` now (the caller has checked the seat is awaited). */
export function conquestLegal(state: GameState, seat: Seat, vault?: Vault): SeatAction[] {
  const stage: Stage = phaseOf(state).stage;
  switch (stage.kind) {
    case 'deal':
    case 'reshuffle': {
      const pending = pendingDeal(state, seat);
      if (!pending || !vault) return [];
      return [{ kind: 'commitCards', seat, commitments: deal(vault, pending.id, pending.refs, pending.values).commitments }];
    }
    case 'moves': {
      const out: SeatAction[] = [];
      for (const from of territoriesOf(state, seat)) {
        const t = state.territories[from]!;
        if (t.troops < 2) continue;
        const reach = [...connectedFrom(state, seat, from)].filter((k) => k !== from && state.territories[k]!.owner === seat).sort();
        for (const to of reach) for (let n = 1; n < t.troops; n++) out.push({ kind: 'moveTroops', seat, from: hex(from), to: hex(to), count: n });
      }
      out.push({ kind: 'done', seat });
      return out;
    }
    case 'spread': {
      const out: SeatAction[] = [];
      for (const key of territoriesOf(state, seat)) {
        const t = state.territories[key]!;
        for (const d of DIRECTION_INDICES) {
          const current = t.frontier[d];
          const open = frontierOpen(state, seat, key, d);
          const max = open ? current + t.troops - 1 : 0;
          for (let n = 0; n <= max; n++) if (n !== current) out.push({ kind: 'spread', seat, at: hex(key), dir: d as Direction, count: n });
          if (!open && current > 0) out.push({ kind: 'spread', seat, at: hex(key), dir: d as Direction, count: 0 });
        }
      }
      out.push({ kind: 'done', seat });
      return out;
    }
    case 'secret': {
      const { round } = stage;
      const menu = secretMenu(state, seat, round.purpose);
      if (!vault) return [];
      const salt = secretSalt(vault, state, round.purpose);
      const day = phaseOf(state).day;
      if (round.step === 'commit') return menu.map((choice) => ({ kind: 'commitSecret', seat, digest: secretDigest(seat, day, choice, salt) }));
      // The commitment was made with this vault's salt, or, if the seat was absent then, with the public one (T5).
      for (const s of [salt, secretSalt(publicVault(seat), state, round.purpose)]) {
        const mine = menu.find((choice) => secretDigest(seat, day, choice, s) === round.commits[seat]);
        if (mine) return [{ kind: 'revealSecret', seat, choice: mine, salt: s }];
      }
      return [];
    }
    case 'choose':
      return availableCombats(state, seat).map(({ id }): SeatAction => ({ kind: 'chooseCombat', seat, combat: id }));
    case 'battle':
      return battleLegal(state, stage.battle, seat, vault);
    case 'exercise':
      return [...exercisePairs(state, seat).map(([a, b]): SeatAction => ({ kind: 'exercise', seat, from: hex(a), to: hex(b) })), { kind: 'done', seat }];
    case 'vassalTroops':
      return vassalSites(state, seat).map((k): SeatAction => ({ kind: 'placeTroops', seat, at: hex(k) }));
    case 'requests':
      return [...requestOptions(state, seat).map(({ vassal, at }): SeatAction => ({ kind: 'request', seat, vassal, at: hex(at) })), { kind: 'done', seat }];
    default:
      return [];
  }
}

function battleLegal(state: GameState, b: Battle, seat: Seat, vault?: Vault): SeatAction[] {
  if (b.proposal) return [{ kind: 'answer', seat, accept: true }, { kind: 'answer', seat, accept: false }];
  if (b.step === 'camps') {
    const out: SeatAction[] = [];
    const isAttacker = (b.stacks[seat]?.length ?? 0) > 0 && b.defender !== seat;
    if (isAttacker) {
      const camps = new Set(involvedSeats(b).map((s) => b.camps[s]!));
      if (b.defender !== null) camps.add('defender');
      camps.add(`c${seat}`);
      camps.delete(b.camps[seat]!);
      for (const camp of [...camps].sort()) out.push({ kind: 'joinCamp', seat, camp });
      for (const s of b.stacks[seat] ?? []) {
        const n = state.territories[s.at]!.frontier[s.dir];
        for (let k = 1; k <= n; k++) out.push({ kind: 'withdraw', seat, at: hex(s.at), dir: s.dir, count: k });
      }
    }
    out.push({ kind: 'done', seat });
    // Only the camp changes the rules allow (E10, E11, S3i): the same check as applying them.
    return out.filter((a) => a.kind !== 'joinCamp' || joinCamp(state, b, seat, a.camp).ok);
  }
  if (b.step === 'armies') {
    const out: SeatAction[] = [];
    const hand = handOpenings(state, seat, vault) ?? [];
    if (cyclesLeft(b, seat) > 0 && hand.length > 0) {
      // S2a: discarding the cards that are not units, or the whole hand.
      const others = hand.filter((o) => !isUnitCard(o.value));
      if (others.length > 0 && others.length < hand.length) out.push({ kind: 'cycleHand', seat, discards: others });
      out.push({ kind: 'cycleHand', seat, discards: hand });
    }
    const seen = new Set<string>();
    for (const o of hand) {
      if (!isUnitCard(o.value) || seen.has(o.value)) continue;
      seen.add(o.value);
      out.push({ kind: 'playUnit', seat, opening: o });
    }
    out.push({ kind: 'done', seat });
    return out;
  }
  const army = b.armies[seat] ?? [];
  const hand = handOpenings(state, seat, vault);
  const out: SeatAction[] = [{ kind: 'afterCombat', seat, toWorld: [], account: null }];
  if (army.length > 0) out.push({ kind: 'afterCombat', seat, toWorld: [...army], account: null });
  if (hand && hand.length > 0) out.push({ kind: 'afterCombat', seat, toWorld: [], account: hand });
  return out;
}
