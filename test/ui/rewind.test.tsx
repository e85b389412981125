import { createRoot, createSignal } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { newGame, type Seat } from '../../engine/index.js';
import { elementInputs, parseMessage } from '../../engine/protocol/index.js';
import { expectation } from '../../engine/protocol/log/chain.js';
import { type Network, setTable, type SimPeer } from '../../engine/protocol/sim/index.js';
import { createLog } from '../../src/game/useLog.js';
import type { NetGame, NetGameView } from '../../src/net/index.js';
import { makeSessionTable } from '../../src/table/sessionTable.js';
import { honestAgents, setupFor } from '../protocol/harness.js';

/** A real session seen as the page's NetGame: its views, its log (the transport is the simulator's). */
function asNetGame(peer: SimPeer): NetGame {
  const view = (): NetGameView => ({ ...peer.view(), seat: peer.seat, peers: [] });
  return {
    seat: peer.seat,
    view,
    submit: (a) => peer.submit(a),
    on: (l) => peer.subscribe(() => l({ kind: 'view', view: view() })),
    ended: new Promise(() => undefined),
    here: () => undefined,
    replay: () => peer.replay(),
    elements: (from) => peer.elements(from),
    unlogged: () => peer.unlogged(),
    dispose: () => undefined,
  };
}

/**
 * Issue 28, item 2: every page tells the signed log's story. A page cut off from the table goes
 * on alone (its own claims, its own elements) and, back, joins the table's log: its table and its
 * log lines then say what the table adopted, not what it had applied alone.
 */
describe("a page's log after its session went back", () => {
  it('a page that went on alone and rejoined: its inputs, states, absences and log lines are the adopted log\'s', async () => {
    const name = 'rewind-log';
    const CUT: Seat = 0;
    let parting: number | undefined;
    let healed = false;
    const entrySeq = (text: string): number | undefined => {
      const m = parseMessage(text, 1 << 20, 4);
      return m.ok && m.value.t === 'entry' ? m.value.entry.entry.seq : undefined;
    };
    const cut = (from: Seat) => (text: string, to: Seat, net: Network): string[] => {
      const chain = net.peers[from]!.chain;
      if (parting === undefined && chain.seq >= 20 && expectation(chain).kind === 'random') parting = chain.seq;
      if (parting === undefined || healed || (from !== CUT && to !== CUT) || chain.seq < parting) return [text];
      return from === CUT && entrySeq(text) === parting ? [text] : [];
    };
    const tamper = Object.fromEntries([0, 1, 2, 3].map((s) => [s, cut(s)]));
    const table = await setTable(setupFor(4), name, honestAgents(4, name), { settings: { limit: 120, timer: 10 }, tamper });
    const peers = table.network.peers;
    const initial = newGame(table.genesis.genesis.setup);
    if (!initial.ok) throw new Error(initial.error.message);
    await createRoot(async (dispose) => {
      const page = makeSessionTable({ seats: new Map([[CUT, { game: asNetGame(peers[CUT]!), vault: table.secrets[CUT]!.vault, bot: true }]]), genesis: table.genesis, initial: initial.value });
      const [lang] = [() => 'en' as const];
      // As the game screen reads it: the table's view in a signal, the log a memo of it.
      const [view, setView] = createSignal(page.view(), { equals: false });
      page.subscribe(setView);
      const log = createLog(() => ({ states: page.states(), inputs: page.inputs(), seq: view().seq }), lang);
      let linesAlone: readonly string[] = [];
      for (const p of peers) await p.start();
      expect(await table.network.run(() => parting !== undefined && peers[1]!.chain.seq >= parting + 20 && peers[CUT]!.chain.seq >= parting + 2, 400_000)).toBe('stopped');
      // Alone, the page applied elements of its own (its own claims naming the others).
      linesAlone = log().map((l) => `${l.seq} ${l.text}`);
      expect(linesAlone.some((t) => / Player [234] was absent/.test(t))).toBe(true);
      healed = true;
      expect(await table.network.run(undefined, 400_000)).toBe('done');
      expect(peers[CUT]!.incidents.some((i) => i.code === 'Superseded' && i.message.includes('went on alone'))).toBe(true);
      // What the page shows is the adopted log's: inputs, states, lines, built afresh from it.
      const adopted = peers[1]!.replay().log;
      expect(page.inputs()).toEqual(elementInputs(table.genesis, adopted));
      expect(page.states()[page.states().length - 1]).toEqual(page.view().state);
      const fresh = createLog(() => ({ states: page.states(), inputs: page.inputs(), seq: view().seq }), lang);
      expect(log()).toEqual(fresh());
      // The lines of what it did alone are gone (it had settled the others absent there).
      const now = new Set(log().map((l) => `${l.seq} ${l.text}`));
      expect(linesAlone.filter((t) => !now.has(t) && / Player [234] was absent/.test(t)).length).toBeGreaterThan(0);
      page.dispose();
      dispose();
    });
  });
});
