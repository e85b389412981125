/**
 * Network benchmarks (issue 11), over real WebRTC data channels through a TURN relay on loopback
 * (coturn), with the one-port signaling server of `npm start`, all started here. Each of the four
 * peers runs in its own process (bench/net-peer.ts), as on its own machine:
 *
 * - the time from the first peer's create to four peers connected (a full mesh) and ready;
 * - action latency: from a seat's choice to the element applied on every peer (every entry
 *   signed, checked and echoed), p50 and p99 over whole 4-player games;
 * - those divided by the raw round trip of the same data channels, measured in the same run
 *   (targets: p50 <= 3x, p99 <= 10x). The round trip is measured at the actions' pace, a probe
 *   after each person's pause, since each action too finds the channel idle; the back-to-back
 *   round trip (a channel kept busy, its threads awake) is given beside it;
 * - where an action's p50 goes, and what one message to every other peer costs the sender alone
 *   (Node's WebRTC blocks on each send, channel by channel).
 *
 * The machine has 2 cores for 4 peers, the relay and the signaling: peers wait for each other's
 * CPU, which a real table does not.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomAgent } from '../engine/agents/index.js';
import { agentStream } from '../engine/local/index.js';
import { playProtocolGame } from '../engine/protocol/sim/index.js';
import { useNodeCrypto } from '../scripts/node/crypto.js';
import { startNetServers } from '../scripts/node/net-servers.js';
import { turnInstalled } from '../scripts/node/turn.js';
import type { PeerTask } from './net-peer.js';
import type { Row } from './table.js';

const PLAYERS = 4;
/** Days a game lasts: long enough that most actions run on warm code, as in a real game (day 14 or so). */
const DAYS = 4;
/** A person's pause before each action, and before each round-trip probe the latency is compared with. */
const THINK_MS = 25;

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
};

type Report = Record<string, unknown> & { kind: string };

/** What one peer spends on an element without any network: a whole game between in-process peers, divided out. */
async function elementWork(): Promise<number> {
  await useNodeCrypto();
  const agents = Array.from({ length: PLAYERS }, (_, s) => randomAgent(agentStream('bench-work', s)));
  const setup = { players: (['forest', 'mountain', 'lake', 'plain'] as const).map((colour, i) => ({ colour, civilisation: (['elves', 'dwarves', 'tritons', 'miners'] as const)[i]! })), firstSeat: 0 };
  await playProtocolGame(setup, 'bench-work-warm', agents, { settings: { timer: null, days: 1 } });
  const t0 = performance.now();
  const game = await playProtocolGame(setup, 'bench-work', agents, { settings: { timer: null, days: DAYS } });
  return (performance.now() - t0) / (game.replay.log.length * PLAYERS);
}

function spawnPeer(): { child: ChildProcess; next: (kind: string) => Promise<Report> } {
  const child = fork(new URL('./net-peer.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const inbox: Report[] = [];
  const waiting: { kind: string; resolve: (r: Report) => void }[] = [];
  child.on('message', (m: Report) => {
    const w = waiting.findIndex((x) => x.kind === m.kind);
    if (w >= 0) waiting.splice(w, 1)[0]!.resolve(m);
    else inbox.push(m);
  });
  return {
    child,
    next: (kind) => {
      const i = inbox.findIndex((m) => m.kind === kind);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0]!);
      return new Promise((resolve, reject) => {
        waiting.push({ kind, resolve });
        child.once('exit', (code) => reject(new Error(`bench/net: a peer exited (${code}) before "${kind}"`)));
      });
    },
  };
}

export async function netBenchmarks(): Promise<Row[]> {
  if (!turnInstalled()) return [];
  const servers = await startNetServers();
  const setupTimes: number[] = [];
  const latencies: number[] = [];
  /** Round trips at the game's pace (a person's pause before each, as before each action), and back to back. */
  const rtts: number[] = [];
  const busyRtts: number[] = [];
  const all: number[] = [];
  const fanOut = { first: [] as number[], last: [] as number[], blocked: [] as number[] };
  /** The processor all four peer processes used per element of a game (every thread: Node's WebRTC has its own). */
  const cpuPerElement: number[] = [];
  /** What one peer's game wrote to its data channels per element (each game, each peer). */
  const bytesPerElement: number[] = [];
  /** An action's latency in parts: choice to the entry's first send, on to its first and last arrival elsewhere, and each peer's arrival to applied. */
  const parts = { sign: [] as number[], first: [] as number[], last: [] as number[], apply: [] as number[] };
  try {
    for (const seed of ['bench-a', 'bench-b']) {
      const peers = Array.from({ length: PLAYERS }, () => spawnPeer());
      try {
        for (const [seat, p] of peers.entries()) {
          const task: PeerTask = { seed, seat, players: PLAYERS, days: DAYS, server: servers.peer, ice: servers.ice, think: THINK_MS };
          p.child.send({ kind: 'prepare', task });
        }
        await Promise.all(peers.map((p) => p.next('prepared')));
        for (const p of peers) p.child.send({ kind: 'create' });
        const connected = await Promise.all(peers.map((p) => p.next('connected')));
        setupTimes.push(Math.max(...connected.map((c) => c['connectedAt'] as number)) - Math.min(...connected.map((c) => c['createdAt'] as number)));
        peers[0]!.child.send({ kind: 'rtt', count: 150, paced: false });
        busyRtts.push(...((await peers[0]!.next('rtt'))['times'] as number[]));
        peers[0]!.child.send({ kind: 'rtt', count: 100, paced: true });
        rtts.push(...((await peers[0]!.next('rtt'))['times'] as number[]));
        peers[0]!.child.send({ kind: 'fan', count: 100 });
        const fan = await peers[0]!.next('fan');
        for (const k of ['first', 'last', 'blocked'] as const) fanOut[k].push(...(fan[k] as number[]));
        for (const p of peers) p.child.send({ kind: 'play' });
        const done = await Promise.all(peers.map((p) => p.next('done')));
        for (const d of done) bytesPerElement.push((d['bytesOut'] as number) / (d['elements'] as number));
        cpuPerElement.push(done.reduce((sum, d) => sum + (d['cpuMs'] as number) / (d['elements'] as number), 0));
        // The round trip at the actions' pace again, after the game: the ratio's baseline spans the run.
        peers[0]!.child.send({ kind: 'rtt', count: 100, paced: true });
        rtts.push(...((await peers[0]!.next('rtt'))['times'] as number[]));
        const chosen = new Map<number, number>(done.flatMap((d) => d['chosen'] as [number, number][]));
        const applied = new Map<number, number[]>();
        const sentAt = new Map<number, number>(done.flatMap((d) => d['sent'] as [number, number][]));
        const arrivedAt = done.map((d) => new Map<number, number>(d['arrived'] as [number, number][]));
        const appliedAt = done.map((d) => new Map<number, number>(d['applied'] as [number, number][]));
        const chooser = new Map<number, number>(done.flatMap((d, p) => (d['chosen'] as [number, number][]).map(([seq]): [number, number] => [seq, p])));
        for (const d of done) for (const [seq, at] of d['applied'] as [number, number][]) applied.set(seq, [...(applied.get(seq) ?? []), at]);
        for (const [seq, t] of chosen) {
          const on = applied.get(seq) ?? [];
          const before = applied.get(seq - 1) ?? [];
          if (on.length !== PLAYERS) continue;
          all.push(Math.max(...on) - t);
          // Only choices made once every peer had applied the element before (no backlog), as in a person's game.
          if (before.length !== PLAYERS || Math.max(...before) > t) continue;
          latencies.push(Math.max(...on) - t);
          const out = sentAt.get(seq);
          const others = arrivedAt.flatMap((m, p) => (p === chooser.get(seq) || m.get(seq) === undefined ? [] : [m.get(seq)!]));
          if (out === undefined || others.length !== PLAYERS - 1) continue;
          parts.sign.push(out - t);
          parts.first.push(Math.min(...others) - out);
          parts.last.push(Math.max(...others) - out);
          appliedAt.forEach((m, p) => {
            const from = p === chooser.get(seq) ? out : arrivedAt[p]!.get(seq);
            const at = m.get(seq);
            if (from !== undefined && at !== undefined) parts.apply.push(at - from);
          });
        }
      } finally {
        for (const p of peers) p.child.kill();
      }
    }
  } finally {
    await servers.close();
  }
  const work = await elementWork();
  const rtt = quantile(rtts, 0.5);
  const p50 = quantile(latencies, 0.5);
  const p99 = quantile(latencies, 0.99);
  const detail = `${latencies.length} actions in 2 games of ${PLAYERS} (${DAYS} days), one process per peer, relay on loopback`;
  const ms = (xs: readonly number[], q = 0.5): string => `${quantile(xs, q).toFixed(2)} ms`;
  const split = `p50 parts: choice to first send ${ms(parts.sign)}; first send to first arrival ${ms(parts.first)}, to last arrival ${ms(parts.last)}; arrival to applied ${ms(parts.apply)} (each peer)`;
  return [
    { name: 'net: create to 4 peers connected (mesh)', value: quantile(setupTimes, 0.5), unit: 'ms', detail: `median of ${setupTimes.length}, TURN relay on loopback` },
    { name: 'net: data channel round trip p50', value: rtt, unit: 'ms', detail: `${rtts.length} round trips of 600 bytes on the same channels, one every ${THINK_MS} ms as the actions (back to back: ${ms(busyRtts)})` },
    { name: 'net: one message to 3 peers, last arrival p50', value: quantile(fanOut.last, 0.5), unit: 'ms', detail: `${fanOut.last.length} sends of 600 bytes; first arrival ${ms(fanOut.first)}; send() blocks the sender ${ms(fanOut.blocked)} (Node's WebRTC sends synchronously)` },
    { name: 'net: action latency p50 (4 peers)', value: p50, unit: 'ms', detail },
    { name: 'net: action latency p99 (4 peers)', value: p99, unit: 'ms', detail },
    { name: 'net: action latency, where the p50 goes', value: quantile(parts.last, 0.5), unit: 'ms', detail: split },
    { name: 'net: one peer\'s checks per element (no network)', value: work, unit: 'ms', detail: 'verify, apply, state digest, echo: what the latency adds to the trip' },
    { name: 'net: processor per element, 4 peer processes', value: quantile(cpuPerElement, 0.5), unit: 'ms', detail: `median of ${cpuPerElement.length} games, every thread of the 4 processes; the peers' checks account for about ${(PLAYERS * work).toFixed(1)} ms of it (4 x the row above, measured without a network), the rest is the transport (Node's WebRTC, PeerJS, the event loop); 2 cores share it with the relay` },
    { name: 'net: bytes one peer sends per element', value: quantile(bytesPerElement, 0.5) / 1024, unit: 'KB', detail: `median of ${bytesPerElement.length} (4 peers, 2 games), from ${(Math.min(...bytesPerElement) / 1024).toFixed(2)} to ${(Math.max(...bytesPerElement) / 1024).toFixed(2)} KB: the game's messages to 3 peers (its entries, and its echoes that carry each element's entries), without the mesh's frame headers and heartbeats or WebRTC's framing and encryption` },
    { name: 'net: action latency p50 / round trip', value: p50 / rtt, unit: 'x', target: { max: 3 }, detail: `the round trip at the actions' pace; ${(p50 / quantile(busyRtts, 0.5)).toFixed(2)}x the back-to-back one` },
    { name: 'net: action latency p99 / round trip', value: p99 / rtt, unit: 'x', target: { max: 10 }, detail: `${(p99 / quantile(busyRtts, 0.5)).toFixed(1)}x the back-to-back one` },
  ];
}
