import { expect, it } from 'vitest';
import { type GameState, cardOpening } from '../../engine/index.js';
import type { CardId } from '../../engine/cards/catalogue.js';
import { MINERS } from '../../engine/cards/worlds/miners.js';
import { seatStrength } from '../../engine/conquest/battle.js';
import { countOf } from '../../engine/conquest/cards.js';
import { harvestOf } from '../../engine/conquest/abilities/effects.js';
import { purchaseOffer } from '../../engine/conquest/logistics.js';
import { must } from '../support/fixtures.js';
import { withPlayer } from '../support/conquest.js';
import { activations, asCiv, battleOf, deckOf, duel, luck, passWhile, playCard, stageOf, start, unitOf } from '../support/abilities.js';
import { eventsOf, strength, strengthsAfter, toDelayed, worldTests } from './support.js';

/**
 * The positronium miners' World (docs/cards.md): they harvest energy. Each card's effect in a
 * combat (the Surveyor's in Logistics). Seat 1 is made a miner (`asCiv`), with `energy` stocks;
 * his troops stand at 1,-1 in the duel.
 */
const { card, complete } = worldTests(MINERS);

/** Seat 1 a miner with these stocks, hand, draw pile (top first) and discard pile, in a duel chosen by `chooser`. */
function miner(energy: number, hand: readonly CardId[], deck: readonly CardId[] = [], discard: readonly CardId[] = [], chooser = 1, seat0: readonly CardId[] = []) {
  const { state, vaults } = start({ 0: seat0, 1: hand });
  const s = duel(deckOf(withPlayer(asCiv(state, 1, 'miners'), 1, { energy }), 1, vaults[1]!, deck, discard), chooser);
  return { s, v: vaults[1]!, v0: vaults[0]! };
}

const energyOf = (s: GameState): number => s.players[1]!.energy;
const postCombat = (s: GameState): GameState => passWhile(toDelayed(s), ['opposing', 'losses', 'refill']);

card('miners.rocketRoll', () => {
  it('destroys a card of the discard pile to buy a unit at once, paid, into the hand', () => {
    let { s, v } = miner(3, ['miners.rocketRoll'], [], ['crystal1']);
    s = playCard(s, v, 'miners.rocketRoll');
    s = must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'miners.rocketRoll'), ability: 0, targets: [{ kind: 'card', card: 'crystal1' }, { kind: 'card', card: 'miners.blaster' }] });
    expect(energyOf(s)).toBe(0);
    expect(cardOpening(v, s, s.players[1]!.cards.hand.at(-1)!)!.value).toBe('miners.blaster');
  });

  it('cannot be activated with an empty discard pile, nor without the stocks for any unit', () => {
    const empty = miner(3, ['miners.rocketRoll']);
    expect(stageOf(playCard(empty.s, empty.v, 'miners.rocketRoll')).kind).toBe('armies');
    const poor = miner(0, ['miners.rocketRoll'], [], ['crystal1']);
    expect(stageOf(playCard(poor.s, poor.v, 'miners.rocketRoll')).kind).toBe('armies');
  });
});

card('miners.chargeLeader', () => {
  it('played as the last card of the hand, it reacts at once: draw 1 card', () => {
    let { s, v } = miner(0, ['miners.chargeLeader'], ['crystal3']);
    s = playCard(s, v, 'miners.chargeLeader');
    s = luck(must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'miners.chargeLeader'), ability: 0, targets: [null] }));
    expect(s.players[1]!.cards.hand.map((r) => cardOpening(v, s, r)!.value)).toEqual(['crystal3']);
  });
});

card('miners.diggingMachine', () => {
  it('harvests the territories around its troops', () => {
    let { s, v } = miner(0, ['miners.diggingMachine']);
    s = playCard(s, v, 'miners.diggingMachine');
    s = must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'miners.diggingMachine'), ability: 0, targets: [{ kind: 'tile', at: { q: 1, r: -1 } }] });
    expect(energyOf(s)).toBe(harvestOf(s, '1,-1'));
    expect(energyOf(s)).toBeGreaterThan(0);
  });
});

card('miners.prospector', () => {
  it('post-combat: destroyed (back to the World) for 2 energy stocks', () => {
    let { s, v } = miner(0, ['miners.prospector']);
    s = postCombat(playCard(s, v, 'miners.prospector'));
    const world = countOf(s.players[1]!.world, 'miners.prospector');
    s = must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'miners.prospector'), ability: 0, targets: [null, null] });
    expect(energyOf(s)).toBe(2);
    expect(countOf(s.players[1]!.world, 'miners.prospector')).toBe(world + 1);
  });
});

card('miners.surveyor', () => {
  it('costs 1 less in Logistics while its buyer controls the Heart of Eden', () => {
    const { s } = miner(0, []);
    const cost = (x: GameState) => purchaseOffer(x, 1).units.find((u) => u.card === 'miners.surveyor')!.cost;
    expect(cost(s)).toBe(2);
    expect(cost({ ...s, territories: { ...s.territories, '0,0': { owner: 1, troops: 1, frontier: [0, 0, 0, 0, 0, 0], wild: [] } } })).toBe(1);
  });
});

card('miners.foreman', () => {
  it('pays 2 energy stocks for +2 strength; with 1 stock it cannot be activated', () => {
    let { s, v } = miner(2, ['miners.foreman']);
    s = playCard(s, v, 'miners.foreman');
    const ev = eventsOf(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'miners.foreman'), ability: 0, targets: [null, null] });
    expect(ev).toContainEqual({ kind: 'energyPaid', seat: 1, count: 2 });
    s = must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'miners.foreman'), ability: 0, targets: [null, null] });
    expect(energyOf(s)).toBe(0);
    expect(strength(s, 'miners.foreman')).toBe(4);
    const poor = miner(1, ['miners.foreman']);
    expect(stageOf(playCard(poor.s, poor.v, 'miners.foreman')).kind).toBe('armies');
  });
});

card('miners.blaster', () => {
  it('pays 3 energy stocks to make the opponents remove their units of its row; steadfast units stay', () => {
    let { s, v, v0 } = miner(3, ['miners.blaster'], [], [], 0, ['elves.warrior', 'dwarves.ironThane', 'elves.basic']);
    // Seat 0 builds a row of two: the Thane, and a Warrior beside it.
    s = playCard(s, v0, 'dwarves.ironThane');
    s = must(s, activations(s, v0).find((a) => a.targets[0]?.kind === 'hand' && a.targets[0].opening.value === 'elves.warrior' && a.targets[0].side === 'right')!);
    s = playCard(s, v, 'miners.blaster');
    s = must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'miners.blaster'), ability: 0, targets: [null, null] });
    expect(energyOf(s)).toBe(0);
    expect(battleOf(s).units.filter((u) => u.owner === 0).map((u) => u.card)).toEqual(['dwarves.ironThane']);
    expect(battleOf(s).aside.map((u) => u.card)).toEqual(['elves.warrior']);
  });

  it('cannot be activated with 2 stocks, nor with nobody on its row', () => {
    const poor = miner(2, ['miners.blaster'], [], [], 0, ['elves.warrior']);
    let s = playCard(poor.s, poor.v0, 'elves.warrior');
    expect(stageOf(playCard(s, poor.v, 'miners.blaster')).kind).toBe('armies');
    const rich = miner(9, ['miners.blaster']);
    s = playCard(rich.s, rich.v, 'miners.blaster');
    expect(stageOf(s).kind).toBe('armies');
  });
});

card('miners.assayer', () => {
  it('discards a card of the hand for 2 energy stocks; with an empty hand it cannot', () => {
    let { s, v } = miner(0, ['miners.assayer', 'terrain']);
    s = playCard(s, v, 'miners.assayer');
    const offered = activations(s, v);
    expect(offered.map((a) => a.targets[0]?.kind === 'hand' && a.targets[0].opening.value)).toEqual(['terrain']);
    s = must(s, offered[0]);
    expect(energyOf(s)).toBe(2);
    expect(s.players[1]!.cards.discard).toEqual({ terrain: 1 });
    const bare = miner(0, ['miners.assayer']);
    expect(stageOf(playCard(bare.s, bare.v, 'miners.assayer')).kind).toBe('armies');
  });
});

card('miners.overclocker', () => {
  it('delayed: pays 3 energy stocks for +1 strength to every unit of the army; with 2 it cannot', () => {
    let { s, v } = miner(3, ['miners.overclocker', 'elves.warrior']);
    s = playCard(must(playCard(s, v, 'miners.overclocker'), { kind: 'done', seat: 0 }), v, 'elves.warrior');
    s = toDelayed(s);
    const before = seatStrength(s, battleOf(s), 1);
    expect(strengthsAfter(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'miners.overclocker'), ability: 0, targets: [null, null] })[1]).toBe(before + 2);
    const poor = miner(2, ['miners.overclocker']);
    expect(stageOf(toDelayed(playCard(poor.s, poor.v, 'miners.overclocker'))).kind).not.toBe('abilities');
  });
});

card('miners.mineBoss', () => {
  it('harvests when it enters, and reacts to an empty hand: played as the last card, both are open', () => {
    let { s, v } = miner(0, ['miners.mineBoss'], ['crystal2']);
    s = playCard(s, v, 'miners.mineBoss');
    const boss = unitOf(s, 'miners.mineBoss');
    expect(activations(s, v)).toEqual([
      { kind: 'activate', seat: 1, unit: boss, ability: 0, targets: [{ kind: 'tile', at: { q: 1, r: -1 } }] },
      { kind: 'activate', seat: 1, unit: boss, ability: 1, targets: [null] },
    ]);
    s = must(s, activations(s, v)[0]);
    expect(energyOf(s)).toBe(harvestOf(s, '1,-1'));
    s = luck(must(s, { kind: 'activate', seat: 1, unit: boss, ability: 1, targets: [null] }));
    expect(s.players[1]!.cards.hand).toHaveLength(1);
  });
});

card('miners.positronColossus', () => {
  it('delayed: pays 4 energy stocks for +4 strength; post-combat: harvests', () => {
    let { s, v } = miner(4, ['miners.positronColossus']);
    s = toDelayed(playCard(s, v, 'miners.positronColossus'));
    const colossus = unitOf(s, 'miners.positronColossus');
    const before = seatStrength(s, battleOf(s), 1);
    expect(strengthsAfter(s, { kind: 'activate', seat: 1, unit: colossus, ability: 0, targets: [null, null] })[1]).toBe(before + 4);
    s = passWhile(must(s, { kind: 'activate', seat: 1, unit: colossus, ability: 0, targets: [null, null] }), ['opposing', 'losses', 'refill']);
    expect(energyOf(s)).toBe(0);
    expect(stageOf(s)).toMatchObject({ kind: 'abilities', window: 'postCombat', waiting: [1] });
    s = must(s, { kind: 'activate', seat: 1, unit: colossus, ability: 1, targets: [{ kind: 'tile', at: { q: 1, r: -1 } }] });
    expect(energyOf(s)).toBe(harvestOf(s, '1,-1'));
  });

  it('with 3 stocks its delayed ability cannot be activated', () => {
    const { s, v } = miner(3, ['miners.positronColossus']);
    const t = toDelayed(playCard(s, v, 'miners.positronColossus'));
    // No delayed window: the combat goes on to its losses (or, when none are to be chosen, to the post-combat window's harvest).
    expect(stageOf(t)).not.toMatchObject({ kind: 'abilities', window: 'delayed' });
    expect(activations(t, v).map((a) => a.ability)).not.toContain(0);
  });
});

complete();
