import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import type { Battle } from '../../engine/index.js';
import { CombatView } from '../../src/game/conquest/CombatView.js';
import { type Cart, EMPTY_CART, type PurchaseOption, ShopPanel, cartChoice } from '../../src/game/conquest/SecretPanel.js';
import { type TakeOption, TakePanel, firstTake, takeOf } from '../../src/game/conquest/TakePanel.js';
import { H, conquestStart, front, withTroops, W } from '../support/conquest.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});
function mount(ui: () => import('solid-js').JSX.Element): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  disposers.push(render(ui, host), () => host.remove());
  return host;
}

describe('the shop panel', () => {
  const offer: PurchaseOption = {
    kind: 'purchase',
    seat: 0,
    day: 1,
    secret: null,
    setAside: 1,
    energy: 2,
    pure: 0,
    units: [
      { card: 'elves.basic', cost: 1, max: 5 },
      { card: 'elves.champion', cost: 5, max: 3 },
    ],
    commons: [{ card: 'crystal1', cost: 1 }],
    technologies: [{ card: 'supremacy', cost: 10 }],
  };

  it('shows the wallet, the copies left, and greys what the budgets refuse, with the reason; the cart follows the clicks', () => {
    const [cart, setCart] = createSignal<Cart>(EMPTY_CART);
    const host = mount(() => <ShopPanel option={offer} cart={cart()} onChange={setCart} />);
    expect(host.querySelector('#wallet')!.textContent).toBe('Set aside 1 · other stocks 2 · pure energy 0');
    const item = (card: string) => host.querySelector(`.shop-item[data-card="${card}"]`)!;
    expect(item('elves.basic').textContent).toContain('5 left');
    expect(item('elves.champion').classList.contains('greyed')).toBe(true);
    expect(item('elves.champion').querySelector('.shop-why')!.textContent).toBe('not enough stocks set aside');
    expect(item('supremacy').querySelector('.shop-why')!.textContent).toBe('not enough pure energy');
    expect(item('elves.basic').classList.contains('greyed')).toBe(false);
    (item('elves.basic').querySelector('.shop-add') as HTMLButtonElement).click();
    expect(cartChoice(cart())).toEqual({ purpose: 'purchase', cards: ['elves.basic'], technologies: [] });
    // The one stock set aside is spent: a second unit is refused, a common card still fits.
    expect(item('elves.basic').querySelector('.shop-why')!.textContent).toBe('not enough stocks set aside');
    (item('crystal1').querySelector('.shop-add') as HTMLButtonElement).click();
    (item('crystal1').querySelector('.shop-add') as HTMLButtonElement).click();
    expect(item('crystal1').querySelector('.shop-why')!.textContent).toBe('not enough stocks');
    expect(host.querySelector('#cart-total')!.getAttribute('data-legal')).toBe('true');
    expect(host.querySelector('#cart-total')!.textContent).toBe('Cart: 3 cards · units 1 · commons 2 · technologies 0');
    (item('elves.basic').querySelector('.shop-remove') as HTMLButtonElement).click();
    expect(cartChoice(cart())).toEqual({ purpose: 'purchase', cards: ['crystal1', 'crystal1'], technologies: [] });
  });
});

describe('the losses panel', () => {
  const option: TakeOption = {
    kind: 'take',
    action: { kind: 'allocateLosses', seat: 1, at: H(1, -1), take: [] },
    stacks: [
      { dir: 1, count: 2 },
      { dir: 4, count: 1 },
    ],
    min: 2,
    max: 2,
  };

  it('starts from the smallest legal take, a stepper per frontier, and shows the total against the bounds', () => {
    expect(firstTake(option)).toEqual({ 1: 2, 4: 0 });
    const [counts, setCounts] = createSignal<Record<number, number>>(firstTake(option));
    const host = mount(() => <TakePanel option={option} counts={counts()} onChange={(dir, n) => setCounts({ ...counts(), [dir]: n })} />);
    expect((host.querySelector('#take-1') as HTMLInputElement).value).toBe('2');
    expect(host.querySelector('.take-total')!.textContent).toBe('Total 2 (from 2 to 2)');
    (host.querySelector('#take-4-more') as HTMLButtonElement).click();
    expect(host.querySelector('.take-total')!.classList.contains('bad')).toBe(true);
    (host.querySelector('#take-1-less') as HTMLButtonElement).click();
    expect(takeOf(option, counts())).toEqual([
      { dir: 1, count: 1 },
      { dir: 4, count: 1 },
    ]);
    expect(host.querySelector('.take-total')!.classList.contains('bad')).toBe(false);
  });
});

describe('the combat view', () => {
  it('shows each fighter’s army as rows of cards with strengths, troops, the strength the engine counts, and the losses reported', () => {
    const state = withTroops(conquestStart().state, { '1,0': { owner: 2, troops: 3 }, '2,0': { owner: 0, troops: 1, frontier: front(W, 4) } });
    const battle: Battle = {
      combat: { kind: 'territory', at: '1,0' },
      target: '1,0',
      chooser: 0,
      stacks: { 0: [{ at: '2,0', dir: W }] },
      defender: 2,
      camps: { 0: 0, 2: 'defender' },
      seen: [],
      units: [
        { id: 0, card: 'elves.basic', owner: 0, row: 0, column: 0, face: 'up' },
        { id: 1, card: 'necromancers.warrior', owner: 2, row: 0, column: 0, face: 'up' },
        { id: 2, card: 'elves.greater', owner: 0, row: 1, column: 0, face: 'up' },
      ],
      aside: [],
      cycles: {},
      opposing: {},
      participants: [0, 2],
    };
    const host = mount(() => <CombatView state={state} battle={battle} report={{ strengths: { 0: 8, 2: 5 }, wild: null, lost: { 2: 2 }, taken: [], ended: false }} ready={[2]} />);
    const col = (seat: number) => host.querySelector(`.combat-column[data-seat="${seat}"]`)!;
    expect([...col(0).querySelectorAll('.army-row')].map((r) => r.textContent)).toEqual(['Basic unit 1', 'Greater warrior 3']);
    expect(col(0).querySelector('.army-troops')!.textContent).toBe('4 troops');
    expect(col(2).querySelector('.army-troops')!.textContent).toBe('3 troops');
    expect(col(0).querySelector('.army-total')!.textContent).toBe('Strength 8');
    expect(col(2).querySelector('.army-lost')!.textContent).toBe('lost 2 troops');
    expect(col(0).querySelector('.army-lost')).toBeNull();
    // Negotiation: who is ready shows on his column.
    expect(col(2).querySelector('.tag.ready')!.textContent).toContain('ready');
    expect(col(0).querySelector('.tag.ready')).toBeNull();
  });

  it('gives the wild territory its own column: its markers and the strength the engine reported', () => {
    const state = withTroops(conquestStart().state, { '1,0': { owner: null, troops: 0, wild: [2, 4] }, '2,0': { owner: 0, troops: 1, frontier: front(W, 4) } });
    const battle: Battle = {
      combat: { kind: 'territory', at: '1,0' },
      target: '1,0',
      chooser: 0,
      stacks: { 0: [{ at: '2,0', dir: W }] },
      defender: 'wild',
      camps: { 0: 0 },
      seen: [],
      units: [],
      aside: [],
      cycles: {},
      opposing: {},
      participants: [0],
    };
    const host = mount(() => <CombatView state={state} battle={battle} report={{ strengths: { 0: 4 }, wild: 6, lost: { 0: 1 }, taken: [], ended: false }} />);
    const wild = host.querySelector('.combat-column[data-seat="wild"]')!;
    expect(wild.querySelector('h4')!.textContent).toBe('Wild territory');
    expect(wild.querySelector('.army-troops')!.textContent).toBe('wild markers 2 + 4');
    expect(wild.querySelector('.army-total')!.textContent).toBe('Strength 6');
  });
});
