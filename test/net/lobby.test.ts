import { describe, expect, it } from 'vitest';
import { hashText } from '../../engine/index.js';
import { checkGenesisSignatures, seatIdentity } from '../../engine/protocol/index.js';
import { useNodeCrypto, nodeScheme } from '../../scripts/node/crypto.js';
import { newGameLink, type ShareLink } from '../../src/net/link.js';
import { type Lobby, makeLobby } from '../../src/net/lobby.js';
import { lobbyGenesis, parseLobby } from '../../src/net/lobby-doc.js';
import { makeHub } from './support/hub.js';

await useNodeCrypto();
const scheme = (await nodeScheme())!;
let counter = 0;
const entropy = (label: string) => () => {
  const bytes = new Uint8Array(32);
  const h = hashText(`${label}/${counter++}`);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return bytes;
};
const member = (i: number) => `member${String(i).padStart(4, '0')}abcd`;

function room(n: number, settings = { players: 3, timer: 30, days: 1 }): { link: ShareLink; lobbies: Lobby[] } {
  const { connect } = makeHub();
  const link = newGameLink();
  const lobbies = Array.from({ length: n }, (_, i) =>
    makeLobby({ link, member: member(i), name: `P${i}`, connect, scheme, entropy: entropy(`${link.room}/${i}`), ...(i === 0 ? { create: settings } : {}) }),
  );
  return { link, lobbies };
}

describe('the lobby (Yjs documents, connected in-process)', () => {
  it("the creator's page shows its settings at once, before any other change", () => {
    const { lobbies } = room(1, { players: 2, timer: 30, days: 1 });
    expect(lobbies[0]!.view().snapshot.settings).toMatchObject({ players: 2, timer: 30, days: 1 });
    expect(lobbies[0]!.view().snapshot.seats).toHaveLength(2);
    for (const l of lobbies) l.dispose();
  });

  it('seats players with unique colours and civilisations, and says when the room is full', () => {
    const { lobbies } = room(4);
    const [a, b, c, d] = lobbies as [Lobby, Lobby, Lobby, Lobby];
    expect(a.takeSeat()).toEqual({ ok: true, value: 0 });
    expect(b.takeSeat()).toEqual({ ok: true, value: 1 });
    expect(c.takeSeat(1)).toMatchObject({ ok: false, error: { code: 'SeatTaken' } });
    expect(c.takeSeat()).toEqual({ ok: true, value: 2 });
    const full = d.takeSeat();
    expect(full).toMatchObject({ ok: false, error: { code: 'RoomFull' } });
    if (!full.ok) expect(full.error.message).toMatch(/full: all 3 seats are taken/);
    expect(d.view().full).toBe(true);
    const seats = d.view().snapshot.seats;
    expect(new Set(seats.map((s) => s!.colour)).size).toBe(3);
    expect(new Set(seats.map((s) => s!.civilisation)).size).toBe(3);
    expect(b.choose({ colour: seats[0]!.colour! })).toMatchObject({ ok: false, error: { code: 'Taken' } });
    expect(b.choose({ colour: 'marsh', civilisation: 'druids' })).toEqual({ ok: true, value: undefined });
    expect(a.view().snapshot.seats[1]).toMatchObject({ colour: 'marsh', civilisation: 'druids', name: 'P1' });
    expect(d.view().present.map((m) => m.name).sort()).toEqual(['P0', 'P1', 'P2', 'P3']);
    for (const l of lobbies) l.dispose();
  });

  it('carries chat and settings; refuses bad settings', () => {
    const { lobbies } = room(2);
    const [a, b] = lobbies as [Lobby, Lobby];
    expect(b.say('hello')).toEqual({ ok: true, value: undefined });
    expect(b.say('   ')).toMatchObject({ ok: false, error: { code: 'BadInput' } });
    expect(a.view().snapshot.chat).toEqual([{ from: member(1), name: 'P1', text: 'hello' }]);
    expect(a.updateSettings({ players: 7 })).toMatchObject({ ok: false, error: { code: 'BadInput' } });
    expect(a.updateSettings({ timer: 5 })).toMatchObject({ ok: false, error: { code: 'BadInput' } });
    expect(b.updateSettings({ players: 5, timer: null })).toEqual({ ok: true, value: undefined });
    expect(a.view().snapshot.settings).toMatchObject({ players: 5, timer: null });
    for (const l of lobbies) l.dispose();
  });

  it('starts every page on the same genesis, signed by every seat, once all are ready (bots filling seats)', async () => {
    const { link, lobbies } = room(2, { players: 3, timer: 30, days: 1 });
    const [a, b] = lobbies as [Lobby, Lobby];
    a.takeSeat();
    b.takeSeat();
    expect(a.setBot(2, true)).toEqual({ ok: true, value: undefined });
    expect(a.view().waiting).toMatch(/waiting for 2 seats to be ready/);
    a.setReady(true);
    expect(a.view().signing).toBeNull();
    b.setReady(true);
    const [sa, sb] = await Promise.all([a.started, b.started]);
    expect(sa.genesis.text).toBe(sb.genesis.text);
    expect(sa.genesisSignatures).toEqual(sb.genesisSignatures);
    expect((await checkGenesisSignatures(scheme, sa.genesis, sa.genesisSignatures)).ok).toBe(true);
    // The bots' host plays its seat and the bot's; the other page its own seat only.
    expect(sa.seats.map((s) => [s.seat, s.bot])).toEqual([
      [0, false],
      [2, true],
    ]);
    expect(sb.seats.map((s) => [s.seat, s.bot])).toEqual([[1, false]]);
    expect(sa.genesis.genesis.seats[1]).toEqual(seatIdentity(sb.seats[0]!.secrets));
    expect(sa.genesis.genesis).toMatchObject({ game: `bfe-${link.room}`, settings: { timer: 30, days: 1 } });
    expect(a.view().signing).toMatchObject({ signed: 3, of: 3 });
    expect(a.takeSeat(1)).toMatchObject({ ok: false, error: { code: 'Started' } });
    for (const l of lobbies) l.dispose();
  });

  it('a change after ready (a colour, the settings) asks for ready again and the old signatures count for nothing', async () => {
    const { lobbies } = room(2, { players: 2, timer: 30, days: 1 });
    const [a, b] = lobbies as [Lobby, Lobby];
    a.takeSeat();
    b.takeSeat();
    a.setReady(true);
    b.choose({ colour: 'marsh' });
    expect(a.view().waiting).toMatch(/1 seat to be ready/);
    a.updateSettings({ timer: 45 });
    expect(a.view().snapshot.seats[0]!.ready).toBe(false);
    a.setReady(true);
    b.setReady(true);
    const s = await a.started;
    expect(s.genesis.genesis.settings.timer).toBe(45);
    expect(s.genesis.genesis.setup.players[1]!.colour).toBe('marsh');
    for (const l of lobbies) l.dispose();
  });

  it('never starts on a signature that does not verify, and the seat it was written for signs again', async () => {
    const { connect, rooms } = makeHub();
    const link = newGameLink();
    const a = makeLobby({ link, member: member(0), name: 'A', connect, scheme, entropy: entropy('h0'), create: { players: 2, timer: 30 } });
    const b = makeLobby({ link, member: member(1), name: 'B', connect, scheme, entropy: entropy('h1') });
    a.takeSeat();
    b.takeSeat();
    a.setReady(true);
    // A hostile member writes garbage as seat 1's signature of the genesis the lobby is about to sign.
    const [hostile, victim] = [[...rooms.values()][0]![0]!.doc, b];
    const forged = 'ab'.repeat(64);
    let forgedFirst = false;
    a.subscribe((v) => {
      const key = v.signing ? `${v.signing.genesis}/1` : null;
      if (key && !hostile.getMap('signatures').has(key)) {
        hostile.getMap('signatures').set(key, forged);
        forgedFirst = true;
      }
    });
    victim.setReady(true);
    const s = await a.started;
    expect(forgedFirst).toBe(true);
    expect(s.genesisSignatures[1]).not.toBe(forged);
    expect((await checkGenesisSignatures(scheme, s.genesis, s.genesisSignatures)).ok).toBe(true);
    a.dispose();
    b.dispose();
  });
});

describe('the lobby document is outside input', () => {
  it('keeps what is well formed and consistent, and reports the rest', () => {
    const m = member(1);
    const snap = parseLobby({
      settings: { players: 3, timer: 'soon', days: -1, botsHost: 42 },
      seats: {
        '0': { owner: m, name: '  Ann\u202e\u0000  ', colour: 'lake', civilisation: 'elves', ready: true, identity: { key: 'zz', beacon: 'x' } },
        '1': { owner: m, name: 'Ann again', colour: 'forest', civilisation: 'dwarves', ready: true },
        '2': { owner: 'bot', colour: 'lake', civilisation: 'dwarves', ready: true },
        '3': { owner: member(3) },
        x: 1,
      },
      chat: [{ from: m, name: 'Ann', text: 'hi' }, { from: 'no', text: 'x' }, 'junk', { from: m, text: 'y'.repeat(10_000) }],
      signatures: { [`${'a'.repeat(64)}/0`]: 'b'.repeat(128), 'bad/9': 'c' },
    });
    expect(snap.settings).toEqual({ players: 3, timer: 60, days: null, botsHost: null });
    expect(snap.seats[0]).toMatchObject({ owner: m, name: 'Ann', colour: 'lake', identity: null });
    expect(snap.seats[1]).toBeNull(); // one seat per person
    expect(snap.seats[2]).toMatchObject({ bot: true, name: 'Bot 3', colour: null, civilisation: 'dwarves', ready: false }); // lake was taken first
    expect(snap.seats).toHaveLength(3);
    expect(snap.chat.map((c) => c.text.length)).toEqual([2, 500]);
    expect([...snap.signatures.keys()]).toEqual(['a'.repeat(64)]);
    expect(snap.problems).toEqual(expect.arrayContaining(['settings.timer', 'settings.days', 'settings.botsHost', 'seat 0: bad identity', 'seat 1: its owner holds a lower seat', 'seats.3: no such seat', 'seats.x: no such seat']));
    expect(lobbyGenesis('room', snap)).toMatchObject({ ok: false });
  });

  it('survives any value anywhere (fuzzed): never throws, never yields an inconsistent table', () => {
    const values: unknown[] = [null, undefined, 0, -1, 2.5, 7, 'x', '', 'lake', 'elves', 'bot', member(1), member(2), true, [], {}, { owner: member(1) }, { owner: 'bot', colour: 'lake' }];
    let n = 0;
    for (let i = 0; i < 3000; i++) {
      const pick = () => values[(i * 7919 + n++ * 104729) % values.length];
      const doc = { settings: { players: pick(), timer: pick(), days: pick(), botsHost: pick() }, seats: { '0': pick(), '1': pick(), '2': { owner: pick(), colour: pick(), civilisation: pick(), ready: pick(), identity: pick() } }, chat: [pick(), pick()], signatures: pick() };
      const s = parseLobby(doc as never);
      const taken = s.seats.filter((x) => x);
      expect(new Set(taken.map((x) => x!.colour).filter(Boolean)).size).toBe(taken.filter((x) => x!.colour).length);
      expect(new Set(taken.map((x) => x!.owner).filter(Boolean)).size).toBe(taken.filter((x) => x!.owner).length);
      expect(s.seats.length).toBe(s.settings.players);
    }
  });
});
