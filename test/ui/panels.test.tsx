import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { type Battle, type FighterLoss, type GameState, play } from '../../engine/index.js';
import { CombatView } from '../../src/game/conquest/CombatView.js';
import { reckoningText } from '../../src/game/conquest/reckoning.js';
import { combatReport } from '../../src/game/conquest/report.js';
import { setLanguage } from '../../src/i18n/index.js';
import { type Cart, EMPTY_CART, type PurchaseOption, ShopPanel, cartChoice } from '../../src/game/conquest/SecretPanel.js';
import { type TakeOption, TakePanel, firstTake, takeOf } from '../../src/game/conquest/TakePanel.js';
import { H, SE, T, W, atChoose, conquestStart, front, handOf, openingOf, readyAll, withTroops } from '../support/conquest.js';
import { must } from '../support/fixtures.js';

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
    civilisation: 'elves',
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
    expect(host.querySelector('#cart-total')!.textContent).toBe('Cart: cards 3 · units 1 · commons 2 · technologies 0');
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
    const host = mount(() => <CombatView state={state} battle={battle} report={{ strengths: { 0: 8, 2: 5 }, wild: null, lost: { 2: 2 }, taken: [], fighters: [], effects: [], ended: false }} ready={[2]} />);
    const col = (seat: number) => host.querySelector(`.combat-column[data-seat="${seat}"]`)!;
    // Each unit as its card (picture and text), with the strength the engine counts for it.
    const cards = (r: Element) => [...r.querySelectorAll('.card-view')].map((c) => `${c.querySelector('.card-name')!.textContent} ${c.querySelector('.card-strength')!.textContent}`);
    expect([...col(0).querySelectorAll('.army-row')].map(cards)).toEqual([['Basic unit 1'], ['Greater warrior 3']]);
    expect(col(0).querySelectorAll('.army-row .card-art').length).toBe(2);
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
    const host = mount(() => <CombatView state={state} battle={battle} report={{ strengths: { 0: 4 }, wild: 6, lost: { 0: 1 }, taken: [], fighters: [], effects: [], ended: false }} />);
    const wild = host.querySelector('.combat-column[data-seat="wild"]')!;
    expect(wild.querySelector('h4')!.textContent).toBe('Wild territory');
    expect(wild.querySelector('.army-troops')!.textContent).toBe('wild markers 2 + 4');
    expect(wild.querySelector('.army-total')!.textContent).toBe('Strength 6');
  });
});

describe('the losses explained', () => {
  /** A territory combat played by the engine: 4 troops and a warrior (6) against a defender of 1 troop; the states and inputs as the table keeps them. */
  function foughtCombat() {
    const g = conquestStart();
    const states: GameState[] = [];
    const inputs: unknown[] = [];
    const step = (s: GameState, input: unknown): GameState => {
      states.push(s);
      inputs.push(input);
      const r = play(s, input);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.state;
    };
    let s: GameState = handOf(withTroops(g.state, { '0,3': { owner: 0, troops: 1, frontier: front(SE, 4) }, '0,4': { owner: 2, troops: 1 } }), 0, g.vaults[0]!, ['elves.warrior']);
    s = readyAll(step(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: T(0, 4) }));
    s = step(s, { kind: 'playUnit', seat: 0, opening: openingOf(s, 0, g.vaults[0]!, 'elves.warrior') });
    s = must(s, { kind: 'done', seat: 2 });
    const before = s;
    s = step(s, { kind: 'done', seat: 0 });
    states.push(s);
    return { before, after: s, report: combatReport(states, inputs)! };
  }

  it('reads the engine’s reckoning from its events and shows it in each column, in both languages', () => {
    const { before, report } = foughtCombat();
    expect(report.fighters.map((f) => [f.seat, f.owed, f.lost, f.missing])).toEqual([
      [0, 0, 0, 0],
      [2, 2, 1, 1],
    ]);
    const battle = (before.phase as { stage: { battle: Battle } }).stage.battle;
    const host = mount(() => <CombatView state={before} battle={battle} report={report} />);
    const why = (seat: number) => host.querySelector(`.combat-column[data-seat="${seat}"] .army-why`)!.textContent!;
    expect(why(0)).toBe('B6: nobody is stronger: 0 to lose.');
    expect(why(2)).toBe(
      'B6: strongest opposing camp: the camp of ♣ Player 1. ♣ Player 1: ⌊(6 − 1) / 3⌋ = 1; stronger opponents (♣ Player 1): +1; to lose: 2. B10 (ii): more than its involved troops (1): all of them lost, and 1 more from their tile (B11).',
    );
    setLanguage('fr');
    try {
      expect(why(0)).toBe('B6 : personne n’est plus fort : 0 à perdre.');
      expect(why(2)).toContain('⌊(6 − 1) / 3⌋ = 1');
      expect(why(2)).toContain('B10 (ii) : plus que ses troupes engagées (1)');
    } finally {
      setLanguage('en');
    }
  });

  it('says B9 for equal strengths, B10 case i for an undefended frontier, and the wild territory defeated', () => {
    const { before } = foughtCombat();
    const base: FighterLoss = { seat: 0, at: H(0, 3), dir: SE, strength: 4, involved: 2, rule: 'B9', camp: null, gaps: [], stronger: [], owed: 1, short: null, lost: 1, missing: 0 };
    expect(reckoningText(before, base, 'en')).toBe('B9: all strengths are equal: 1 to lose at this frontier.');
    expect(reckoningText(before, { ...base, dir: null, owed: 0, lost: 0 }, 'en')).toBe('B9: all strengths are equal: 0 to lose (no involved troop at a frontier).');
    const undefended = { ...base, rule: 'B6', camp: 'defender', gaps: [{ seat: 'wild', strength: 12, loss: 2 }], stronger: ['wild'], owed: 3, short: 'i', lost: 2 } as const;
    expect(reckoningText(before, undefended, 'en')).toBe(
      'B6: strongest opposing camp: the defender’s camp. Wild territory: ⌊(12 − 4) / 3⌋ = 2; stronger opponents (Wild territory): +1; to lose: 3. B10 (i): more than its involved troops (2), attacking an undefended frontier: all of them lost.',
    );
    const wild = { ...base, seat: 'wild', dir: null, involved: 0, strength: 2, rule: 'B6', camp: 0, gaps: [{ seat: 0, strength: 4, loss: 0 }], stronger: [0], owed: 1, short: 'ii', lost: 0, missing: 1 } as const;
    expect(reckoningText(before, wild, 'en')).toMatch(/to lose: 1\. S1b: it would lose at least 1: the wild territory is defeated\.$/);
  });
});
