import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/index.js';
import { MAX_FETCH, parseMessage, verdictOf, verifyReplay } from '../../engine/protocol/index.js';
import type { ParsedEntry } from '../../engine/protocol/codec/entry.js';
import { expectation } from '../../engine/protocol/log/chain.js';
import { historyAnswer } from '../../engine/protocol/peer/catch-up.js';
import { type Network, setTable } from '../../engine/protocol/sim/index.js';
import { honestAgents, setupFor } from './harness.js';

/**
 * Found by test/net/absence.test.ts (issue 19, item 4, over real WebRTC), reproduced in-process:
 * a network goes down at any moment, so a page may be cut off half-way through an element.
 */
describe('a page cut off in the middle of an element', () => {
  it('its link reached the others, theirs not it: back, it joins their log, whose element there holds its own link', async () => {
    const name = 'rejoin-mid-element';
    const CUT: Seat = 0;
    let parting: number | undefined;
    let healed = false;
    const entrySeq = (text: string): number | undefined => {
      const m = parseMessage(text, 1 << 20, 4);
      return m.ok && m.value.t === 'entry' ? m.value.entry.entry.seq : undefined;
    };
    // From the first random event after position 20 on, nothing crosses between seat 0 and the
    // others, but seat 0's own link for that event, which reaches them.
    const cut = (from: Seat) => (text: string, to: Seat, net: Network): string[] => {
      const chain = net.peers[from]!.chain;
      if (parting === undefined && chain.seq >= 20 && expectation(chain).kind === 'random') parting = chain.seq;
      if (parting === undefined || healed || (from !== CUT && to !== CUT) || chain.seq < parting) return [text];
      return from === CUT && entrySeq(text) === parting ? [text] : [];
    };
    const tamper = Object.fromEntries([0, 1, 2, 3].map((s) => [s, cut(s)]));
    const table = await setTable(setupFor(4), name, honestAgents(4, name), { settings: { limit: 120, timer: 10 }, tamper });
    const peers = table.network.peers;
    for (const p of peers) await p.start();
    expect(await table.network.run(() => parting !== undefined && peers[1]!.chain.seq >= parting + 20 && peers[CUT]!.chain.seq >= parting + 2, 400_000)).toBe('stopped');
    // It went on alone from there (its link and its claim), while the table's element holds its link.
    const seats = (seat: Seat) => peers[seat]!.peerState.log.history[parting!]!.entries.map((e) => e.entry.seat);
    expect(seats(CUT)).toEqual([CUT, CUT]);
    expect(seats(1)).toEqual([0, 1, 2, 3]);
    healed = true;
    expect(await table.network.run(undefined, 400_000)).toBe('done');
    expect(new Set(peers.map((p) => p.head)).size).toBe(1);
    expect(peers[CUT]!.incidents.some((i) => i.code === 'Superseded' && i.seat === CUT && i.message.includes('went on alone'))).toBe(true);
    expect(verdictOf(await verifyReplay(peers[CUT]!.replay()))).toBe('valid');
  });
});

describe('a catch-up answer', () => {
  it('holds at most MAX_FETCH elements, the entries held for the current place included (more is refused as malformed)', () => {
    const entry = (seq: number) => ({ text: `entry ${seq}`, sig: 'sig', id: String(seq), entry: { body: { type: 'action' } } }) as unknown as ParsedEntry;
    const log = Array.from({ length: 91 }, (_, seq) => ({ entries: [entry(seq)] }));
    // Asked from 64 before the head (a page on another branch asks from 64 further back).
    const answer = historyAnswer(log, 91 - MAX_FETCH, MAX_FETCH, 1 << 20, [entry(91)]);
    expect(answer.length).toBeLessThanOrEqual(MAX_FETCH);
  });
});
