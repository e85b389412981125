import { expect, it } from 'vitest';
import { cardOpening } from '../../engine/index.js';
import { DWARVES } from '../../engine/cards/worlds/dwarves.js';
import { seatStrength } from '../../engine/conquest/battle.js';
import { must } from '../support/fixtures.js';
import { activations, asCiv, battleOf, deckOf, duel, luck, playCard, stageOf, start, threeCamps, unitOf } from '../support/abilities.js';
import { doneUntil, strength, strengthsAfter, toDelayed, worldTests } from './support.js';

/**
 * The dwarves' World (docs/cards.md): they fortify. Each card's effect in a combat. Seat 1 is
 * the dwarves of the fixture; `duel(state, 1)` lets him build his army first.
 */
const { card, complete } = worldTests(DWARVES);

/** Seat 1 plays a Line Sergeant and places `beside` on its `side` (B2b). */
function sergeantWith(beside: 'dwarves.shieldBearer' | 'dwarves.bulwark' | 'dwarves.runesmith' | 'dwarves.captain', side: 'left' | 'right' = 'right') {
  const { state, vaults } = start({ 1: ['dwarves.lineSergeant', beside, 'crystal1'] });
  let s = playCard(duel(deckOf(state, 1, vaults[1]!, ['crystal2']), 1), vaults[1]!, 'dwarves.lineSergeant');
  const place = activations(s, vaults[1]).find((a) => a.targets[0]?.kind === 'hand' && a.targets[0].opening.value === beside && a.targets[0].side === side)!;
  s = must(s, place);
  return { s, vaults };
}

card('dwarves.infantrySquad', () => {
  it('reveals the top 2 cards to its owner; a unit among them is played and uses its immediate ability', () => {
    const { state, vaults } = start({ 1: ['dwarves.infantrySquad'] });
    let s = playCard(duel(deckOf(state, 1, vaults[1]!, ['dwarves.captain', 'crystal1']), 1), vaults[1]!, 'dwarves.infantrySquad');
    s = luck(must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'dwarves.infantrySquad'), ability: 0, targets: [null] }));
    const [first, second] = s.players[1]!.cards.peeked!;
    const o = cardOpening(vaults[1]!, s, first!)!;
    expect(o.value).toBe('dwarves.captain');
    s = must(s, { kind: 'putBack', seat: 1, first: 'play', opening: { ref: o.ref, value: o.value, salt: o.salt }, order: [second] });
    expect(activations(s, vaults[1]).map((a) => a.unit)).toEqual([unitOf(s, 'dwarves.captain')]);
  });
});

card('dwarves.sentinel', () => {
  it('+3 strength while its player defends his own territory, not in a frontier combat', () => {
    const { state, vaults } = start({ 1: ['dwarves.sentinel'], 2: ['dwarves.sentinel'] });
    // Seat 2 defends 2,0 against seats 0 and 1 (one camp).
    let s = doneUntil(threeCamps(asCiv(state, 2, 'dwarves'), 0, [[1, 0]]), 2);
    s = playCard(s, vaults[2]!, 'dwarves.sentinel');
    expect(strength(s, 'dwarves.sentinel')).toBe(4);
    const frontier = playCard(duel(state, 1), vaults[1]!, 'dwarves.sentinel');
    expect(strength(frontier, 'dwarves.sentinel')).toBe(1);
  });
});

card('dwarves.shieldBearer', () => {
  it('+2 strength while a unit of its army stands beside it on its row', () => {
    const { s } = sergeantWith('dwarves.shieldBearer');
    expect(battleOf(s).units.find((u) => u.card === 'dwarves.shieldBearer')).toMatchObject({ row: 0, column: 1 });
    expect(strength(s, 'dwarves.shieldBearer')).toBe(3);
    const { state, vaults } = start({ 1: ['dwarves.shieldBearer'] });
    expect(strength(playCard(duel(state, 1), vaults[1]!, 'dwarves.shieldBearer'), 'dwarves.shieldBearer')).toBe(1);
  });
});

card('dwarves.captain', () => {
  it('draws 1 card when it enters', () => {
    const { state, vaults } = start({ 1: ['dwarves.captain'] });
    let s = playCard(duel(deckOf(state, 1, vaults[1]!, ['crystal3']), 1), vaults[1]!, 'dwarves.captain');
    s = luck(must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'dwarves.captain'), ability: 0, targets: [null] }));
    expect(s.players[1]!.cards.hand.map((r) => cardOpening(vaults[1]!, s, r)!.value)).toEqual(['crystal3']);
  });
});

card('dwarves.lineSergeant', () => {
  it('plays a unit of the hand to its left or right; the unit placed uses its own immediate ability (K17)', () => {
    const { s, vaults } = sergeantWith('dwarves.captain', 'left');
    const b = battleOf(s);
    expect(b.units.find((u) => u.card === 'dwarves.captain')).toMatchObject({ row: 0, column: 0 });
    expect(b.units.find((u) => u.card === 'dwarves.lineSergeant')).toMatchObject({ row: 0, column: 1 });
    expect(activations(s, vaults[1]).map((a) => a.unit)).toEqual([unitOf(s, 'dwarves.captain')]);
  });

  it('with no unit in the hand there is nothing to place: no activation is offered', () => {
    const { state, vaults } = start({ 1: ['dwarves.lineSergeant', 'crystal1'] });
    const s = playCard(duel(state, 1), vaults[1]!, 'dwarves.lineSergeant');
    expect(activations(s, vaults[1])).toEqual([]);
  });
});

card('dwarves.hammerguard', () => {
  it('steadfast: a Harpooner facing it has nothing to remove, a Hexer nothing to neutralise', () => {
    const { state, vaults } = start({ 0: ['tritons.harpooner', 'druids.hexer'], 1: ['dwarves.hammerguard'] });
    let s = playCard(duel(state, 1), vaults[1]!, 'dwarves.hammerguard');
    s = playCard(s, vaults[0]!, 'tritons.harpooner');
    // Only the Hammerguard on the row: "the opponents remove their units of this row" cannot be resolved.
    expect(battleOf(s).units.find((u) => u.card === 'tritons.harpooner')!.row).toBe(0);
    expect(activations(s, vaults[0])).toEqual([]);
    s = playCard(must(s, { kind: 'done', seat: 1 }), vaults[0]!, 'druids.hexer');
    expect(activations(s, vaults[0])).toEqual([]);
    expect(battleOf(s).units.find((u) => u.card === 'dwarves.hammerguard')!.face).toBe('up');
  });
});

card('dwarves.bulwark', () => {
  it('+3 strength while a unit of its army stands beside it', () => {
    const { s } = sergeantWith('dwarves.bulwark', 'left');
    expect(strength(s, 'dwarves.bulwark')).toBe(6);
  });
});

card('dwarves.runesmith', () => {
  it('delayed: every unit of its row gets +3 for the rest of the combat, the other rows nothing', () => {
    const { state, vaults } = start({ 1: ['dwarves.lineSergeant', 'dwarves.runesmith', 'elves.warrior', 'crystal1'] });
    let s = playCard(duel(deckOf(state, 1, vaults[1]!, ['crystal2']), 1), vaults[1]!, 'dwarves.lineSergeant');
    s = must(s, activations(s, vaults[1]).find((a) => a.targets[0]?.kind === 'hand' && a.targets[0].opening.value === 'dwarves.runesmith' && a.targets[0].side === 'right')!);
    // The Runesmith is not open yet; seat 0 declares, seat 1 adds a Warrior on a row of its own.
    s = playCard(must(s, { kind: 'done', seat: 0 }), vaults[1]!, 'elves.warrior');
    expect(battleOf(s).units.find((u) => u.card === 'elves.warrior')!.row).toBe(1);
    s = toDelayed(s);
    expect(stageOf(s)).toMatchObject({ kind: 'abilities', window: 'delayed', waiting: [1] });
    const before = seatStrength(s, battleOf(s), 1);
    const strengths = strengthsAfter(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'dwarves.runesmith'), ability: 0, targets: [null] });
    expect(strengths[1]).toBe(before + 3 + 3);
  });
});

card('dwarves.tunneller', () => {
  it('delayed: plays a unit from the hand beside it after every army is complete; that unit has its immediate ability (K17)', () => {
    const { state, vaults } = start({ 1: ['dwarves.tunneller', 'dwarves.captain'] });
    let s = playCard(duel(deckOf(state, 1, vaults[1]!, ['crystal1']), 1), vaults[1]!, 'dwarves.tunneller');
    s = toDelayed(s);
    expect(stageOf(s)).toMatchObject({ kind: 'abilities', window: 'delayed', waiting: [1] });
    const right = activations(s, vaults[1]).find((a) => a.targets[0]?.kind === 'hand' && a.targets[0].side === 'right')!;
    s = must(s, right);
    expect(battleOf(s).units.find((u) => u.card === 'dwarves.captain')).toMatchObject({ row: 0, column: 1 });
    expect(activations(s, vaults[1]).map((a) => a.unit)).toEqual([unitOf(s, 'dwarves.captain')]);
  });

  it('is not open while armies are built', () => {
    const { state, vaults } = start({ 1: ['dwarves.tunneller', 'dwarves.captain'] });
    const s = playCard(duel(state, 1), vaults[1]!, 'dwarves.tunneller');
    expect(stageOf(s).kind).toBe('armies');
  });
});

card('dwarves.ironThane', () => {
  it('places a unit beside it; a Harpooner facing the row removes that unit, never the steadfast Thane', () => {
    const { state, vaults } = start({ 0: ['tritons.harpooner'], 1: ['dwarves.ironThane', 'elves.warrior'] });
    let s = playCard(duel(state, 1), vaults[1]!, 'dwarves.ironThane');
    s = must(s, activations(s, vaults[1]).find((a) => a.targets[0]?.kind === 'hand' && a.targets[0].side === 'right')!);
    s = playCard(s, vaults[0]!, 'tritons.harpooner');
    s = must(s, { kind: 'activate', seat: 0, unit: unitOf(s, 'tritons.harpooner'), ability: 0, targets: [null] });
    expect(battleOf(s).units.filter((u) => u.owner === 1).map((u) => u.card)).toEqual(['dwarves.ironThane']);
    expect(battleOf(s).aside.map((u) => u.card)).toEqual(['elves.warrior']);
  });
});

card('dwarves.mountainKing', () => {
  it('+3 strength while defending its own territory, and it cannot be neutralised', () => {
    const { state, vaults } = start({ 0: ['druids.hexer'], 2: ['dwarves.mountainKing'] });
    let s = threeCamps(asCiv(state, 2, 'dwarves'), 2, [[1, 0]]);
    s = playCard(s, vaults[2]!, 'dwarves.mountainKing');
    expect(strength(s, 'dwarves.mountainKing')).toBe(9);
    s = playCard(s, vaults[0]!, 'druids.hexer');
    expect(activations(s, vaults[0])).toEqual([]);
  });
});

complete();
