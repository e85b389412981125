/**
 * Writes test/fixtures/perft.json from the named positions (npx tsx test/support/write-perft.ts).
 * Run it only when a change to the rules is meant to change the table, and say why in the commit.
 */
import { writeFileSync } from 'node:fs';
import { buildPositions } from './positions.js';
import { perftRow } from './perft.js';

const rows = buildPositions().map(perftRow);
writeFileSync(new URL('../fixtures/perft.json', import.meta.url), `${JSON.stringify(rows, null, 1)}\n`);
for (const r of rows) console.log(`${r.counts.join('\t')}\t${r.name}`);
