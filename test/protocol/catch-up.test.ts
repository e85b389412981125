import { describe, expect, it } from 'vitest';
import { awaiting, legalOptions, type Seat } from '../../engine/index.js';
import { randomAgent } from '../../engine/agents/index.js';
import { agentStream } from '../../engine/local/index.js';
import { makeMessage, type PeerAgent, parseMessage, verifyReplay } from '../../engine/protocol/index.js';
import { FUTURE_WINDOW, RESUME_QUIET, STALL_TICKS } from '../../engine/protocol/peer/state.js';
import { setTable } from '../../engine/protocol/sim/index.js';
import { honestAgents, setupFor } from './harness.js';

/**
 * Issue 9, item 5: a peer any number of positions behind (a refreshed page knows only the genesis
 * and its secrets) fetches what it missed from the others, checks every entry as it would any
 * other, and plays on. A lying responder cannot make it accept anything.
 */
describe('catch-up', () => {
  it(`a peer refreshed more than ${FUTURE_WINDOW} positions into the game catches up and plays on`, async () => {
    const R = 2;
    const name = 'catch-up';
    const table = await setTable(setupFor(3), name, honestAgents(3, name), { settings: { limit: 420, timer: 10 } });
    for (const p of table.network.peers) await p.start();
    // Far into the game, at a moment where the seat to refresh is not awaited.
    const stop = (s: Parameters<typeof awaiting>[0]) => {
      const who = awaiting(s);
      return s.seq > 300 && who.kind === 'seat' && who.seat !== R;
    };
    expect(await table.network.run(stop)).toBe('stopped');
    const far = table.network.peers[0]!.chain.seq;
    expect(far).toBeGreaterThan(FUTURE_WINDOW);
    const fresh = table.respawn(R);
    expect(fresh.chain.seq).toBe(0);
    await fresh.start();
    expect(await table.network.run()).toBe('done');
    const peers = table.network.peers;
    for (const p of peers) expect(p.outcome.kind).toBe('finished');
    expect(new Set(peers.map((p) => p.head)).size).toBe(1);
    expect(fresh.chain.seq).toBeGreaterThan(far);
    // It played on after catching up: its final signature is in, and nobody was declared absent for long.
    const o = fresh.outcome;
    expect(o.kind === 'finished' && o.finals).toEqual([0, 1, 2]);
    expect(fresh.incidents.filter((i) => i.code === 'Equivocation')).toEqual([]);
    expect((await verifyReplay(fresh.replay())).valid).toBe(true);
  });

  it('answers are checked like any entry: a forged history changes nothing', async () => {
    const name = 'catch-up-lie';
    const table = await setTable(setupFor(3), name, honestAgents(3, name), { settings: { limit: 60, timer: 10 } });
    for (const p of table.network.peers) await p.start();
    expect(await table.network.run((s) => s.seq > 20 && awaiting(s).kind === 'seat' && (awaiting(s) as { seat: number }).seat !== 2)).toBe('stopped');
    const honest = table.network.peers[0]!;
    const real = honest.replay().log;
    // Seat 1's element texts with the signatures of another element: nothing verifies.
    const forged = real.map((el, i) => el.map((e, j) => ({ text: e.text, sig: (real[(i + 1) % real.length]![j] ?? real[0]![0]!).sig })));
    const fresh = table.respawn(2);
    await fresh.receive(makeMessage({ t: 'history', from: 0, elements: forged }), 1);
    expect(fresh.chain.seq).toBe(0);
    expect(fresh.incidents.some((i) => i.code === 'BadSignature')).toBe(true);
    // A well-formed request and answer round-trip through the codec.
    const fetch = parseMessage(makeMessage({ t: 'fetch', from: 3, count: 64 }), 65536);
    expect(fetch.ok && fetch.value).toEqual({ t: 'fetch', from: 3, count: 64 });
    expect(parseMessage(makeMessage({ t: 'fetch', from: 3, count: 65 }), 65536).ok).toBe(false);
    // The real history applies.
    await fresh.receive(makeMessage({ t: 'history', from: 0, elements: real }), 1);
    expect(fresh.chain.seq).toBeGreaterThanOrEqual(real.length);
    expect(await table.network.run()).toBe('done');
    expect(new Set(table.network.peers.map((p) => p.head)).size).toBe(1);
  });

  /** A table whose links between seat `cut` and the others drop everything while `down` says so. */
  const cutTable = async (name: string, cut: Seat, settings: { limit: number; timer: number | null }) => {
    const link = { down: false, fetches: 0 };
    const drop = (from: Seat) => (text: string, to: Seat): string[] => (link.down && (from === cut || to === cut) ? [] : [text]);
    const table = await setTable(setupFor(3), name, honestAgents(3, name), {
      settings,
      tamper: { 0: drop(0), 1: drop(1), 2: drop(2) },
      onDeliver: (d) => void (d.text.startsWith('{"t":"fetch"') && link.fetches++),
    });
    return { table, link };
  };

  /** A cut table with no timer, played a while, then cut until it is stuck (the link still down). */
  const stuckTable = async (name: string, cut: Seat) => {
    const { table, link } = await cutTable(name, cut, { limit: 90, timer: null });
    for (const p of table.network.peers) await p.start();
    expect(await table.network.run((s) => s.seq > 20)).toBe('stopped');
    link.down = true;
    expect(await table.network.run()).toBe('stuck');
    return { table, link };
  };

  it('a channel that comes up again: each side asks the other what it missed, and the game goes on at once', async () => {
    const name = 'reconnect';
    // Seat 2's channels go down: what is broadcast meanwhile is lost, and with no timer nothing
    // is ever said again, so the game stops.
    const { table, link } = await stuckTable(name, 2);
    const behind = table.network.peers.map((p) => p.chain.seq);
    link.down = false;
    // The channels come up again (the transport says so on both sides).
    const peers = table.network.peers;
    for (const s of [0, 1]) {
      await peers[2]!.connected(s);
      await peers[s]!.connected(2);
    }
    expect(await table.network.run()).toBe('done');
    expect(peers.every((p, s) => p.chain.seq > behind[s]!)).toBe(true);
    expect(new Set(peers.map((p) => p.head)).size).toBe(1);
    const o = peers[0]!.outcome;
    expect(o.kind === 'finished' && o.absences).toEqual([]);
    expect((await verifyReplay(peers[0]!.replay())).valid).toBe(true);
  });

  it(`after ${STALL_TICKS} ticks without a new element a peer asks every seat for what it holds (once per place)`, async () => {
    const name = 'stall';
    // No timer: no claim and no half-timer resend would ever unstick it.
    const { table, link } = await stuckTable(name, 1);
    link.down = false;
    const peers = table.network.peers;
    // A tick short of the stall asks nothing; the stall's tick asks every seat, and the game goes on.
    link.fetches = 0;
    for (const p of peers) await p.tick(STALL_TICKS - 1);
    expect(await table.network.run()).toBe('stuck');
    expect(link.fetches).toBe(0);
    for (const p of peers) await p.tick(STALL_TICKS);
    expect(await table.network.run()).toBe('done');
    expect(link.fetches).toBeGreaterThan(0);
    expect(new Set(peers.map((p) => p.head)).size).toBe(1);
    expect((await verifyReplay(peers[0]!.replay())).valid).toBe(true);
  });

  it("a resumed seat's choice made while it is quiet is held, then written when the quiet ends", async () => {
    const name = 'quiet-choice';
    const P: Seat = 1;
    const agents: (PeerAgent | undefined)[] = honestAgents(3, name);
    agents[P] = undefined;
    const choose = randomAgent(agentStream(name, P));
    const table = await setTable(setupFor(3), name, agents, {
      settings: { limit: 60, timer: 30 },
      // The person answers whenever nothing else can happen.
      onIdle: async (net) => {
        const person = net.peers[P]!;
        if (!person.view().yourTurn) return;
        const s = person.view().state;
        await person.submit(choose(s, P, legalOptions(s, P, table.secrets[P]!.vault), table.secrets[P]!.vault));
      },
    });
    for (const p of table.network.peers) await p.start();
    // Stop where the person's seat is awaited, then refresh its page.
    const atPerson = (s: Parameters<typeof awaiting>[0]) => s.seq > 10 && awaiting(s).kind === 'seat' && (awaiting(s) as { seat: Seat }).seat === P;
    expect(await table.network.run(atPerson)).toBe('stopped');
    const now = table.network.now;
    const fresh = table.respawn(P);
    await fresh.start();
    // It catches up (the others answer its request) but stays quiet: the log awaits it, yet it writes nothing.
    const target = table.network.peers[0]!.chain.seq;
    expect(await table.network.run(() => fresh.chain.seq >= target)).toBe('stopped');
    expect(table.network.now).toBe(now);
    const place = fresh.chain.seq;
    expect(awaiting(fresh.state)).toMatchObject({ kind: 'seat', seat: P });
    expect(fresh.view().yourTurn).toBe(false);
    const s = fresh.state;
    // An illegal click is refused at once; a legal one is accepted and held.
    expect((await fresh.submit({ kind: 'noSuchAction', seat: P })).ok).toBe(false);
    expect(await fresh.submit(choose(s, P, legalOptions(s, P, table.secrets[P]!.vault), table.secrets[P]!.vault))).toEqual({ ok: true, value: undefined });
    expect(fresh.chain.seq).toBe(place);
    expect(fresh.peerState.claims.heldChoice).toBeDefined();
    // The quiet ends: the held choice is written and applied everywhere.
    for (const p of table.network.peers) await p.tick(now + RESUME_QUIET);
    expect(fresh.chain.seq).toBe(place + 1);
    expect(fresh.peerState.claims.heldChoice).toBeUndefined();
    expect(await table.network.run()).toBe('done');
    const peers = table.network.peers;
    expect(new Set(peers.map((p) => p.head)).size).toBe(1);
    const o = peers[0]!.outcome;
    expect(o.kind === 'finished' && o.absences).toEqual([]);
  });
});

/**
 * Issue 19, item 5: catch-up starvation. A hostile seat sends every responder a burst of tiny
 * catch-up requests just ahead of each request of a refreshed page, to use up what the
 * responders answer in a tick. Answers are budgeted per requester: the flooder uses up its own.
 */
describe('catch-up under a flood of requests', () => {
  for (const players of [4, 6]) {
    it(`${players} players: a refreshed page still catches up and plays on`, async () => {
      const C: Seat = 0;
      const R: Seat = 2;
      const name = `starve-${players}`;
      let flooded = 0;
      // Before each of R's requests reaches a responder, 2n requests of the flooder reach it.
      const starve = (text: string, to: Seat, net: { inject(from: Seat, to: Seat, text: string): void }): string[] => {
        if (to !== C && text.startsWith('{"t":"fetch"')) {
          for (let i = 0; i < 2 * players; i++) net.inject(C, to, makeMessage({ t: 'fetch', from: 0, count: 1 }));
          flooded++;
        }
        return [text];
      };
      // The flooder answers no catch-up request itself.
      const silentToAskers = (text: string): string[] => (text.startsWith('{"t":"history"') ? [] : [text]);
      const table = await setTable(setupFor(players), name, honestAgents(players, name), { settings: { limit: 90, timer: 10 }, cheaters: [C], tamper: { [R]: starve, [C]: silentToAskers } });
      for (const p of table.network.peers) await p.start();
      expect(await table.network.run((s) => s.seq > 40 && awaiting(s).kind === 'seat' && (awaiting(s) as { seat: number }).seat !== R)).toBe('stopped');
      const far = table.network.peers[1]!.chain.seq;
      const fresh = table.respawn(R);
      await fresh.start();
      expect(await table.network.run(undefined, 100_000)).toBe('done');
      expect(flooded).toBeGreaterThan(0);
      const honest = table.network.honest;
      for (const p of honest) expect(p.outcome.kind).toBe('finished');
      expect(new Set(honest.map((p) => p.head)).size).toBe(1);
      expect(fresh.chain.seq).toBeGreaterThan(far);
      // It played on: its final signature is in, and it was not declared absent after it came back.
      const o = fresh.outcome;
      expect(o.kind === 'finished' && o.finals.includes(R)).toBe(true);
      expect(o.kind === 'finished' && o.absences.filter((a) => a.seq > far + RESUME_QUIET && a.seats.includes(R))).toEqual([]);
    });
  }
});
