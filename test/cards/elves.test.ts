import { expect, it } from 'vitest';
import { type GameState, cardOpening } from '../../engine/index.js';
import type { CardId } from '../../engine/cards/catalogue.js';
import { ELVES } from '../../engine/cards/worlds/elves.js';
import { seatStrength } from '../../engine/conquest/battle.js';
import type { Vault } from '../../engine/index.js';
import { must } from '../support/fixtures.js';
import { activations, battleOf, deckOf, duel, luck, playCard, stageOf, start, unitOf } from '../support/abilities.js';
import { strength, strengthsAfter, toDelayed, worldTests } from './support.js';

/**
 * The elves' World (docs/cards.md): they swarm. Each card's effect in a combat. Seat 1 builds
 * his army first (`duel(state, 1)`); its units are elves whatever his civilisation.
 */
const { card, complete } = worldTests(ELVES);

const handOf = (s: GameState, v: Vault, seat = 1): string[] => s.players[seat]!.cards.hand.map((r) => cardOpening(v, s, r)!.value).sort();

/** Seat 1 plays `placer` (an immediate playBeside) and places `beside` on its `side`. */
function placed(placer: CardId, beside: CardId, side: 'left' | 'right' = 'right') {
  const { state, vaults } = start({ 1: [placer, beside, 'crystal1'] });
  let s = playCard(duel(deckOf(state, 1, vaults[1]!, ['crystal2']), 1), vaults[1]!, placer);
  s = must(s, activations(s, vaults[1]).find((a) => a.targets[0]?.kind === 'hand' && a.targets[0].opening.value === beside && a.targets[0].side === side)!);
  return { s, vaults };
}

card('elves.scout', () => {
  it('draws 1 card when it enters', () => {
    const { state, vaults } = start({ 1: ['elves.scout'] });
    let s = playCard(duel(deckOf(state, 1, vaults[1]!, ['crystal3']), 1), vaults[1]!, 'elves.scout');
    s = luck(must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'elves.scout'), ability: 0, targets: [null] }));
    expect(handOf(s, vaults[1]!)).toEqual(['crystal3']);
  });
});

card('elves.skirmisher', () => {
  it('plays a unit of the hand beside it; the unit placed uses its own immediate ability (K17)', () => {
    const { s, vaults } = placed('elves.skirmisher', 'elves.scout', 'left');
    expect(battleOf(s).units.find((u) => u.card === 'elves.scout')).toMatchObject({ row: 0, column: 0 });
    expect(battleOf(s).units.find((u) => u.card === 'elves.skirmisher')).toMatchObject({ row: 0, column: 1 });
    expect(activations(s, vaults[1]).map((a) => a.unit)).toEqual([unitOf(s, 'elves.scout')]);
  });

  it('with no unit in the hand there is nothing to place: no activation is offered', () => {
    const { state, vaults } = start({ 1: ['elves.skirmisher', 'crystal1'] });
    expect(activations(playCard(duel(state, 1), vaults[1]!, 'elves.skirmisher'), vaults[1])).toEqual([]);
  });
});

card('elves.kin', () => {
  it('+1 strength while a unit of its army stands beside it, none alone', () => {
    expect(strength(placed('elves.skirmisher', 'elves.kin').s, 'elves.kin')).toBe(2);
    const { state, vaults } = start({ 1: ['elves.kin'] });
    expect(strength(playCard(duel(state, 1), vaults[1]!, 'elves.kin'), 'elves.kin')).toBe(1);
  });
});

card('elves.archer', () => {
  it('discards a card of the hand to draw 2; with an empty hand it cannot be activated', () => {
    const { state, vaults } = start({ 1: ['elves.archer', 'terrain'] });
    let s = playCard(duel(deckOf(state, 1, vaults[1]!, ['crystal2', 'crystal3']), 1), vaults[1]!, 'elves.archer');
    const offered = activations(s, vaults[1]);
    expect(offered.map((a) => a.targets[0]?.kind === 'hand' && a.targets[0].opening.value)).toEqual(['terrain']);
    s = luck(must(s, offered[0]));
    expect(handOf(s, vaults[1]!)).toEqual(['crystal2', 'crystal3']);
    expect(s.players[1]!.cards.discard).toEqual({ terrain: 1 });
    const bare = start({ 1: ['elves.archer'] });
    expect(stageOf(playCard(duel(bare.state, 1), bare.vaults[1]!, 'elves.archer')).kind).toBe('armies');
  });
});

card('elves.warband', () => {
  it('delayed: plays a unit from the hand beside it once every army is complete, not before', () => {
    const { state, vaults } = start({ 1: ['elves.warband', 'elves.scout'] });
    let s = playCard(duel(deckOf(state, 1, vaults[1]!, ['crystal1']), 1), vaults[1]!, 'elves.warband');
    expect(stageOf(s).kind).toBe('armies');
    s = toDelayed(s);
    expect(stageOf(s)).toMatchObject({ kind: 'abilities', window: 'delayed', waiting: [1] });
    s = must(s, activations(s, vaults[1]).find((a) => a.targets[0]?.kind === 'hand' && a.targets[0].side === 'right')!);
    expect(battleOf(s).units.find((u) => u.card === 'elves.scout')).toMatchObject({ row: 0, column: 1 });
    expect(activations(s, vaults[1]).map((a) => a.unit)).toEqual([unitOf(s, 'elves.scout')]);
  });
});

card('elves.grovewarden', () => {
  it('+2 strength while a unit of its army stands beside it', () => {
    expect(strength(placed('elves.skirmisher', 'elves.grovewarden').s, 'elves.grovewarden')).toBe(5);
  });
});

card('elves.hornblower', () => {
  it('delayed: every unit of the army gets +1 for the rest of the combat', () => {
    const { state, vaults } = start({ 1: ['elves.hornblower', 'elves.kin'] });
    let s = playCard(duel(state, 1), vaults[1]!, 'elves.hornblower');
    s = playCard(must(s, { kind: 'done', seat: 0 }), vaults[1]!, 'elves.kin');
    s = toDelayed(s);
    const before = seatStrength(s, battleOf(s), 1);
    expect(strengthsAfter(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'elves.hornblower'), ability: 0, targets: [null] })[1]).toBe(before + 2);
  });
});

card('elves.pathfinder', () => {
  it('draws 2 cards when it enters', () => {
    const { state, vaults } = start({ 1: ['elves.pathfinder'] });
    let s = playCard(duel(deckOf(state, 1, vaults[1]!, ['crystal2', 'crystal3']), 1), vaults[1]!, 'elves.pathfinder');
    s = luck(must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'elves.pathfinder'), ability: 0, targets: [null] }));
    expect(handOf(s, vaults[1]!)).toEqual(['crystal2', 'crystal3']);
  });
});

card('elves.ranger', () => {
  it('places a unit beside it, and then is +1 strength', () => {
    const { s } = placed('elves.ranger', 'elves.scout');
    expect(battleOf(s).units.find((u) => u.card === 'elves.scout')).toMatchObject({ row: 0, column: 1 });
    expect(strength(s, 'elves.ranger')).toBe(6);
    const { state, vaults } = start({ 1: ['elves.ranger'] });
    expect(strength(playCard(duel(state, 1), vaults[1]!, 'elves.ranger'), 'elves.ranger')).toBe(5);
  });
});

card('elves.forestQueen', () => {
  it('draws 2 when it enters, and its delayed ability gives the army +1', () => {
    const { state, vaults } = start({ 1: ['elves.forestQueen', 'elves.kin'] });
    let s = playCard(duel(deckOf(state, 1, vaults[1]!, ['crystal2', 'crystal3']), 1), vaults[1]!, 'elves.forestQueen');
    s = luck(must(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'elves.forestQueen'), ability: 0, targets: [null] }));
    expect(handOf(s, vaults[1]!)).toEqual(['crystal2', 'crystal3', 'elves.kin']);
    s = playCard(must(s, { kind: 'done', seat: 0 }), vaults[1]!, 'elves.kin');
    s = toDelayed(s);
    const before = seatStrength(s, battleOf(s), 1);
    expect(strengthsAfter(s, { kind: 'activate', seat: 1, unit: unitOf(s, 'elves.forestQueen'), ability: 1, targets: [null] })[1]).toBe(before + 2);
  });
});

complete();
