import { describe, expect, it } from 'vitest';
import type { GameState, Seat } from '../../engine/index.js';
import { makeMessage, type Outcome, parseGenesisText, type Replay, verifyReplay } from '../../engine/protocol/index.js';
import { applyElement, type Chain, startChain } from '../../engine/protocol/log/chain.js';
import { parseSigned } from '../../engine/protocol/codec/entry.js';
import type { Table } from '../../engine/protocol/sim/index.js';
import { play, read } from './harness.js';

/**
 * Issue 9, item 3: withholding a beacon link costs what the rules say. The seat is declared
 * absent at that random event (a signed absence in the log), the engine is told (T5b: it draws
 * nothing there, and its absence counts toward ruling 9's forfeit, T6/T7), and a seat that
 * withholds everything forfeits after three absent days.
 */

const C: Seat = 0;

/** A cheater that never lets one kind of its items out, alone or inside its echoes. */
function withholding(types: readonly string[]) {
  return (text: string, _to: Seat, t: Table): string[] => {
    const m = read(text, t.network);
    if (!m) return [text];
    if (m.t === 'entry') return m.entry.entry.seat === C && types.includes(m.entry.entry.body.type) ? [] : [text];
    if (m.t === 'echo') return [makeMessage({ t: 'echo', echo: m.signed, entries: m.entries.filter((e) => !(e.entry.seat === C && types.includes(e.entry.body.type))) })];
    return [text];
  };
}

/** The chain after each element of a replay (the replay is an honest peer's: it applies). */
function chains(replay: Replay): Chain[] {
  const genesis = parseGenesisText(replay.genesis);
  if (!genesis.ok) throw new Error('bad genesis');
  let chain = startChain(genesis.value, replay.genesisSignatures);
  const out = [chain];
  for (const element of replay.log) {
    const entries = element.map((e) => {
      const p = parseSigned(e.text, e.sig);
      if (!p.ok) throw new Error(p.error.message);
      return p.value;
    });
    const applied = applyElement(chain, entries);
    if (!applied.ok) throw new Error(applied.error.violation.message);
    chain = applied.value.chain;
    out.push(chain);
  }
  return out;
}

type Finished = Extract<Outcome, { kind: 'finished' }>;

describe('a withheld beacon link is an absence that counts', () => {
  it('recorded in the log at that event, told to the engine (no cards drawn there, an absent day), the replay verifies', async () => {
    // Long enough to reach the conquest's card draws.
    const p = await play({ players: 3, seed: 'withheld-cost', cheater: C, tamper: withholding(['link']), settings: { limit: null, days: 2 } });
    expect(p.run).toBe('done');
    const o = p.outcomes[0] as Finished;
    expect(o.kind).toBe('finished');
    const links = o.absences.filter((a) => a.item === 'link' && a.seats.includes(C));
    expect(links.length).toBeGreaterThan(0);
    // Two honest seats of three claimed it: a strict majority.
    expect(links.every((a) => !a.minority)).toBe(true);
    const replay = p.table.network.honest[0]!.replay();
    expect((await verifyReplay(replay)).valid).toBe(true);
    const after = chains(replay);
    let conquestEvents = 0;
    for (const a of links) {
      const before: GameState = after[a.seq]!.state;
      const next: GameState = after[a.seq + 1]!.state;
      if (before.phase.name !== 'conquest') continue;
      conquestEvents++;
      // T6: the absence counts toward the absent day; T5b: the absent seat draws nothing at that event.
      expect(next.players[C]!.absentToday).toBe(true);
      expect(next.players[C]!.cards.hand.length).toBeLessThanOrEqual(before.players[C]!.cards.hand.length);
    }
    expect(conquestEvents).toBeGreaterThan(0);
  });

  it('a seat that withholds everything (links, actions, claims) forfeits after three absent days (ruling 9)', async () => {
    const p = await play({ players: 3, seed: 'withheld-forfeit', cheater: C, tamper: withholding(['link', 'action', 'absent']), settings: { limit: null, days: 5 } });
    expect(p.run).toBe('done');
    const o = p.outcomes[0] as Finished;
    expect(o.kind).toBe('finished');
    const state = chains(p.table.network.honest[0]!.replay()).at(-1)!.state;
    expect(state.players[C]!.forfeited).toBe(true);
    // Gone from its first silence on, it is no longer awaited for links: its absences are at its actions.
    expect(o.absences.some((a) => a.item === 'action' && a.seats.includes(C))).toBe(true);
    expect(state.phase.name === 'conquest' && state.phase.day).toBeGreaterThan(3);
  });

  it('a seat that withholds every beacon link but plays its own turns forfeits after three days too (T5b, T6: ruling 11)', async () => {
    // A seed where every day of the conquest has a random event, so a link to withhold. On a day without one (no combat,
    // so no draw) such a seat has nothing to withhold and is present, and T6's days in a row start again: on the seed
    // 'withheld-links-only', days 2 and 3 have no random event, and the seat is absent on days 1, 4 and 5 only.
    const p = await play({ players: 3, seed: 'wl-1', cheater: C, tamper: withholding(['link']), settings: { limit: null, days: 5 } });
    expect(p.run).toBe('done');
    const o = p.outcomes[0] as Finished;
    expect(o.kind).toBe('finished');
    const all = chains(p.table.network.honest[0]!.replay());
    // It played: some of its actions are in the log after the conquest began.
    expect(all.some((c, i) => i > 0 && c.state.phase.name === 'conquest' && all[i - 1]!.state.seq < c.state.seq && c.absences.length === all[i - 1]!.absences.length)).toBe(true);
    const state = all.at(-1)!.state;
    expect(state.players[C]!.forfeited).toBe(true);
    expect(state.players.filter((q) => q.forfeited)).toHaveLength(1);
  });
});
