import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { TERRAIN } from '../../src/display/index.js';
import type { LocalGameConfig } from '../../src/game/config.js';
import { setupOf } from '../../src/game/config.js';
import { GameScreen } from '../../src/game/GameScreen.js';
import { makeDirectTable } from '../support/directTable.js';
import {
  type GameState,
  tileOpening,
} from '../../engine/index.js';
import { localVault } from '../../engine/local/index.js';
import { deckOf, duel, luck, playCard, stageOf, unitOf } from '../support/abilities.js';
import { SEED, conquestStart, handOf } from '../support/conquest.js';
import { must } from '../support/fixtures.js';
import { config as seatsConfig } from './conquestSupport.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});
const tick = async (n = 1): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

// happy-dom has no WebGL: the screen shows the flat map, whose hexes are SVG groups to click.
describe('game screen (hot-seat, 2 persons)', () => {
  const config: LocalGameConfig = {
    mode: 'hotseat',
    seed: 'screen',
    seats: [
      { colour: 'forest', civilisation: 'elves', bot: false },
      { colour: 'mountain', civilisation: 'dwarves', bot: false },
    ],
  };

  it('shows a seat’s drawn tile only after its curtain, never to the other seat, and places it by clicks', async () => {
    const table = makeDirectTable({ setup: setupOf(config), seed: config.seed, bots: [], bot: async () => null });
    const host = document.createElement('div');
    document.body.append(host);
    disposers.push(render(() => <GameScreen table={table} config={config} flat onAutoplay={() => {}} />, host), () => host.remove(), () => table.dispose());
    await tick();
    const $ = (sel: string) => host.querySelector(sel) as HTMLElement | null;
    // Curtain for seat 0: nothing private in the DOM.
    expect($('#curtain')!.textContent).toContain('Pass the device to Player 1');
    expect($('section.hand')).toBeNull();
    $('#curtain')!.click();
    await tick();
    expect($('section.hand')!.getAttribute('data-viewer')).toBe('0');
    $('#draw')!.click();
    await tick();
    await tick();
    const state = table.view().state;
    const drawn = tileOpening(localVault('screen', 0), state.seats[0]!.drawn!, state)!.value;
    expect($('#drawn-tile')!.getAttribute('data-colour')).toBe(drawn);
    expect($('#prompt')!.textContent).toContain(TERRAIN[drawn].name.en);
    // The hex cursor: arrows move it and the hint says what is there, or why the tile may not go there.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    await tick();
    expect($('#hint')!.textContent).toMatch(/M6|\(1,0\)/);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await tick();
    // Legal cells glow on the flat map; a click selects, Confirm places.
    const cells = host.querySelectorAll('svg.hex-map g.cell');
    expect(cells.length).toBeGreaterThan(0);
    const key = cells[0]!.getAttribute('data-hex')!;
    cells[0]!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await tick();
    expect(($('#confirm') as HTMLButtonElement).disabled).toBe(false);
    $('#confirm')!.click();
    await tick();
    await tick();
    expect(host.querySelector(`svg.hex-map g.hex[data-hex="${key}"]`)!.getAttribute('data-colour')).toBe(drawn);
    // Hovering the log's first line shows the board as it was then (the tile not yet placed); leaving returns.
    const firstLine = host.querySelector('#log li') as HTMLElement;
    firstLine.dispatchEvent(new MouseEvent('mouseenter'));
    await tick();
    expect(host.querySelector(`svg.hex-map g.hex[data-hex="${key}"]`)).toBeNull();
    expect($('.moment')).not.toBeNull();
    host.querySelector('#log')!.dispatchEvent(new MouseEvent('mouseleave'));
    await tick();
    expect(host.querySelector(`svg.hex-map g.hex[data-hex="${key}"]`)).not.toBeNull();
    // Seat 0 ends the turn: the curtain comes down for seat 1, and seat 0's things are gone.
    $('#done')!.click();
    await tick();
    await tick();
    expect($('#curtain')!.textContent).toContain('Player 2');
    expect($('section.hand')).toBeNull();
    expect(host.innerHTML).not.toContain('drawn-tile');
    $('#curtain')!.click();
    await tick();
    expect($('section.hand')!.getAttribute('data-viewer')).toBe('1');
    expect($('#drawn-tile')).toBeNull();
  });
});

/**
 * Cards revealed to one seat alone (K5c, an Infantry Squad's reveal): on one device they show only
 * after that seat's curtain, and never while another seat has the device; another seat's page
 * never holds them. The revealed cards are a Captain and an Immortal, which nothing public shows.
 */
describe('hot-seat: cards revealed to their owner alone', () => {
  const g = conquestStart();
  const peeked = (): GameState => {
    let t = playCard(duel(deckOf(handOf(g.state, 0, g.vaults[0]!, ['dwarves.infantrySquad']), 0, g.vaults[0]!, ['dwarves.captain', 'dwarves.immortal', 'crystal2'])), g.vaults[0]!, 'dwarves.infantrySquad');
    t = must(t, { kind: 'activate', seat: 0, unit: unitOf(t, 'dwarves.infantrySquad'), ability: 0, targets: [null] });
    return luck(t);
  };
  /**
   * What would give the reveal away: its panel, the known top of the deck, a face of either card, a
   * revealed reference. (That seat 0's deck and hand hold a Captain and an Immortal is public, R4:
   * the players' column lists it; which cards are on top is not.)
   */
  const secrets = (host: HTMLElement, refs: readonly string[]): string[] => {
    const found: string[] = [];
    if (host.querySelector('#peek-panel')) found.push('the reveal panel');
    if (host.querySelector('#deck-top')) found.push('the known top of the deck');
    for (const card of ['dwarves.captain', 'dwarves.immortal']) if (host.querySelector(`[data-card="${card}"]`)) found.push(card);
    for (const ref of refs) if (host.innerHTML.includes(`"${ref}"`)) found.push(ref);
    return found;
  };

  it('shows them only after their owner’s curtain, and to no other seat at the device', async () => {
    const start = peeked();
    expect(stageOf(start)).toMatchObject({ kind: 'peek', seat: 0 });
    const refs = start.players[0]!.cards.peeked!;
    const cfg = seatsConfig(3, SEED);
    const table = makeDirectTable({ setup: setupOf(cfg), seed: SEED, bots: [], bot: async () => null, start });
    const host = document.createElement('div');
    document.body.append(host);
    disposers.push(render(() => <GameScreen table={table} config={cfg} flat onAutoplay={() => {}} />, host), () => host.remove(), () => table.dispose());
    await tick();
    const $ = (sel: string) => host.querySelector(sel) as HTMLElement | null;
    // The curtain for seat 0: nothing of the reveal in the page.
    expect($('#curtain')!.textContent).toContain('Player 1');
    expect(secrets(host, refs)).toEqual([]);
    $('#curtain')!.click();
    await tick();
    expect($('#peek-panel [data-card="dwarves.captain"]')).not.toBeNull();
    // Seat 0 puts both back, the Immortal first: known to him on top of his deck.
    ($('#peek-order li:first-child .peek-down') as HTMLElement).click();
    await tick();
    $('#peek-go')!.click();
    await tick(3);
    expect(table.view().state.players[0]!.cards.top!.slice(0, 2)).toEqual([refs[1], refs[0]]);
    // Nothing left to activate: the device goes to seat 1, whose army is next. Nothing of seat 0's deck top, before or after the curtain.
    expect($('#curtain')!.textContent).toContain('Player 2');
    expect(secrets(host, refs)).toEqual([]);
    $('#curtain')!.click();
    await tick();
    expect($('section.hand')!.getAttribute('data-viewer')).toBe('1');
    expect(secrets(host, refs)).toEqual([]);
    // Seat 1's army complete, the device comes back to seat 0: after his curtain, he sees his deck's known top.
    $('#done')!.click();
    await tick();
    $('#confirm-yes')!.click();
    await tick(3);
    expect($('#curtain')!.textContent).toContain('Player 1');
    expect(secrets(host, refs)).toEqual([]);
    $('#curtain')!.click();
    await tick();
    expect($('#deck-top')!.textContent).toMatch(/^Top of your deck \(known to you alone\): Immortal, Captain/);
  });

  it('never reaches another seat’s page (a page whose only person is seat 2, seat 0 played elsewhere)', async () => {
    const cfg = seatsConfig(3, SEED, [0, 1]);
    // Seats 0 and 1 are played elsewhere: this page holds seat 2's vault alone, and never answers for the others.
    const start = peeked();
    const refs = start.players[0]!.cards.peeked!;
    const table = makeDirectTable({ setup: setupOf(cfg), seed: SEED, bots: [0, 1], bot: () => new Promise(() => {}), start });
    const host = document.createElement('div');
    document.body.append(host);
    disposers.push(render(() => <GameScreen table={table} config={cfg} flat onAutoplay={() => {}} />, host), () => host.remove(), () => table.dispose());
    await tick();
    expect(host.querySelector('section.hand')!.getAttribute('data-viewer')).toBe('2');
    expect(secrets(host, refs)).toEqual([]);
  });
});
