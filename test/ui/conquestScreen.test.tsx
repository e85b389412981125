import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { type GameState, awaiting, cardOpening, legalOptions } from '../../engine/index.js';
import { localVault } from '../../engine/local/index.js';
import { setupOf } from '../../src/game/config.js';
import { GameScreen } from '../../src/game/GameScreen.js';
import { cardFace } from '../../src/cards/cardInfo.js';
import { makeDirectTable } from '../support/directTable.js';
import { config, inputsUntil } from './conquestSupport.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});
const tick = async (n = 2) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

const stageIs = (kind: string, extra: (s: GameState) => boolean = () => true) => (s: GameState) =>
  s.phase.name === 'conquest' && s.phase.stage.kind === kind && awaiting(s).kind === 'seat' && extra(s);

/** A hot-seat game of two persons at the first position where `stop` holds, on the screen (flat map: happy-dom has no WebGL). */
async function screenAt(seed: string, stop: (s: GameState) => boolean) {
  const cfg = config(2, seed);
  const { inputs, state } = inputsUntil(cfg, stop);
  const table = makeDirectTable({ setup: setupOf(cfg), seed, bots: [], bot: async () => null, inputs });
  const host = document.createElement('div');
  document.body.append(host);
  disposers.push(render(() => <GameScreen table={table} config={cfg} flat onAutoplay={() => {}} />, host), () => host.remove(), () => table.dispose());
  await tick();
  const $ = (sel: string) => host.querySelector(sel) as HTMLElement | null;
  const seat = (awaiting(state) as { seat: number }).seat;
  return { table, host, $, seat, state, cfg };
}

const legalKeys = (host: HTMLElement): string[] => [...host.querySelectorAll('.board-list li.legal')].map((li) => li.getAttribute('data-hex')!);
const clickHex = (host: HTMLElement, key: string) => host.querySelector(`svg.hex-map g.hex[data-hex="${key}"]`)!.dispatchEvent(new MouseEvent('click', { bubbles: true }));

describe('conquest by clicks on the game screen', () => {
  it('moves: a source glows, then its targets; a stepper bounded by the option; staged, previewed, sent with "Done moving"', async () => {
    const hasMove = (s: GameState) => legalOptions(s, (awaiting(s) as { seat: number }).seat).some((o) => o.kind === 'count' && o.action.kind === 'moveTroops');
    const { table, host, $, seat } = await screenAt('ui-moves', stageIs('moves', hasMove));
    $('#curtain')!.click();
    await tick();
    expect($('#prompt')!.textContent).toMatch(/moving troops/);
    const sources = legalKeys(host);
    expect(sources.length).toBeGreaterThan(0);
    clickHex(host, sources[0]!);
    await tick();
    const targets = legalKeys(host);
    expect(targets.length).toBeGreaterThan(0);
    clickHex(host, targets[0]!);
    await tick();
    const option = legalOptions(table.view().state, seat).find((o) => o.kind === 'count' && o.action.kind === 'moveTroops' && `${o.action.from.q},${o.action.from.r}` === sources[0] && `${o.action.to.q},${o.action.to.r}` === targets[0])!;
    const stepper = $('#count') as HTMLInputElement;
    expect(Number(stepper.max)).toBe((option as { max: number }).max);
    expect(Number(stepper.value)).toBe((option as { max: number }).max);
    if ((option as { max: number }).max > 1) {
      $('#count-less')!.click();
      await tick();
    }
    const n = Number(($('#count') as HTMLInputElement).value);
    $('#stage')!.click();
    await tick();
    expect($('#staged')!.textContent).toContain(`${n} troops`);
    // The staged move shows as an arrow on the board until sent.
    expect(host.querySelector(`g.staged-arrow[data-from="${sources[0]}"][data-to="${targets[0]}"]`)).not.toBeNull();
    // Nothing sent yet; the board shows the draft (the engine's own preview).
    expect(table.inputs().at(-1)).not.toMatchObject({ kind: 'moveTroops' });
    const before = table.inputs().length;
    expect($('#done')!.textContent).toMatch(/Send the moves/);
    $('#done')!.click();
    await tick(4);
    expect(table.inputs().slice(before, before + 2)).toMatchObject([{ kind: 'moveTroops', seat, count: n }, { kind: 'done', seat }]);
  });

  it('undo drops a staged move before anything is sent', async () => {
    const hasMove = (s: GameState) => legalOptions(s, (awaiting(s) as { seat: number }).seat).some((o) => o.kind === 'count' && o.action.kind === 'moveTroops');
    const { host, $ } = await screenAt('ui-moves', stageIs('moves', hasMove));
    $('#curtain')!.click();
    await tick();
    clickHex(host, legalKeys(host)[0]!);
    await tick();
    clickHex(host, legalKeys(host)[0]!);
    await tick();
    $('#stage')!.click();
    await tick();
    expect($('#undo')).not.toBeNull();
    $('#undo')!.click();
    await tick();
    expect($('#staged')).toBeNull();
    expect($('#done')!.textContent).toBe('Done moving');
  });

  it('the shop: wallet, the World with copies left, greyed items with the reason, and a confirmed Commit', async () => {
    const { table, $, seat, host } = await screenAt('ui-shop', stageIs('secretCommit', (s) => (s.phase as { stage: { round: { purpose: string } } }).stage.round.purpose === 'purchase'));
    $('#curtain')!.click();
    await tick();
    expect($('#wallet')!.textContent).toMatch(/Set aside \d+ · other stocks \d+ · pure energy \d+/);
    const items = [...host.querySelectorAll('.shop-item')];
    expect(items.length).toBeGreaterThan(3);
    expect(host.querySelector('.shop-copies')!.textContent).toMatch(/\d+ left/);
    // Every greyed item says why; every other can be added.
    for (const li of host.querySelectorAll('.shop-item.greyed')) expect(li.querySelector('.shop-why')!.textContent).toMatch(/not enough|no copy|already/);
    const addable = host.querySelector('.shop-item:not(.greyed) .shop-add') as HTMLButtonElement | null;
    if (addable) {
      addable.click();
      await tick();
      expect($('#cart-total')!.getAttribute('data-legal')).toBe('true');
    }
    const before = table.inputs().length;
    expect($(`.chip[data-seat="${seat}"] .tag.secret`)!.textContent).toBe('choosing…');
    $('#commit')!.click();
    await tick();
    expect($('#prompt')!.textContent).toMatch(/Seal this purchase/);
    $('#confirm-yes')!.click();
    await tick(4);
    expect(table.inputs()[before]).toMatchObject({ kind: 'commitSecret', seat });
    // The chips say who has sealed a choice, never what.
    expect($(`.chip[data-seat="${seat}"] .tag.secret`)!.textContent).toBe('✉ sealed');
  });

  it('feints: a private panel with a count per frontier stack, then Commit', async () => {
    const { table, $, seat, host } = await screenAt('ui-feints', stageIs('secretCommit', (s) => (s.phase as { stage: { round: { purpose: string } } }).stage.round.purpose === 'feint'));
    $('#curtain')!.click();
    await tick();
    expect(host.querySelector('.feints')).not.toBeNull();
    const more = host.querySelector('[id^="feint-"][id$="-more"]') as HTMLButtonElement | null;
    if (more) {
      more.click();
      await tick();
    }
    const before = table.inputs().length;
    $('#commit')!.click();
    await tick();
    $('#confirm-yes')!.click();
    await tick(4);
    expect(table.inputs()[before]).toMatchObject({ kind: 'commitSecret', seat });
  });

  it('a combat by clicks: combat buttons, Ready, the army from the hand in order, the combat view; the hand never shows to the other seat', async () => {
    const { table, $, host } = await screenAt('ui-combat', stageIs('choose'));
    const other = (s: number) => 1 - s;
    const seen = new Set<string>();
    for (let guard = 0; guard < 60; guard++) {
      const s = table.view().state;
      if (s.phase.name !== 'conquest' || !['choose', 'camps', 'proposal', 'armies', 'abilities', 'discards'].includes(s.phase.stage.kind)) break;
      const w = awaiting(s);
      if (w.kind !== 'seat') break;
      if ($('#curtain')) {
        // Behind the curtain, nothing of either hand.
        expect($('section.hand')).toBeNull();
        $('#curtain')!.click();
        await tick();
      }
      // The seat at the device sees its own hand, and never the other's cards.
      const me = w.seat;
      const mine = s.players[me]!.cards.hand.map((r) => cardOpening(localVault('ui-combat', me), s, r)!.value);
      const theirs = s.players[other(me)]!.cards.hand.map((r) => cardOpening(localVault('ui-combat', other(me)), s, r)!.value);
      expect($('section.hand')!.getAttribute('data-viewer')).toBe(String(me));
      expect(host.querySelectorAll('section.hand .card-view').length).toBe(mine.length);
      // Cards of the other seat's hand that this seat does not hold never show in the hand strip.
      for (const c of theirs.filter((c) => !mine.includes(c))) expect(host.querySelector(`section.hand [data-card="${c}"]`)).toBeNull();
      seen.add(s.phase.stage.kind);
      const id = s.phase.stage.kind === 'choose' ? 'combat-0' : s.phase.stage.kind === 'armies' ? ($('#play-0') ? 'play-0' : 'done') : 'done';
      if (s.phase.stage.kind === 'armies') expect($('#combat-view')).not.toBeNull();
      $(`#${id}`)!.click();
      await tick();
      if ($('#confirm-yes')) {
        $('#confirm-yes')!.click();
        await tick();
      }
      await tick(2);
    }
    // The combat was fought: units entered and the view said what each side counted.
    expect([...seen]).toEqual(expect.arrayContaining(['choose', 'camps', 'armies']));
    expect(table.inputs().some((a) => (a as { kind: string }).kind === 'playUnit')).toBe(true);
    // The log says the outcome in words, from the engine's events.
    const log = [...host.querySelectorAll('#log li')].map((li) => li.textContent);
    expect(log.some((l) => /^Combat strengths: .*Player \d \d+/.test(l ?? ''))).toBe(true);
    // After the armies: the combat view stays with what each side counted and lost, until the combat ends.
    const st = table.view().state;
    if (st.phase.name === 'conquest' && 'battle' in st.phase.stage) expect($('#combat-view .army-total')!.textContent).toMatch(/Strength \d+/);
  });

  it('says in words what the game waits for when it is another seat’s turn, in French too', async () => {
    const { $ } = await screenAt('ui-moves', stageIs('moves'));
    $('#curtain')!.click();
    await tick();
    expect($('#prompt')!.textContent).toMatch(/Player \d: moving troops \(E1\)/);
    const { setLanguage } = await import('../../src/i18n/index.js');
    setLanguage('fr');
    await tick();
    expect($('#done')!.textContent).toBe('Fin des déplacements');
    setLanguage('en');
    await tick();
  });

  it('card names in the army buttons come from the card data', () => {
    expect(cardFace('elves.basic', 'en').name.length).toBeGreaterThan(0);
  });
});
