import { expect, it } from 'vitest';
import type { GameState } from '../../engine/index.js';
import type { CardId } from '../../engine/cards/catalogue.js';
import { NECROMANCERS } from '../../engine/cards/worlds/necromancers.js';
import { countOf } from '../../engine/conquest/cards.js';
import { must } from '../support/fixtures.js';
import { activations, asCiv, battleOf, deckOf, duel, luck, passWhile, playCard, stageOf, start, unitOf } from '../support/abilities.js';
import { seatStrength } from '../../engine/conquest/battle.js';
import { eventsOf, strength, strengthsAfter, toDelayed, worldTests } from './support.js';

/**
 * The necromancers' World (docs/cards.md): they return from the dead. Each card's effect in a
 * combat. Seat 1 is made a necromancer (`asCiv`) and builds his army first (`duel(state, 1)`).
 */
const { card, complete } = worldTests(NECROMANCERS);

/** Seat 1 a necromancer with this hand, this draw pile (top first) and this discard pile, in a duel he starts. */
function necro(hand: readonly CardId[], deck: readonly CardId[] = [], discard: readonly CardId[] = []) {
  const { state, vaults } = start({ 1: hand });
  const s = duel(deckOf(asCiv(state, 1, 'necromancers'), 1, vaults[1]!, deck, discard), 1);
  return { s, v: vaults[1]! };
}

const world = (s: GameState, card: CardId): number => countOf(s.players[1]!.world, card);

card('necromancers.skeleton', () => {
  it('delayed: +1 strength in the strengths worked out; removed from the combat, it is destroyed instead and goes back to the World', () => {
    let { s, v } = necro(['necromancers.skeleton']);
    s = toDelayed(playCard(s, v, 'necromancers.skeleton'));
    const before = seatStrength(s, battleOf(s), 1);
    expect(strengthsAfter(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'necromancers.skeleton'), ability: 0, targets: [null] })[1]).toBe(before + 1);

    const { state, vaults } = start({ 0: ['tritons.harpooner'], 1: ['necromancers.skeleton'] });
    let t = playCard(duel(asCiv(state, 1, 'necromancers'), 1), vaults[1]!, 'necromancers.skeleton');
    t = playCard(t, vaults[0]!, 'tritons.harpooner');
    const skeletons = world(t, 'necromancers.skeleton');
    t = must(t, { kind: 'activate', seat: 0, unit: unitOf(t, 'tritons.harpooner'), ability: 0, targets: [null] });
    expect(battleOf(t).aside).toEqual([]);
    expect(world(t, 'necromancers.skeleton')).toBe(skeletons + 1);
  });
});

card('necromancers.graveCaller', () => {
  it('delayed: destroys a card of the discard pile to add a Skeleton from the World, which has its own delayed ability', () => {
    let { s, v } = necro(['necromancers.graveCaller'], [], ['terrain']);
    s = toDelayed(playCard(s, v, 'necromancers.graveCaller'));
    const skeletons = world(s, 'necromancers.skeleton');
    s = must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'necromancers.graveCaller'), ability: 0, targets: [{ kind: 'card', card: 'terrain' }, null] });
    expect(world(s, 'necromancers.skeleton')).toBe(skeletons - 1);
    expect(activations(s, v).map((a) => a.unit)).toEqual([unitOf(s, 'necromancers.skeleton')]);
  });
});

card('necromancers.ghoul', () => {
  it('reacts each time another unit of its army is destroyed: +1 strength', () => {
    let { s, v } = necro(['necromancers.ghoul', 'necromancers.skeleton', 'necromancers.cultist'], ['crystal1', 'crystal2']);
    s = playCard(s, v, 'necromancers.ghoul');
    s = playCard(must(s, { kind: 'done', seat: 0 }), v, 'necromancers.skeleton');
    s = playCard(s, v, 'necromancers.cultist');
    const skeleton = unitOf(s, 'necromancers.skeleton');
    s = luck(must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'necromancers.cultist'), ability: 0, targets: [{ kind: 'unit', unit: skeleton }, null] }));
    const ghoul = unitOf(s, 'necromancers.ghoul');
    expect(activations(s, v)).toEqual([{ kind: 'activate', seat: 1, unit: ghoul, ability: 0, targets: [null] }]);
    s = must(s, { kind: 'activate', seat: 1, unit: ghoul, ability: 0, targets: [null] });
    expect(strength(s, 'necromancers.ghoul')).toBe(2);
    // Used once for this destruction: nothing left until the next.
    expect(activations(s, v)).toEqual([]);
  });

  it('a unit of another player destroyed arms nothing', () => {
    const { state, vaults } = start({ 0: ['tritons.harpooner'], 1: ['necromancers.ghoul', 'necromancers.skeleton'] });
    let s = duel(asCiv(state, 1, 'necromancers'), 1);
    s = playCard(s, vaults[1]!, 'necromancers.skeleton');
    s = playCard(s, vaults[0]!, 'tritons.harpooner');
    // The Harpooner destroys seat 1's own Skeleton (K14): the Ghoul is not there yet.
    s = must(s, { kind: 'activate', seat: 0, unit: unitOf(s, 'tritons.harpooner'), ability: 0, targets: [null] });
    s = playCard(s, vaults[1]!, 'necromancers.ghoul');
    expect(activations(s, vaults[1])).toEqual([]);
  });
});

card('necromancers.gravedigger', () => {
  it('adds a cost-1 unit from the discard pile to the army; that unit keeps its own abilities', () => {
    let { s, v } = necro(['necromancers.gravedigger'], [], ['necromancers.skeleton', 'necromancers.deathKnight', 'crystal1']);
    s = playCard(s, v, 'necromancers.gravedigger');
    const digger = unitOf(s, 'necromancers.gravedigger');
    expect(activations(s, v)).toEqual([{ kind: 'activate', seat: 1, unit: digger, ability: 0, targets: [{ kind: 'card', card: 'necromancers.skeleton' }] }]);
    const ev = eventsOf(s, activations(s, v)[0]);
    expect(ev).toContainEqual({ kind: 'unitRaised', seat: 1, card: 'necromancers.skeleton' });
    s = must(s, activations(s, v)[0]);
    expect(s.players[1]!.cards.discard).toEqual({ crystal1: 1, 'necromancers.deathKnight': 1 });
    expect(battleOf(s).units.find((u) => u.card === 'necromancers.skeleton')).toMatchObject({ row: 1, owner: 1 });
    s = toDelayed(s);
    expect(activations(s, v).map((a) => a.unit)).toEqual([unitOf(s, 'necromancers.skeleton')]);
  });

  it('with no cost-1 unit in the discard pile, it cannot be activated', () => {
    let { s, v } = necro(['necromancers.gravedigger'], [], ['necromancers.deathKnight', 'crystal1']);
    s = playCard(s, v, 'necromancers.gravedigger');
    expect(stageOf(s).kind).toBe('armies');
    expect(activations(s, v)).toEqual([]);
  });
});

card('necromancers.cultist', () => {
  it('destroys another unit of its army (back to the World) to draw 2 cards', () => {
    let { s, v } = necro(['necromancers.skeleton', 'necromancers.cultist'], ['crystal1', 'crystal3']);
    s = playCard(must(playCard(s, v, 'necromancers.skeleton'), { kind: 'done', seat: 0 }), v, 'necromancers.cultist');
    const skeleton = unitOf(s, 'necromancers.skeleton');
    expect(activations(s, v).map((a) => a.targets)).toEqual([[{ kind: 'unit', unit: skeleton }, null]]);
    const skeletons = world(s, 'necromancers.skeleton');
    s = luck(must(s, activations(s, v)[0]));
    expect(battleOf(s).units.map((u) => u.card)).not.toContain('necromancers.skeleton');
    expect(world(s, 'necromancers.skeleton')).toBe(skeletons + 1);
    expect(s.players[1]!.cards.hand).toHaveLength(2);
  });

  it('cannot be activated without another unit to destroy, nor with fewer than 2 cards to draw (K15)', () => {
    const alone = necro(['necromancers.cultist'], ['crystal1', 'crystal3']);
    expect(stageOf(playCard(alone.s, alone.v, 'necromancers.cultist')).kind).toBe('armies');
    let { s, v } = necro(['necromancers.skeleton', 'necromancers.cultist'], ['crystal1']);
    s = playCard(must(playCard(s, v, 'necromancers.skeleton'), { kind: 'done', seat: 0 }), v, 'necromancers.cultist');
    expect(stageOf(s).kind).toBe('armies');
  });
});

card('necromancers.deathKnight', () => {
  it('destroys a card of the discard pile for +2 strength; with an empty discard pile it cannot', () => {
    let { s, v } = necro(['necromancers.deathKnight'], [], ['terrain']);
    s = playCard(s, v, 'necromancers.deathKnight');
    s = must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'necromancers.deathKnight'), ability: 0, targets: [{ kind: 'card', card: 'terrain' }, null] });
    expect(strength(s, 'necromancers.deathKnight')).toBe(5);
    expect(s.players[1]!.cards.discard).toEqual({});
    const empty = necro(['necromancers.deathKnight']);
    expect(stageOf(playCard(empty.s, empty.v, 'necromancers.deathKnight')).kind).toBe('armies');
  });
});

card('necromancers.necromancer', () => {
  it('delayed: raises a unit of cost 3 or less, which then uses its immediate ability (K17)', () => {
    let { s, v } = necro(['necromancers.necromancer'], [], ['necromancers.deathKnight', 'necromancers.graveLord']);
    s = toDelayed(playCard(s, v, 'necromancers.necromancer'));
    expect(activations(s, v).map((a) => a.targets)).toEqual([[{ kind: 'card', card: 'necromancers.deathKnight' }]]);
    s = must(s, activations(s, v)[0]);
    const knight = unitOf(s, 'necromancers.deathKnight');
    expect(activations(s, v)).toContainEqual({ kind: 'activate', seat: 1, unit: knight, ability: 0, targets: [{ kind: 'card', card: 'necromancers.graveLord' }, null] });
  });

  it('with only costlier units in the discard pile, the delayed window has nothing for it', () => {
    const { s, v } = necro(['necromancers.necromancer'], [], ['necromancers.graveLord']);
    expect(stageOf(toDelayed(playCard(s, v, 'necromancers.necromancer'))).kind).not.toBe('abilities');
  });
});

card('necromancers.soulReaper', () => {
  it('post-combat: destroys another unit of its army for 2 energy stocks; alone, it has nothing to destroy', () => {
    let { s, v } = necro(['necromancers.soulReaper', 'elves.warrior']);
    s = playCard(must(playCard(s, v, 'necromancers.soulReaper'), { kind: 'done', seat: 0 }), v, 'elves.warrior');
    s = passWhile(toDelayed(s), ['opposing', 'losses', 'refill']);
    expect(stageOf(s)).toMatchObject({ kind: 'abilities', window: 'postCombat', waiting: [1] });
    const energy = s.players[1]!.energy;
    s = must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'necromancers.soulReaper'), ability: 0, targets: [{ kind: 'unit', unit: unitOf(s, 'elves.warrior') }, null] });
    expect(s.players[1]!.energy).toBe(energy + 2);
    expect(stageOf(s).kind).toBe('returnUnits');

    const alone = necro(['necromancers.soulReaper']);
    expect(stageOf(passWhile(toDelayed(playCard(alone.s, alone.v, 'necromancers.soulReaper')), ['opposing', 'losses', 'refill'])).kind).toBe('returnUnits');
  });
});

card('necromancers.graveLord', () => {
  it('raises a unit of cost 2 or less, and reacts to each unit of its army destroyed', () => {
    let { s, v } = necro(['necromancers.graveLord'], ['crystal1', 'crystal2'], ['necromancers.cultist', 'necromancers.lich']);
    s = playCard(s, v, 'necromancers.graveLord');
    const lord = unitOf(s, 'necromancers.graveLord');
    expect(activations(s, v)).toEqual([{ kind: 'activate', seat: 1, unit: lord, ability: 0, targets: [{ kind: 'card', card: 'necromancers.cultist' }] }]);
    s = must(s, activations(s, v)[0]);
    // The raised Cultist has its immediate ability open too (K17): the Grave Lord is the other unit it may destroy.
    const cultist = unitOf(s, 'necromancers.cultist');
    expect(activations(s, v)).toEqual([{ kind: 'activate', seat: 1, unit: cultist, ability: 0, targets: [{ kind: 'unit', unit: lord }, null] }]);
  });

  it('its reaction: +1 strength when another unit of its army is destroyed', () => {
    let { s, v } = necro(['necromancers.graveLord', 'necromancers.skeleton', 'necromancers.cultist'], ['crystal1', 'crystal2']);
    // An empty discard pile: nothing to raise, the Grave Lord enters and army building goes on.
    s = playCard(s, v, 'necromancers.graveLord');
    s = playCard(must(s, { kind: 'done', seat: 0 }), v, 'necromancers.skeleton');
    s = playCard(s, v, 'necromancers.cultist');
    s = luck(must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'necromancers.cultist'), ability: 0, targets: [{ kind: 'unit', unit: unitOf(s, 'necromancers.skeleton') }, null] }));
    s = must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'necromancers.graveLord'), ability: 1, targets: [null] });
    expect(strength(s, 'necromancers.graveLord')).toBe(6);
  });
});

card('necromancers.lich', () => {
  it('+1 strength per unit card in the discard pile, at most +3', () => {
    const few = necro(['necromancers.lich'], [], ['necromancers.skeleton', 'crystal1']);
    expect(strength(playCard(few.s, few.v, 'necromancers.lich'), 'necromancers.lich')).toBe(7);
    const many = necro(['necromancers.lich'], [], ['necromancers.skeleton', 'necromancers.skeleton', 'necromancers.ghoul', 'necromancers.cultist', 'necromancers.graveLord']);
    expect(strength(playCard(many.s, many.v, 'necromancers.lich'), 'necromancers.lich')).toBe(9);
  });

  it('delayed: raises a unit of cost 5 or less (not an immortal); the raised unit leaves the count', () => {
    let { s, v } = necro(['necromancers.lich'], [], ['necromancers.graveLord', 'necromancers.lich']);
    s = toDelayed(playCard(s, v, 'necromancers.lich'));
    const lich = battleOf(s).units.find((u) => u.card === 'necromancers.lich')!.id;
    expect(activations(s, v)).toEqual([{ kind: 'activate', seat: 1, unit: lich, ability: 0, targets: [{ kind: 'card', card: 'necromancers.graveLord' }] }]);
    s = must(s, activations(s, v)[0]);
    expect(battleOf(s).units.map((u) => u.card)).toContain('necromancers.graveLord');
    expect(s.players[1]!.cards.discard).toEqual({ 'necromancers.lich': 1 });
  });
});

complete();
