import { describe, expect, it } from 'vitest';
import { COLOURS, CIVILISATIONS, type GameState, legalActions, type Seat, type Vault } from '../../engine/index.js';
import { verifyReplay } from '../../engine/protocol/index.js';
import { chooseBotAction } from '../../src/table/bots.js';
import { makeProtocolTable, type ProtocolTable } from '../../src/table/protocolTable.js';
import type { TableView } from '../../src/table/types.js';

const setup = (n: number) => ({ players: COLOURS.slice(0, n).map((colour, i) => ({ colour, civilisation: CIVILISATIONS[i]! })), firstSeat: 0 });
const bot = async (state: GameState, seat: Seat, vault: Vault) => chooseBotAction(state, seat, vault);

/** Resolves with the first view for which `done` holds. */
const until = (table: ProtocolTable, done: (v: TableView) => boolean): Promise<TableView> =>
  new Promise((resolve) => {
    if (done(table.view())) return resolve(table.view());
    const off = table.subscribe((v) => {
      if (done(v)) {
        off();
        resolve(v);
      }
    });
  });

describe('a local game through the protocol', () => {
  it('bots in every seat play map creation through signed, checked entries; the replay verifies', async () => {
    const table = await makeProtocolTable({ setup: setup(3), seed: 'local-protocol', bots: [0, 1, 2], bot });
    const v = await until(table, (x) => x.state.phase.name === 'conquest');
    expect(v.state.phase.name).toBe('conquest');
    // The log shows every input; the states follow them one by one.
    expect(table.inputs().length).toBe(v.seq);
    expect(table.states()[v.seq]!.seq).toBe(v.seq);
    // Unfinished, yet every element so far checks: signatures, chain, beacon, rules.
    const verdict = await verifyReplay(table.replay());
    expect(verdict.valid).toBe(true);
    if (verdict.valid) expect(verdict.summary.elements).toBe(v.seq);
    table.dispose();
  });

  it("a person's choices go through the awaited seat's session; an illegal one is refused and changes nothing", async () => {
    const table = await makeProtocolTable({ setup: setup(2), seed: 'local-person', bots: [1], bot });
    const mine = await until(table, (x) => x.awaiting.kind === 'seat' && x.awaiting.seat === 0 && legalActions(x.state, 0, table.vaultOf(0)!).some((a) => a.kind !== 'commitTiles'));
    expect(table.vaultOf(1)).toBeNull();
    const refused = await table.submit({ kind: 'endTurn', seat: 0 });
    expect(refused.ok).toBe(false);
    expect(table.view().seq).toBe(mine.seq);
    const refusedForBot = await table.submit({ ...legalActions(mine.state, 0, table.vaultOf(0)!)[0]!, seat: 1 });
    expect(refusedForBot.ok).toBe(false);
    const legal = legalActions(mine.state, 0, table.vaultOf(0)!)[0]!;
    expect((await table.submit(legal)).ok).toBe(true);
    await until(table, (x) => x.seq > mine.seq);
    expect(table.inputs()[mine.seq]).toEqual(legal);
    table.dispose();
  });

  it('a whole game of two bots ends, every seat signs the final state, and the replay verifies', async () => {
    const table = await makeProtocolTable({ setup: setup(2), seed: 'local-whole', bots: [0, 1], bot });
    const v = await until(table, (x) => x.outcome.kind === 'finished');
    expect(v.state.phase.name === 'conquest' && v.state.phase.winner !== null).toBe(true);
    // The final signatures follow the last element.
    for (let i = 0; i < 100 && table.replay().finals.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    const verdict = await verifyReplay(table.replay());
    expect(verdict.valid).toBe(true);
    if (verdict.valid) expect(verdict.summary.ending).toMatchObject({ kind: 'finished', finals: [0, 1] });
    table.dispose();
  });

  it('resumes from a stored log (a refresh): the log is checked again, nothing is signed twice or out of turn, and play goes on', async () => {
    const first = await makeProtocolTable({ setup: setup(4), seed: 'local-resume', bots: [1, 2, 3], bot });
    await until(first, (x) => x.seq >= 4);
    const log = first.replay().log;
    first.dispose();
    const again = await makeProtocolTable({ setup: setup(4), seed: 'local-resume', bots: [1, 2, 3], bot, log });
    const v = await until(again, (x) => x.seq >= log.length && x.awaiting.kind === 'seat' && x.awaiting.seat === 0);
    // The person's choiceless commit, asked before the stored log was checked again, was not signed over it.
    expect(v.outcome).toEqual({ kind: 'playing' });
    expect(again.replay().log.slice(0, log.length)).toEqual(log);
    const legal = legalActions(v.state, 0, again.vaultOf(0)!)[0]!;
    expect((await again.submit(legal)).ok).toBe(true);
    await until(again, (x) => x.seq > v.seq);
    again.dispose();
  });
});
