import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { type CardId, type GameState, type Option, type UnitCard, type Vault, awaiting, costOf, legalOptions, unitCiv } from '../../engine/index.js';
import { DESIGNS } from '../../engine/cards/catalogue.js';
import { setupOf } from '../../src/game/config.js';
import { GameScreen } from '../../src/game/GameScreen.js';
import { setLanguage } from '../../src/i18n/index.js';
import type { GameTable } from '../../src/table/types.js';
import { activations, asCiv, battleOf, deckOf, duel, luck, playCard, stageOf, threeCamps, unitOf } from '../support/abilities.js';
import { H, SE, SEED, SW, T, atChoose, conquestStart, front, handOf, readyAll, withPlayer, withTroops } from '../support/conquest.js';
import { makeDirectTable } from '../support/directTable.js';
import { must } from '../support/fixtures.js';
import { config } from './conquestSupport.js';
import { clickHex, legalKeys, tick } from './screenSupport.js';

/**
 * The abilities' interface (issue 21, item 5), on the game screen over positions built by the rule
 * tests' helpers (the fixture map, 3 seats: elves, dwarves, necromancers): every ability the
 * engine offers is a button beside its unit in the combat view, and only those; its targets are
 * chosen by clicks (cards, a unit, a side, a tile on the board); what is sent is exactly one of
 * the engine's legal actions, whole.
 */

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  setLanguage('en');
});

/** The game screen, hot-seat (3 persons), on `state`, the curtain lifted for the seat awaited; every action the page sends is recorded. */
async function screenOn(state: GameState) {
  const cfg = config(3, SEED);
  const table = makeDirectTable({ setup: setupOf(cfg), seed: SEED, bots: [], bot: async () => null, start: state });
  const sent: unknown[] = [];
  const recording: GameTable = { ...table, submit: (a) => (sent.push(a), table.submit(a)) };
  const host = document.createElement('div');
  document.body.append(host);
  disposers.push(render(() => <GameScreen table={recording} config={cfg} flat onAutoplay={() => {}} />, host), () => host.remove(), () => table.dispose());
  await tick();
  (host.querySelector('#curtain') as HTMLElement | null)?.click();
  await tick();
  const $ = (sel: string) => host.querySelector(sel) as HTMLElement | null;
  const click = async (sel: string) => {
    const el = $(sel);
    if (!el) throw new Error(`nothing at ${sel}`);
    el.click();
    await tick(3);
  };
  return { table, host, $, click, sent };
}

const g = conquestStart();
/** A unit file 000 names, by its name: which civilisation's World holds it is the card designers' choice. */
const named = (en: string): UnitCard => DESIGNS.find((d) => d.name.en === en)!.id;
const v: readonly Vault[] = g.vaults;
const seatAt = (s: GameState): number => (awaiting(s) as { seat: number }).seat;
const optionsOf = (s: GameState): Option[] => legalOptions(s, seatAt(s), v[seatAt(s)]);
const isOption = (s: GameState, a: unknown): boolean => optionsOf(s).some((o) => o.kind === 'one' && JSON.stringify(o.action) === JSON.stringify(a));
/** The buttons beside a unit of the combat view. */
const beside = (host: HTMLElement, unit: number): string[] => [...host.querySelectorAll(`#combat-view .army-card[data-unit="${unit}"] .unit-actions button`)].map((b) => b.id);

describe('abilities by clicks, from the engine’s options', () => {
  it('offers each ability the engine offers as a button beside its unit, sends exactly its action, and shows no other', async () => {
    const s = playCard(duel(deckOf(handOf(g.state, 0, v[0]!, ['druids.shaman', 'crystal1']), 0, v[0]!, ['crystal2'])), v[0]!, 'druids.shaman');
    const shaman = unitOf(s, 'druids.shaman');
    const { host, $, click, sent, table } = await screenOn(s);
    expect(beside(host, shaman)).toEqual([`ability-${shaman}-0`, `ability-${shaman}-1`]);
    expect($(`#ability-${shaman}-1`)!.textContent).toBe('Immediate: Draw 1 card.');
    // No other unit of the battle has a button: the engine offers nothing else.
    expect(host.querySelectorAll('#combat-view .unit-actions button').length).toBe(2);
    await click(`#ability-${shaman}-1`);
    expect(sent).toEqual([activations(s, v[0])[1]]);
    // Drawn (a random event the table ran): the ability used is no longer offered, and its button is gone.
    const after = table.view().state;
    expect(activations(after, v[0]).map((a) => a.ability)).toEqual([0]);
    expect(beside(host, shaman)).toEqual([`ability-${shaman}-0`]);
    // Finishing while something is left asks first, and names what would be lost.
    await click('#done');
    expect($('#prompt')!.textContent).toMatch(/Finish activating\? .*Shaman \(Immediate: Your units: \+1 strength/);
    await click('#confirm-no');
    await click(`#ability-${shaman}-0`);
    expect(sent.slice(1)).toEqual([activations(after, v[0])[0]]);
    expect(host.querySelectorAll('#combat-view .unit-actions button').length).toBe(0);
  });

  it('does not show an ability the engine does not offer (a Grave Caller with nothing to destroy)', async () => {
    let t = handOf(asCiv(g.state, 0, 'necromancers'), 0, v[0]!, ['necromancers.graveCaller', 'necromancers.skeleton']);
    t = duel(deckOf(t, 0, v[0]!, [], []));
    t = must(playCard(must(playCard(t, v[0]!, 'necromancers.graveCaller'), { kind: 'done', seat: 1 }), v[0]!, 'necromancers.skeleton'), { kind: 'done', seat: 0 });
    expect(stageOf(t)).toMatchObject({ kind: 'abilities', window: 'delayed' });
    const { host } = await screenOn(t);
    const skeleton = unitOf(t, 'necromancers.skeleton');
    expect(beside(host, unitOf(t, 'necromancers.graveCaller'))).toEqual([]);
    expect(beside(host, skeleton)).toEqual([`ability-${skeleton}-0`]);
  });

  it('a card of the discard pile, then the ability goes (Grave Caller: destroy a card to raise a Skeleton)', async () => {
    let t = handOf(asCiv(g.state, 0, 'necromancers'), 0, v[0]!, ['necromancers.graveCaller', 'necromancers.skeleton']);
    t = duel(deckOf(t, 0, v[0]!, [], ['crystal1', 'terrain']));
    t = must(playCard(must(playCard(t, v[0]!, 'necromancers.graveCaller'), { kind: 'done', seat: 1 }), v[0]!, 'necromancers.skeleton'), { kind: 'done', seat: 0 });
    const caller = unitOf(t, 'necromancers.graveCaller');
    const { host, $, click, sent } = await screenOn(t);
    await click(`#ability-${caller}-0`);
    expect(sent).toEqual([]);
    expect($('#prompt')!.textContent).toContain('choose a card of your discard pile to destroy');
    expect([...host.querySelectorAll('.battle-cards li')].map((li) => li.getAttribute('data-choice'))).toEqual(['card:crystal1', 'card:terrain']);
    expect($('#combat-view .army-card.active')!.getAttribute('data-unit')).toBe(String(caller));
    await click('#choice-card\\:terrain');
    expect(sent).toEqual([{ kind: 'activate', seat: 0, unit: caller, ability: 0, targets: [{ kind: 'card', card: 'terrain' }, null] }]);
    expect(isOption(t, sent[0])).toBe(true);
  });

  it('two choices in a row, the second with what it costs (Rocket Roll: destroy a card, then buy a unit of the World)', async () => {
    const rocketRoll = named('Rocket Roll');
    let t = handOf(withPlayer(asCiv(g.state, 0, unitCiv(rocketRoll)), 0, { energy: 3 }), 0, v[0]!, [rocketRoll]);
    t = playCard(duel(deckOf(t, 0, v[0]!, [], ['crystal1', 'crystal2'])), v[0]!, rocketRoll);
    const rocket = unitOf(t, rocketRoll);
    const { host, $, click, sent } = await screenOn(t);
    await click(`#ability-${rocket}-0`);
    expect([...host.querySelectorAll('.battle-cards li')].map((li) => li.getAttribute('data-choice'))).toEqual(['card:crystal1', 'card:crystal2']);
    await click('#choice-card\\:crystal2');
    expect($('#prompt')!.textContent).toContain('choose a unit of your World to buy');
    // The World's units the engine offers for 3 energy stocks, and nothing else.
    const ways = activations(t, v[0]).filter((a) => JSON.stringify(a.targets[0]) === JSON.stringify({ kind: 'card', card: 'crystal2' }));
    const offered = ways.map((a) => (a.targets[1] as { card: CardId }).card);
    expect([...host.querySelectorAll('.battle-cards li')].map((li) => li.getAttribute('data-choice'))).toEqual(offered.map((c) => `card:${c}`));
    const buy = offered[offered.length - 1]!;
    const choice = host.querySelector(`.battle-cards li[data-choice="card:${buy}"] button`) as HTMLElement;
    expect(choice.textContent).toContain(`energy stocks 3 → ${3 - costOf(buy)}`);
    choice.click();
    await tick(3);
    expect(sent).toEqual([{ kind: 'activate', seat: 0, unit: rocket, ability: 0, targets: [{ kind: 'card', card: 'crystal2' }, { kind: 'card', card: buy }] }]);
    expect(isOption(t, sent[0])).toBe(true);
  });

  it('a unit of the hand, then a side of the unit in the battle (Vanguard: play a unit beside it)', async () => {
    const t = playCard(duel(handOf(g.state, 0, v[0]!, ['tritons.vanguard', 'dwarves.captain', 'elves.warrior', 'crystal1'])), v[0]!, 'tritons.vanguard');
    const vanguard = unitOf(t, 'tritons.vanguard');
    const { host, $, click, sent } = await screenOn(t);
    await click(`#ability-${vanguard}-0`);
    // Units only: the crystal cannot be played.
    expect([...host.querySelectorAll('.battle-cards li')].map((li) => li.getAttribute('data-choice')).sort()).toEqual(['hand:dwarves.captain', 'hand:elves.warrior']);
    await click('#choice-hand\\:dwarves\\.captain');
    expect($('#prompt')!.textContent).toContain('choose on which side of Vanguard it goes');
    expect(beside(host, vanguard)).toEqual([`ability-${vanguard}-0`, 'side-left', 'side-right']);
    await click('#side-right');
    const chosen = activations(t, v[0]).find((a) => {
      const x = a.targets[0] as { opening: { value: string }; side: string };
      return x.opening.value === 'dwarves.captain' && x.side === 'right';
    });
    expect(sent).toEqual([chosen]);
  });

  it('a unit of an opposing camp, clicked beside it in the battle (Hexer: neutralise)', async () => {
    let t = duel(handOf(handOf(g.state, 0, v[0]!, ['elves.basic', 'druids.hexer']), 1, v[1]!, ['dwarves.basic', 'dwarves.warrior']), 1);
    t = playCard(playCard(playCard(t, v[1]!, 'dwarves.basic'), v[0]!, 'elves.basic'), v[1]!, 'dwarves.warrior');
    t = playCard(t, v[0]!, 'druids.hexer');
    const [hexer, basic, warrior] = [unitOf(t, 'druids.hexer'), unitOf(t, 'dwarves.basic'), unitOf(t, 'dwarves.warrior')];
    const { host, $, click, sent } = await screenOn(t);
    await click(`#ability-${hexer}-0`);
    expect(beside(host, basic)).toEqual([`target-${basic}`]);
    expect(beside(host, warrior)).toEqual([`target-${warrior}`]);
    // Seat 0's own units are no target.
    expect(beside(host, unitOf(t, 'elves.basic'))).toEqual([]);
    expect($(`#target-${warrior}`)!.textContent).toBe('Choose Warrior');
    await click(`#target-${warrior}`);
    expect(sent).toEqual([{ kind: 'activate', seat: 0, unit: hexer, ability: 0, targets: [{ kind: 'camp', camp: 1, units: [warrior] }] }]);
    expect(isOption(t, sent[0])).toBe(true);
  });

  it('a tile of the involved troops, on the board or as a button with its harvest (Digging Machine)', async () => {
    const diggingMachine = named('Digging Machine');
    let t = withTroops(handOf(g.state, 0, v[0]!, [diggingMachine]), { '2,0': { owner: 1, troops: 3 }, '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) }, '2,-1': { owner: 0, troops: 1, frontier: front(SE, 2) } });
    t = readyAll(must(atChoose(t, 0), { kind: 'chooseCombat', seat: 0, combat: T(2, 0) }));
    t = must(t, { kind: 'discardExtra', seat: 0, cards: [] });
    t = playCard(t, v[0]!, diggingMachine);
    const digger = unitOf(t, diggingMachine);
    const ways = activations(t, v[0]);
    expect(ways.length).toBe(2);
    const { host, $, click, sent } = await screenOn(t);
    await click(`#ability-${digger}-0`);
    expect(legalKeys(host).sort()).toEqual(['2,-1', '3,-1']);
    expect($('[id="tile-2,-1"]')!.textContent).toMatch(/^\(2,-1\): energy stocks \d+ → \d+$/);
    clickHex(host, '3,-1');
    await tick(3);
    expect(sent).toEqual([ways.find((a) => JSON.stringify(a.targets[0]) === JSON.stringify({ kind: 'tile', at: H(3, -1) }))]);
  });
});

describe('cards revealed to their owner alone (K5c)', () => {
  const peeked = () => {
    let t = playCard(duel(deckOf(handOf(g.state, 0, v[0]!, ['dwarves.infantrySquad']), 0, v[0]!, ['dwarves.captain', 'crystal1', 'crystal2'])), v[0]!, 'dwarves.infantrySquad');
    t = must(t, { kind: 'activate', seat: 0, unit: unitOf(t, 'dwarves.infantrySquad'), ability: 0, targets: [null] });
    return luck(t);
  };
  const putBacks = (s: GameState) => optionsOf(s).flatMap((o) => (o.kind === 'one' && o.action.kind === 'putBack' ? [o.action] : []));
  const order = (host: HTMLElement) => [...host.querySelectorAll('#peek-order li')].map((li) => li.getAttribute('data-card'));

  it('shows them, lets the person order the ones put back with the buttons, and sends exactly that order', async () => {
    const s = peeked();
    expect(stageOf(s).kind).toBe('peek');
    const { host, $, click, sent } = await screenOn(s);
    expect($('#peek-panel .peek-first .card-view')!.getAttribute('data-card')).toBe('dwarves.captain');
    expect([...host.querySelectorAll('.peek-fates button')].map((b) => b.id)).toEqual(['peek-play', 'peek-discard', 'peek-keep']);
    // Kept at first (what an absent player does), all back in the order they came.
    expect(order(host)).toEqual(['dwarves.captain', 'crystal1']);
    expect(($('#peek-order li .peek-up') as HTMLButtonElement).disabled).toBe(true);
    await click('#peek-order li:first-child .peek-down');
    expect(order(host)).toEqual(['crystal1', 'dwarves.captain']);
    await click('#peek-go');
    const refs = s.players[0]!.cards.peeked!;
    expect(sent).toEqual([{ kind: 'putBack', seat: 0, first: 'keep', order: [refs[1], refs[0]] }]);
    expect(putBacks(s)).toContainEqual(sent[0]);
  });

  it('plays the first (a unit) and puts the rest back, as the engine offers it', async () => {
    const s = peeked();
    const { host, click, sent } = await screenOn(s);
    await click('#peek-play');
    expect(order(host)).toEqual(['crystal1']);
    await click('#peek-go');
    expect(sent).toEqual([putBacks(s).find((a) => a.first === 'play')]);
  });
});

describe('a negative effect that may be ignored (K18)', () => {
  it('says what it would do and why it may be ignored, and sends the engine’s choice', async () => {
    let t = handOf(handOf(handOf(g.state, 0, v[0]!, ['druids.hexer']), 1, v[1]!, ['elves.basic', 'druids.hexer']), 2, v[2]!, ['elves.basic', 'elves.warrior']);
    t = threeCamps(t, 2, [[1, 0]]);
    t = playCard(t, v[2]!, 'elves.basic');
    t = playCard(t, v[0]!, 'druids.hexer');
    t = must(t, { kind: 'activate', seat: 0, unit: unitOf(t, 'druids.hexer'), ability: 0, targets: [{ kind: 'camp', camp: 'defender', units: [unitOf(t, 'elves.basic')] }] });
    t = playCard(playCard(t, v[1]!, 'elves.basic'), v[2]!, 'elves.warrior');
    t = playCard(must(t, { kind: 'done', seat: 0 }), v[1]!, 'druids.hexer');
    const hexer = battleOf(t).units.find((u) => u.card === 'druids.hexer' && u.owner === 1)!.id;
    t = must(t, { kind: 'activate', seat: 1, unit: hexer, ability: 0, targets: [{ kind: 'camp', camp: 'defender', units: [unitOf(t, 'elves.warrior')] }] });
    expect(stageOf(t).kind).toBe('ignore');
    const { $, click, sent } = await screenOn(t);
    expect($('#prompt')!.textContent).toContain('▲ Player 2’s Hexer would neutralise your unit: Warrior: ignore it, or suffer it');
    expect($('#why')!.textContent).toContain('Here you have suffered it 1 times, and its player has caused it 0 times.');
    await click('#ignore-yes');
    expect(sent).toEqual([{ kind: 'ignoreEffect', seat: 2, ignore: true }]);
    expect(isOption(t, sent[0])).toBe(true);
  });
});
