/**
 * npm run bench: prints a table of the project's benchmarks and writes bench/results.json.
 * Not a test: figures depend on the machine; targets are the issues' (2-core machine).
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { actionsPerSecond, greedyGameTime } from './conquest.js';
import { mapCreationsPerSecond } from './map.js';
import { netBenchmarks } from './net.js';
import { protocolBenchmarks } from './protocol.js';
import { uiBenchmarks } from './ui.js';
import { useNodeCrypto } from '../scripts/node/crypto.js';
import { type Row, meets, printTable } from './table.js';

// Node's native SHA-512 for the engine and the protocol, after a check that it gives tweetnacl's bytes.
await useNodeCrypto();

const rows: Row[] = [];
const run = (row: () => Row) => {
  const r = row();
  rows.push(r);
  console.error(`  measured: ${r.name}`);
};

run(() => mapCreationsPerSecond(4));
run(() => mapCreationsPerSecond(2, 1500));
run(() => mapCreationsPerSecond(6, 1500));
run(() => actionsPerSecond());
run(() => greedyGameTime());
for (const r of await protocolBenchmarks()) {
  rows.push({
    name: r.name,
    value: r.value,
    unit: r.unit,
    target: r.name === 'verification / engine replay' ? { max: 1.5 } : undefined,
    ...(r.note ? { detail: r.note } : {}),
  });
  console.error(`  measured: ${r.name}`);
}

for (const r of await uiBenchmarks()) {
  rows.push(r);
  console.error(`  measured: ${r.name}`);
}

// Networked play over real WebRTC through a loopback TURN relay (skipped without coturn).
for (const r of await netBenchmarks()) {
  rows.push(r);
  console.error(`  measured: ${r.name}`);
}

console.log(printTable(rows));
const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  rows: rows.map((r) => ({ ...r, meetsTarget: meets(r) })),
};
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwrote bench/results.json');
