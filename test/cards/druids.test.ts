import { expect, it } from 'vitest';
import { type GameState, type Vault, cardOpening, legalOptions } from '../../engine/index.js';
import type { CardId } from '../../engine/cards/catalogue.js';
import { DRUIDS } from '../../engine/cards/worlds/druids.js';
import { openExercise, seatStrength } from '../../engine/conquest/battle.js';
import { must } from '../support/fixtures.js';
import { SW, atChoose, atStage, conquestStart, front, handOf as withHand, readyAll, withPlayer, withTroops } from '../support/conquest.js';
import { activations, asCiv, battleOf, deckOf, duel, luck, playCard, stageOf, start, threeCamps, unitOf } from '../support/abilities.js';
import { doneUntil, strength, strengthsAfter, toDelayed, worldTests } from './support.js';

/**
 * The druids' World (docs/cards.md): they grow the land. Each card's effect in a combat (the
 * cards worth energy in the hand when the hand is accounted for, E15). Seat 1 builds his army
 * first (`duel(state, 1)`); seat 2 defends its own territory in `threeCamps`.
 */
const { card, complete } = worldTests(DRUIDS);

const handOf = (s: GameState, v: Vault, seat = 1): string[] => s.players[seat]!.cards.hand.map((r) => cardOpening(v, s, r)!.value).sort();

/** The most energy seat 0 may account for with `card` and an Energy Crystal (2) in the hand (E15). */
function accountMax(card: CardId): number | undefined {
  const { state, vaults } = start();
  const s = atStage(withHand(withPlayer(state, 0, { energy: 10, setAside: 0 }), 0, vaults[0]!, [card, 'crystal2']), { kind: 'keepOrAccount', waiting: [0], battle: openExercise(0, '4,-2', 0), then: { kind: 'exercise', turn: 1, left: 2 } });
  const account = legalOptions(s, 0, vaults[0]).find((o) => o.kind === 'account');
  return account && 'max' in account ? (account.max as number) : undefined;
}

/** Seat 2 (made a druid) defends its own territory against seats 0 and 1 and plays `unit`; and the same unit in a frontier duel. */
function defendingAndFrontier(unit: CardId): [number, number] {
  const { state, vaults } = start({ 1: [unit], 2: [unit] });
  const home = playCard(doneUntil(threeCamps(asCiv(state, 2, 'druids'), 0, [[1, 0]]), 2), vaults[2]!, unit);
  const frontier = playCard(duel(state, 1), vaults[1]!, unit);
  return [strength(home, unit), strength(frontier, unit)];
}

/** Seat 1 plays `unit` (an immediate "discard a card from your hand to ...") with a Favourable Ground beside it in the hand, discards it. */
function discarding(unit: CardId, also: CardId[] = []) {
  const { state, vaults } = start({ 1: [unit, 'terrain', ...also] });
  let s = playCard(duel(state, 1), vaults[1]!, unit);
  const offered = activations(s, vaults[1]);
  expect(offered.map((a) => a.targets[0]?.kind === 'hand' && a.targets[0].opening.value).sort()).toEqual(['terrain', ...also].sort());
  const before = seatStrength(s, battleOf(s), 1);
  s = must(s, offered.find((a) => a.targets[0]?.kind === 'hand' && a.targets[0].opening.value === 'terrain')!);
  expect(s.players[1]!.cards.discard).toEqual({ terrain: 1 });
  return { s, before, vaults };
}

card('druids.hexer', () => {
  it('neutralises a unit of the opponent: it counts 0 and is turned face down', () => {
    const { state, vaults } = start({ 0: ['druids.hexer'], 1: ['dwarves.warrior'] });
    let s = playCard(duel(state, 1), vaults[1]!, 'dwarves.warrior');
    s = playCard(s, vaults[0]!, 'druids.hexer');
    const before = seatStrength(s, battleOf(s), 1);
    s = must(s, activations(s, vaults[0])[0]!);
    expect(battleOf(s).units.find((u) => u.card === 'dwarves.warrior')!.face).toBe('down');
    expect(seatStrength(s, battleOf(s), 1)).toBe(before - 2);
  });
});

card('druids.seedling', () => {
  it('in the hand, counts as an Energy Crystal of value 1 when the hand is accounted for', () => {
    expect(accountMax('druids.seedling')).toBe(3);
  });
});

card('druids.herbalist', () => {
  it('discards a card of the hand for +2 strength; with an empty hand it cannot be activated', () => {
    const bare = start({ 1: ['druids.herbalist'] });
    expect(stageOf(playCard(duel(bare.state, 1), bare.vaults[1]!, 'druids.herbalist')).kind).toBe('armies');
    const { s } = discarding('druids.herbalist');
    expect(strength(s, 'druids.herbalist')).toBe(3);
  });
});

card('druids.rootkeeper', () => {
  it('in the hand, counts as an Energy Crystal of value 2', () => {
    expect(accountMax('druids.rootkeeper')).toBe(4);
  });
});

card('druids.thornguard', () => {
  it('+2 strength on its player\'s terrain (the attacked territory of his colour), none elsewhere', () => {
    // Seat 0 attacks seat 2's forest 2,0 (seat 0's colour) from the desert 3,-1.
    const g = conquestStart();
    const s = withHand(withTroops(g.state, { '2,0': { owner: 2, troops: 3 }, '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) } }), 0, g.vaults[0]!, ['druids.thornguard']);
    const onForest = playCard(readyAll(must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: { kind: 'territory', at: { q: 2, r: 0 } } })), g.vaults[0]!, 'druids.thornguard');
    expect(strength(onForest, 'druids.thornguard')).toBe(4);
    // A frontier combat between seat 0's mountain 2,-1 and seat 1's forest 1,-1: neither tile of seat 0's troops is forest.
    const { state, vaults } = start({ 0: ['druids.thornguard'] });
    expect(strength(playCard(duel(state, 0), vaults[0]!, 'druids.thornguard'), 'druids.thornguard')).toBe(2);
  });
});

card('druids.treant', () => {
  it('in the hand, counts as an Energy Crystal of value 3', () => {
    expect(accountMax('druids.treant')).toBe(5);
  });
});

card('druids.stormcaller', () => {
  it('delayed: every unit of the army gets +1 for the rest of the combat', () => {
    const { state, vaults } = start({ 1: ['druids.stormcaller', 'druids.seedling'] });
    let s = playCard(duel(state, 1), vaults[1]!, 'druids.stormcaller');
    s = playCard(must(s, { kind: 'done', seat: 0 }), vaults[1]!, 'druids.seedling');
    s = toDelayed(s);
    const before = seatStrength(s, battleOf(s), 1);
    expect(strengthsAfter(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'druids.stormcaller'), ability: 0, targets: [null] })[1]).toBe(before + 2);
  });
});

card('druids.sage', () => {
  it('discards a card of the hand to give the army +1; with an empty hand it cannot be activated', () => {
    const bare = start({ 1: ['druids.sage'] });
    expect(stageOf(playCard(duel(bare.state, 1), bare.vaults[1]!, 'druids.sage')).kind).toBe('armies');
    const { s, before } = discarding('druids.sage');
    expect(seatStrength(s, battleOf(s), 1)).toBe(before + 1);
  });
});

card('druids.shaman', () => {
  it('two immediate abilities: the army +1 for the rest of the combat, and a card drawn', () => {
    const { state, vaults } = start({ 1: ['druids.shaman'] });
    let s = playCard(duel(deckOf(state, 1, vaults[1]!, ['crystal3']), 1), vaults[1]!, 'druids.shaman');
    const shaman = unitOf(s, 'druids.shaman');
    s = luck(must(s, { kind: 'activate', seat: 1, unit: shaman, ability: 1, targets: [null] }));
    expect(handOf(s, vaults[1]!)).toEqual(['crystal3']);
    const before = seatStrength(s, battleOf(s), 1);
    s = must(s, { kind: 'activate', seat: 1, unit: shaman, ability: 0, targets: [null] });
    expect(seatStrength(s, battleOf(s), 1)).toBe(before + 1);
  });
});

card('druids.worldTree', () => {
  it('in the hand, counts as an Energy Crystal of value 4; +3 strength while defending its own territory', () => {
    expect(accountMax('druids.worldTree')).toBe(6);
    expect(defendingAndFrontier('druids.worldTree')).toEqual([9, 6]);
  });
});

complete();
