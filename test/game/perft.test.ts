import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeState, parseState } from '../../engine/game/codec.js';
import { type PerftRow, perftCounts, perftRow } from '../support/perft.js';
import { buildPositions } from '../support/positions.js';

/**
 * Perft (chessops' legal-move counts for fixed positions): named positions stored as canonical
 * state texts, with each seat's exact number of legal concrete actions. Any change to legality
 * changes a number here; regenerate with `npx tsx test/support/write-perft.ts` only when the
 * change is meant, and say why.
 */
const rows: PerftRow[] = JSON.parse(readFileSync(new URL('../fixtures/perft.json', import.meta.url), 'utf8'));

describe('perft: legal action counts of named positions', () => {
  it('covers every decision stage of the game with about twenty positions', () => {
    expect(rows.length).toBeGreaterThanOrEqual(20);
    const stages = new Set(rows.map((r) => (JSON.parse(r.state) as { phase: { stage: { kind: string } } }).phase.stage.kind));
    for (const kind of ['pile', 'take', 'place', 'portal', 'blacks', 'finalRound', 'deal', 'moves', 'spread', 'secretCommit', 'secretReveal', 'choose', 'camps', 'proposal', 'discards', 'armies', 'abilities', 'peek', 'ignore', 'opposing', 'losses', 'refill', 'returnUnits', 'keepOrAccount', 'exercise', 'vassalTroops', 'requests', 'vacate', 'over'])
      expect(stages, kind).toContain(kind);
  });

  for (const row of rows) {
    it(`${row.name}: ${row.counts.join(' / ')}`, () => {
      const parsed = parseState(row.state);
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(makeState(parsed.value)).toBe(row.state);
      expect(perftCounts(parsed.value, row.seed)).toEqual(row.counts);
    });
  }

  it('the stored positions are the ones the position builders make', () => {
    expect(buildPositions().map(perftRow)).toEqual(rows);
  });
});
