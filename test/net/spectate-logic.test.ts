import { beforeAll, describe, expect, it } from 'vitest';
import { stateHash } from '../../engine/index.js';
import { type Evidence, makeMessage, MAX_FETCH, parseGenesisText, type ParsedGenesis, type Replay, type SignedEntry, verdictOf, verifyReplay } from '../../engine/protocol/index.js';
import { MAX_EVIDENCE_CHECKS } from '../../engine/protocol/verify/follow.js';
import { makeWatchService, parseWatchRequest, type Spectator, type SpectatorView, startSpectator, watchRequest, type WatchService } from '../../src/net/spectate.js';
import { Listeners, type LinkState, type Transport } from '../../src/net/transport.js';
import { play, playIllegalPortal } from '../protocol/harness.js';
import type { Table } from '../../engine/protocol/sim/index.js';

/**
 * The spectator's logic without a network (spectate.test.ts runs it over WebRTC): players' pages
 * answering from their logs, one hostile, one going away.
 */

let replay: Replay;
let table: Table;
let genesis: ParsedGenesis;
let finalHash: string;
/** A 3-seat game seat 0 stopped in map creation with an illegal portal: its log and the evidence, as its honest pages keep them. */
let cheat: Replay;
let cheatGenesis: ParsedGenesis;

beforeAll(async () => {
  const played = await play({ players: 2, seed: 'spectate-logic', settings: { limit: 50 } });
  table = played.table;
  replay = table.network.honest[0]!.replay();
  finalHash = stateHash(table.network.honest[0]!.state);
  const g = parseGenesisText(replay.genesis);
  if (!g.ok) throw new Error(g.error.message);
  genesis = g.value;
  // Seat 0 plays honestly for a few choices, then places a portal off the map.
  cheat = (await playIllegalPortal(3, 'spectate-cheat', 0, 3)).table.network.honest[0]!.replay();
  const cg = parseGenesisText(cheat.genesis);
  if (!cg.ok) throw new Error(cg.error.message);
  cheatGenesis = cg.value;
}, 60_000);

/** The spectator's side of a transport whose seats are pages played by the test: what it sends a page goes to that page's watch service. */
function fakeTransport(seats: number, sent: [number, string][]) {
  const messages = new Listeners<[number, string]>();
  const states = new Listeners<[number, LinkState]>();
  const now: LinkState[] = new Array<LinkState>(seats).fill('connecting');
  const pages: (WatchService | null)[] = new Array<WatchService | null>(seats).fill(null);
  const transport: Transport = {
    seat: -1,
    send(text, to) {
      sent.push([to ?? -1, text]);
      const p = to === undefined ? null : pages[to];
      if (p && now[to!] === 'connected') queueMicrotask(() => p.receive(seats, text));
    },
    onMessage: (l) => messages.add(l),
    onState: (l) => states.add(l),
    onReport: () => () => undefined,
    states: () => now,
    dispose: () => messages.clear(),
  };
  return {
    transport,
    deliver: (from: number, text: string) => messages.emit(from, text),
    /** A page at `seat` holding the first `upTo` elements of `of` (and the final signatures if `finished`, the evidence if it has some), connected. */
    open(seat: number, upTo: number, finished: boolean, of: Replay = replay) {
      pages[seat] = page(upTo, finished, (text) => queueMicrotask(() => now[seat] === 'connected' && messages.emit(seat, text)), of);
      now[seat] = 'connected';
      states.emit(seat, 'connected');
    },
    away(seat: number) {
      now[seat] = 'away';
      states.emit(seat, 'away');
    },
  };
}

/** A player's page as a spectator sees it: a watch service over the first `upTo` elements of the replay. */
function page(upTo: number, finished: boolean, out: (text: string) => void, of: Replay = replay): WatchService {
  const stopped = of.evidence !== null && upTo === of.log.length;
  const service = makeWatchService({
    elements: (from) => of.log.slice(from, upTo),
    finals: () => (finished ? of.finals : []),
    evidence: () => (stopped ? of.evidence : null),
    send: (text) => out(text),
    maxMessageBytes: genesis.genesis.settings.maxMessageBytes,
  });
  service.push(upTo, stopped ? 'stopped' : finished ? 'finished' : 'playing');
  return service;
}

/** Resolves once the spectator's view satisfies `test` (checked on each of its events). */
const until = (s: Spectator, test: (v: SpectatorView) => boolean): Promise<void> =>
  new Promise((resolve) => {
    if (test(s.view())) return resolve();
    const off = s.on(() => {
      if (test(s.view())) {
        off();
        resolve();
      }
    });
  });

describe('spectators: the logic', () => {
  it('a watch request reads back; nothing else reads as one', () => {
    expect(parseWatchRequest(watchRequest(42))).toBe(42);
    for (const t of ['{"t":"watch","from":-1}', '{"t":"watch","from":1.5}', '{"t":"watch","from":1,"x":2}', '{"t":"fetch","from":1,"count":2}', 'rubbish']) expect(parseWatchRequest(t), t).toBeNull();
  });

  it("a player's page answers within one message and MAX_FETCH elements, a few times a second, and pushes what follows", () => {
    const out: { to: number; text: string }[] = [];
    let upTo = 10;
    const service = makeWatchService({
      elements: (from) => replay.log.slice(from, upTo),
      finals: () => (upTo === replay.log.length ? replay.finals : []),
      send: (text, to) => out.push({ to, text }),
      maxMessageBytes: 4096,
    });
    service.push(upTo, 'playing');
    service.receive(3, watchRequest(0));
    const first = JSON.parse(out[0]!.text) as { t: string; from: number; elements: unknown[] };
    expect(out[0]!.to).toBe(3);
    expect(first).toMatchObject({ t: 'history', from: 0 });
    expect(out[0]!.text.length).toBeLessThanOrEqual(4096);
    // Cut at the message size: the rest comes when asked.
    const got = first.elements.length;
    expect(got).toBeGreaterThan(0);
    expect(got).toBeLessThan(10);
    service.receive(3, watchRequest(got));
    expect(JSON.parse(out[1]!.text)).toMatchObject({ from: got });
    // What the page applies next is pushed to the spectator that asked, from where it is.
    const before = out.length;
    const next = (JSON.parse(out[1]!.text) as { elements: unknown[] }).elements.length + got;
    upTo = next + 1;
    service.push(upTo, 'playing');
    expect(out.length).toBe(before + 1);
    expect(JSON.parse(out.at(-1)!.text)).toMatchObject({ t: 'history', from: next, elements: [expect.anything()] });
    // A spectator asking over and over is answered a few times a second at most; anything else it sends is ignored.
    out.length = 0;
    for (let i = 0; i < 20; i++) service.receive(3, watchRequest(0));
    expect(out.length).toBeLessThanOrEqual(8);
    service.receive(4, 'not a request');
    expect(out.filter((m) => m.to === 4)).toEqual([]);
    expect(MAX_FETCH).toBeGreaterThan(1);
  });

  it('refuses what a hostile page forges, follows an honest one, and asks the page that remains when another goes away', async () => {
    const sent: [number, string][] = [];
    const net = fakeTransport(2, sent);
    const started = await startSpectator({ watched: { genesis, genesisSignatures: replay.genesisSignatures }, transport: net.transport, scheme: table.scheme });
    if (!started.ok) throw new Error(started.error.message);
    const s = started.value;
    try {
      // Seat 1's page forges the first element (a signature changed): refused, nothing changes.
      const el = replay.log[0]!;
      const forged: SignedEntry[] = [{ ...el[0]!, sig: el[0]!.sig.slice(0, 70) + (el[0]!.sig[70] === '0' ? '1' : '0') + el[0]!.sig.slice(71) }, ...el.slice(1)];
      const refused: string[] = [];
      s.on((e) => e.kind === 'refused' && refused.push(e.violation.code));
      net.deliver(1, makeMessage({ t: 'history', from: 0, elements: [forged] }));
      await until(s, (v) => v.refused === 1);
      expect(refused).toEqual(['BadSignature']);
      expect(s.view().game.seq).toBe(0);
      // Seat 0's page connects: the spectator asks it from 0 and follows what it has (half the game); then it goes away.
      const half = Math.floor(replay.log.length / 2);
      net.open(0, half, false);
      await until(s, (v) => v.game.seq === half);
      expect(sent.filter(([to]) => to === 0).map(([, t]) => parseWatchRequest(t))[0]).toBe(0);
      net.away(0);
      // Seat 1's page (honest now, further on, the game finished) connects: asked from where the spectator is, it gives the rest and the final signatures.
      sent.length = 0;
      net.open(1, replay.log.length, true);
      expect(sent.map(([to, t]) => [to, parseWatchRequest(t)])).toEqual([[1, half]]);
      const over = await s.over;
      expect(over.status).toBe('over');
      expect(stateHash(over.game.state)).toBe(finalHash);
      expect(s.follower.replay()).toEqual(replay);
      expect(await verifyReplay(s.follower.replay())).toMatchObject({ valid: true });
    } finally {
      s.dispose();
    }
  });

  it('a game stopped with a verdict: the spectator checks the evidence, refuses a forged or misplaced one, and keeps a replay that proves the cheat', async () => {
    expect(cheat.evidence).not.toBeNull();
    const real = cheat.evidence!;
    const sent: [number, string][] = [];
    const net = fakeTransport(3, sent);
    const started = await startSpectator({ watched: { genesis: cheatGenesis, genesisSignatures: cheat.genesisSignatures }, transport: net.transport, scheme: table.scheme });
    if (!started.ok) throw new Error(started.error.message);
    const s = started.value;
    const refused: string[] = [];
    s.on((e) => e.kind === 'refused' && refused.push(e.violation.code));
    const evidenceText = (e: Evidence) => JSON.stringify({ t: 'evidence', entries: e.entries.map((x) => ({ entry: x.text, sig: x.sig })), echo: e.echo ? { echo: e.echo.text, sig: e.echo.sig } : null });
    try {
      // Seat 2's page follows the log to where it stopped, but has no evidence: the spectator follows, not stopped.
      net.open(2, cheat.log.length, false, { ...cheat, evidence: null });
      await until(s, (v) => v.game.seq === cheat.log.length);
      expect(s.view().status).toBe('following');
      // Seat 1's page forges the evidence (the illegal entry's signature changed): refused, nothing stops.
      const entry = real.entries[0]!;
      const flip = (sig: string) => sig.slice(0, 10) + (sig[10] === '0' ? '1' : '0') + sig.slice(11);
      net.deliver(1, evidenceText({ ...real, entries: [{ ...entry, sig: flip(entry.sig) }, ...real.entries.slice(1)] }));
      await until(s, (v) => v.refused === 1);
      expect(refused).toEqual(['BadSignature']);
      expect(s.view().game.stopped).toBeNull();
      // Evidence that is no evidence (an honest element of the log, signed, but legal): refused too.
      net.deliver(1, evidenceText({ entries: [cheat.log[0]![0]!], echo: null }));
      await until(s, (v) => v.refused === 2);
      expect(s.view().game.stopped).toBeNull();
      expect(s.view().status).toBe('following');
      // Malformed evidence never reaches the follower.
      net.deliver(1, '{"t":"evidence","entries":"no","echo":null}');
      // Seat 1's honest page: every element, then the evidence; the spectator stops where the players did.
      net.open(1, cheat.log.length, false, cheat);
      const over = await s.over;
      expect(over.status).toBe('stopped');
      expect(over.game.stopped).toMatchObject({ kind: 'cheat', seat: 0, code: 'IllegalAction' });
      expect(s.view().refused).toBe(2);
      const theirs = s.follower.replay();
      const plain = (e: Evidence | null) => e && { entries: e.entries.map(({ text, sig }) => ({ text, sig })), echo: e.echo };
      expect(plain(theirs.evidence)).toEqual(plain(real));
      const v = await verifyReplay(theirs);
      expect(v.valid && v.summary.ending).toMatchObject({ kind: 'cheat', seat: 0, code: 'IllegalAction' });
      // Stopped, nothing more is taken.
      const more = await s.follower.accept(cheat.log.length, cheat.log[0]!);
      expect(more.ok).toBe(false);
    } finally {
      s.dispose();
    }
  });

  for (const players of [4, 6]) {
    it(`${players} players: a hostile page's junk evidence, sent first, does not blind the spectator to the real evidence`, async () => {
      const game = (await playIllegalPortal(players, `blind-${players}`, 0, 3)).table.network.honest[0]!.replay();
      const g = parseGenesisText(game.genesis);
      if (!g.ok) throw new Error(g.error.message);
      const real = game.evidence!;
      const sent: [number, string][] = [];
      const net = fakeTransport(players, sent);
      const started = await startSpectator({ watched: { genesis: g.value, genesisSignatures: game.genesisSignatures }, transport: net.transport, scheme: table.scheme });
      if (!started.ok) throw new Error(started.error.message);
      const s = started.value;
      const evidenceText = (e: Evidence) => JSON.stringify({ t: 'evidence', entries: e.entries.map((x) => ({ entry: x.text, sig: x.sig })), echo: e.echo ? { echo: e.echo.text, sig: e.echo.sig } : null });
      try {
        // The hostile page (the cheater's own) gives the log, no evidence, then junk: the real entry with forged signatures.
        const hostile = 0;
        net.open(hostile, game.log.length, false, { ...game, evidence: null });
        await until(s, (v) => v.game.seq === game.log.length);
        const entry = real.entries[0]!;
        for (let i = 0; i < MAX_EVIDENCE_CHECKS + 2; i++) {
          const sig = entry.sig.slice(0, 10) + (i % 16).toString(16) + entry.sig.slice(11);
          if (sig !== entry.sig) net.deliver(hostile, evidenceText({ ...real, entries: [{ ...entry, sig }] }));
        }
        await until(s, (v) => v.refused >= MAX_EVIDENCE_CHECKS);
        expect(s.view().game.stopped).toBeNull();
        // An honest page sends the real evidence: the spectator stops with the verdict, and its replay proves the cheat.
        net.open(1, game.log.length, false, game);
        const over = await s.over;
        expect(over.status).toBe('stopped');
        expect(over.game.stopped).toMatchObject({ kind: 'cheat', seat: 0, code: 'IllegalAction' });
        expect(verdictOf(await verifyReplay(s.follower.replay()))).toBe('cheat');
      } finally {
        s.dispose();
      }
    });
  }

  it('a hostile page sending evidence over and over is checked a bounded number of times', async () => {
    const sent: [number, string][] = [];
    const net = fakeTransport(3, sent);
    const started = await startSpectator({ watched: { genesis: cheatGenesis, genesisSignatures: cheat.genesisSignatures }, transport: net.transport, scheme: table.scheme });
    if (!started.ok) throw new Error(started.error.message);
    const s = started.value;
    try {
      net.open(2, cheat.log.length, false, { ...cheat, evidence: null });
      await until(s, (v) => v.game.seq === cheat.log.length);
      const codes: string[] = [];
      for (let i = 0; i < MAX_EVIDENCE_CHECKS + 4; i++) {
        const r = await s.follower.acceptEvidence({ entries: [cheat.log[i % cheat.log.length]![0]!], echo: null });
        codes.push(r.ok ? 'ok' : r.error.violation.code);
      }
      expect(codes.slice(MAX_EVIDENCE_CHECKS)).toEqual(['Flood', 'Flood', 'Flood', 'Flood']);
      expect(codes.slice(0, MAX_EVIDENCE_CHECKS)).not.toContain('Flood');
      expect(s.view().game.stopped).toBeNull();
    } finally {
      s.dispose();
    }
  });
});
