import { createRoot, createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { awaiting, type Seat } from '../../engine/index.js';
import { engineInputs, type PeerAgent, type Replay, type SignatureScheme } from '../../engine/protocol/index.js';
import type { PeerSession } from '../../engine/protocol/peer/session.js';
import { setTable, type Table } from '../../engine/protocol/sim/index.js';
import { awayWords } from '../../src/game/awaySince.js';
import { setLanguage } from '../../src/i18n/index.js';
import { type NetSession, startNetGame } from '../../src/net/index.js';
import { createBackOnActivity } from '../../src/online/AbsenceBanners.js';
import { OnlineGame } from '../../src/online/OnlineRoute.js';
import { takePendingReplay } from '../../src/replay/pending.js';
import { makeTimeline } from '../../src/replay/timeline.js';
import { makeWorkerBots } from '../../src/table/botClient.js';
import { honestAgents, play, setupFor } from '../protocol/harness.js';
import { scriptedTransport, watchScreenOf } from './watchSupport.js';

/**
 * Issue 19, items 3 and 4, on the page: a seat declared absent and not back shows as away, since
 * when, its decisions answered at once (no countdown); a player declared absent is told so and
 * comes back with a button, a click or a key (session.here()); a game resting on a minority's
 * word says so on a player's page and on the watch page; a split says who went on, from where.
 * The pages are real sessions of in-process tables (engine/protocol/sim), each on the online
 * game screen through its own NetGame, on a transport nobody else is on.
 */

/** Two idle seats of five: each is declared absent by a majority (three of five). */
const C: Seat = 3;
const D: Seat = 4;
const TIMER = 10;
const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  setLanguage('en');
  vi.useRealTimers();
});

/** A page's session: the table's peer itself (never disposed by the page: the table plays on), its view optionally split. */
function pageSession(peer: PeerSession, split: { seq: number; seats: Seat[] } | null = null): NetSession {
  const view = () => (split ? { ...peer.view(), split } : peer.view());
  return {
    seat: peer.seat,
    view,
    subscribe: (l) => peer.subscribe(() => l(view())),
    submit: (a) => peer.submit(a),
    receive: (text, from) => peer.receive(text, from),
    tick: (now) => peer.tick(now),
    replay: () => peer.replay(),
    elements: (from) => peer.elements(from),
    here: () => peer.here(),
    dispose: () => undefined,
  };
}

/** The online game screen of `seat`'s page (a person's seat), as OnlineRoute shows it. */
function pageOf(table: Table, seat: Seat, split: { seq: number; seats: Seat[] } | null = null): (sel: string) => HTMLElement | null {
  const peer = table.network.peers[seat]!;
  const game = startNetGame({ transport: scriptedTransport(table.secrets.length).transport, session: () => pageSession(peer, split) });
  const bots = makeWorkerBots();
  const host = document.createElement('div');
  document.body.append(host);
  const games = [{ seat, bot: false, secrets: table.secrets[seat]!, game }];
  const unmount = render(() => <OnlineGame games={games} genesis={table.genesis} names={table.secrets.map(() => '')} watch="http://localhost/#/w/AAAAAAAAAAAA/CCCCCCCCCCCCCCCCCCCCCC" bots={bots} />, host);
  disposers.push(() => (unmount(), host.remove(), game.dispose(), bots.dispose()));
  return (sel) => host.querySelector<HTMLElement>(sel);
}

/**
 * Five seats; the pages of seats C and D stay open (they echo) but their players never click. Run
 * until both were declared absent and their pages show them away, and seat 0 awaits one of them
 * again after its decisions were answered at once.
 */
let idle: Table;
beforeAll(async () => {
  const agents: (PeerAgent | undefined)[] = honestAgents(5, 'away-ui');
  agents[C] = agents[D] = undefined;
  idle = await setTable(setupFor(5), 'away-ui', agents, { settings: { limit: null, days: 6, timer: TIMER } });
  for (const p of idle.network.peers) await p.start();
  const [zero, c, d] = [idle.network.peers[0]!, idle.network.peers[C]!, idle.network.peers[D]!];
  const awaitsGone = (): boolean => {
    const v = zero.view();
    const who = awaiting(v.state);
    // Its second absence at least: the one that made it gone is not its last.
    const absences = who.kind === 'seat' ? v.chain.absences.filter((a) => a.seats.includes(who.seat)).length : 0;
    return who.kind === 'seat' && v.chain.gone[who.seat] === true && absences >= 2 && c.view().away && d.view().away;
  };
  expect(await idle.network.run(awaitsGone)).toBe('stopped');
}, 60_000);

/** The day of a position, as the away tag says it. */
function dayWords(table: Table, seq: number): string {
  const state = makeTimeline(table.genesis.genesis.setup, engineInputs(table.network.peers[0]!.replay()))!.at(seq);
  return state.phase.name === 'conquest' ? `day ${state.phase.day}` : 'the map creation';
}

describe('a seat declared absent and not back', () => {
  it('shows as away on the others’ pages: since when (the day, the time this page first saw it), answered at once, no countdown', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 0, 2, 14, 5));
    const $ = pageOf(idle, 0);
    const chain = idle.network.peers[0]!.view().chain;
    const who = awaiting(chain.state);
    const awaited = who.kind === 'seat' ? who.seat : -1;
    expect([C, D]).toContain(awaited);
    for (const seat of [C, D]) {
      expect(chain.gone[seat]).toBe(true);
      const chip = $(`.chip[data-seat="${seat}"]`)!;
      expect(chip.classList.contains('away')).toBe(true);
      // Gone since its first absence (an idle page writes nothing once gone: no beacon link, no action), on that element's day.
      const first = chain.absences.find((a) => a.seats.includes(seat))!;
      const tag = chip.querySelector<HTMLElement>('.tag.away')!;
      expect(tag.dataset.since).toBe(String(first.seq));
      expect(tag.textContent).toBe(`away since ${dayWords(idle, first.seq)}, 14:05: their decisions are answered at once`);
      // Their pages are connected (their echoes arrive): the dot says why this page does not wait for them.
      const conn = $(`.conn[data-seat="${seat}"]`)!;
      expect(conn.dataset.gone).toBe('true');
      expect(conn.textContent!.trim()).toBe(`Player ${seat + 1}: connected — declared absent: their decisions are answered at once, without waiting for them`);
    }
    expect([...document.querySelectorAll('.chip.away')].map((c) => Number((c as HTMLElement).dataset.seat))).toEqual([C, D]);
    expect($('.conn[data-seat="1"]')!.dataset.gone).toBeUndefined();
    // The decision timer: no countdown for a decision the table answers at once, and the prompt bar shows no time either.
    const timer = $('#decision-timer')!;
    expect(timer.dataset.state).toBe('at-once');
    expect(timer.querySelector('.ring')).toBeNull();
    expect(timer.dataset.left).toBeUndefined();
    expect(timer.textContent).toBe(`Player ${awaited + 1} is away: the table answers at once (the passive choice, T5)`);
    expect($('header.prompt time.timer')!.textContent).toBe('');
    setLanguage('fr');
    expect($('#decision-timer')!.textContent).toBe(`Joueur ${awaited + 1} est absent : la table répond aussitôt (le choix passif, T5)`);
    setLanguage('en');
    // The time is this page's first sight of it: later, with the game gone on, it still says 14:05, in French too.
    vi.setSystemTime(new Date(2030, 0, 2, 15, 30));
    const seq = chain.seq;
    expect(await idle.network.run(() => idle.network.peers[0]!.view().seq > seq)).toBe('stopped');
    await vi.waitUntil(() => $('main.game')!.dataset.seq !== String(seq), { timeout: 5_000 });
    expect(idle.network.peers[0]!.view().chain.gone.slice(C)).toEqual([true, true]);
    expect($(`.chip[data-seat="${D}"] .tag.away`)!.textContent).toMatch(/, 14:05: /);
    setLanguage('fr');
    expect($(`.chip[data-seat="${D}"] .tag.away`)!.textContent).toMatch(/^absent depuis (le jour \d+|la création de la carte), 14:05 : la table répond aussitôt à ses décisions$/);
  });
});

describe('the away words', () => {
  it('name the day of the conquest, or the map creation, and the time first seen', () => {
    const seen = new Date(2030, 0, 2, 9, 7);
    expect(awayWords({ seat: 1, since: 40, day: 3, seen }, 'en')).toBe('away since day 3, 09:07: their decisions are answered at once');
    expect(awayWords({ seat: 1, since: 40, day: 3, seen }, 'fr')).toBe('absent depuis le jour 3, 09:07 : la table répond aussitôt à ses décisions');
    expect(awayWords({ seat: 1, since: 4, day: null, seen }, 'en')).toBe('away since the map creation, 09:07: their decisions are answered at once');
  });
});

describe('a player declared absent', () => {
  it('is told so, and is back by the button or by any click on the page: the session says it is here', async () => {
    const [c, d] = [idle.network.peers[C]!, idle.network.peers[D]!];
    expect(c.view().away && d.view().away).toBe(true);
    const $d = pageOf(idle, D);
    expect($d('#away-banner')!.textContent).toBe('You were declared absent: the table answers your decisions for you (the passive choice) until you say you are back. I’m back');
    // The button (a click event only: no pointer or key event reaches the page).
    $d('#im-back')!.click();
    await vi.waitUntil(() => !d.view().away, { timeout: 5_000 });
    await vi.waitUntil(() => $d('#away-banner') === null, { timeout: 5_000 });
    expect(c.view().away).toBe(true);
    disposers.splice(0).forEach((dispose) => dispose());
    // Any click on the page (here on the board) counts too.
    const $c = pageOf(idle, C);
    setLanguage('fr');
    expect($c('#away-banner')!.textContent).toMatch(/^Vous avez été déclaré absent : la table répond à vos décisions à votre place/);
    $c('.board')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await vi.waitUntil(() => !c.view().away, { timeout: 5_000 });
    await vi.waitUntil(() => $c('#away-banner') === null, { timeout: 5_000 });
  });

  it('any key counts as being back, only while away', () => {
    createRoot((dispose) => {
      disposers.push(dispose);
      const [away, setAway] = createSignal(false);
      let calls = 0;
      createBackOnActivity(away, () => void calls++);
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      expect(calls).toBe(0);
      setAway(true);
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
      expect(calls).toBe(1);
    });
  });
});

describe('a game resting on a minority’s word', () => {
  let minority: { table: Table; replay: Replay; scheme: SignatureScheme };
  beforeAll(async () => {
    // Two seats, one falls silent from element 12: the other alone declares it absent, no strict majority.
    let silent = false;
    const played = await play({
      players: 2,
      seed: 'away-ui-minority',
      cheater: 1,
      settings: { limit: 30 },
      tamper: (text, _to, t) => {
        silent ||= t.network.peers[1]!.chain.seq >= 12;
        return silent ? [] : [text];
      },
    });
    minority = { table: played.table, replay: played.table.network.peers[0]!.replay(), scheme: played.table.scheme };
    expect(played.table.network.peers[0]!.view().chain.absences.find((a) => a.minority)?.seq).toBe(12);
  }, 60_000);
  const WORDS = 'From element 12 on, this game rests on the word of a minority of the players (Player 2 declared absent by Player 1 alone, element 12, 13, 18, 20, 25…): no majority of the seats confirmed these absences, and the replay will say so.';

  it('says so on a player’s page: from where, who settled whose absence, in both languages', () => {
    const $ = pageOf(minority.table, 0);
    const banner = $('#minority-banner')!;
    expect(banner.dataset.seq).toBe('12');
    expect(banner.textContent).toBe(WORDS);
    setLanguage('fr');
    expect(banner.textContent).toBe('À partir de l’élément 12, cette partie repose sur la parole d’une minorité des joueurs (Joueur 2 déclaré absent par Joueur 1 seulement, élément 12, 13, 18, 20, 25…) : aucune majorité des places n’a confirmé ces absences, et le replay le dira.');
  });

  it('says so on the watch page, from the element that settled the first such absence', async () => {
    const w = await watchScreenOf(minority.replay, minority.scheme);
    disposers.push(() => w.dispose());
    const $ = (sel: string) => w.host.querySelector<HTMLElement>(sel);
    const at = (seq: number) => vi.waitUntil(() => $('#watch-status')?.dataset.seq === String(seq), { timeout: 10_000 });
    w.history(0, minority.replay.log.slice(0, 12));
    await at(12);
    expect($('#minority-banner')).toBeNull();
    w.history(12, minority.replay.log.slice(12, 20));
    await at(20);
    expect($('#minority-banner')!.textContent).toBe(WORDS.replace('18, 20, 25…', '18'));
    // The silent seat shows as away there too, since the first absence.
    expect($('.chip[data-seat="1"] .tag.away')!.dataset.since).toBe('12');
  });
});

describe('a split table', () => {
  it('says who went on without this page and from where, that the sides cannot be joined, and offers the replay; the dots say why those seats are not waited for', () => {
    const $ = pageOf(idle, 0, { seq: 9, seats: [1, 2] });
    const banner = $('#split-banner')!;
    expect(banner.dataset.seq).toBe('9');
    expect(banner.textContent).toBe(
      'Player 2 and Player 3 went on without this page from element 9: each side declared the other absent on the word of a minority of the seats. The two sides cannot be joined again. The replay of the game as this page has it can be kept. Open the replay',
    );
    for (const seat of [1, 2]) {
      const conn = $(`.conn[data-seat="${seat}"]`)!;
      expect(conn.dataset.split).toBe('true');
      expect(conn.textContent!.trim()).toBe(`Player ${seat + 1}: connected — on another branch of the game since element 9: this page cannot play with them`);
    }
    expect($('.conn[data-seat="3"]')!.dataset.split).toBeUndefined();
    takePendingReplay();
    $('#split-replay')!.click();
    expect(takePendingReplay()?.name).toBe('battle-for-eden.json');
    setLanguage('fr');
    expect(banner.textContent).toMatch(/^La partie a continué sans cette page à partir de l’élément 9, pour Joueur 2 et Joueur 3 : chaque camp a déclaré l’autre absent/);
  });
});
