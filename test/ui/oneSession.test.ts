import { describe, expect, it } from 'vitest';
import { LAN_ICE, type NetConfig } from '../../src/net/index.js';
import { claimSeat, disposeSeats, startSeats, type Table } from '../../src/online/startSeats.js';
import { botGenesis } from '../net/support/table.js';

// One session per seat per page (issue 19): two sessions of one seat sign two histories, and the
// first absence claims they sign differently stop the game for everyone (Equivocation).
describe('one live session per seat of a game on a page', () => {
  it('a second claim of a live seat throws, naming the game and the seat; other seats and games are free; a release frees it', () => {
    const release = claimSeat('game-a', 1);
    expect(() => claimSeat('game-a', 1)).toThrow(/seat 1 of game game-a/);
    const others = [claimSeat('game-a', 0), claimSeat('game-b', 1)];
    release();
    release(); // twice changes nothing
    const again = claimSeat('game-a', 1);
    expect(() => claimSeat('game-a', 1)).toThrow(/seat 1 of game game-a/);
    for (const r of [again, ...others]) r();
  });

  it('startSeats refuses a table with a seat live on the page and keeps none of its seats; once disposed, the seats start again', async () => {
    const g = await botGenesis(2, 'one-session', {});
    const table: Table = { genesis: g.genesis, genesisSignatures: g.signatures, seats: g.secrets.map((secrets, seat) => ({ seat, bot: seat === 1, secrets })) };
    // Nothing listens there: the meshes only try to reach their signaling server until disposed.
    const net: NetConfig = { signaling: 'http://127.0.0.1:9/bfe', ice: LAN_ICE };
    // Nor does any seat get to play: the bot is never asked.
    const bot = (): Promise<never> => Promise.reject(new Error('no bot plays here'));
    const held = claimSeat(g.genesis.id, 1);
    expect(() => startSeats(table, net, g.scheme, bot)).toThrow(new RegExp(`seat 1 of game ${g.genesis.id}`));
    held();
    // Seat 0, claimed before seat 1 was refused, was let go: the table starts.
    const seats = startSeats(table, net, g.scheme, bot);
    expect(() => startSeats(table, net, g.scheme, bot)).toThrow(new RegExp(`seat 0 of game ${g.genesis.id}`));
    disposeSeats(seats);
    const restarted = startSeats(table, net, g.scheme, bot);
    expect(restarted.map((s) => s.seat)).toEqual([0, 1]);
    disposeSeats(restarted);
  });
});
