import { createRoot, createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CardId,
  COMMON_CARDS,
  CIVILISATIONS,
  TECHNOLOGIES,
  UNIT_RANKS,
  fullWorld,
  tileOpening,
  unitCard,
} from '../../engine/index.js';
import { localVault } from '../../engine/local/index.js';
import { cardFace } from '../../src/cards/cardInfo.js';
import { CardView } from '../../src/cards/CardView.js';
import Gallery from '../../src/cards/Gallery.js';
import { HandStrip } from '../../src/game/HandStrip.js';
import { LogPanel } from '../../src/game/LogPanel.js';
import { logLines } from '../../src/game/logLines.js';
import { PromptBar } from '../../src/game/PromptBar.js';
import { Home } from '../../src/home/Home.js';
import { setLanguage } from '../../src/i18n/index.js';
import { makeDirectTable } from '../support/directTable.js';
import { chooseBotAction } from '../../src/table/bots.js';

const mount = (ui: () => ReturnType<typeof CardView>): HTMLElement => {
  const host = document.createElement('div');
  document.body.append(host);
  disposers.push(render(ui, host), () => host.remove());
  return host;
};
const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  setLanguage('en');
});

const setup = { players: [{ colour: 'forest', civilisation: 'elves' }, { colour: 'mountain', civilisation: 'dwarves' }] as const, firstSeat: 0 };

describe('cards', () => {
  it('show name, type, cost, strength and text from the catalogue, in the chosen language', () => {
    const host = mount(() => <CardView card="dwarves.champion" />);
    const text = () => host.textContent ?? '';
    expect(text()).toContain('Champion');
    expect(text()).toContain('Unit · Dwarves');
    expect(host.querySelector('.card-cost')!.textContent).toBe('5');
    expect(host.querySelector('.card-strength')!.textContent).toBe('5');
    setLanguage('fr');
    expect(text()).toContain('Unité · Nains');
    expect(text()).toContain('5 stocks d’énergie mis de côté');
  });

  it('give every card of the catalogue a face in both languages', () => {
    const all: CardId[] = [...COMMON_CARDS, ...TECHNOLOGIES, ...CIVILISATIONS.flatMap((c) => UNIT_RANKS.map((r) => unitCard(c, r)))];
    for (const id of all) {
      for (const lang of ['en', 'fr'] as const) {
        const f = cardFace(id, lang);
        expect(f.name, id).not.toBe('');
        expect(f.text, id).not.toBe('');
      }
    }
    expect(cardFace('crystal2', 'en')).toMatchObject({ type: 'common', cost: 2, strength: null, forSale: true, name: 'Energy Crystal (2)' });
    expect(cardFace('supremacy', 'fr')).toMatchObject({ type: 'technology', cost: 25, name: 'Suprématie', costLine: '25 énergie pure' });
    expect(cardFace('terrain', 'en').forSale).toBe(true);
  });

  it('the gallery shows each civilisation’s World whole: its designed and plain units with their copies', () => {
    const host = mount(() => <Gallery />);
    expect(host.querySelectorAll('[data-world]').length).toBe(6);
    for (const civ of CIVILISATIONS) {
      const world = fullWorld(civ);
      const shown = [...host.querySelectorAll(`[data-world="${civ}"] .card-view`)];
      expect(shown.map((c) => c.getAttribute('data-card'))).toEqual(Object.keys(world));
      expect(shown.map((c) => c.querySelector('.card-copies')!.textContent)).toEqual(Object.values(world).map((n) => (n === 1 ? `${n} copy` : `${n} copies`)));
    }
    expect(host.querySelectorAll('.card-view').length).toBe(COMMON_CARDS.length + TECHNOLOGIES.length + CIVILISATIONS.reduce((n, civ) => n + Object.keys(fullWorld(civ)).length, 0));
  });
});

describe('screens', () => {
  it('Home offers bots, hot-seat, replay, creating and joining an online game; refuses two seats of one colour', async () => {
    const host = mount(() => <Home />);
    expect(host.querySelector('#start')).not.toBeNull();
    expect(host.querySelector('#mode-hotseat')).not.toBeNull();
    expect(host.querySelector('#replay-file')).not.toBeNull();
    expect((host.querySelector('#create-online') as HTMLButtonElement).disabled).toBe(false);
    // A pasted link that is not a game link is refused with a clear error.
    const join = host.querySelector('#join-link') as HTMLInputElement;
    join.value = 'https://example.org/#/g/short';
    join.dispatchEvent(new Event('input', { bubbles: true }));
    (host.querySelector('#join') as HTMLButtonElement).click();
    expect(host.querySelector('#join-error')!.textContent).toMatch(/room is damaged/);
    expect(host.querySelectorAll('tbody tr').length).toBe(4);
    const colour = host.querySelector('tbody tr[data-seat="1"] select') as HTMLSelectElement;
    colour.value = 'forest';
    colour.dispatchEvent(new Event('change'));
    expect(host.querySelector('[role="alert"]')!.textContent).toContain('same colour');
    expect((host.querySelector('#start') as HTMLButtonElement).disabled).toBe(true);
  });

  it('the prompt bar shows its text and buttons, and a click reaches its handler', () => {
    let clicked = 0;
    const host = mount(() => <PromptBar text="♣ Player 1: draw" timer="0:05" mine buttons={[{ id: 'draw', label: 'Draw', onClick: () => clicked++, primary: true }]} />);
    expect(host.querySelector('#prompt')!.textContent).toBe('♣ Player 1: draw');
    (host.querySelector('#draw') as HTMLButtonElement).click();
    expect(clicked).toBe(1);
  });

  it('the hand strip shows the drawn tile from the viewer’s vault only', async () => {
    const table = makeDirectTable({ setup, seed: 'hand', bots: [], bot: async () => null });
    await new Promise((r) => setTimeout(r, 0));
    const draw = await table.submit({ kind: 'drawTile', seat: 0 });
    expect(draw.ok).toBe(true);
    const state = table.view().state;
    const drawn = tileOpening(localVault('hand', 0), state.seats[0]!.drawn!, state)!.value;
    const [viewer, setViewer] = createSignal(0);
    const host = mount(() => <HandStrip state={state} viewer={viewer()} vault={localVault('hand', viewer())} />);
    expect(host.querySelector('#drawn-tile')!.getAttribute('data-colour')).toBe(drawn);
    setViewer(1);
    expect(host.querySelector('#drawn-tile')).toBeNull();
    table.dispose();
  });

  it('the log says each act in words, and is retranslated on a switch', async () => {
    const table = makeDirectTable({ setup, seed: 'log', bots: [], bot: async () => null });
    const lines = (lang: 'en' | 'fr') => logLines(table.states(), table.inputs(), lang);
    await new Promise((r) => setTimeout(r, 0));
    await table.submit({ kind: 'drawTile', seat: 0 });
    await table.submit(chooseBotAction(table.view().state, 0, localVault('log', 0)));
    const en = lines('en').map((l) => l.text);
    expect(en.slice(0, 3)).toEqual(['♣ Player 1 committed a shuffled tile pile', '▲ Player 2 committed a shuffled tile pile', '♣ Player 1 drew a tile']);
    expect(en[3]).toMatch(/^♣ Player 1 placed \S+ [a-z ]+ at \(-?\d+,-?\d+\)$/);
    expect(lines('fr')[2]!.text).toBe('♣ Joueur 1 a pioché une tuile');
    const host = mount(() => <LogPanel lines={lines('en')} />);
    expect(host.querySelectorAll('#log li').length).toBe(en.length);
    table.dispose();
  });
});

describe('local table', () => {
  it('runs a whole map creation with bots, refuses illegal input without change, and restores from its inputs', async () => {
    await createRoot(async (dispose) => {
      const bot = async (state: Parameters<typeof chooseBotAction>[0], seat: number, vault: Parameters<typeof chooseBotAction>[2]) => chooseBotAction(state, seat, vault);
      const table = makeDirectTable({ setup, seed: 'table', bots: [1], bot });
      const views: number[] = [];
      table.subscribe((v) => views.push(v.seq));
      await new Promise((r) => setTimeout(r, 0));
      const before = table.view();
      const refused = await table.submit({ kind: 'placeTile', seat: 0, from: 'faceUp', at: { q: 9, r: 9 } });
      expect(refused.ok).toBe(false);
      expect(table.view()).toBe(before);
      const notYours = await table.submit({ kind: 'drawTile', seat: 1 });
      expect(notYours.ok).toBe(false);
      // Seat 0 plays as the bot would, through submit; seat 1 is the bot.
      for (let i = 0; i < 400 && table.view().state.phase.name !== 'conquest'; i++) {
        const v = table.view();
        if (v.awaiting.kind === 'seat' && v.awaiting.seat === 0) await table.submit(chooseBotAction(v.state, 0, table.vaultOf(0)!));
        else await new Promise((r) => setTimeout(r, 0));
      }
      expect(table.view().state.phase.name).toBe('conquest');
      expect(views).toEqual(views.slice().sort((a, b) => a - b));
      expect(new Set(views).size).toBe(views.length);
      expect(table.vaultOf(1)).toBeNull();
      const restored = makeDirectTable({ setup, seed: 'table', bots: [1], bot, inputs: table.inputs() });
      expect(restored.view().state).toEqual(table.view().state);
      restored.dispose();
      table.dispose();
      dispose();
    });
  });
});
