/**
 * Protocol benchmarks (docs/protocol.md, "Speed"). The lead wires these into bench/bench.ts:
 *
 *   const rows = await protocolBenchmarks();   // or each function alone
 *
 * - verifying a complete 4-player replay (native Ed25519 and SHA-512 where the platform has them);
 * - that time divided by the time to replay the same log through the engine with no checks (target <= 1.5);
 * - the same verification with tweetnacl only (no native code at all);
 * plus the raw signature throughput of each implementation, which is what decides the defaults.
 * Times are medians of runs after a warm-up; the ratio is the median of paired runs (see
 * benchVerify), so that other load on the machine affects both sides of it alike.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  applyAction,
  fromHex,
  hashText,
  newGame,
  RULES_VERSION,
  type GameSetup,
} from '../engine/index.js';
import { agentStream } from '../engine/local/index.js';
import { randomAgent } from '../engine/agents/index.js';
import { engineInputs, keyPairFromSeed, makeReplayText, naclScheme, parseGenesisText, parseReplayText, PROTOCOL, type Replay, type SignatureCheck, type SignatureScheme, signatureMessage, subtleScheme, useReferenceHash, verifyReplay, verifySignatures } from '../engine/protocol/index.js';
import { playProtocolGame } from '../engine/protocol/sim/index.js';
import { useNodeCrypto, nodeScheme } from '../scripts/node/crypto.js';

export interface BenchRow {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly note?: string;
}

const SETUP: GameSetup = {
  players: [
    { colour: 'forest', civilisation: 'elves' },
    { colour: 'mountain', civilisation: 'dwarves' },
    { colour: 'lake', civilisation: 'tritons' },
    { colour: 'plain', civilisation: 'miners' },
  ],
  firstSeat: 0,
};

/**
 * A complete 4-player game played through the protocol (every seat signs the final state),
 * cached in the temporary directory by protocol and rules version: playing one takes a while.
 */
export async function benchReplay(seed = 'bench-1'): Promise<Replay> {
  await useNodeCrypto();
  const dir = join(tmpdir(), 'bfe-bench');
  const file = join(dir, `replay-${hashText(`${PROTOCOL}|${RULES_VERSION}|${seed}`).slice(0, 16)}.json.gz`);
  try {
    const cached = parseReplayText(gunzipSync(readFileSync(file)).toString('utf8'));
    if (cached.ok && (await verifyReplay(cached.value)).valid) return cached.value;
  } catch {
    // no cache yet
  }
  for (let i = 0; ; i++) {
    const s = `${seed}/${i}`;
    const game = await playProtocolGame(SETUP, s, SETUP.players.map((_, seat) => randomAgent(agentStream(s, seat))), {});
    if (game.outcome.kind === 'finished' && game.outcome.end.kind === 'over' && game.outcome.finals.length === 4) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, gzipSync(makeReplayText(game.replay)));
      return game.replay;
    }
    if (i >= 5) throw new Error('benchReplay: no complete game in 6 tries');
  }
}

export { engineInputs };

/** Replays inputs through the engine with no checks beyond the engine's own. */
export function replayEngine(setup: GameSetup, inputs: readonly unknown[]): void {
  const created = newGame(setup);
  if (!created.ok) throw new Error('replayEngine: bad set-up');
  let state = created.value;
  for (const input of inputs) {
    const next = applyAction(state, input);
    if (!next.ok) throw new Error(`replayEngine: ${next.error.message}`);
    state = next.value;
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function time(f: () => unknown): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

export interface VerifyBench {
  readonly verifyMs: number;
  /** Replaying the log through the engine with no checks: reading its entries, deriving the beacon values, applying the actions. */
  readonly engineMs: number;
  readonly ratio: number;
  /** The engine alone, on inputs extracted beforehand (for comparison). */
  readonly engineOnlyMs: number;
  readonly elements: number;
  readonly signaturesChecked: number;
}

/**
 * Verification of a complete 4-player replay against the engine replaying its log. Each run times
 * one of each, back to back, in alternating order (so neither always pays for the other's
 * garbage); the ratio is the median of the runs' ratios, so that load on the shared machine,
 * which comes and goes, weighs on both sides of each ratio alike.
 */
export async function benchVerify(replay?: Replay, runs = 15): Promise<VerifyBench> {
  await useNodeCrypto();
  const r = replay ?? (await benchReplay());
  const genesis = parseGenesisText(r.genesis);
  if (!genesis.ok) throw new Error('benchVerify: bad genesis');
  const inputs = engineInputs(r);
  const setup = genesis.value.genesis.setup;
  const first = await verifyReplay(r);
  if (!first.valid) throw new Error(`benchVerify: the replay does not verify: ${first.failure.message}`);
  for (let i = 0; i < 3; i++) {
    replayEngine(setup, engineInputs(r));
    await verifyReplay(r);
  }
  const v: number[] = [];
  const e: number[] = [];
  const ratios: number[] = [];
  const only: number[] = [];
  const verify = () => time(() => verifyReplay(r));
  const engine = () => time(() => replayEngine(setup, engineInputs(r)));
  for (let i = 0; i < runs; i++) {
    let ve: number;
    let ee: number;
    if (i % 2 === 0) {
      ee = await engine();
      ve = await verify();
    } else {
      ve = await verify();
      ee = await engine();
    }
    v.push(ve);
    e.push(ee);
    ratios.push(ve / ee);
    only.push(await time(() => replayEngine(setup, inputs)));
  }
  return { verifyMs: median(v), engineMs: median(e), ratio: median(ratios), engineOnlyMs: median(only), elements: r.log.length, signaturesChecked: first.summary.signaturesChecked };
}

/** The same verification with tweetnacl only: its SHA-512 and its Ed25519, no native code. */
export async function benchVerifyTweetnacl(replay?: Replay, runs = 3): Promise<number> {
  const r = replay ?? (await benchReplay());
  useReferenceHash();
  try {
    await verifyReplay(r, { scheme: naclScheme });
    const t: number[] = [];
    for (let i = 0; i < runs; i++) t.push(await time(() => verifyReplay(r, { scheme: naclScheme })));
    return median(t);
  } finally {
    await useNodeCrypto();
  }
}

/** Full verification (every entry signature checked, as for an aborted game). */
export async function benchVerifyFull(replay?: Replay, runs = 3): Promise<number> {
  const r = replay ?? (await benchReplay());
  await useNodeCrypto();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) t.push(await time(() => verifyReplay(r, { mode: 'full' })));
  return median(t);
}

/** Signature verifications per second for each implementation, one at a time and in one batch. */
export async function benchSignatures(count = 2000): Promise<BenchRow[]> {
  const key = keyPairFromSeed(fromHex(hashText('bench key'))!);
  const checks: SignatureCheck[] = [];
  for (let i = 0; i < count; i++) {
    const message = signatureMessage('entry', hashText(`m${i}`));
    checks.push({ publicKey: key.publicKey, message, signature: await naclScheme.sign(key, message) });
  }
  const rows: BenchRow[] = [];
  const schemes: SignatureScheme[] = [(await nodeScheme())!, (await subtleScheme())!, naclScheme].filter(Boolean);
  for (const s of schemes) {
    const few = s.name === 'tweetnacl' ? checks.slice(0, 100) : checks;
    await verifySignatures(s, few.slice(0, 10));
    const one = await time(async () => {
      for (const c of few) await verifySignatures(s, [c]);
    });
    const batch = await time(() => verifySignatures(s, few));
    rows.push({ name: `Ed25519 verify, ${s.name}, one by one`, value: Math.round(few.length / (one / 1000)), unit: 'verifications/s' });
    rows.push({ name: `Ed25519 verify, ${s.name}, one batch`, value: Math.round(few.length / (batch / 1000)), unit: 'verifications/s' });
    const signs = await time(async () => {
      for (const c of few.slice(0, 200)) await s.sign(key, c.message);
    });
    rows.push({ name: `Ed25519 sign, ${s.name}`, value: Math.round(Math.min(200, few.length) / (signs / 1000)), unit: 'signatures/s' });
  }
  return rows;
}

/** Every protocol row, in the shape bench/bench.ts prints. */
export async function protocolBenchmarks(): Promise<BenchRow[]> {
  const replay = await benchReplay();
  const v = await benchVerify(replay);
  const full = await benchVerifyFull(replay);
  const nacl = await benchVerifyTweetnacl(replay);
  return [
    { name: 'verify a complete 4-player replay', value: round(v.verifyMs), unit: 'ms', note: `${v.elements} log elements, ${v.signaturesChecked} signatures checked` },
    { name: 'engine replay of the same log, no checks', value: round(v.engineMs), unit: 'ms', note: `reading the entries, deriving beacon values, applying actions; the engine alone on extracted inputs: ${round(v.engineOnlyMs)} ms` },
    { name: 'verification / engine replay', value: round(v.ratio, 2), unit: 'x', note: 'median of paired runs; target <= 1.5' },
    { name: 'verify the same replay, tweetnacl only', value: round(nacl), unit: 'ms' },
    { name: 'verify the same replay, every signature (as for an aborted game)', value: round(full), unit: 'ms' },
    ...(await benchSignatures()),
  ];
}

const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;

// `tsx bench/protocol.ts` prints the rows by itself.
if (process.argv[1]?.endsWith('protocol.ts')) {
  protocolBenchmarks().then(
    (rows) => {
      for (const r of rows) console.log(`${r.name.padEnd(66)} ${String(r.value).padStart(10)} ${r.unit}${r.note ? `  (${r.note})` : ''}`);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
