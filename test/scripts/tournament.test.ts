import { describe, expect, it } from 'vitest';
import { type MatchResult, playMatch } from '../../scripts/tournament/match.js';
import { pairSpecs, pairTables, tableSpecs, tableSummary } from '../../scripts/tournament/tables.js';

/** npm run tournament (issue 21, item 7): which games it plays, and the figures it prints from them. */
describe('the tournament', () => {
  const common = { seed: 't', days: 100, agent: 'greedy' as const };

  it('plays every pair of civilisations on maps played twice, seats swapped', () => {
    const specs = pairSpecs(['elves', 'dwarves', 'miners'], 4, common);
    expect(specs).toHaveLength(3 * 4);
    const elvesDwarves = specs.filter((s) => s.civilisations.includes('elves') && s.civilisations.includes('dwarves'));
    expect(elvesDwarves.map((s) => [s.seed, s.civilisations.join(' v ')])).toEqual([
      ['t/pair/elves-dwarves/0', 'elves v dwarves'],
      ['t/pair/elves-dwarves/0', 'dwarves v elves'],
      ['t/pair/elves-dwarves/1', 'elves v dwarves'],
      ['t/pair/elves-dwarves/1', 'dwarves v elves'],
    ]);
    expect(new Set(specs.map((s) => s.seed)).size).toBe(6);
    const tables = tableSpecs([2, 6], 2, common);
    expect(tables.map((s) => s.civilisations.length)).toEqual([2, 2, 6, 6]);
    expect(tables[1]!.civilisations).toEqual(['dwarves', 'necromancers']);
  });

  it('a game stopped at its day cap has no winner, and the same game gives the same figures', () => {
    const spec = { civilisations: ['dwarves', 'miners'] as const, seed: 'cap', days: 2, agent: 'greedy' as const };
    const result = playMatch(spec);
    expect(result).toMatchObject({ winner: null, how: null, days: 2, supremacyBought: null, supremacyStopped: false });
    expect(result.actions).toBeGreaterThan(100);
    expect(playMatch(spec)).toEqual(result);
  });

  it('counts wins per civilisation and per pair, and how games end per table size', () => {
    const r = (civilisations: MatchResult['civilisations'], winner: number | null, how: MatchResult['how'], days: number, stopped = false): MatchResult => ({
      civilisations, seed: 's', winner, how, days, supremacyBought: how === 'energy' || stopped ? days - 1 : null, supremacyStopped: stopped, heartTaken: 5, energyLeft: 10, actions: 1,
    });
    const results = [r(['elves', 'miners'], 0, 'energy', 20), r(['miners', 'elves'], 0, 'supremacy', 30), r(['elves', 'miners'], null, null, 100), r(['miners', 'elves'], 1, 'energy', 10)];
    const [civs, pairs] = pairTables(results, ['elves', 'miners']);
    expect(civs!.rows).toEqual([
      ['elves', '4', '2', '1', '1', '50.0%'],
      ['miners', '4', '1', '2', '1', '25.0%'],
    ]);
    expect(pairs!.rows).toEqual([['elves v miners', '4', '2', '1', '1', '50.0%', '50.0%']]);
    const ends = tableSummary(results, [2]);
    expect(ends.rows[0]!.slice(0, 11)).toEqual(['2', '4', '50.0%', '25.0%', '25.0%', '40.0', '20', '100', '50.0%', '14.0', '0.0%']);
    // Suprématie stopped: of the games where it was bought, those where its owner did not win at his first chance.
    const stops = tableSummary([r(['elves', 'miners'], 0, 'energy', 20), r(['elves', 'miners'], 1, 'supremacy', 30, true)], [2]);
    expect(stops.rows[0]![10]).toBe('50.0%');
  });
});
