import { describe, expect, it } from 'vitest';
import { type GameState, legalOptions, type Seat } from '../../engine/index.js';
import { randomAgent } from '../../engine/agents/index.js';
import { agentStream } from '../../engine/local/index.js';
import { parseMessage, type PeerAgent, verifyReplay } from '../../engine/protocol/index.js';
import type { PeerView } from '../../engine/protocol/peer/session.js';
import { setTable } from '../../engine/protocol/sim/index.js';
import { honestAgents, setupFor } from './harness.js';

/**
 * Issue 9, item 7: the peer a person can drive (makePeerSession): a person's choice comes later
 * than the bots' and the game goes on; bots answer asynchronously through the same submit;
 * subscribers see every new state once, in order; dispose stops everything.
 */
describe('peer sessions', () => {
  it("a person's submit arrives after the bots' and the game goes on; refused submits change nothing", async () => {
    const P: Seat = 1;
    const name = 'person';
    const agents: (PeerAgent | undefined)[] = honestAgents(3, name);
    agents[P] = undefined;
    const choose = randomAgent(agentStream(name, P));
    let choices = 0;
    let refusals = 0;
    const table = await setTable(setupFor(3), name, agents, {
      settings: { limit: 40, timer: null },
      // When nothing else can happen, the person clicks (a refused click first, now and then).
      onIdle: async (net) => {
        const person = net.peers[P]!;
        const view = person.view();
        if (!view.yourTurn) return;
        if (choices % 5 === 0) {
          const r = await person.submit({ kind: 'noSuchAction', seat: P });
          expect(r.ok).toBe(false);
          expect(person.view()).toBe(view);
          refusals++;
        }
        const action = choose(view.state, P, legalOptions(view.state, P, table.secrets[P]!.vault), table.secrets[P]!.vault);
        const r = await person.submit(action);
        expect(r).toEqual({ ok: true, value: undefined });
        choices++;
      },
    });
    // Not its turn: refused with a clear error, nothing changes.
    const early = table.network.peers[P]!;
    const before = early.view();
    const refused = await early.submit({ kind: 'endTurn', seat: P });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toBe('it is not your turn');
    expect(early.view()).toBe(before);
    for (const p of table.network.peers) await p.start();
    expect(await table.network.run()).toBe('done');
    expect(choices).toBeGreaterThan(0);
    expect(refusals).toBeGreaterThan(0);
    const peers = table.network.peers;
    for (const p of peers) expect(p.outcome.kind).toBe('finished');
    expect(new Set(peers.map((p) => p.head)).size).toBe(1);
    const o = peers[0]!.outcome;
    expect(o.kind === 'finished' && o.absences).toEqual([]);
    expect((await verifyReplay(peers[0]!.replay())).valid).toBe(true);
  });

  it('bots that answer later (a Promise) play a whole short game through the same submit', async () => {
    const name = 'async-bots';
    const sync = honestAgents(3, name);
    const agents: PeerAgent[] = sync.map((a) => (state, seat, legal, vault) => new Promise((resolve) => setTimeout(() => resolve(a(state, seat, legal, vault)), 0)));
    const table = await setTable(setupFor(3), name, agents, { settings: { limit: 40, timer: 10 } });
    for (const p of table.network.peers) await p.start();
    expect(await table.network.run()).toBe('done');
    const peers = table.network.peers;
    for (const p of peers) expect(p.outcome.kind).toBe('finished');
    expect(new Set(peers.map((p) => p.head)).size).toBe(1);
    // Nobody was declared absent: every bot's late answer came through.
    const o = peers[0]!.outcome;
    expect(o.kind === 'finished' && o.absences).toEqual([]);
  });

  it('subscribers see every new state once, in order', async () => {
    const name = 'subscribe';
    const table = await setTable(setupFor(3), name, honestAgents(3, name), { settings: { limit: 40, timer: 10 } });
    const seen: PeerView[][] = table.network.peers.map(() => []);
    const unsubscribe = table.network.peers.map((p, s) => p.subscribe((v) => seen[s]!.push(v)));
    for (const p of table.network.peers) await p.start();
    expect(await table.network.run()).toBe('done');
    for (const [s, views] of seen.entries()) {
      const peer = table.network.peers[s]!;
      const states: GameState[] = [];
      for (const v of views) if (states.at(-1) !== v.state) states.push(v.state);
      // Every element applied is seen, one after the other, each once.
      const seqs = views.map((v) => v.seq);
      const distinct = [...new Set(seqs)].filter((q) => q > 0);
      expect(distinct).toEqual(Array.from({ length: peer.chain.seq }, (_, i) => i + 1));
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      for (let i = 1; i < views.length; i++) expect(views[i]).not.toBe(views[i - 1]);
      expect(new Set(states).size).toBe(states.length);
      // The last one is the end, and what view() gives now.
      expect(views.at(-1)!.outcome.kind).toBe('finished');
      expect(peer.view()).toBe(views.at(-1));
    }
    for (const u of unsubscribe) u();
  });

  it('dispose stops everything: no message, no view, no answer; later calls are no-ops', async () => {
    const D: Seat = 2;
    const name = 'dispose';
    const bots = honestAgents(3, name);
    const agents: PeerAgent[] = [...bots];
    let sentAfter = 0;
    let disposed = false;
    const views: PeerView[] = [];
    let last: PeerView | undefined;
    const late: Promise<unknown>[] = [];
    // Seat 2's bot is thinking about its second choice when its page closes: the session is
    // disposed before the answer comes; the answer is dropped.
    let calls = 0;
    agents[D] = (state, seat, legal, vault) => {
      if (++calls < 2) return bots[D]!(state, seat, legal, vault);
      return new Promise((resolve) =>
        setTimeout(() => {
          const session = table.network.peers[D]!;
          session.subscribe((v) => views.push(v));
          last = session.view();
          session.dispose();
          session.dispose();
          disposed = true;
          late.push(session.tick(1_000_000), session.receive('{"t":"fetch","from":0,"count":1}', 0), session.start());
          late.push(session.submit({ kind: 'endTurn', seat: D }).then((r) => expect(r).toEqual({ ok: false, error: 'the session is closed' })));
          resolve(bots[D]!(state, seat, legal, vault));
        }, 0),
      );
    };
    const table = await setTable(setupFor(3), name, agents, {
      settings: { limit: 40, timer: 10 },
      tamper: { [D]: (text) => (disposed ? (sentAfter++, [text]) : [text]) },
    });
    for (const p of table.network.peers) await p.start();
    // Seat 2 never finishes now: the run ends when nothing else can happen.
    expect(await table.network.run()).toBe('stuck');
    await Promise.all(late);
    expect(disposed).toBe(true);
    expect(sentAfter).toBe(0);
    expect(views).toEqual([]);
    expect(table.network.peers[D]!.view()).toBe(last);
    // The others went on without it: it was declared absent by the two left, a strict majority of three.
    for (const s of [0, 1]) {
      const o = table.network.peers[s]!.outcome;
      expect(o.kind).toBe('finished');
      expect(o.kind === 'finished' && o.absences.some((a) => a.seats.includes(D) && !a.minority)).toBe(true);
    }
  });

  describe('held echoes (holdEcho)', () => {
    type Sent = { readonly t: 'echo' | 'entry'; readonly seq: number };
    /** What each seat sent, in order (as delivered to the next seat: every message goes to all). */
    const recorder = (n: number) => {
      const sent: Sent[][] = Array.from({ length: n }, () => []);
      const onDeliver = (d: { from: number; to: number; text: string }) => {
        if (d.to !== (d.from + 1) % n) return;
        const m = parseMessage(d.text, 1 << 20, n);
        if (!m.ok) return;
        if (m.value.t === 'echo') sent[d.from]!.push({ t: 'echo', seq: m.value.echo.seq });
        else if (m.value.t === 'entry') sent[d.from]!.push({ t: 'entry', seq: m.value.entry.entry.seq });
      };
      return { sent, onDeliver };
    };

    it('a held echo leaves with its seat\'s next message at the latest, and none is skipped', async () => {
      const name = 'held-echoes';
      const { sent, onDeliver } = recorder(3);
      let holds = 0;
      // The holds are never flushed by a clock: every echo must leave with its seat's next message.
      const table = await setTable(setupFor(3), name, honestAgents(3, name), { settings: { limit: 60, timer: null }, holdEcho: () => void holds++, onDeliver });
      for (const p of table.network.peers) await p.start();
      expect(await table.network.run()).toBe('done');
      expect(holds).toBeGreaterThan(100);
      for (const [seat, list] of sent.entries()) {
        const echoes = list.filter((x) => x.t === 'echo').map((x) => x.seq);
        // Every element this seat applied was echoed once, in order, up to its last message.
        expect(echoes).toEqual(echoes.map((_, i) => i));
        list.forEach((x, i) => {
          if (x.t !== 'entry') return;
          // Before its entry for position q, the seat had said what it holds after every element
          // before q - 1 (the echo of q - 1 may follow: an entry written in the step that applies
          // the element before it leaves as soon as it is signed).
          expect(list.slice(0, i).filter((y) => y.t === 'echo').length, `seat ${seat}, entry ${x.seq}`).toBeGreaterThanOrEqual(x.seq - 1);
        });
      }
      const peers = table.network.peers;
      expect(new Set(peers.map((p) => p.head)).size).toBe(1);
      expect((await verifyReplay(peers[0]!.replay())).valid).toBe(true);
    });

    it('holding echoes changes no outcome: the same log as echoes sent at once', async () => {
      const name = 'held-same';
      const run = async (hold: boolean): Promise<string> => {
        const pending: (() => void)[] = [];
        const table = await setTable(setupFor(3), name, honestAgents(3, name), {
          settings: { limit: 60, timer: 10 },
          ...(hold ? { holdEcho: (_seat: Seat, flush: () => void) => void pending.push(flush), onIdle: () => void pending.splice(0).forEach((f) => f()) } : {}),
        });
        for (const p of table.network.peers) await p.start();
        expect(await table.network.run()).toBe('done');
        const o = table.network.peers[0]!.outcome;
        expect(o.kind === 'finished' && o.absences).toEqual([]);
        return JSON.stringify(table.network.peers[0]!.replay().log);
      };
      expect(await run(true)).toBe(await run(false));
    });
  });
});
