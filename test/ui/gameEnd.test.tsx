import { render } from 'solid-js/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaiting, type GameState, newGame, type Seat } from '../../engine/index.js';
import { makeMessage } from '../../engine/protocol/index.js';
import type { PeerSession } from '../../engine/protocol/peer/session.js';
import { type Network, setTable, type Table } from '../../engine/protocol/sim/index.js';
import type { LocalGameConfig } from '../../src/game/config.js';
import { GameScreen } from '../../src/game/GameScreen.js';
import { setLanguage } from '../../src/i18n/index.js';
import { startNetGame } from '../../src/net/index.js';
import { makeSessionTable } from '../../src/table/sessionTable.js';
import { honestAgents, read, setupFor, SHORT } from '../protocol/harness.js';
import { scriptedTransport } from './watchSupport.js';

/**
 * Issue 19, item 6.4: a game that ends at its day cap (the genesis setting `days`) asks nobody to
 * play the next day, and a player's end screen says how the game ended (the cap, a forfeit at the
 * close). The pages are the sessions of an in-process table's peers, stopped before the close is
 * signed, shown through the session table on the game screen, then the table plays on to the end.
 */

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  setLanguage('en');
});

/** The page of a seat: its peer's own session (on a transport nobody else is on) through the session table, on the game screen. */
function pageOf(table: Table, peer: PeerSession): (sel: string) => HTMLElement | null {
  const players = table.genesis.genesis.setup.players;
  const game = startNetGame({ transport: scriptedTransport(players.length).transport, session: () => peer });
  const created = newGame(table.genesis.genesis.setup);
  if (!created.ok) throw new Error(created.error.message);
  const session = makeSessionTable({ seats: new Map([[peer.seat, { game, vault: table.secrets[peer.seat]!.vault, bot: false }]]), genesis: table.genesis, initial: created.value });
  const config: LocalGameConfig = { mode: 'bots', seed: '', seats: players.map((p, i) => ({ ...p, bot: false, remote: i !== peer.seat, name: '' })) };
  const host = document.createElement('div');
  document.body.append(host);
  const unmount = render(() => <GameScreen table={session} config={config} flat onAutoplay={() => undefined} onReplay={() => undefined} />, host);
  disposers.push(() => (unmount(), host.remove(), session.dispose(), game.dispose()));
  return (sel) => host.querySelector<HTMLElement>(sel);
}

describe('the end of a game played through the protocol', () => {
  it('at its day cap: nobody is asked to play the next day, before and after the close is signed; the end says why, in both languages', async () => {
    const table = await setTable(setupFor(2), 'day-cap', honestAgents(2, 'day-cap'), { settings: { ...SHORT, limit: null, days: 1 } });
    for (const p of table.network.peers) await p.start();
    const afterCap = (s: GameState): boolean => s.phase.name === 'conquest' && s.phase.day > 1;
    expect(await table.network.run(afterCap)).toBe('stopped');
    // The engine's state goes on into day 2 and awaits a seat there: that seat's page is the one to check.
    const who = awaiting(table.network.peers.find((p) => afterCap(p.state))!.state);
    expect(who.kind).toBe('seat');
    const peer = table.network.peers[(who as { seat: Seat }).seat]!;
    expect(afterCap(peer.state)).toBe(true);
    expect(peer.view().chain.end).toMatchObject({ kind: 'days', day: 1 });
    expect(peer.outcome.kind).toBe('playing');
    const $ = pageOf(table, peer);
    const ended = (): void => {
      expect($('main.game')!.dataset.over).toBe('true');
      expect($('main.game')!.dataset.day).toBe('2');
      expect($('#prompt')!.textContent).toBe('The game is over. Stopped at the agreed day cap, after day 1.');
      // No choice of day 2: no button but the replay's, no panel, nobody awaited, no "your turn".
      expect([...document.querySelectorAll('header.prompt button')].map((b) => b.id)).toEqual(['open-replay']);
      expect($('.conquest-panels')).toBeNull();
      expect($('.chip.awaited')).toBeNull();
      expect(document.title).not.toMatch(/Your turn/);
    };
    ended();
    // The close and the final signatures: the same end.
    expect(await table.network.run()).toBe('done');
    await vi.waitUntil(() => peer.outcome.kind === 'finished');
    expect(peer.outcome).toMatchObject({ kind: 'finished', end: { kind: 'days', day: 1 } });
    ended();
    setLanguage('fr');
    expect($('#prompt')!.textContent).toBe('La partie est finie. Arrêtée à la limite de jours convenue, après le jour 1.');
  });

  it('by a forfeit at the close: the end screen names who forfeited once the close is settled', async () => {
    // Seat 0 never lets its final openings out (alone, inside its echoes, or in catch-up answers): it forfeits at the close.
    const withholding = (text: string, _to: Seat, net: Network): string[] => {
      if (text.startsWith('{"t":"history"')) return [];
      const m = read(text, net);
      if (m?.t === 'entry') return m.entry.entry.seat === 0 && m.entry.entry.body.type === 'open' ? [] : [text];
      if (m?.t === 'echo') return [makeMessage({ t: 'echo', echo: m.signed, entries: m.entries.filter((e) => !(e.entry.seat === 0 && e.entry.body.type === 'open')) })];
      return [text];
    };
    const table = await setTable(setupFor(3), 'close-forfeit', honestAgents(3, 'close-forfeit'), { settings: SHORT, cheaters: [0], tamper: { 0: withholding } });
    for (const p of table.network.peers) await p.start();
    // Stopped at the limit (70 elements), before the close.
    const atLimit = (p: PeerSession): boolean => p.view().chain.end !== null;
    expect(await table.network.run(() => table.network.honest.some(atLimit))).toBe('stopped');
    const peer = table.network.honest.find(atLimit)!;
    expect(peer.view().chain.end).toMatchObject({ kind: 'limit', seq: 70 });
    const $ = pageOf(table, peer);
    expect($('#prompt')!.textContent).toBe('The game is over. Stopped at the agreed limit of 70 log elements.');
    expect(await table.network.run()).toBe('done');
    expect(peer.outcome).toMatchObject({ kind: 'finished', end: { kind: 'forfeit', seat: 0, reason: 'withheldOpenings' } });
    await vi.waitUntil(() => /forfeited/.test($('#prompt')!.textContent!), { timeout: 5_000 });
    expect($('#prompt')!.textContent).toBe('The game is over. Player 1 forfeited at position 70: they withheld their final openings.');
  });
});
