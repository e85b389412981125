/**
 * npm run tournament -- [--games N] [--mode pairs|tables|both] [--players 2,3,4,6] [--days D]
 *                       [--seed S] [--agent greedy|random] [--civs a,b,...] [--workers K] [--json FILE] [--markdown]
 *
 * Bot-versus-bot games (issue 21, items 6 and 7), every game played by the engine from map creation:
 * - pairs: for every pair of civilisations, N two-player games on N/2 maps, each map played with
 *   the seats swapped; prints each civilisation's win rate and each pair's;
 * - tables: N games at each table size, the civilisations rotated over the seats; prints how the
 *   games end (W1's vassal victory, W2's energy victory, no winner by the day cap), how long they
 *   take, when Suprématie is bought, whether anyone takes the Heart, the energy left.
 * The same options give the same games and the same figures; --workers only changes the speed.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CIVILISATIONS, type Civilisation, isCivilisation } from '../engine/index.js';
import type { MatchResult, MatchSpec } from './tournament/match.js';
import { playAll } from './tournament/pool.js';
import { pairSpecs, pairTables, tableSpecs, tableSummary, type Table } from './tournament/tables.js';

function fail(message: string): never {
  console.error(`tournament: ${message}`);
  process.exit(2);
}

const USAGE = 'usage: npm run tournament -- [--games N] [--mode pairs|tables|both] [--players 2,3,4,6] [--days D] [--seed S] [--agent greedy|random] [--civs a,b] [--workers K] [--json FILE] [--markdown]';
const { values } = (() => {
  try {
    return parseArgs({
      options: {
        games: { type: 'string', default: '100' },
        mode: { type: 'string', default: 'both' },
        players: { type: 'string', default: '2,3,4,6' },
        days: { type: 'string', default: '100' },
        seed: { type: 'string', default: 'tournament' },
        agent: { type: 'string', default: 'greedy' },
        civs: { type: 'string', default: CIVILISATIONS.join(',') },
        workers: { type: 'string' },
        json: { type: 'string' },
        markdown: { type: 'boolean', default: false },
      },
    });
  } catch (e) {
    return fail(`${(e as Error).message}\n${USAGE}`);
  }
})();

const positive = (name: string, text: string): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a positive integer, not "${text}"\n${USAGE}`);
  return n;
};
const games = positive('games', values.games!);
const days = positive('days', values.days!);
const workers = values.workers === undefined ? undefined : positive('workers', values.workers);
if (!['pairs', 'tables', 'both'].includes(values.mode!)) fail(`--mode must be pairs, tables or both\n${USAGE}`);
if (values.agent !== 'greedy' && values.agent !== 'random') fail(`--agent must be greedy or random\n${USAGE}`);
const agent = values.agent;
const civs = values.civs!.split(',').map((c) => c.trim());
for (const c of civs) if (!isCivilisation(c)) fail(`unknown civilisation "${c}" (one of ${CIVILISATIONS.join(', ')})`);
const sizes = values.players!.split(',').map((p) => positive('players', p.trim()));
for (const p of sizes) if (p < 2 || p > 6) fail(`--players takes table sizes from 2 to 6, not ${p}`);
const seed = values.seed!;

const specs: { pairs: MatchSpec[]; tables: MatchSpec[] } = {
  pairs: values.mode === 'tables' ? [] : pairSpecs(civs as Civilisation[], games, { seed, days, agent }),
  tables: values.mode === 'pairs' ? [] : tableSpecs(sizes, games, { seed, days, agent }),
};
const all = [...specs.pairs, ...specs.tables];
if (specs.pairs.length === 0 && civs.length < 2 && values.mode !== 'tables') fail('pairs need at least two civilisations');
console.error(`tournament: ${all.length} games (${agent} bots, day cap ${days}, seed "${seed}")`);
const started = process.hrtime.bigint();
let shown = 0;
const results = await playAll(all, workers, (done) => {
  const pct = Math.floor((100 * done) / all.length);
  if (pct >= shown + 10 || done === all.length) {
    shown = pct;
    console.error(`  ${done}/${all.length} games`);
  }
});
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const pairResults = results.slice(0, specs.pairs.length);
const tableResults = results.slice(specs.pairs.length);

const printed: Table[] = [];
if (pairResults.length > 0) printed.push(...pairTables(pairResults, civs as Civilisation[]));
if (tableResults.length > 0) printed.push(tableSummary(tableResults, sizes));
for (const table of printed) console.log(values.markdown ? markdown(table) : plain(table));
console.log(`${all.length} games in ${seconds.toFixed(0)} s; command: npm run tournament -- ${process.argv.slice(2).join(' ')}`);
if (values.json) {
  writeFileSync(values.json, JSON.stringify({ options: { games, days, seed, agent, civs, sizes, mode: values.mode }, results }, null, 1));
  console.log(`wrote ${values.json}`);
}

function plain(t: Table): string {
  const widths = t.header.map((h, i) => Math.max(h.length, ...t.rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return `\n${t.title}\n${line(t.header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${t.rows.map(line).join('\n')}`;
}

function markdown(t: Table): string {
  const row = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return `\n**${t.title}**\n\n${row(t.header)}\n${row(t.header.map((_, i) => (i === 0 ? '---' : '---:')))}\n${t.rows.map(row).join('\n')}`;
}

export type { MatchResult };
