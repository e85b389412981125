import { render } from 'solid-js/web';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type GameEvent, type GameState, type Seat, awaiting, ok, play, seatSummaries } from '../../engine/index.js';
import { defaultSeats } from '../../src/game/config.js';
import { GameScreen } from '../../src/game/GameScreen.js';
import { LogPanel } from '../../src/game/LogPanel.js';
import { PlayersColumn } from '../../src/game/PlayersColumn.js';
import { createDayProduction } from '../../src/game/publicFacts.js';
import { SupremacyBanner } from '../../src/game/SupremacyBanner.js';
import { createLog } from '../../src/game/useLog.js';
import { language, setLanguage } from '../../src/i18n/index.js';
import type { GameTable } from '../../src/table/types.js';
import { must } from '../support/fixtures.js';
import { SE, atReveal, conquestStart, drive, front, nextDay, noFeint, noPurchase, revealOf, withPlayer, withTroops } from '../support/conquest.js';

/**
 * Issue 22, item 1: everything the rules make public is shown. A game of three (seat 0 ♣ Player 1,
 * seat 1 ▲ Player 2, seat 2 ≈ Player 3) brought to a secret round by the engine's test helpers,
 * then played on by the engine: the log names the feints revealed and the cards bought, the day,
 * production and new troops; the chips show technologies, deck and hand, discard pile and
 * production; a banner warns of Suprématie on every page; the end says who won, how and why.
 */

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  setLanguage('en');
});

/** Seat 0 holds the chain portal 5,-3 → 4,-2 → 3,-1 → 2,-1 → 1,-1 → Heart (as in test/conquest/rules-day.test.ts). */
function heartHolder(state: GameState, connected = true): GameState {
  return withTroops(state, {
    '3,-1': { owner: 0, troops: 1 },
    '2,-1': { owner: 0, troops: 1 },
    '1,-1': connected ? { owner: 0, troops: 1 } : { wild: [2] },
    '0,0': { owner: 0, troops: 2 },
  });
}

/** The states an input sequence goes through from `start` (states[i] before inputs[i]). */
function playOut(start: GameState, inputs: readonly unknown[]): GameState[] {
  const states = [start];
  for (const input of inputs) states.push(must(states.at(-1)!, input));
  return states;
}

function mount(ui: () => unknown): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  disposers.push(render(ui as () => never, host), () => host.remove());
  return host;
}

const logOf = (states: readonly GameState[], inputs: readonly unknown[]): (() => string[]) => {
  const host = mount(() => {
    const log = createLog(() => ({ states, inputs, seq: inputs.length }), language);
    return <LogPanel lines={log()} />;
  });
  return () => [...host.querySelectorAll('#log li')].map((li) => li.textContent!);
};

const eventsOf = (states: readonly GameState[], inputs: readonly unknown[]): GameEvent[] =>
  inputs.flatMap((input, i) => {
    const r = play(states[i]!, input);
    if (!r.ok) throw new Error(r.error.message);
    return [...r.value.events];
  });

const feint = { purpose: 'feint', feints: [{ at: { q: 0, r: 3 }, dir: SE, count: 2 }] } as const;
const buy0 = { purpose: 'purchase', cards: ['crystal1', 'crystal1'], technologies: ['supremacy'] } as const;
const buy1 = { purpose: 'purchase', cards: ['crystal1'], technologies: [] } as const;

/** Day 1's purchases: seat 0 (holding the Heart, 25 pure energy) buys Suprématie and 2 crystals, seat 1 a crystal; then the game goes on until seat 0 wins on energy at the end of day 2. */
let game: { states: GameState[]; inputs: unknown[]; bought: number };
/** Seat 0, a vassal of seat 1, owns Suprématie: day 1's purchases, then day 2's production with its tribute. */
let vassal: { states: GameState[]; inputs: unknown[] };

beforeAll(() => {
  const g = conquestStart();
  const start = atReveal(withPlayer(heartHolder(g.state), 0, { pure: 25 }), 'purchase', { 0: buy0, 1: buy1 });
  const reveals = [revealOf(0, buy0), revealOf(1, buy1), revealOf(2, noPurchase)];
  const rest = drive(playOut(start, reveals).at(-1)!, g.vaults, nextDay(2)).log;
  const inputs = [...reveals, ...rest];
  game = { states: playOut(start, inputs), inputs, bought: reveals.length };
  // Seat 1 holds seat 0's portal and is connected to it through the Heart (so seat 0 stays its vassal, S4).
  const held = withTroops(heartHolder(g.state), { '5,-3': { owner: 1, troops: 1 }, '-2,0': { owner: 1, troops: 1 }, '-1,0': { owner: 1, troops: 1 } });
  const v = atReveal(withPlayer(held, 0, { supremacyDay: 1, suzerain: 1 }), 'purchase', {});
  const vReveals = [revealOf(0, noPurchase), revealOf(1, noPurchase), revealOf(2, noPurchase)];
  const vInputs = [...vReveals, ...drive(playOut(v, vReveals).at(-1)!, g.vaults, nextDay(1)).log];
  vassal = { states: playOut(v, vInputs), inputs: vInputs };
});

describe('the log says what the rules make public', () => {
  it('which feints each seat revealed, in both languages', () => {
    const start = atReveal(withTroops(conquestStart().state, { '0,3': { owner: 0, troops: 1, frontier: front(SE, 4) }, '0,4': { owner: 2, troops: 1 } }), 'feint', { 0: feint });
    const inputs = [revealOf(0, feint), revealOf(1, noFeint), revealOf(2, noFeint)];
    const lines = logOf(playOut(start, inputs), inputs);
    expect(lines()).toEqual([
      '♣ Player 1 revealed their feints',
      '▲ Player 2 revealed their feints',
      '≈ Player 3 revealed their feints',
      '♣ Player 1 called troops back from frontiers (feints, E5): 2 at (0,3) from the frontier toward south-east',
      '▲ Player 2 made no feint',
      '≈ Player 3 made no feint',
    ]);
    setLanguage('fr');
    expect(lines().slice(3)).toEqual([
      '♣ Joueur 1 a rappelé des troupes des frontières (feintes, E5) : 2 en (0,3) depuis la frontière vers le sud-est',
      '▲ Joueur 2 n’a fait aucune feinte',
      '≈ Joueur 3 n’a fait aucune feinte',
    ]);
  });

  it('what each seat bought, technologies included, and what Suprématie means, in both languages', () => {
    const lines = logOf(game.states.slice(0, game.bought + 1), game.inputs.slice(0, game.bought));
    expect(lines().slice(0, 6)).toEqual([
      '♣ Player 1 revealed their purchases',
      '▲ Player 2 revealed their purchases',
      '≈ Player 3 revealed their purchases',
      '♣ Player 1 bought 2 × Energy Crystal (1), the technology Supremacy',
      '⚠ ♣ Player 1 owns Supremacy: from the end of day 2, they win at the end of any day on which they control the Heart of Eden, connected to their portal, and are not a vassal (W2)',
      '▲ Player 2 bought Energy Crystal (1)',
    ]);
    setLanguage('fr');
    expect(lines().slice(3, 6)).toEqual([
      "♣ Joueur 1 a acheté 2 × Cristal d'Énergie (1), la technologie Suprématie",
      '⚠ ♣ Joueur 1 possède Suprématie : dès la fin du jour 2, il gagne à la fin de tout jour où il contrôle le Cœur d’Éden, relié à son portail, sans être vassal (W2)',
      "▲ Joueur 2 a acheté Cristal d'Énergie (1)",
    ]);
  });

  it('the new troops, each new day and its production, a tribute, and an energy victory with its why', () => {
    const events = eventsOf(game.states, game.inputs);
    const produced = events.filter((e): e is Extract<GameEvent, { kind: 'produced' }> => e.kind === 'produced');
    const troops = events.filter((e): e is Extract<GameEvent, { kind: 'newTroops' }> => e.kind === 'newTroops');
    expect(produced.length).toBe(3);
    expect(troops.length).toBe(6);
    const lines = logOf(game.states, game.inputs);
    const label = ['♣ Player 1', '▲ Player 2', '≈ Player 3'];
    for (const p of produced) expect(lines()).toContain(`${label[p.seat]} produced ${p.energy} energy and ${p.pure} pure energy`);
    for (const n of troops) expect(lines()).toContain(`${label[n.seat]} received ${n.count} new troops at (${n.at.q},${n.at.r})`);
    expect(lines()).toContain('Day 2 begins: ▲ Player 2 plays first');
    expect(lines().at(-1)).toBe('♣ Player 1 wins on energy (W2): they owned Supremacy since day 1, and at the end of day 2 controlled the Heart of Eden, connected to their portal');
    setLanguage('fr');
    expect(lines()).toContain('Le jour 2 commence : ▲ Joueur 2 joue en premier');
    expect(lines().at(-1)).toBe('♣ Joueur 1 gagne à l’énergie (W2) : il possédait Suprématie depuis le jour 1 et, à la fin du jour 2, contrôlait le Cœur d’Éden, relié à son portail');
    setLanguage('en');
    const tributes = eventsOf(vassal.states, vassal.inputs).filter((e): e is Extract<GameEvent, { kind: 'tributePaid' }> => e.kind === 'tributePaid');
    expect(tributes.length).toBe(1);
    const t = tributes[0]!;
    expect(logOf(vassal.states, vassal.inputs)()).toContain(`♣ Player 1 paid ▲ Player 2 a tribute of ${t.energy} energy and ${t.pure} pure energy (P5)`);
  });
});

describe("the players' chips show what is public", () => {
  it('technologies (Suprématie flagged), deck and hand together, the discard pile and the day’s production with its tribute', () => {
    const final = vassal.states.at(-1)!;
    const events = eventsOf(vassal.states, vassal.inputs);
    const made = (seat: Seat) => events.find((e): e is Extract<GameEvent, { kind: 'produced' }> => e.kind === 'produced' && e.seat === seat)!;
    const tribute = events.find((e): e is Extract<GameEvent, { kind: 'tributePaid' }> => e.kind === 'tributePaid')!;
    // Suprématie in front of seat 0, as a purchase puts it (K13a: out of his deck).
    const state = withPlayer(final, 0, { technologies: ['supremacy'] });
    const host = mount(() => {
      const production = createDayProduction(() => ({ states: vassal.states, inputs: vassal.inputs }));
      return <PlayersColumn state={state} viewer={null} bots={[]} awaited={null} thinking={null} production={production()} />;
    });
    const chip = (seat: Seat) => host.querySelector(`.chip[data-seat="${seat}"]`)!;
    expect(chip(0).querySelector('.tag.supremacy')!.textContent).toBe('⚠ Supremacy since day 1');
    expect(chip(1).querySelector('.tag.supremacy')).toBeNull();
    expect(chip(0).querySelector('[data-stat="technologies"]')!.textContent).toBe('Supremacy');
    expect(chip(1).querySelector('[data-stat="technologies"]')).toBeNull();
    // Folded: deck and hand together (the starting deck: ruling 4), the discard pile, the production.
    const details = chip(0).querySelector('details.chip-details')!;
    expect(details.hasAttribute('open')).toBe(false);
    expect(details.querySelector('[data-public="deck-hand"]')!.textContent).toBe('2 × Energy Crystal (1), Energy Crystal (2), Forest Kin, Scout, Skirmisher, 2 × Favourable Ground');
    expect(details.querySelector('dt')!.textContent).toBe('Deck and hand (8)');
    expect(details.querySelector('[data-public="discard"]')!.textContent).toBe('none');
    expect(details.querySelector('[data-public="production"]')!.textContent).toBe(`+${made(0).energy} energy, +${made(0).pure} pure energy; tribute to Player 2: −${tribute.energy} energy, −${tribute.pure} pure energy`);
    expect(chip(1).querySelector('[data-public="discard"]')!.textContent).toBe('none');
    expect(chip(1).querySelector('[data-public="production"]')!.textContent).toBe(`+${made(1).energy} energy, +${made(1).pure} pure energy; tribute from Player 1: +${tribute.energy} energy, +${tribute.pure} pure energy`);
    setLanguage('fr');
    expect(chip(0).querySelector('.tag.supremacy')!.textContent).toBe('⚠ Suprématie depuis le jour 1');
    expect(details.querySelector('summary')!.textContent).toBe('Cartes et production');
    expect(details.querySelector('[data-public="production"]')!.textContent).toBe(`+${made(0).energy} énergie, +${made(0).pure} énergie pure; tribut à Joueur 2 : −${tribute.energy} énergie, −${tribute.pure} énergie pure`);
  });
});

/** A table that shows one position (a page of the game, as any seat's or a spectator's), for the screen's tests. */
function fixedTable(states: readonly GameState[], inputs: readonly unknown[], finished: boolean): GameTable {
  const state = states.at(-1)!;
  const winner = state.phase.name === 'conquest' ? state.phase.winner : null;
  const view = { state, seq: inputs.length, awaiting: awaiting(state), lastInput: inputs.at(-1) ?? null, outcome: finished ? { kind: 'finished' as const, winner } : { kind: 'playing' as const } };
  return { view: () => view, subscribe: () => () => undefined, submit: async () => ok(undefined), dispose: () => undefined, vaultOf: () => null, inputs: () => inputs, states: () => states };
}

const screen = (table: GameTable, readOnly: boolean): HTMLElement =>
  mount(() => <GameScreen table={table} config={{ mode: 'hotseat', seed: '', seats: defaultSeats(3, 'hotseat') }} flat readOnly={readOnly} onAutoplay={() => undefined} />);

describe('Suprématie: a banner on every page while a seat owns it', () => {
  const banner = (host: HTMLElement): string[] => [...host.querySelectorAll('.supremacy-banner > *')].map((e) => e.textContent!);

  it('bought today: from which day it can win, what the others can do and by when, in both languages', () => {
    const host = mount(() => <SupremacyBanner state={withPlayer(heartHolder(conquestStart().state), 0, { supremacyDay: 1 })} />);
    expect(host.querySelector('.supremacy-banner')!.getAttribute('data-seat')).toBe('0');
    expect(banner(host)).toEqual([
      '⚠ ♣ Player 1 owns Supremacy (bought on day 1): the energy victory (W2)',
      'From the end of day 2, they win at the end of any day on which they control the Heart of Eden, connected to their portal, and are not a vassal.',
      'If nothing changes, they win at the end of day 2.',
      'To stop them, before the end of day 2: take the Heart of Eden, cut the Heart’s connection to their portal, or make them a vassal (take their portal).',
    ]);
    setLanguage('fr');
    expect(banner(host)).toEqual([
      '⚠ ♣ Joueur 1 possède Suprématie (achetée le jour 1) : la victoire par l’énergie (W2)',
      'Dès la fin du jour 2, il gagne à la fin de tout jour où il contrôle le Cœur d’Éden, relié à son portail, sans être vassal.',
      'Si rien ne change, il gagne à la fin du jour 2.',
      'Pour l’arrêter, avant la fin du jour 2 : prendre le Cœur d’Éden, couper le lien du Cœur avec son portail ou en faire un vassal (prendre son portail).',
    ]);
  });

  it('owned since an earlier day: tonight; cut off or a vassal: what holds and what keeps them from it; nobody owns it: no banner', () => {
    const g = conquestStart();
    expect(banner(mount(() => <SupremacyBanner state={withPlayer(heartHolder(g.state), 0, { supremacyDay: 0 })} />))[2]).toBe('If nothing changes, they win at the end of this day (day 1).');
    expect(banner(mount(() => <SupremacyBanner state={withPlayer(heartHolder(g.state, false), 0, { supremacyDay: 0 })} />)).slice(2)).toEqual([
      'Now: the Heart is cut off from their portal.',
      'To keep them from it: take the Heart of Eden, keep the Heart cut off from their portal, or make them a vassal (take their portal).',
    ]);
    expect(banner(mount(() => <SupremacyBanner state={vassal.states.at(-1)!} />)).slice(2)).toEqual([
      'Now: they are a vassal.',
      'To keep them from it: take the Heart of Eden, cut the Heart’s connection to their portal, or keep them a vassal.',
    ]);
    expect(mount(() => <SupremacyBanner state={heartHolder(g.state)} />).querySelector('.supremacy-banner')).toBeNull();
  });

  it('shows on the game screen, for a seat at the device as for a spectator, and gives way to the end', () => {
    const bought = game.states.findIndex((s) => s.players[0]!.supremacyDay !== null);
    const playing = fixedTable(game.states.slice(0, bought + 1), game.inputs.slice(0, bought), false);
    for (const readOnly of [false, true]) {
      const host = screen(playing, readOnly);
      expect(host.querySelector('.supremacy-banner')!.textContent).toMatch(/^⚠ ♣ Player 1 owns Supremacy \(bought on day 1\)/);
      expect(host.querySelector('#end-summary')).toBeNull();
    }
    const over = screen(fixedTable(game.states, game.inputs, true), true);
    expect(over.querySelector('.supremacy-banner')).toBeNull();
    expect(over.querySelector('#end-summary')).not.toBeNull();
  });
});

describe('the end of a game', () => {
  it('says who won, by which victory and why, and every player’s position, in both languages', () => {
    const final = game.states.at(-1)!;
    const host = screen(fixedTable(game.states, game.inputs, true), false);
    const end = host.querySelector('#end-summary')!;
    expect(end.getAttribute('data-how')).toBe('energy');
    expect(end.querySelector('.end-winner')!.textContent).toBe('♣ Player 1 wins');
    expect(end.querySelector('.end-why')!.textContent).toBe('By energy (W2): they owned the technology Supremacy since day 1, and at the end of day 2 controlled the Heart of Eden, connected to their portal.');
    const rows = [...end.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual(
      seatSummaries(final).map((s) => [['♣ Player 1', '▲ Player 2', '≈ Player 3'][s.seat], String(s.territories), String(s.troops), String(s.energy), String(s.pure), s.suzerain === null ? 'free' : `Player ${s.suzerain + 1}`]),
    );
    expect([...end.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['player', 'territories', 'troops', 'energy', 'pure energy', 'vassal of']);
    setLanguage('fr');
    expect(end.querySelector('.end-winner')!.textContent).toBe('♣ Joueur 1 gagne');
    expect(end.querySelector('.end-why')!.textContent).toBe('Par l’énergie (W2) : il possédait la technologie Suprématie depuis le jour 1 et, à la fin du jour 2, contrôlait le Cœur d’Éden, relié à son portail.');
  });
});
