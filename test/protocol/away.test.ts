import { describe, expect, it } from 'vitest';
import { legalOptions, type Seat } from '../../engine/index.js';
import { randomAgent } from '../../engine/agents/index.js';
import { agentStream } from '../../engine/local/index.js';
import { type Outcome, type PeerAgent, verdictOf, verifyReplay } from '../../engine/protocol/index.js';
import { setTable, type Table } from '../../engine/protocol/sim/index.js';
import { honestAgents, setupFor } from './harness.js';

/**
 * Issue 19, item 3: an absent player costs the table one timer, not one per decision. Once a seat
 * was declared absent, its following decisions are claimed at once, until it shows by its own
 * signature that its player is back; a seat that comes back plays on at its next decision.
 */

const TIMER = 10;
type Finished = Extract<Outcome, { kind: 'finished' }>;

/** Four seats; seat D is a person's page that stays open (it echoes) but whose player never clicks. */
async function idleTable(name: string, days: number, onIdle?: () => Promise<void>): Promise<Table> {
  const agents: (PeerAgent | undefined)[] = honestAgents(4, name);
  agents[D] = undefined;
  return setTable(setupFor(4), name, agents, { settings: { limit: null, days, timer: TIMER }, ...(onIdle ? { onIdle } : {}) });
}
const D: Seat = 3;

describe('an absent player', () => {
  it('costs the table one timer: its later decisions are settled at once, and it forfeits after three absent days', async () => {
    const table = await idleTable('away-idle', 6);
    for (const p of table.network.peers) await p.start();
    expect(await table.network.run()).toBe('done');
    const peers = table.network.peers;
    expect(new Set(peers.map((p) => p.head)).size).toBe(1);
    const o = peers[0]!.outcome as Finished;
    expect(o.kind).toBe('finished');
    const absences = o.absences.filter((a) => a.seats.includes(D));
    expect(absences.length).toBeGreaterThan(10);
    // Every settlement rests on a majority (three of four), and the idle seat forfeited (T7).
    expect(absences.every((a) => !a.minority && a.seats.length === 1)).toBe(true);
    expect(peers[0]!.state.players[D]!.forfeited).toBe(true);
    // The logical clock moved on by half a timer only while nothing else could happen: the
    // first absence took a timer, the others none (one timer per decision would be > 10 timers).
    expect(table.network.now).toBeLessThanOrEqual(3 * TIMER);
    expect(verdictOf(await verifyReplay(peers[0]!.replay()))).toBe('valid');
  });

  it('that comes back plays on at its next decision', async () => {
    const choose = randomAgent(agentStream('away-back', D));
    let back = false;
    let played = 0;
    // A person takes a while: it answers only once every message in flight has arrived (the
    // others' claims, had they not waited for it, would have settled its decision by then).
    const answer = async () => {
      const v = person.view();
      if (!back || !v.yourTurn) return;
      const legal = legalOptions(v.state, D, table.secrets[D]!.vault);
      if ((await person.submit(choose(v.state, D, legal, table.secrets[D]!.vault))).ok) played++;
    };
    const table = await idleTable('away-back', 3, answer);
    const person = table.network.peers[D]!;
    // The player is away until two of its decisions were settled absent, then says it is back and plays.
    person.subscribe((v) => {
      const settled = v.chain.absences.filter((a) => a.seats.includes(D)).length;
      if (!back && settled >= 2) {
        back = true;
        expect(v.away).toBe(true);
        void person.here();
      }
    });
    for (const p of table.network.peers) await p.start();
    expect(await table.network.run()).toBe('done');
    const peers = table.network.peers;
    expect(new Set(peers.map((p) => p.head)).size).toBe(1);
    expect(back).toBe(true);
    expect(person.view().away).toBe(false);
    // Back, it played its decisions itself: at most the one in flight when it came back was settled.
    expect(played).toBeGreaterThan(5);
    const o = peers[0]!.outcome as Finished;
    expect(o.absences.filter((a) => a.seats.includes(D)).length).toBeLessThanOrEqual(3);
    expect(peers[0]!.state.players[D]!.forfeited).toBe(false);
    expect(verdictOf(await verifyReplay(peers[0]!.replay()))).toBe('valid');
  });
});
