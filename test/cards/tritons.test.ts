import { expect, it } from 'vitest';
import { type GameState, type Vault, cardOpening } from '../../engine/index.js';
import type { CardId } from '../../engine/cards/catalogue.js';
import { TRITONS } from '../../engine/cards/worlds/tritons.js';
import { seatStrength } from '../../engine/conquest/battle.js';
import { must } from '../support/fixtures.js';
import { activations, battleOf, deckOf, duel, luck, playCard, stageOf, start, unitOf } from '../support/abilities.js';
import { strengthsAfter, toDelayed, worldTests } from './support.js';

/**
 * The tritons' World (docs/cards.md): they disrupt. Each card's effect in a combat. Seat 1 builds
 * his army first (`duel(state, 1)`): his units are the ones seat 0's tritons disrupt, or the
 * tritons a Harpooner of seat 0 removes.
 */
const { card, complete } = worldTests(TRITONS);

const handOf = (s: GameState, v: Vault, seat = 1): string[] => s.players[seat]!.cards.hand.map((r) => cardOpening(v, s, r)!.value).sort();

/** Seat 1 plays a Warrior (strength 2) on row 0, then seat 0 plays `unit` with `hand` beside it. */
function facingWarrior(unit: CardId, hand: CardId[] = []) {
  const { state, vaults } = start({ 0: [unit, ...hand], 1: ['dwarves.warrior'] });
  const s = playCard(playCard(duel(state, 1), vaults[1]!, 'dwarves.warrior'), vaults[0]!, unit);
  return { s, vaults, warrior: unitOf(s, 'dwarves.warrior') };
}

/** Seat 1's `unit` on row 0 is removed by seat 0's Harpooner; its reaction is open; seat 1 draws from `deck`. */
function removedByHarpooner(unit: CardId, deck: CardId[]) {
  const { state, vaults } = start({ 0: ['tritons.harpooner'], 1: [unit] });
  let s = playCard(duel(deckOf(state, 1, vaults[1]!, deck), 1), vaults[1]!, unit);
  const removed = unitOf(s, unit);
  s = playCard(s, vaults[0]!, 'tritons.harpooner');
  s = must(s, { kind: 'activate', seat: 0, unit: unitOf(s, 'tritons.harpooner'), ability: 0, targets: [null] });
  expect(battleOf(s).aside.map((u) => u.id)).toEqual([removed]);
  return { s, vaults, removed };
}

/** The warrior is neutralised: face down, and seat 1's strength 2 less. */
function expectNeutralised(before: GameState, after: GameState, warrior: number) {
  expect(battleOf(after).units.find((u) => u.id === warrior)!.face).toBe('down');
  expect(seatStrength(after, battleOf(after), 1)).toBe(seatStrength(before, battleOf(before), 1) - 2);
}

card('tritons.harpooner', () => {
  it("makes the opponents remove their units of its row", () => {
    const { s, warrior } = facingWarrior('tritons.harpooner');
    const after = must(s, { kind: 'activate', seat: 0, unit: unitOf(s, 'tritons.harpooner'), ability: 0, targets: [null] });
    expect(battleOf(after).aside.map((u) => u.id)).toEqual([warrior]);
  });
});

card('tritons.decoy', () => {
  it('removed from the combat, it draws 1 card', () => {
    let { s, vaults, removed } = removedByHarpooner('tritons.decoy', ['crystal3']);
    s = luck(must(s, { kind: 'activate', seat: 1, unit: removed, ability: 0, targets: [null] }));
    expect(handOf(s, vaults[1]!)).toEqual(['crystal3']);
  });
});

card('tritons.vanguard', () => {
  it('plays a unit of the hand beside it; with none in the hand nothing is offered', () => {
    const { state, vaults } = start({ 1: ['tritons.vanguard', 'tritons.decoy'] });
    let s = playCard(duel(state, 1), vaults[1]!, 'tritons.vanguard');
    s = must(s, activations(s, vaults[1]).find((a) => a.targets[0]?.kind === 'hand' && a.targets[0].side === 'right')!);
    expect(battleOf(s).units.find((u) => u.card === 'tritons.decoy')).toMatchObject({ row: 0, column: 1 });
    const bare = start({ 1: ['tritons.vanguard'] });
    expect(activations(playCard(duel(bare.state, 1), bare.vaults[1]!, 'tritons.vanguard'), bare.vaults[1])).toEqual([]);
  });
});

card('tritons.netCaster', () => {
  it('neutralises a unit of the opponent', () => {
    const { s, vaults, warrior } = facingWarrior('tritons.netCaster');
    expectNeutralised(s, must(s, activations(s, vaults[0])[0]!), warrior);
  });
});

card('tritons.diver', () => {
  it('draws 1 card when it enters', () => {
    const { state, vaults } = start({ 1: ['tritons.diver'] });
    let s = playCard(duel(deckOf(state, 1, vaults[1]!, ['crystal3']), 1), vaults[1]!, 'tritons.diver');
    s = luck(must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'tritons.diver'), ability: 0, targets: [null] }));
    expect(handOf(s, vaults[1]!)).toEqual(['crystal3']);
  });
});

card('tritons.reefGuard', () => {
  it('neutralises a unit of the opponent, with nothing to pay (an empty hand)', () => {
    const { s, vaults, warrior } = facingWarrior('tritons.reefGuard');
    expect(s.players[0]!.cards.hand).toEqual([]);
    const offered = activations(s, vaults[0]);
    expect(offered).toHaveLength(1);
    expectNeutralised(s, must(s, offered[0]!), warrior);
  });
});

card('tritons.siren', () => {
  it('delayed: neutralises a unit of the opponent once every army is complete, not before', () => {
    const { s, vaults, warrior } = facingWarrior('tritons.siren');
    expect(activations(s, vaults[0])).toEqual([]);
    const delayed = toDelayed(s);
    expect(stageOf(delayed)).toMatchObject({ kind: 'abilities', window: 'delayed' });
    const act = activations(delayed, vaults[0])[0]!;
    // The last delayed activation works the strengths out (B5), and the combat resolves.
    expect(strengthsAfter(delayed, act)[1]).toBe(seatStrength(delayed, battleOf(delayed), 1) - 2);
    expect(battleOf(must(delayed, act)).units.find((u) => u.id === warrior)!.face).toBe('down');
  });
});

card('tritons.tidecaller', () => {
  it('delayed: the opponents remove their units of its row once every army is complete', () => {
    const { s, vaults, warrior } = facingWarrior('tritons.tidecaller');
    expect(activations(s, vaults[0])).toEqual([]);
    const delayed = toDelayed(s);
    const after = must(delayed, { kind: 'activate', seat: 0, unit: unitOf(delayed, 'tritons.tidecaller'), ability: 0, targets: [null] });
    expect(battleOf(after).aside.map((u) => u.id)).toEqual([warrior]);
  });
});

card('tritons.tideLord', () => {
  it('clears the row facing it when it enters; removed itself, it draws 1 card', () => {
    const { s, warrior } = facingWarrior('tritons.tideLord');
    const cleared = must(s, { kind: 'activate', seat: 0, unit: unitOf(s, 'tritons.tideLord'), ability: 0, targets: [null] });
    expect(battleOf(cleared).aside.map((u) => u.id)).toEqual([warrior]);
    let { s: r, vaults, removed } = removedByHarpooner('tritons.tideLord', ['crystal3']);
    expect(activations(r, vaults[1])).toEqual([{ kind: 'activate', seat: 1, unit: removed, ability: 1, targets: [null] }]);
    r = luck(must(r, activations(r, vaults[1])[0]!));
    expect(handOf(r, vaults[1]!)).toEqual(['crystal3']);
  });
});

card('tritons.kraken', () => {
  it('neutralises a unit when it enters, and clears the row facing it in the delayed window', () => {
    const { s, vaults, warrior } = facingWarrior('tritons.kraken');
    const kraken = unitOf(s, 'tritons.kraken');
    const neutralised = must(s, activations(s, vaults[0]).find((a) => a.ability === 0)!);
    expectNeutralised(s, neutralised, warrior);
    const delayed = toDelayed(neutralised);
    const after = must(delayed, { kind: 'activate', seat: 0, unit: kraken, ability: 1, targets: [null] });
    expect(battleOf(after).aside.map((u) => u.id)).toEqual([warrior]);
  });
});

complete();
