import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashText } from '../../engine/index.js';
import { naclScheme } from '../../engine/protocol/index.js';
import { setLanguage, textIn } from '../../src/i18n/index.js';
import { makeLobby, newGameLink, type Lobby, type LobbyView } from '../../src/net/index.js';
import { LobbyScreen, lobbyActions } from '../../src/online/LobbyScreen.js';
import { guestName } from '../../src/online/identity.js';
import { SharePanel } from '../../src/online/SharePanel.js';
import { makeHub } from '../net/support/hub.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  setLanguage('en');
});
const mount = (ui: () => unknown): HTMLElement => {
  const host = document.createElement('div');
  document.body.append(host);
  disposers.push(render(ui as () => never, host), () => host.remove());
  return host;
};
const entropy = (label: string) => {
  let k = 0;
  return () => Uint8Array.from(hashText(`${label}/${k++}`).slice(0, 64).match(/../g)!.map((h) => parseInt(h, 16)));
};

/** Two members of one room, in-process; the screen of the first, driven by the real lobby. */
function twoMembers(): { a: Lobby; b: Lobby; host: HTMLElement } {
  const { connect } = makeHub();
  const link = newGameLink();
  const a = makeLobby({ link, member: 'membera0000000001', name: 'Ana', connect, scheme: naclScheme, entropy: entropy('a'), create: { players: 2, timer: 60 } });
  const b = makeLobby({ link, member: 'memberb0000000002', name: 'Ben', connect, scheme: naclScheme, entropy: entropy('b') });
  disposers.push(() => a.dispose(), () => b.dispose());
  const [view, setView] = createSignal<LobbyView>(a.view());
  disposers.push(a.subscribe(setView));
  const host = mount(() => <LobbyScreen view={view()} actions={lobbyActions(a)} />);
  return { a, b, host };
}
const click = (host: HTMLElement, selector: string): void => host.querySelector<HTMLElement>(selector)!.click();

describe('the lobby screen', () => {
  it('a card per seat: taking one, choosing, getting ready, in both languages', () => {
    const { b, host } = twoMembers();
    expect(host.querySelectorAll('.lobby-seat').length).toBe(2);
    expect(host.querySelector('#lobby-status')!.textContent).toMatch(/Waiting for players: 2 free seat/);
    click(host, '.lobby-seat[data-seat="0"] .take-seat');
    expect(host.querySelector('.lobby-seat[data-seat="0"]')!.getAttribute('data-mine')).toBe('yes');
    // The other member's choice shows, and its colour is not offered to this seat.
    expect(b.takeSeat(1).ok).toBe(true);
    const theirs = b.view().snapshot.seats[1]!.colour!;
    expect(host.querySelector(`#my-colour option[value="${theirs}"]`)!.hasAttribute('disabled')).toBe(true);
    click(host, '#ready');
    expect(host.querySelector('.lobby-seat[data-seat="0"] .ready')!.textContent).toMatch(/ready/);
    expect(host.querySelector('#lobby-status')!.textContent).toMatch(/Waiting for 1 player/);
    setLanguage('fr');
    expect(host.querySelector('#lobby-status')!.textContent).toMatch(/En attente de 1 joueur/);
    expect(host.querySelector('#ready')!.textContent).toBe('Finalement pas prêt');
  });

  it('newcomers who gave no name are told apart: a guest name from each member id, in the page\'s language', () => {
    const { connect } = makeHub();
    const link = newGameLink();
    const ids = ['a1b2c3d4e5f60718293a4b5c6d7e8f90', '0f9e8d7c6b5a49382716f5e4d3c2b1a0'];
    // Each page names its person in its own language when it joins: one English page, one French.
    const [a, b] = ids.map((member, i) => makeLobby({ link, member, name: guestName(member, textIn(i === 0 ? 'en' : 'fr', 'online.guest')), connect, scheme: naclScheme, entropy: entropy(member), ...(i === 0 ? { create: { players: 2 } } : {}) }));
    disposers.push(() => a!.dispose(), () => b!.dispose());
    const [view, setView] = createSignal<LobbyView>(a!.view());
    disposers.push(a!.subscribe(setView));
    const host = mount(() => <LobbyScreen view={view()} actions={lobbyActions(a!)} />);
    expect([...host.querySelectorAll('.present li')].map((li) => li.textContent).sort()).toEqual(['Guest A1B2 (you)', 'Invité 0F9E']);
    expect(b!.takeSeat(1).ok).toBe(true);
    expect(host.querySelector('.lobby-seat[data-seat="1"]')!.textContent).toContain('Invité 0F9E');
  });

  it('says why a choice is refused, in words of the page, and changes nothing', () => {
    const { a, b, host } = twoMembers();
    expect(b.takeSeat(0).ok).toBe(true);
    expect(a.takeSeat(1).ok).toBe(true);
    const before = JSON.stringify(a.view().snapshot.seats);
    const select = host.querySelector<HTMLSelectElement>('#my-colour')!;
    select.value = b.view().snapshot.seats[0]!.colour!;
    select.dispatchEvent(new Event('change'));
    expect(host.querySelector('[role="alert"]')!.textContent).toBe('Another player has already chosen that.');
    expect(JSON.stringify(a.view().snapshot.seats)).toBe(before);
    // A full room says so to a third member.
    expect(host.querySelectorAll('.take-seat').length).toBe(0);
  });

  it('carries the chat and the settings', () => {
    const { b, host } = twoMembers();
    expect(b.say('hello').ok).toBe(true);
    expect(host.querySelector('.chat-lines')!.textContent).toBe('Ben: hello');
    const input = host.querySelector<HTMLInputElement>('#chat-input')!;
    input.value = 'hi Ben';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    host.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(b.view().snapshot.chat.map((l) => l.text)).toEqual(['hello', 'hi Ben']);
    const players = host.querySelector<HTMLSelectElement>('#lobby-players')!;
    players.value = '5';
    players.dispatchEvent(new Event('change'));
    expect(b.view().snapshot.settings.players).toBe(5);
    expect(host.querySelectorAll('.lobby-seat').length).toBe(5);
  });

  it('adds a bot to a free seat, run by this page', () => {
    const { b, host } = twoMembers();
    click(host, '.lobby-seat[data-seat="1"] .add-bot');
    expect(b.view().snapshot.seats[1]).toMatchObject({ bot: true });
    expect(host.querySelector('#bots-host')!.textContent).toMatch(/The bots play on this page/);
  });

  it('says when the signaling server does not answer, offers to retry now, and says again when it answers', () => {
    const { connect } = makeHub();
    let up = false;
    const listeners = new Set<() => void>();
    const link = newGameLink();
    const lobby = makeLobby({
      link,
      member: 'memberc0000000003',
      name: 'Cy',
      scheme: naclScheme,
      entropy: entropy('c'),
      connect: (doc, room, password) => ({
        ...connect(doc, room, password),
        signaling: () => up,
        onSignaling: (l) => (listeners.add(l), () => listeners.delete(l)),
        retry: () => {
          up = true;
          for (const l of listeners) l();
        },
      }),
    });
    disposers.push(() => lobby.dispose());
    const [view, setView] = createSignal<LobbyView>(lobby.view());
    disposers.push(lobby.subscribe(setView));
    const host = mount(() => <LobbyScreen view={view()} actions={lobbyActions(lobby)} />);
    expect(host.querySelector('#no-signaling')!.textContent).toMatch(/Cannot reach the signaling server/);
    // "Retry now" asks the connection to try at once; the banner goes when the server answers.
    (host.querySelector('#retry-signaling') as HTMLButtonElement).click();
    expect(host.querySelector('#no-signaling')).toBeNull();
  });
});

describe('what the lobby cannot do (issue 19, item 6.3)', () => {
  const WATCH = 'http://localhost:5173/#/w/AAAAAAAAAAAA/CCCCCCCCCCCCCCCCCCCCCC';

  it('a newcomer after the start holds no seat: it is told so and offered the watch link, never a game to start', async () => {
    const { connect } = makeHub();
    const link = newGameLink();
    const a = makeLobby({ link, member: 'membera0000000001', name: 'Ana', connect, scheme: naclScheme, entropy: entropy('start-a'), create: { players: 2, timer: 60 } });
    const b = makeLobby({ link, member: 'memberb0000000002', name: 'Ben', connect, scheme: naclScheme, entropy: entropy('start-b') });
    disposers.push(() => a.dispose(), () => b.dispose());
    a.takeSeat(0);
    b.takeSeat(1);
    a.setReady(true);
    b.setReady(true);
    await Promise.all([a.started, b.started]);
    // The share link opened again, on another page: the lobby's document says every seat signed.
    const c = makeLobby({ link, member: 'memberc0000000003', name: 'Cy', connect, scheme: naclScheme, entropy: entropy('start-c') });
    disposers.push(() => c.dispose());
    const [view, setView] = createSignal<LobbyView>(c.view());
    disposers.push(c.subscribe(setView));
    const host = mount(() => <LobbyScreen view={view()} actions={lobbyActions(c)} watch={WATCH} />);
    await vi.waitUntil(() => view().started, { timeout: 10_000 });
    // Nothing to start on this page (OnlineRoute's Room starts the seats `started` gives: none here).
    let started = false;
    void c.started.then(() => (started = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toBe(false);
    expect(host.querySelector('#lobby-started')!.textContent).toMatch(/^This game has started without you: every seat is taken\. You can still watch it\./);
    const watch = host.querySelector<HTMLAnchorElement>('#watch-instead')!;
    expect(watch.getAttribute('href')).toBe(WATCH);
    expect(watch.textContent).toBe('Watch this game');
    expect(host.querySelectorAll('.lobby-seat').length).toBe(2);
    // No control that could only be refused: no seat to take, no setting, no chat.
    expect(host.querySelectorAll('button, select, input').length).toBe(0);
    setLanguage('fr');
    expect(host.querySelector('#lobby-started')!.textContent).toMatch(/^Cette partie a commencé sans vous/);
    expect(watch.textContent).toBe('Regarder cette partie');
  });

  it('a full room offers the watch link', () => {
    const { connect } = makeHub();
    const link = newGameLink();
    const lobbies = ['membera0000000001', 'memberb0000000002', 'memberc0000000003'].map((member, i) =>
      makeLobby({ link, member, name: `P${i}`, connect, scheme: naclScheme, entropy: entropy(`full-${i}`), ...(i === 0 ? { create: { players: 2 } } : {}) }),
    );
    disposers.push(...lobbies.map((l) => () => l.dispose()));
    const [a, b, c] = lobbies as [Lobby, Lobby, Lobby];
    expect(a.takeSeat(0).ok && b.takeSeat(1).ok).toBe(true);
    const [view, setView] = createSignal<LobbyView>(c.view());
    disposers.push(c.subscribe(setView));
    const host = mount(() => <LobbyScreen view={view()} actions={lobbyActions(c)} watch={WATCH} />);
    expect(host.querySelector('#room-full')!.textContent).toMatch(/^This game is full: every seat is taken\. You can still watch it\./);
    expect(host.querySelector('#room-full #watch-instead')!.getAttribute('href')).toBe(WATCH);
  });

  it('two people take the same free seat at once: the one who lost it is told who has it, in both languages', () => {
    const hub = makeHub();
    const link = newGameLink();
    const a = makeLobby({ link, member: 'membera0000000001', name: 'Ana', connect: hub.connect, scheme: naclScheme, entropy: entropy('race-a'), create: { players: 3 } });
    const b = makeLobby({ link, member: 'memberb0000000002', name: 'Ben', connect: hub.connect, scheme: naclScheme, entropy: entropy('race-b') });
    disposers.push(() => a.dispose(), () => b.dispose());
    const screens = [a, b].map((lobby) => {
      const [view, setView] = createSignal<LobbyView>(lobby.view());
      disposers.push(lobby.subscribe(setView));
      return mount(() => <LobbyScreen view={view()} actions={lobbyActions(lobby)} />);
    });
    // Each clicks seat 2 before hearing of the other's click: each holds it in its own copy.
    hub.hold();
    for (const host of screens) click(host, '.lobby-seat[data-seat="1"] .take-seat');
    for (const host of screens) expect(host.querySelector('.lobby-seat[data-seat="1"]')!.getAttribute('data-mine')).toBe('yes');
    expect(screens.every((host) => host.querySelector('#seat-lost') === null)).toBe(true);
    hub.release();
    // The document kept one write: its writer keeps the seat, the other is told.
    const winner = a.view().snapshot.seats[1]!.owner === a.view().me ? 0 : 1;
    expect(b.view().snapshot.seats[1]!.owner).toBe(a.view().snapshot.seats[1]!.owner);
    const [won, lost] = winner === 0 ? screens : [...screens].reverse();
    expect(won!.querySelector('#seat-lost')).toBeNull();
    expect(won!.querySelector('.lobby-seat[data-seat="1"]')!.getAttribute('data-mine')).toBe('yes');
    expect(lost!.querySelector('.lobby-seat[data-seat="1"]')!.getAttribute('data-mine')).toBe('no');
    expect(lost!.querySelector('#seat-lost')!.textContent).toBe(`${winner === 0 ? 'Ana' : 'Ben'} took the Player 2 seat at the same moment as you: choose another one.`);
    setLanguage('fr');
    expect(lost!.querySelector('#seat-lost')!.textContent).toBe(`${winner === 0 ? 'Ana' : 'Ben'} a pris la place de Joueur 2 au même moment que vous : choisissez-en une autre.`);
    // Taking another seat clears it.
    click(lost!, '.lobby-seat[data-seat="2"] .take-seat');
    expect(lost!.querySelector('#seat-lost')).toBeNull();
  });

  it('a refused setting shows the setting as it is again, and says why', () => {
    const { a, b, host } = twoMembers();
    expect(a.updateSettings({ players: 4 }).ok).toBe(true);
    expect(b.takeSeat(3).ok).toBe(true);
    const players = host.querySelector<HTMLSelectElement>('#lobby-players')!;
    players.value = '2';
    players.dispatchEvent(new Event('change'));
    expect(host.querySelector('[role="alert"]')!.textContent).toBe(textIn('en', 'online.error.NotAllowed'));
    expect(players.value).toBe('4');
    const days = host.querySelector<HTMLInputElement>('#lobby-days')!;
    days.value = '0';
    days.dispatchEvent(new Event('change'));
    expect(host.querySelector('[role="alert"]')!.textContent).toBe(textIn('en', 'online.error.BadInput'));
    expect(days.value).toBe('');
    expect(a.view().snapshot.settings).toMatchObject({ players: 4, days: null });
  });

  it('the chat sends nothing blank: its button waits for words', () => {
    const { b, host } = twoMembers();
    const send = host.querySelector<HTMLButtonElement>('#chat-send')!;
    expect(send.disabled).toBe(true);
    const input = host.querySelector<HTMLInputElement>('#chat-input')!;
    input.value = '   ';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(send.disabled).toBe(true);
    input.value = 'hi';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(send.disabled).toBe(false);
    send.click();
    expect(b.view().snapshot.chat.map((l) => l.text)).toEqual(['hi']);
  });
});

describe('the share panel', () => {
  it('shows the link with a copy button and a QR code, and copies', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t: string) => void copied.push(t) }, configurable: true });
    const link = 'http://192.168.1.20:5173/#/g/AAAAAAAAAAAA/BBBBBBBBBBBBBBBBBBBBBB?c=12345678';
    const host = mount(() => <SharePanel link={link} />);
    expect(host.querySelector<HTMLInputElement>('#share-link')!.value).toBe(link);
    expect(host.querySelector('canvas.qr')).not.toBeNull();
    click(host, '#copy-link');
    await new Promise((r) => setTimeout(r, 0));
    expect(copied).toEqual([link]);
    expect(host.querySelector('.toast')!.textContent).toBe('Link copied.');
  });
});
