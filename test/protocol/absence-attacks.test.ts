import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/index.js';
import { makeMessage, type Outcome, verifyReplay } from '../../engine/protocol/index.js';
import { type Chain, expectation } from '../../engine/protocol/log/chain.js';
import type { ParsedEntry } from '../../engine/protocol/codec/entry.js';
import { signEchoSync } from '../../engine/protocol/crypto/signing.js';
import { type Network, setTable, type Table } from '../../engine/protocol/sim/index.js';
import { entryMessage, honestAgents, read, setupFor, SHORT, signAt } from './harness.js';

/**
 * Attacks on the absence rules (issue 9, item 1 and 2): a seat that claims everyone else absent,
 * a seat that withholds its claims while another drops, two seats dropping just after an echo,
 * forged unsigned echoes. Each test fails when its defence is removed.
 */

const C: Seat = 0; // the cheater

type Finished = Extract<Outcome, { kind: 'finished' }>;

async function run(players: number, seed: string, options: { cheaters: Seat[]; tamper: Record<number, (text: string, to: Seat, net: Network) => string[]>; limit?: number }): Promise<Table> {
  const table = await setTable(setupFor(players), seed, honestAgents(players, seed), {
    settings: { ...SHORT, ...(options.limit ? { limit: options.limit } : {}) },
    cheaters: options.cheaters,
    tamper: options.tamper,
  });
  for (const p of table.network.peers) await p.start();
  expect(await table.network.run(undefined, 300_000)).toBe('done');
  return table;
}

/** Every honest peer finished with the same head and outcome; the replay verifies. */
async function sameFinish(table: Table): Promise<Finished> {
  const honest = table.network.honest;
  for (const p of honest) expect(p.outcome.kind).toBe('finished');
  expect(new Set(honest.map((p) => p.head)).size).toBe(1);
  expect(new Set(honest.map((p) => JSON.stringify(p.outcome))).size).toBe(1);
  const v = await verifyReplay(honest[0]!.replay());
  expect(v.valid).toBe(true);
  return honest[0]!.outcome as Finished;
}

describe('a seat claiming every other seat absent never succeeds', () => {
  for (const players of [2, 3, 4, 6]) {
    it(`${players} players: at an action and at a random event, honest peers go on and agree`, async () => {
      const others = Array.from({ length: players }, (_, s) => s).filter((s) => s !== C);
      const forged = { main: 0, random: 0 };
      let table: Table | undefined;
      // With each of its echoes, the cheater also sends a claim, signed at once (no timer), naming
      // every other seat at the place its own peer is at: once at an action, once at a random event.
      const tamper = (text: string, _to: Seat, net: Network): string[] => {
        const chain: Chain = net.peers[C]!.chain;
        const x = expectation(chain);
        if (read(text, net)?.t !== 'echo' || chain.seq < 4) return [text];
        const kind = x.kind === 'main' && x.seat !== C ? 'main' : x.kind === 'random' ? 'random' : undefined;
        if (!kind || forged[kind] > players) return [text];
        forged[kind]++;
        return [text, entryMessage(signAt(table!, C, chain, { type: 'absent', seats: others }))];
      };
      table = await setTable(setupFor(players), `all-absent-${players}`, honestAgents(players, `all-absent-${players}`), { settings: SHORT, cheaters: [C], tamper: { [C]: tamper } });
      for (const p of table.network.peers) await p.start();
      expect(await table.network.run()).toBe('done');
      expect(forged.main).toBeGreaterThan(0);
      expect(forged.random).toBeGreaterThan(0);
      const o = await sameFinish(table);
      // No honest seat was ever declared absent: the honest peers played on with the seats' own items.
      expect(o.absences).toEqual([]);
      expect(o.minority).toBe(false);
      expect(o.finals).toEqual(Array.from({ length: players }, (_, s) => s));
    });
  }
});

/** Drops everything a seat sends from the moment `from(net)` says so. */
function dropper(start: (net: Network) => boolean): (text: string, to: Seat, net: Network) => string[] {
  let dropping = false;
  return (text, _to, net) => {
    if (!dropping && start(net)) dropping = true;
    return dropping ? [] : [text];
  };
}

/** A cheater that never lets a claim out, alone or inside its echoes; everything else it sends. */
function withholdingClaims(text: string, _to: Seat, net: Network): string[] {
  const m = read(text, net);
  const noClaims = (entries: readonly ParsedEntry[]) => entries.filter((e) => e.entry.body.type !== 'absent').map((e) => ({ text: e.text, sig: e.sig }));
  if (m?.t === 'entry' && m.entry.entry.body.type === 'absent') return [];
  if (m?.t === 'echo') return [makeMessage({ t: 'echo', echo: m.signed, entries: noClaims(m.entries) })];
  if (m?.t === 'relay') return [makeMessage({ t: 'relay', entries: noClaims(m.entries) })];
  // Nor in its catch-up answers (the entries it holds for the current place ride on them).
  if (m?.t === 'history') return [makeMessage({ t: 'history', from: m.from, elements: m.elements.map(noClaims).filter((el) => el.length > 0) })];
  return [text];
}

describe('a game never hangs while a majority of seats is present', () => {
  for (const players of [3, 5]) {
    it(`${players} players: a seat withholding its claims while another drops is named too, and the game ends`, async () => {
      const D: Seat = players - 1;
      const awaitsD = (net: Network) => {
        const c = net.peers[D]!.chain;
        const x = expectation(c);
        return c.seq > 10 && x.kind === 'main' && x.seat === D;
      };
      const table = await run(players, `obstruct-${players}`, { cheaters: [C, D], tamper: { [C]: withholdingClaims, [D]: dropper(awaitsD) } });
      const o = await sameFinish(table);
      // The obstructor was named with the dropped seat at the place where it signed nothing.
      expect(o.absences.some((a) => a.seats.includes(C) && a.seats.includes(D))).toBe(true);
      // With three seats only one honest seat is left: its word is marked; with five, three honest seats are a majority.
      expect(o.minority).toBe(players === 3);
    });
  }

  for (const players of [4, 5, 6]) {
    it(`${players} players: at a random event, a seat that gives its link but withholds its claims while another drops is named too`, async () => {
      const D: Seat = players - 1;
      // D falls silent with its first beacon link after position 10; C gives its link but never a claim.
      let silent = false;
      const silentFromLink = (text: string, _to: Seat, net: Network): string[] => {
        const m = read(text, net);
        if (m?.t === 'entry' && m.entry.entry.body.type === 'link' && m.entry.entry.seq > 10) silent = true;
        return silent ? [] : [text];
      };
      const table = await run(players, `obstruct-random-${players}`, { cheaters: [C, D], tamper: { [C]: withholdingClaims, [D]: silentFromLink } });
      const o = await sameFinish(table);
      // The first settlement at a random event names the obstructor with the dropped seat.
      const first = o.absences.find((a) => a.item === 'link')!;
      expect(first.seats).toEqual([C, D]);
      // At four seats the two honest seats are no majority: their word is marked; at five and six they are.
      expect(o.minority).toBe(players === 4);
    });
  }

  for (const players of [4, 5]) {
    it(`${players} players: two seats dropping just after one of them echoed are both settled`, async () => {
      const A: Seat = 1;
      const B: Seat = 2;
      let cut: number | undefined;
      // A's echo of element k goes out, the log now awaiting B's action; then A and B fall silent
      // together. A was heard after element k: only B lacks, and A's claim is needed too.
      const awaitsB = (net: Network, s: Seat) => {
        const c = net.peers[s]!.chain;
        const x = expectation(c);
        return c.seq > 12 && x.kind === 'main' && x.seat === B;
      };
      const silentA = (text: string, _to: Seat, net: Network): string[] => {
        const m = read(text, net);
        if (cut === undefined && m?.t === 'echo' && awaitsB(net, A)) {
          cut = m.echo.seq;
          return [text];
        }
        return cut === undefined ? [text] : [];
      };
      // B falls silent as soon as it is awaited there (its echo of element k included).
      let bSilent = false;
      const silentB = (text: string, _to: Seat, net: Network): string[] => {
        if (awaitsB(net, B)) bSilent = true;
        return bSilent ? [] : [text];
      };
      const table = await run(players, `after-echo-${players}`, { cheaters: [A, B], tamper: { [A]: silentA, [B]: silentB } });
      expect(cut).toBeDefined();
      const o = await sameFinish(table);
      expect(o.absences.some((a) => a.seats.includes(A) && a.seats.includes(B))).toBe(true);
      expect(o.minority).toBe(players === 4);
    });
  }

  it('forged unsigned echoes do not make a dropped seat look present', async () => {
    // Seats 1 and 2 drop at once; the cheater (seat 0, otherwise honest) sends, for each, an echo
    // of every element with a bad signature. Honest peers must still name both silent seats at once.
    const players = 4;
    const dropped: Seat[] = [1, 2];
    let cut: number | undefined;
    const silent = (text: string, _to: Seat, net: Network): string[] => {
      const c = net.peers[3]!.chain;
      if (cut === undefined && c.seq > 12 && expectation(c).kind === 'main') cut = c.seq;
      return cut === undefined ? [text] : [];
    };
    let forgedEchoes = 0;
    // eslint-disable-next-line prefer-const
    let table: Table | undefined;
    const forge = (text: string, _to: Seat, net: Network): string[] => {
      const m = read(text, net);
      if (cut === undefined || m?.t !== 'echo') return [text];
      const out = [text];
      for (const s of dropped) {
        // Signed with the cheater's own key: not seat s's signature.
        const fake = signEchoSync(table!.secrets[C]!.keys, { ...m.echo, seat: s });
        out.push(makeMessage({ t: 'echo', echo: { text: fake.text, sig: fake.sig }, entries: [] }));
        forgedEchoes++;
      }
      return out;
    };
    table = await setTable(setupFor(players), 'forged-echoes', honestAgents(players, 'forged-echoes'), { settings: SHORT, cheaters: [C, ...dropped], tamper: { [C]: forge, 1: silent, 2: silent } });
    for (const p of table.network.peers) await p.start();
    expect(await table.network.run()).toBe('done');
    expect(forgedEchoes).toBeGreaterThan(0);
    const honest = table.network.honest;
    expect(honest.map((p) => p.seat)).toEqual([3]);
    const o = honest[0]!.outcome as Finished;
    expect(o.kind).toBe('finished');
    // The first settlement after the drop names both silent seats, in round 0: the forged echoes changed nothing.
    const first = o.absences.find((a) => a.seq >= cut!)!;
    expect(first.seats).toEqual(expect.arrayContaining(dropped));
    const element = honest[0]!.replay().log[first.seq]!;
    expect(element.every((e) => !e.text.includes('"round"'))).toBe(true);
    expect(honest[0]!.incidents.some((i) => i.code === 'BadSignature' && dropped.includes(i.seat!))).toBe(true);
  });
});

void signAt;
