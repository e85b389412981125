import { describe, expect, it } from 'vitest';
import {
  fromHex,
  legalActions,
  type SeatAction,
  toHex,
} from '../../engine/index.js';
import { canonicalJson } from '../../engine/core/canonical.js';
import { commitment } from '../../engine/core/commit.js';
import { expandOption } from '../../engine/core/options.js';
import { naclScheme, type Replay, type Outcome, verifyReplay, makeMessage } from '../../engine/protocol/index.js';
import type { Body, Entry, ParsedEntry } from '../../engine/protocol/codec/entry.js';
import { hasCanonicalS } from '../../engine/protocol/crypto/ed25519.js';
import { signEntrySync, signEchoSync } from '../../engine/protocol/crypto/signing.js';
import type { ViolationCode } from '../../engine/protocol/errors.js';
import { setTable } from '../../engine/protocol/sim/index.js';
import { after, entryMessage, expectation, honestAgents, play, type Played, playIllegalPortal, plusL, read, setupFor, SHORT, signAt } from './harness.js';

/**
 * One test per attack: a scripted cheater among honest in-process peers. Each shows that every
 * honest peer detects the attack and that all honest peers reach the same verdict.
 */

const C = 0; // the cheater's seat

/** Every honest peer ends with the same verdict naming the cheater, and the same replay, which verifies to it. */
async function expectVerdict(p: Played, code: ViolationCode, rule?: string): Promise<void> {
  for (const o of p.outcomes) {
    expect(o.kind).toBe('cheat');
    const c = o as Extract<Outcome, { kind: 'cheat' }>;
    expect(c.seat).toBe(C);
    expect(c.code).toBe(code);
    if (rule) expect(c.rule).toBe(rule);
  }
  expect(new Set(p.outcomes.map((o) => JSON.stringify(o))).size).toBe(1);
  const replays = p.table.network.honest.map((peer) => JSON.stringify(peer.replay()));
  expect(new Set(replays).size).toBe(1);
  const v = await verifyReplay(p.table.network.honest[0]!.replay());
  expect(v.valid).toBe(true);
  if (v.valid) {
    expect(v.summary.ending.kind).toBe('cheat');
    expect(v.summary.ending).toMatchObject({ seat: C, code });
  }
}

/** Every honest peer finished with the same final state and log, and the replay verifies. */
async function expectSameFinish(p: Played): Promise<void> {
  expect(p.run).toBe('done');
  for (const o of p.outcomes) expect(o.kind).toBe('finished');
  const peers = p.table.network.honest;
  expect(new Set(peers.map((x) => x.head)).size).toBe(1);
  expect(new Set(peers.map((x) => JSON.stringify(x.outcome))).size).toBe(1);
  const v = await verifyReplay(peers[0]!.replay());
  expect(v.valid).toBe(true);
}

/** Every honest peer recorded the incident. */
function expectIncident(p: Played, code: ViolationCode, match: { seat?: number; seq?: number } = {}): void {
  for (const peer of p.table.network.honest) {
      expect(peer.incidents.some((i) => i.code === code && (match.seat === undefined || i.seat === match.seat) && (match.seq === undefined || i.seq === match.seq))).toBe(true);
  }
}

/** The cheater's own entry being sent, if the message is one. */
function ownEntry(text: string, p: Played['table']): ParsedEntry | undefined {
  const m = read(text, p.network);
  return m?.t === 'entry' && m.entry.entry.seat === C ? m.entry : undefined;
}

/** The number (docs/replay-format.md, "Entry numbers") of the first entry of element `at`. */
const entryNumber = (r: Replay, at: number): number => r.log.slice(0, at).reduce((n, el) => n + el.length, 0) + 1;

const actionOf = (p: ParsedEntry) => (p.entry.body.type === 'action' ? p.entry.body.action : undefined);

describe('a malicious peer is caught by every honest peer', () => {
  it('illegal move', async () => {
    await expectVerdict(await playIllegalPortal(3, 'illegal', C), 'IllegalAction');
  });

  it('acting out of turn', async () => {
    let done = false;
    const p = await play({
      players: 3,
      seed: 'turn',
      cheater: C,
      tamper: (text, _to, t) => {
        const own = ownEntry(text, t);
        if (done || !own || own.entry.body.type !== 'action') return [text];
        // Before its last action of a turn goes out, the cheater signs an action for the next
        // position, where another seat will be awaited.
        const next = after(t.network.peers[C]!.chain, own);
        const x = next && expectation(next);
        if (!next || x?.kind !== 'main' || x.seat === C) return [text];
        done = true;
        return [entryMessage(signAt(t, C, next, { type: 'action', action: { kind: 'endTurn', seat: C } })), text];
      },
    });
    await expectVerdict(p, 'NotYourTurn');
  });

  // Run with the platform's verifier (which refuses S + L by itself) and with tweetnacl (which
  // accepts S + L: only the pinned rule's S < L check refuses it there).
  for (const [name, scheme] of [['the platform’s verifier', undefined], ['tweetnacl', naclScheme]] as const) {
    it(`forged signature (random bytes, and S replaced by S + L), verified with ${name}`, async () => {
      let forged: string | undefined;
      let malleated: string | undefined;
      let malleatedId: string | undefined;
      const p = await play({
        players: 3,
        seed: 'forged',
        cheater: C,
        ...(scheme ? { scheme } : {}),
        tamper: (text, _to, t) => {
          const m = read(text, t.network);
          if (m?.t !== 'echo') return [text];
          const out = [text];
          const chain = t.network.peers[C]!.chain;
          if ((forged === undefined && chain.seq > 3) || forged === text) {
            forged = text;
            const fake = signAt(t, 1, chain, { type: 'action', action: { kind: 'endTurn', seat: 1 } });
            out.push(makeMessage({ t: 'entry', entry: { text: fake.text, sig: 'ab'.repeat(64) } }));
          }
          const theirs = m.entries.find((e) => e.entry.seat === 1);
          if ((malleated === undefined && theirs) || malleated === text) {
            malleated = text;
            malleatedId = theirs!.id;
            out.push(makeMessage({ t: 'entry', entry: { text: theirs!.text, sig: plusL(theirs!.sig) } }));
          }
          return out;
        },
      });
      expect(p.table.scheme.name).toBe(scheme ? 'tweetnacl' : 'native');
      expectIncident(p, 'BadSignature', { seat: 1 });
      // Every honest peer but seat 1 (which holds its own entry and ignores copies of it) refused both.
      for (const peer of p.table.network.honest) expect(peer.incidents.filter((i) => i.code === 'BadSignature').length).toBeGreaterThanOrEqual(peer.seat === 1 ? 1 : 2);
      // The malleated copy changed nothing: every signature in the log has a canonical S.
      expect(malleatedId).toBeDefined();
      for (const e of p.table.network.honest[0]!.replay().log.flat()) expect(hasCanonicalS(fromHex(e.sig)!)).toBe(true);
      await expectSameFinish(p);
    });
  }

  it('entry signed by another seat’s key', async () => {
    let sent: string | undefined;
    const p = await play({
      players: 3,
      seed: 'otherkey',
      cheater: C,
      tamper: (text, _to, t) => {
        const chain = t.network.peers[C]!.chain;
        const x = expectation(chain);
        if (sent !== text && (sent !== undefined || read(text, t.network)?.t !== 'echo' || x.kind !== 'main' || x.seat !== 1)) return [text];
        sent = text;
        // An action for seat 1, naming seat 1, signed with the cheater's own key.
        const lie = { v: 1 as const, game: chain.genesis.id, seq: chain.seq, seat: 1, prev: chain.head, body: { type: 'action' as const, action: { kind: 'endTurn', seat: 1 } } };
        const sig = signAt(t, C, chain, lie.body).sig;
        return [text, makeMessage({ t: 'entry', entry: { text: canonicalJson(lie), sig } })];
      },
    });
    expectIncident(p, 'BadSignature', { seat: 1 });
    await expectSameFinish(p);
  });

  it('an old entry replayed', async () => {
    let replayed: string | undefined;
    const p = await play({
      players: 3,
      seed: 'replayed',
      cheater: C,
      tamper: (text, _to, t) => {
        const peer = t.network.peers[C]!;
        if (replayed !== text && (replayed !== undefined || read(text, t.network)?.t !== 'echo' || peer.chain.seq < 12)) return [text];
        replayed = text;
        const old = peer.replay().log[1]!.find((e) => !e.text.includes(`"seat":${C},`))!;
        return [text, makeMessage({ t: 'entry', entry: old })];
      },
    });
    // A peer that already holds it says so (Stale), at the position it names.
    expectIncident(p, 'Stale', { seq: 1 });
    for (const peer of p.table.network.honest) expect(peer.incidents.filter((i) => i.seq === 1 && i.code !== 'Stale')).toEqual([]);
    await expectSameFinish(p);
    // The log's own check: the same entry put at a later position of the replay is Stale there, by number.
    const r = p.table.network.honest[0]!.replay();
    const at = 12;
    const copied: Replay = { ...r, log: r.log.map((el, i) => (i === at ? [r.log[1]![0]!] : el)) };
    expect(await verifyReplay(copied)).toMatchObject({ valid: false, failure: { entry: entryNumber(r, at), element: at, code: 'Stale' } });
  });

  it('an entry from another game', async () => {
    // The same seats (same keys) at another table: genuine, well-signed entries of that game, sent
    // for the first position before play, and later for a position already settled here.
    const other = await setTable(setupFor(3), 'othergame', honestAgents(3, 'othergame'), { settings: SHORT, game: 'another-table' });
    const endTurn = { type: 'action' as const, action: { kind: 'endTurn', seat: C } };
    const foreign = signAt(other, C, other.network.peers[C]!.chain, endTurn);
    const late = signAt(other, C, other.network.peers[C]!.chain, endTurn, 5, 'ab'.repeat(32));
    let sent: string | undefined;
    const p = await play({
      players: 3,
      seed: 'othergame',
      cheater: C,
      before: (t) => {
        expect(t.genesis.id).not.toBe(other.genesis.id);
        expect(toHex(t.secrets[C]!.keys.publicKey)).toBe(toHex(other.secrets[C]!.keys.publicKey));
        for (const to of [1, 2]) t.network.inject(C, to, entryMessage(foreign));
      },
      tamper: (text, _to, t) => {
        if (sent !== text && (sent !== undefined || read(text, t.network)?.t !== 'echo' || t.network.peers[C]!.chain.seq < 10)) return [text];
        sent = text;
        return [text, entryMessage(late)];
      },
    });
    expectIncident(p, 'WrongGame', { seq: 0 });
    expectIncident(p, 'WrongGame', { seq: 5 });
    for (const peer of p.table.network.honest) expect(peer.incidents.filter((i) => i.code !== 'WrongGame' && i.seat === C && (i.seq === 0 || i.seq === 5))).toEqual([]);
    await expectSameFinish(p);
    // The log's own check: an entry of another game at its exact position (same seat, key, position,
    // previous hash and body; well signed) is WrongGame there, by number.
    const r = p.table.network.honest[0]!.replay();
    const at = r.log.findIndex((el, i) => i > 0 && el.length === 1);
    const original = JSON.parse(r.log[at]![0]!.text) as Entry;
    const seat = original.seat;
    const moved = signEntrySync(p.table.secrets[seat]!.keys, { ...original, game: other.genesis.id });
    const spliced: Replay = { ...r, log: r.log.map((el, i) => (i === at ? [{ text: moved.text, sig: moved.sig }] : el)) };
    expect(await verifyReplay(spliced)).toMatchObject({ valid: false, failure: { entry: entryNumber(r, at), element: at, code: 'WrongGame' } });
  });

  it('equivocation', async () => {
    let done = false;
    const p = await play({
      players: 3,
      seed: 'equivocate',
      cheater: C,
      tamper: (text, to, t) => {
        const own = ownEntry(text, t);
        const a = own && actionOf(own);
        const chain = t.network.peers[C]!.chain;
        if (done || !own || !a || own.entry.seq !== chain.seq) return [text];
        const others = legalActions(chain.state, C, t.secrets[C]!.vault).filter((b) => canonicalJson(b) !== canonicalJson(a));
        if (others.length === 0) return [text];
        if (to === 2) done = true;
        if (to === 1) return [text];
        return [entryMessage(signAt(t, C, chain, { type: 'action', action: others[0] as never }))];
      },
    });
    await expectVerdict(p, 'Equivocation');
    const v = p.table.network.honest[0]!.replay().evidence!;
    expect(v.entries).toHaveLength(2);
  });

  it('a revealed tile that does not match its commitment', async () => {
    const honest = honestAgents(3, 'mismatch')[C]!;
    const p = await play({
      players: 3,
      seed: 'mismatch',
      cheater: C,
      agent: (state, seat, legal, vault) => {
        const a = honest(state, seat, legal, vault.seat === seat ? vault : vault) as SeatAction;
        if ((a.kind === 'placeTile' || a.kind === 'setAsideTile') && a.opening) {
          const salt = (a.opening.salt[0] === '0' ? '1' : '0') + a.opening.salt.slice(1);
          return { ...a, opening: { ...a.opening, salt } };
        }
        return a;
      },
    });
    await expectVerdict(p, 'IllegalAction', 'OpeningMismatch');
  });

  it('a revealed tile the pile could not hold', async () => {
    // The cheater commits seven forests and reveals its drawn tiles as forests.
    const salt = (i: number) => toHex(new Uint8Array(16).fill(i + 1));
    const ref = (i: number) => `tile:${C}:${i}`;
    const fake = Array.from({ length: 7 }, (_, i) => commitment(ref(i), 'forest', salt(i)));
    const honest = honestAgents(3, 'pile')[C]!;
    const p = await play({
      players: 3,
      seed: 'pile',
      cheater: C,
      agent: (state, seat, options, vault) => {
        const legal = options.flatMap(expandOption);
        if (legal[0]?.kind === 'commitTiles') return { kind: 'commitTiles', seat, commitments: fake };
        const draw = legal.find((a) => a.kind === 'drawTile');
        if (draw) return draw;
        const drawn = state.seats[seat]!.drawn;
        const place = legal.find((a) => (a.kind === 'placeTile' || a.kind === 'setAsideTile') && a.from === 'drawn');
        if (place && drawn) {
          const i = Number(drawn.split(':')[2]);
          return { ...place, opening: { ref: drawn, value: 'forest', salt: salt(i) } };
        }
        return honest(state, seat, options, vault);
      },
    });
    await expectVerdict(p, 'IllegalAction', 'OpeningNotInPile');
  });

  it('a wrong beacon link', async () => {
    let done = false;
    const p = await play({
      players: 3,
      seed: 'badlink',
      cheater: C,
      tamper: (text, _to, t) => {
        const own = ownEntry(text, t);
        if (!own || own.entry.body.type !== 'link') return [text];
        if (!done) done = true;
        const chain = t.network.peers[C]!.chain;
        const bad = signAt(t, C, chain, { type: 'link', event: own.entry.body.event, link: 'ab'.repeat(32) }, own.entry.seq, own.entry.prev);
        return [entryMessage(bad)];
      },
    });
    expect(done).toBe(true);
    await expectVerdict(p, 'BadLink');
  });

  it('a withheld beacon link: the event goes on without it', async () => {
    const p = await play({ players: 3, seed: 'withheld', cheater: C, tamper: withholding('link') });
    await expectSameFinish(p);
    const o = p.outcomes[0] as Extract<Outcome, { kind: 'finished' }>;
    expect(o.absences.some((a) => a.item === 'link' && a.seats.includes(C))).toBe(true);
    // The cheater's own peer, declared absent, took the settled version too.
    expect(p.table.network.peers[C]!.head).toBe(p.table.network.honest[0]!.head);
  });

  it('a withheld reveal: the absent seat gets the passive choice, the game goes on', async () => {
    const honest = honestAgents(3, 'noreveal')[C]!;
    let withheld = 0;
    const p = await play({
      players: 3,
      seed: 'noreveal',
      cheater: C,
      agent: (state, seat, legal, vault) => {
        if (legal.flatMap(expandOption).some((a) => a.kind !== 'commitTiles' && 'opening' in a && a.opening)) {
          withheld++;
          return undefined; // never reveals its drawn tile
        }
        return honest(state, seat, legal, vault);
      },
    });
    expect(withheld).toBeGreaterThan(0);
    await expectSameFinish(p);
    const o = p.outcomes[0] as Extract<Outcome, { kind: 'finished' }>;
    expect(o.absences.some((a) => a.item === 'action' && a.seats.includes(C))).toBe(true);
  });

  it('withheld final openings: the seat forfeits', async () => {
    const p = await play({ players: 3, seed: 'noopen', cheater: C, tamper: withholding('open') });
    await expectSameFinish(p);
    for (const o of p.outcomes) expect(o).toMatchObject({ kind: 'finished', end: { kind: 'forfeit', seat: C, reason: 'withheldOpenings' } });
  });

  it('a state that diverges', async () => {
    let done = false;
    const p = await play({
      players: 3,
      seed: 'diverge',
      cheater: C,
      tamper: (text, _to, t) => {
        const m = read(text, t.network);
        if (m?.t !== 'echo' || m.echo.seq < 6 || (done && m.echo.seq !== 6)) return [text];
        done = true;
        const echo = signEchoSync(t.secrets[C]!.keys, { ...m.echo, state: 'cd'.repeat(32) });
        return [makeMessage({ t: 'echo', echo, entries: m.entries })];
      },
    });
    await expectVerdict(p, 'Diverged');
  });

  it('a malformed message', async () => {
    const junk = ['{not json', '[]', '{"t":"entry"}', '{"t":"entry","entry":"{}","sig":"00"}', '{"t":"echo","echo":"{\\"v\\":1}","sig":"' + '0'.repeat(128) + '","entries":[]}', '{"t":"nope"}', 'null', '\u0000\u0001'];
    const p = await play({
      players: 3,
      seed: 'malformed',
      cheater: C,
      before: (t) => {
        for (const j of junk) for (const to of [1, 2]) t.network.inject(C, to, j);
      },
    });
    for (const peer of p.table.network.honest) expect(peer.incidents.filter((i) => i.code === 'Malformed').length).toBe(junk.length);
    await expectSameFinish(p);
  });

  it('an oversized message', async () => {
    const p = await play({
      players: 3,
      seed: 'oversized',
      cheater: C,
      before: (t) => {
        for (const to of [1, 2]) t.network.inject(C, to, JSON.stringify({ t: 'entry', entry: 'x'.repeat(70_000), sig: '00' }));
      },
    });
    expectIncident(p, 'Oversized');
    await expectSameFinish(p);
  });
});

/** A cheater that never lets one kind of its items out, neither alone nor inside its echoes. */
function withholding(type: Body['type']) {
  return (text: string, _to: number, t: Played['table']): string[] => {
    const m = read(text, t.network);
    if (!m) return [text];
    if (m.t === 'entry') return m.entry.entry.seat === C && m.entry.entry.body.type === type ? [] : [text];
    if (m.t === 'echo') {
      const kept = m.entries.filter((e) => !(e.entry.seat === C && e.entry.body.type === type));
      return [makeMessage({ t: 'echo', echo: m.signed, entries: kept })];
    }
    return [text];
  };
}

