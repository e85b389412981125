import { describe, expect, it } from 'vitest';
import { type GameEvent, type GameState, type Vault, awaiting, choiceError, legalOptions, play } from '../../engine/index.js';
import type { CardId, Technology } from '../../engine/cards/catalogue.js';
import { COMMON, TECHNOLOGIES, TECHNOLOGY } from '../../engine/cards/catalogue.js';
import { addUnit, openExercise, seatStrength } from '../../engine/conquest/battle.js';
import { unitStrength } from '../../engine/conquest/abilities/permanent.js';
import { energyVictoryConditions } from '../../engine/conquest/energyVictory.js';
import { purchaseOffer } from '../../engine/conquest/logistics.js';
import { unsealChoice } from '../../engine/core/secret.js';
import { greedyAgent } from '../../engine/agents/index.js';
import { playLocal, startLocalGame } from '../../engine/local/index.js';
import { must, refusal, setupFor } from '../support/fixtures.js';
import { SW, T, atChoose, atReveal, atStage, conquestStart, front, handOf, onlyTroops, openingOf, phase, readyAll, revealAll, revealOf, withPlayer, withTroops } from '../support/conquest.js';
import { activations, asCiv, battleOf, deckOf, duel, luck, playCard, stageOf, unitOf } from '../support/abilities.js';

/**
 * The supply's cards (K12a, K13a; docs/cards.md): each common card and technology shows its effect
 * in a combat or in Logistics, and what has a cost cannot be bought or used when it cannot be paid.
 * On the fixture map seat 0 is forest (elves, portal 5,-3), seat 1 mountain (dwarves, portal
 * -3,-1), seat 2 lake (necromancers); 2,0 and 1,-1 are forest, 2,-1 mountain, 0,0 the Heart.
 */

const eventsOf = (state: GameState, action: unknown): GameEvent[] => {
  const r = play(state, action);
  if (!r.ok) throw new Error(r.error.message);
  return [...r.value.events];
};

/** The cards the awaited seat is offered to play in army building (B3). */
const playable = (state: GameState, vault: Vault): CardId[] => {
  const who = awaiting(state);
  if (who.kind !== 'seat') return [];
  return legalOptions(state, who.seat, vault).flatMap((o) => (o.kind === 'one' && o.action.kind === 'playUnit' ? [o.action.opening.value] : []));
};

/** The strength in its army of the first unit of `card`. */
const strengthOf = (state: GameState, card: CardId): number => unitStrength(state, battleOf(state), battleOf(state).units.find((u) => u.card === card)!);

/** Plays each seat's listed cards in army building (ability windows passed), then completes every army. */
function fight(state: GameState, vaults: readonly Vault[], cards: Readonly<Record<number, readonly CardId[]>>): GameState {
  let s = state;
  const left: Record<number, CardId[]> = Object.fromEntries(Object.entries(cards).map(([k, v]) => [k, [...v]]));
  for (let k = 0; k < 100 && ['armies', 'abilities'].includes(stageOf(s).kind); k++) {
    const who = awaiting(s);
    if (who.kind !== 'seat') break;
    const next = stageOf(s).kind === 'armies' ? left[who.seat]?.shift() : undefined;
    s = must(s, next ? { kind: 'playUnit', seat: who.seat, opening: openingOf(s, who.seat, vaults[who.seat]!, next) } : { kind: 'done', seat: who.seat });
  }
  return s;
}

type Purchase = { purpose: 'purchase'; cards: CardId[]; technologies: Technology[] };
const buy = (cards: CardId[], technologies: Technology[] = []): Purchase => ({ purpose: 'purchase', cards: [...cards].sort(), technologies: [...technologies].sort() });
/** Seat 0's purchase revealed and carried out (the others buy nothing), or why it is refused. */
const bought = (s: GameState, choice: Purchase) => revealAll(atReveal(s, 'purchase', { 0: choice }), { 0: choice });
const refused = (s: GameState, choice: Purchase) => refusal(atReveal(s, 'purchase', { 0: choice }), revealOf(0, choice));

describe('Favourable Ground (K12a): a unit of strength 2 on its player\'s terrain, worth 1 in hand', () => {
  /** Seat 0 attacks seat 2's forest 2,0 from the desert 3,-1: the attacked territory is of his colour. */
  const onForest = () => {
    const g = conquestStart();
    const s = handOf(withTroops(g.state, { '2,0': { owner: 2, troops: 3 }, '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) } }), 0, g.vaults[0]!, ['terrain', 'elves.basic']);
    return { g, s: readyAll(must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: T(2, 0) })) };
  };

  it('is played as a unit of strength 2 where the attacked territory is of its player\'s colour', () => {
    const { g, s } = onForest();
    expect(playable(s, g.vaults[0]!)).toEqual(['elves.basic', 'terrain']);
    const played = playCard(s, g.vaults[0]!, 'terrain');
    expect(strengthOf(played, 'terrain')).toBe(2);
    expect(seatStrength(played, battleOf(played), 0)).toBe(2 + 2);
  });

  it('is played from its player\'s own portal (its colour, P2)', () => {
    const g = conquestStart();
    // The lake 4,-2 is wild; seat 0 attacks it from his portal 5,-3.
    let s = handOf(onlyTroops(g.state, { '5,-3': { owner: 0, troops: 1, frontier: front(SW, 2) } }), 0, g.vaults[0]!, ['terrain']);
    s = readyAll(must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: T(4, -2) }));
    expect(playable(s, g.vaults[0]!)).toEqual(['terrain']);
  });

  it('cannot be played where neither the attacked territory nor its troops\' tiles are of its colour', () => {
    const g = conquestStart();
    // A frontier combat between seat 0's mountain 2,-1 and seat 1's forest 1,-1: seat 0's troops stand on mountain.
    const s = duel(handOf(g.state, 0, g.vaults[0]!, ['terrain', 'elves.basic']));
    expect(playable(s, g.vaults[0]!)).toEqual(['elves.basic']);
    expect(refusal(s, { kind: 'playUnit', seat: 0, opening: openingOf(s, 0, g.vaults[0]!, 'terrain') })).toEqual({ code: 'NotAUnit', rule: 'B3' });
  });

  it('counts 1 when the hand is accounted for (E15)', () => {
    const g = conquestStart();
    const battle = openExercise(0, '4,-2', 0);
    const s = atStage(handOf(withPlayer(g.state, 0, { energy: 10, setAside: 0 }), 0, g.vaults[0]!, ['terrain', 'crystal2']), { kind: 'keepOrAccount', waiting: [0], battle, then: { kind: 'exercise', turn: 1, left: 2 } });
    expect(legalOptions(s, 0, g.vaults[0])).toContainEqual(expect.objectContaining({ kind: 'account', min: 0, max: 3 }));
  });

  it('is discarded after the combat: it has no World to be returned to (B15)', () => {
    const g = conquestStart();
    let battle = openExercise(0, '4,-2', 0);
    for (const card of ['terrain', 'elves.basic'] as const) battle = addUnit(battle, 0, card).battle;
    const s = atStage(g.state, { kind: 'returnUnits', waiting: [0], battle, then: { kind: 'exercise', turn: 1, left: 2 } });
    expect(legalOptions(s, 0)).toEqual([{ kind: 'return', seat: 0, units: [1] }]);
    expect(refusal(s, { kind: 'returnUnits', seat: 0, units: [0] })).toEqual({ code: 'UnknownCard', rule: 'B15' });
    const after = must(s, { kind: 'returnUnits', seat: 0, units: [1] });
    expect(after.players[0]!.cards.discard).toEqual({ terrain: 1 });
  });
});

describe('Opportunity (K12a): strength 1 that draws a card, 4 against the Heart of Eden', () => {
  it('is played as a unit of strength 1 whose immediate ability draws a card', () => {
    const g = conquestStart();
    let s = deckOf(handOf(g.state, 0, g.vaults[0]!, ['opportunity', 'crystal1']), 0, g.vaults[0]!, ['crystal2']);
    s = playCard(duel(s), g.vaults[0]!, 'opportunity');
    expect(strengthOf(s, 'opportunity')).toBe(1);
    const opportunity = unitOf(s, 'opportunity');
    expect(activations(s, g.vaults[0])).toEqual([{ kind: 'activate', seat: 0, unit: opportunity, ability: 0, targets: [null] }]);
    const drawn = luck(must(s, { kind: 'activate', seat: 0, unit: opportunity, ability: 0, targets: [null] }));
    expect(drawn.players[0]!.cards.hand).toHaveLength(2);
  });

  it('counts 4 against a player who controls the Heart, 1 when its own player does', () => {
    const g = conquestStart();
    const hand = handOf(g.state, 0, g.vaults[0]!, ['opportunity']);
    const against = playCard(duel(withTroops(hand, { '0,0': { owner: 1, troops: 1 } })), g.vaults[0]!, 'opportunity');
    expect(strengthOf(against, 'opportunity')).toBe(4);
    const own = playCard(duel(withTroops(hand, { '0,0': { owner: 0, troops: 1 } })), g.vaults[0]!, 'opportunity');
    expect(strengthOf(own, 'opportunity')).toBe(1);
  });

  describe('answers Suprématie: the Heart taken from a player who would win by energy tonight (W2)', () => {
    /** Seat 1 holds the Heart (3 troops), connected to his portal, and owns Suprématie since yesterday; seat 0 attacks it from 1,-1. */
    const threat = () => {
      const g = conquestStart();
      let s = onlyTroops(g.state, {
        '-3,-1': { owner: 1, troops: 1 },
        '-2,-1': { owner: 1, troops: 1 },
        '-2,0': { owner: 1, troops: 1 },
        '-1,0': { owner: 1, troops: 1 },
        '0,0': { owner: 1, troops: 3 },
        '1,-1': { owner: 0, troops: 1, frontier: front(SW, 2) },
      });
      s = withPlayer(s, 1, { supremacyDay: phase(s).day - 1, technologies: ['supremacy'] });
      s = handOf(handOf(s, 0, g.vaults[0]!, ['opportunity', 'opportunity']), 1, g.vaults[1]!, ['crystal1']);
      expect(energyVictoryConditions(s, 1)).toMatchObject({ holds: true, wouldWin: true });
      return { g, s: readyAll(must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: T(0, 0) })) };
    };

    it('two Opportunities (4 each) take the Heart: the energy victory no longer holds', () => {
      const { g, s } = threat();
      const after = fight(s, g.vaults, { 0: ['opportunity', 'opportunity'] });
      expect(after.territories['0,0']!.owner).toBe(0);
      expect(energyVictoryConditions(after, 1)).toMatchObject({ heart: false, holds: false, wouldWin: false });
    });

    it('without them the attack fails and the holder still wins tonight', () => {
      const { g, s } = threat();
      const after = fight(s, g.vaults, {});
      expect(after.territories['0,0']!.owner).toBe(1);
      expect(energyVictoryConditions(after, 1)).toMatchObject({ wouldWin: true });
    });
  });
});

describe('common cards for sale (L3): any stocks pay for them', () => {
  it('Favourable Ground and Opportunity are bought with stocks not set aside, onto the discard pile', () => {
    const s = bought(withPlayer(conquestStart().state, 0, { setAside: 0, energy: 5 }), buy(['terrain', 'opportunity']));
    expect(s.players[0]!.cards.discard).toEqual({ terrain: 1, opportunity: 1 });
    expect(purchaseOffer(s, 0).commons.map((c) => [c.card, c.cost])).toEqual(Object.entries(COMMON).map(([id, c]) => [id, c.cost]));
  });

  it('cannot be bought when the stocks cannot pay', () => {
    expect(refused(withPlayer(conquestStart().state, 0, { setAside: 0, energy: 4 }), buy(['terrain', 'opportunity']))).toEqual({ code: 'CannotAfford', rule: 'L3' });
  });
});

describe('technologies (K13a): bought with pure energy, kept in front of their owner', () => {
  const shop = (pure: number, technologies: Technology[] = []) =>
    withPlayer(conquestStart().state, 0, { pure, ...(technologies.length > 0 ? { technologies } : {}) });

  it('are kept in front of the buyer, out of his deck, and offered no more', () => {
    const four: Technology[] = ['shield', 'overcharged', 'stabiliser', 'amplifier'];
    const s = bought(shop(20), buy([], four));
    expect(s.players[0]!.technologies).toEqual(four);
    expect(s.players[0]!.cards.discard).toEqual({});
    expect(purchaseOffer(s, 0).technologies.map((t) => t.card)).toEqual(['supremacy']);
    expect(purchaseOffer(shop(0), 0).technologies.map((t) => [t.card, t.cost])).toEqual(TECHNOLOGIES.map((t) => [t, TECHNOLOGY[t].cost]));
  });

  it('cannot be bought beyond the pure energy, nor twice', () => {
    expect(refused(shop(19), buy([], ['shield', 'overcharged', 'stabiliser', 'amplifier']))).toEqual({ code: 'CannotAfford', rule: 'L4' });
    for (const t of TECHNOLOGIES) expect(refused(shop(TECHNOLOGY[t].cost - 1), buy([], [t]))).toEqual({ code: 'CannotAfford', rule: 'L4' });
    expect(refused(shop(40, ['shield']), buy([], ['shield']))).toEqual({ code: 'TechnologyOwned', rule: 'L4' });
  });

  it('Portal Stabiliser: 1 more new troop on its owner\'s portal in each Logistics phase (L7)', () => {
    const s = withPlayer(conquestStart().state, 0, { technologies: ['stabiliser'] });
    const after = revealAll(atReveal(s, 'purchase', {}));
    expect(after.territories['5,-3']!.troops - s.territories['5,-3']!.troops).toBe(3);
    expect(after.territories['-3,-1']!.troops - s.territories['-3,-1']!.troops).toBe(2);
  });

  describe('Energy Shield: the first negative effect of each combat may be ignored (K18)', () => {
    /** Seat 1 (the chooser, so first to play) fights seat 0's Hexers (druids): seat 0 neutralises a unit of his. */
    const hexed = (shield: boolean) => {
      const g = conquestStart();
      let s = handOf(handOf(asCiv(g.state, 0, 'druids'), 0, g.vaults[0]!, ['druids.hexer', 'druids.hexer']), 1, g.vaults[1]!, ['dwarves.basic', 'dwarves.warrior']);
      if (shield) s = withPlayer(s, 1, { technologies: ['shield'] });
      s = playCard(playCard(duel(s, 1), g.vaults[1]!, 'dwarves.basic'), g.vaults[0]!, 'druids.hexer');
      const hexer = battleOf(s).units.find((u) => u.card === 'druids.hexer')!.id;
      return { g, s: must(s, { kind: 'activate', seat: 0, unit: hexer, ability: 0, targets: [{ kind: 'camp', camp: 1, units: [unitOf(s, 'dwarves.basic')] }] }) };
    };
    const face = (s: GameState, card: CardId) => battleOf(s).units.find((u) => u.card === card)!.face;

    it('without it the effect applies at once', () => {
      const { s } = hexed(false);
      expect(face(s, 'dwarves.basic')).toBe('down');
    });

    it('its owner chooses to ignore the first; the second of the combat applies', () => {
      const { g, s } = hexed(true);
      expect(stageOf(s)).toMatchObject({ kind: 'ignore' });
      expect(awaiting(s)).toEqual({ kind: 'seat', seat: 1 });
      const events = eventsOf(s, { kind: 'ignoreEffect', seat: 1, ignore: true });
      expect(events).toContainEqual({ kind: 'effectIgnored', seat: 1, by: 0, effect: 'neutralise', shield: true });
      let t = must(s, { kind: 'ignoreEffect', seat: 1, ignore: true });
      expect(face(t, 'dwarves.basic')).toBe('up');
      expect(battleOf(t).effects?.shielded).toEqual([1]);
      // Seat 1 plays a warrior; seat 0's second Hexer neutralises it: the shield is spent.
      t = playCard(t, g.vaults[1]!, 'dwarves.warrior');
      t = playCard(t, g.vaults[0]!, 'druids.hexer');
      const second = battleOf(t).units.filter((u) => u.card === 'druids.hexer')[1]!.id;
      t = must(t, { kind: 'activate', seat: 0, unit: second, ability: 0, targets: [{ kind: 'camp', camp: 1, units: [unitOf(t, 'dwarves.warrior')] }] });
      expect(face(t, 'dwarves.warrior')).toBe('down');
    });
  });

  it('Overcharged Crystal: its owner\'s Energy Crystals are played as units of their value', () => {
    const g = conquestStart();
    const hand = handOf(g.state, 0, g.vaults[0]!, ['crystal3', 'elves.basic']);
    const without = duel(hand);
    expect(playable(without, g.vaults[0]!)).toEqual(['elves.basic']);
    expect(refusal(without, { kind: 'playUnit', seat: 0, opening: openingOf(without, 0, g.vaults[0]!, 'crystal3') })).toEqual({ code: 'NotAUnit', rule: 'B3' });
    const owner = duel(withPlayer(hand, 0, { technologies: ['overcharged'] }));
    expect(playable(owner, g.vaults[0]!)).toEqual(['crystal3', 'elves.basic']);
    expect(strengthOf(playCard(owner, g.vaults[0]!, 'crystal3'), 'crystal3')).toBe(3);
  });

  describe('Resonance Amplifier: pure energy counts 3 when the hand is accounted for (E15)', () => {
    /** Seat 0 accounts for a hand worth 2, with 20 stocks, nothing set aside, and `pure` pure energy. */
    const accounting = (pure: number, technologies: Technology[] = ['amplifier']) => {
      const g = conquestStart();
      const battle = openExercise(0, '4,-2', 0);
      const s = withPlayer(handOf(g.state, 0, g.vaults[0]!, ['crystal2', 'elves.basic']), 0, { energy: 20, setAside: 0, pure, ...(technologies.length > 0 ? { technologies } : {}) });
      const at = atStage(s, { kind: 'keepOrAccount', waiting: [0], battle, then: { kind: 'exercise', turn: 1, left: 2 } });
      const option = legalOptions(at, 0, g.vaults[0]).find((o) => o.kind === 'account');
      if (option?.kind !== 'account') throw new Error('no accounting offered');
      return { at, option, account: (setAside: number) => ({ ...option.action, setAside }) };
    };

    it('sets aside up to the hand\'s worth plus 3 a pure energy, paying only what the crystals leave', () => {
      const { at, option, account } = accounting(4);
      expect(option).toMatchObject({ min: 0, max: 2 + 3 * 4 });
      expect(must(at, account(2)).players[0]).toMatchObject({ setAside: 2, energy: 18, pure: 4 });
      expect(must(at, account(3)).players[0]).toMatchObject({ setAside: 3, energy: 17, pure: 3 });
      expect(must(at, account(14)).players[0]).toMatchObject({ setAside: 14, energy: 6, pure: 0 });
      expect(eventsOf(at, account(14))).toContainEqual(expect.objectContaining({ kind: 'handAccounted', value: 2, setAside: 14, pure: 4 }));
    });

    it('cannot set aside what the pure energy cannot pay, nor anything beyond the hand without it', () => {
      expect(refusal(accounting(4).at, accounting(4).account(15))).toEqual({ code: 'IllegalChoice', rule: 'E15a' });
      expect(accounting(1).option).toMatchObject({ max: 5 });
      expect(refusal(accounting(1).at, accounting(1).account(6))).toEqual({ code: 'IllegalChoice', rule: 'E15a' });
      expect(accounting(4, []).option).toMatchObject({ max: 2 });
    });
  });
});

describe('W2b Suprématie costs 12 at two players', () => {
  it('at two players it is offered for 12 pure energy and bought with 12; at three it costs 25', () => {
    const buy: Purchase = { purpose: 'purchase', cards: [], technologies: ['supremacy'] };
    for (const [players, price] of [[2, 12], [3, 25]] as const) {
      const g = conquestStart(players);
      const s = withPlayer(g.state, 0, { pure: 12, setAside: 0, energy: 0 });
      expect(purchaseOffer(s, 0).technologies.find((t) => t.card === 'supremacy')?.cost).toBe(price);
      const committed = atStage(s, { kind: 'secretCommit', round: { purpose: 'purchase', commits: {}, sealed: {}, reveals: {} }, turn: 0 });
      const option = legalOptions(committed, 0, g.vaults[0])[0]!;
      if (option.kind !== 'purchase') throw new Error('no purchase option');
      if (players === 2) {
        expect(choiceError(option, buy)).toBeNull();
        const after = revealAll(atReveal(s, 'purchase', { 0: buy }), { 0: buy });
        expect(after.players[0]).toMatchObject({ supremacyDay: 1 });
        expect(after.players[0]!.technologies).toContain('supremacy');
      } else expect(choiceError(option, buy)).toMatchObject({ rule: 'L4' });
    }
  });
});

describe('the greedy agent spends its energy on the supply', () => {
  /** What the greedy agent commits to buy at seat 0's purchase (its own sealed memo, opened). */
  function greedyBuys(patch: Parameters<typeof withPlayer>[2], board: Parameters<typeof withTroops>[1] = {}): Purchase {
    const g = conquestStart();
    const s = atStage(withTroops(withPlayer(g.state, 0, patch), board), { kind: 'secretCommit', round: { purpose: 'purchase', commits: {}, sealed: {}, reveals: {} }, turn: 0 });
    const options = legalOptions(s, 0, g.vaults[0]);
    const o = options[0]!;
    if (o.kind !== 'purchase' || !o.secret) throw new Error('no purchase option');
    const action = greedyAgent()(s, 0, options, g.vaults[0]!);
    if (action.kind !== 'commitSecret') throw new Error('not a commitment');
    return unsealChoice(o.secret.seal, 0, phase(s).day, 'purchase', action.sealed)!.choice as Purchase;
  }

  it('buys the four technologies with its pure energy while Suprématie is out of reach, and Suprématie once it holds the Heart', () => {
    expect(greedyBuys({ pure: 20, setAside: 0, energy: 0 }).technologies).toEqual(['amplifier', 'overcharged', 'shield', 'stabiliser']);
    expect(greedyBuys({ pure: 9, setAside: 0, energy: 0 }).technologies).toEqual(['stabiliser']);
    expect(greedyBuys({ pure: 25, setAside: 0, energy: 0 }, { '0,0': { owner: 0, troops: 3 } }).technologies).toEqual(['supremacy']);
  });

  it("keeps Suprématie's price while it holds the Heart and cannot pay for it yet: the other technologies wait", () => {
    const heart = { '0,0': { owner: 0, troops: 3 } };
    expect(greedyBuys({ pure: 20, setAside: 0, energy: 0 }, heart).technologies).toEqual([]);
    expect(greedyBuys({ pure: 20, setAside: 0, energy: 0 }).technologies).toEqual(['amplifier', 'overcharged', 'shield', 'stabiliser']);
  });

  it('buys Opportunity against a Heart held by another, and crystals of strength 3 once it owns the Overcharged Crystal, keeping a reserve', () => {
    const heart = { '0,0': { owner: 1, troops: 3 } };
    expect(greedyBuys({ setAside: 0, energy: 19 }, heart).cards).toEqual(['crystal3', 'opportunity', 'opportunity']);
    expect(greedyBuys({ setAside: 0, energy: 12 }, heart).cards).toEqual(['crystal3']);
    // 40 stocks: the day's crystal and four more (strength 3 each), and two more with the stocks beyond 30 that would
    // otherwise pile up; two Opportunities; 13 left.
    expect(greedyBuys({ setAside: 0, energy: 40, technologies: ['overcharged'] }, heart).cards).toEqual([...Array<CardId>(7).fill('crystal3'), 'opportunity', 'opportunity']);
    // 20 stocks: the day's crystal and two more, down to the reserve of 10; nothing else.
    expect(greedyBuys({ setAside: 0, energy: 20, technologies: ['overcharged'] }, heart).cards).toEqual(Array<CardId>(3).fill('crystal3'));
  });

  it('a purchase lists at most 64 cards (L1b): beyond, it could be committed but never revealed; the greedy bot keeps within it', () => {
    const g = conquestStart();
    const s = atStage(withPlayer(g.state, 0, { setAside: 0, energy: 400, technologies: ['overcharged'] }), { kind: 'secretCommit', round: { purpose: 'purchase', commits: {}, sealed: {}, reveals: {} }, turn: 0 });
    const option = legalOptions(s, 0, g.vaults[0])[0]!;
    if (option.kind !== 'purchase') throw new Error('no purchase option');
    const many = (n: number) => ({ purpose: 'purchase' as const, cards: Array<CardId>(n).fill('crystal1'), technologies: [] });
    expect(choiceError(option, many(64))).toBeNull();
    expect(choiceError(option, many(65))).toMatchObject({ rule: 'L1b' });
    const bought = greedyBuys({ setAside: 0, energy: 400, technologies: ['overcharged'] }, { '0,0': { owner: 1, troops: 3 } });
    expect(bought.cards.length).toBe(64);
    expect(choiceError(option, bought)).toBeNull();
  });

  it('a day\'s feints list at most 64 frontiers (L1b): a longer list is refused for its length', () => {
    const option = { kind: 'feints' as const, seat: 0, day: 1, secret: null, stacks: [] };
    const feints = Array.from({ length: 65 }, (_, i) => ({ at: { q: i, r: 0 }, dir: 0 as const, count: 1 }));
    expect(choiceError(option, { purpose: 'feint', feints })).toMatchObject({ rule: 'E5a' });
    expect(choiceError(option, { purpose: 'feint', feints: feints.slice(0, 64) })).toMatchObject({ rule: 'E5' });
  });

  // Most 3-player games end before anyone has pure energy beyond Suprématie's price: games are played until some that last have bought everything.
  it('in whole games, every technology and both cards of the supply are bought', () => {
    const wanted = ['terrain', 'opportunity', ...TECHNOLOGIES];
    const seen = new Set<string>();
    for (let k = 1; k <= 40 && !wanted.every((c) => seen.has(c)); k++) {
      const seed = `supply-${k}`;
      const game = startLocalGame(setupFor(3), seed, true);
      playLocal(game, seed, game.vaults.map(() => greedyAgent()), (s) => s.phase.name === 'conquest' && s.phase.day > 40);
      for (const events of game.events!) for (const e of events) if (e.kind === 'cardsBought') for (const c of [...e.cards, ...e.technologies]) seen.add(c);
    }
    for (const c of wanted) expect(seen, c).toContain(c);
  });
});
