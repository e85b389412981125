import { describe, expect, it } from 'vitest';
import { hashText } from '../../engine/index.js';
import { makeMessage, verdictOf, verifyReplay } from '../../engine/protocol/index.js';
import { MAX_ECHOES_PER_SEAT, MAX_HELD_PER_SEAT } from '../../engine/protocol/peer/state.js';
import { signEcho, signEntry } from '../../engine/protocol/crypto/signing.js';
import { setTable } from '../../engine/protocol/sim/index.js';
import { entryMessage, honestAgents, setupFor, SHORT } from './harness.js';

/**
 * Issue 9, item 4: a seat floods honest peers with entries it signed for positions inside the
 * window, each after a made-up history (random `prev`), and with echoes of positions ahead.
 * Honest peers hold a bounded amount for that seat, record the flood against it, never refuse
 * another seat's entries for it, and the game ends as it would have.
 */
describe('a flood of in-window entries and echoes', () => {
  it('bounded memory per seat, an incident against the sender, the game goes on', async () => {
    const C = 0;
    const ENTRIES = 3 * MAX_HELD_PER_SEAT;
    const ECHOES = 4 * MAX_ECHOES_PER_SEAT;
    const table = await setTable(setupFor(3), 'flood', honestAgents(3, 'flood'), { settings: SHORT, cheaters: [C] });
    const chain = table.network.peers[C]!.chain;
    const keys = table.secrets[C]!.keys;
    // Signed by the cheater with its own key, for positions 1 to 200 (inside the window), each
    // after a made-up history; echoes of positions ahead, each of a made-up element.
    const flood: string[] = [];
    for (let i = 0; i < ENTRIES; i++) {
      const entry = { v: 1 as const, game: chain.genesis.id, seq: 1 + (i % 200), seat: C, prev: hashText(`flood/${i}`), body: { type: 'action' as const, action: { kind: 'endTurn', seat: C } } };
      flood.push(entryMessage(await signEntry(table.scheme, keys, entry)));
    }
    for (let i = 0; i < ECHOES; i++) {
      const echo = await signEcho(table.scheme, keys, { v: 1, game: chain.genesis.id, seat: C, seq: 1 + (i % 200), element: hashText(`flood-echo/${i}`), state: hashText('state'), claimed: false });
      flood.push(makeMessage({ t: 'echo', echo, entries: [] }));
    }
    for (const text of flood) for (const to of [1, 2]) table.network.inject(C, to, text);
    for (const peer of table.network.peers) await peer.start();
    expect(await table.network.run()).toBe('done');
    const honest = table.network.honest;
    for (const peer of honest) {
      expect(peer.outcome.kind).toBe('finished');
      expect(peer.held.entries[C]!).toBeLessThanOrEqual(MAX_HELD_PER_SEAT);
      expect(peer.held.echoes[C]!).toBeLessThanOrEqual(MAX_ECHOES_PER_SEAT);
      expect(peer.held.known).toBeLessThanOrEqual(3 * MAX_HELD_PER_SEAT);
      expect(peer.incidents.some((i) => i.code === 'Flood' && i.seat === C)).toBe(true);
      expect(peer.incidents.some((i) => i.code === 'Flood' && i.seat !== C)).toBe(false);
    }
    expect(new Set(honest.map((x) => x.head)).size).toBe(1);
    const o = honest[0]!.outcome;
    // The flooder's own entries are refused while its budget is full: only it can be declared absent.
    expect(o.kind === 'finished' && o.absences.every((a) => a.seats.every((s) => s === C))).toBe(true);
    expect((await verifyReplay(honest[0]!.replay())).valid).toBe(true);
  });
});

/**
 * Issue 19, item 5: a seat floods ONE victim with signed junk (random `prev`) to fill every slot
 * the victim keeps for it, hoping the victim then refuses its real moves, splits off and is
 * declared absent. Junk must cost the flooder, never its victim: the victim holds a few entries
 * per position for the flooder and always makes room for an entry that extends its log.
 */
describe('a targeted flood against one victim', () => {
  for (const players of [4, 6]) {
    it(`${players} players: the victim keeps taking the flooder's real moves and is never declared absent`, async () => {
      const C = 0;
      const V = 1;
      const table = await setTable(setupFor(players), `targeted-flood-${players}`, honestAgents(players, `targeted-flood-${players}`), { settings: SHORT, cheaters: [C] });
      const chain = table.network.peers[C]!.chain;
      const keys = table.secrets[C]!.keys;
      // About a thousand entries signed by the flooder, for positions 1 to 60 (the whole game), each after a made-up history.
      for (let i = 0; i < MAX_HELD_PER_SEAT + 100; i++) {
        const entry = { v: 1 as const, game: chain.genesis.id, seq: 1 + (i % 60), seat: C, prev: hashText(`junk/${players}/${i}`), body: { type: 'action' as const, action: { kind: 'endTurn', seat: C } } };
        table.network.inject(C, V, entryMessage(await signEntry(table.scheme, keys, entry)));
      }
      for (const peer of table.network.peers) await peer.start();
      expect(await table.network.run()).toBe('done');
      const honest = table.network.honest;
      for (const peer of honest) expect(peer.outcome.kind).toBe('finished');
      // One log everywhere, the victim's included; the victim was never settled absent.
      expect(new Set(honest.map((x) => x.head)).size).toBe(1);
      const o = honest[0]!.outcome;
      expect(o.kind === 'finished' && o.absences).toEqual([]);
      const victim = table.network.peers[V]!;
      expect(victim.held.entries[C]!).toBeLessThanOrEqual(MAX_HELD_PER_SEAT);
      expect(victim.incidents.some((i) => i.code === 'Flood' && i.seat === C)).toBe(true);
      expect(verdictOf(await verifyReplay(victim.replay()))).toBe('valid');
    });
  }
});

describe('echoes forged in another seat\'s name', () => {
  it('never take that seat\'s slots: an echo is held ahead only once its signature verified', async () => {
    const C = 0;
    const S = 2;
    const V = 1;
    const table = await setTable(setupFor(4), 'forged-echo-slots', honestAgents(4, 'forged-echo-slots'), { settings: SHORT, cheaters: [C] });
    const chain = table.network.peers[C]!.chain;
    // Echoes naming seat S, of positions ahead, signed with the cheater's key.
    for (let i = 0; i < 2 * MAX_ECHOES_PER_SEAT; i++) {
      const echo = await signEcho(table.scheme, table.secrets[C]!.keys, { v: 1, game: chain.genesis.id, seat: S, seq: 5 + (i % 40), element: hashText(`forged/${i}`), state: hashText('state'), claimed: false });
      table.network.inject(C, V, makeMessage({ t: 'echo', echo, entries: [] }));
    }
    for (const peer of table.network.peers) await peer.start();
    expect(await table.network.run()).toBe('done');
    const victim = table.network.peers[V]!;
    expect(victim.outcome.kind).toBe('finished');
    // Refused as bad signatures, never counted against S.
    expect(victim.incidents.some((i) => i.code === 'BadSignature' && i.seat === S)).toBe(true);
    expect(victim.incidents.some((i) => i.code === 'Flood' && i.seat === S)).toBe(false);
    expect(new Set(table.network.honest.map((p) => p.head)).size).toBe(1);
  });
});
