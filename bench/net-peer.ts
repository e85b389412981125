/**
 * One peer of the network benchmark, in its own process (as on its own machine): its mesh, its
 * game, and the times it saw, on the machine's clock (performance.timeOrigin + now) so that the
 * parent can compare processes. Driven by IPC from bench/net.ts.
 */
import '../scripts/node/webrtc.js';
import { awaiting, legalOptions, toHex } from '../engine/index.js';
import { randomAgent } from '../engine/agents/index.js';
import { agentStream } from '../engine/local/index.js';
import { startNetGame } from '../src/net/game.js';
import type { IceConfig } from '../src/net/ice.js';
import { meshIds, meshToken } from '../src/net/ids.js';
import { makeMesh, type PeerServerAddress } from '../src/net/mesh.js';
import type { Transport } from '../src/net/transport.js';
import { botGenesis, FAST_TIMING } from '../scripts/node/bot-table.js';

export interface PeerTask {
  readonly seed: string;
  readonly seat: number;
  readonly players: number;
  readonly days: number;
  readonly server: PeerServerAddress;
  readonly ice: IceConfig;
  /** A person's pause before clicking (ms): long enough for every peer to have applied what came before. */
  readonly think: number;
}

const clock = (): number => performance.timeOrigin + performance.now();
const send = (m: unknown): void => void process.send!(m);
process.on('disconnect', () => process.exit(0));

let mesh: Transport | null = null;
let task: PeerTask | null = null;

/** The seq an entry's text names, read from a message that carries it (the entry text is a JSON string in it). */
const seqOf = (text: string): number => Number(/\\"seq\\":(\d+)/.exec(text)?.[1] ?? -1);

/**
 * One message to every other peer at once (what a seat does with its action's entry), answered
 * at once with the time it arrived: when the first and the last peer have it, and how long the
 * transport's send blocks this thread (WebRTC in Node sends synchronously, channel by channel).
 */
async function fanOut(count: number): Promise<{ first: number[]; last: number[]; blocked: number[] }> {
  const t = mesh!;
  const first: number[] = [];
  const last: number[] = [];
  const blocked: number[] = [];
  let acks: number[] = [];
  let all: (() => void) | null = null;
  const stop = t.onMessage((_from, text) => {
    if (!text.startsWith('fanack:')) return;
    acks.push(Number(text.slice(text.lastIndexOf(':') + 1)));
    if (acks.length === task!.players - 1) all?.();
  });
  const payload = 'x'.repeat(600);
  for (let i = 0; i < count; i++) {
    acks = [];
    const back = new Promise<void>((resolve) => (all = resolve));
    const t0 = clock();
    t.send(`fan:${i}:${payload}`);
    blocked.push(clock() - t0);
    await back;
    first.push(Math.min(...acks) - t0);
    last.push(Math.max(...acks) - t0);
    // A pause, as between a person's actions.
    await new Promise((r) => setTimeout(r, task!.think));
  }
  stop();
  return { first, last, blocked };
}

/**
 * Round trips of 600 bytes to the other peers in turn: back to back (a busy channel), or with a
 * person's pause before each (`pauseMs`: the pace of the game's actions, whose latency is
 * compared with it: a message after a pause finds the transport's threads asleep).
 */
async function roundTrips(count: number, pauseMs: number): Promise<number[]> {
  const t = mesh!;
  const times: number[] = [];
  let answer: ((n: number) => void) | null = null;
  const stop = t.onMessage((_from, text) => answer?.(Number(text.slice(4, text.indexOf(':', 4)))));
  const payload = 'x'.repeat(600);
  for (let i = 0; i < count; i++) {
    const to = 1 + (i % (task!.players - 1));
    const back = new Promise<void>((resolve) => (answer = (n) => n === i && resolve()));
    const t0 = performance.now();
    t.send(`rtt:${i}:${payload}`, to);
    await back;
    times.push(performance.now() - t0);
    if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
  }
  stop();
  return times;
}

process.on('message', (message: unknown) => {
  void (async () => {
    const m = message as { kind: 'prepare'; task: PeerTask } | { kind: 'create' } | { kind: 'rtt'; count: number; paced: boolean } | { kind: 'fan'; count: number } | { kind: 'play' };
    if (m.kind === 'prepare') {
      // The genesis (the lobby's work) before the clock starts.
      task = m.task;
      const g = await botGenesis(task.players, task.seed, { timer: null, days: task.days });
      (globalThis as { game?: unknown }).game = { g, secrets: g.secrets[task.seat]! };
      send({ kind: 'prepared' });
    } else if (m.kind === 'create') {
      const { g, secrets } = (globalThis as unknown as { game: { g: Awaited<ReturnType<typeof botGenesis>>; secrets: Awaited<ReturnType<typeof botGenesis>>['secrets'][number] } }).game;
      task = task!;
      const createdAt = clock();
      mesh = makeMesh({ seat: task.seat, ids: meshIds(g.genesis.id, task.players), token: meshToken(toHex(secrets.keys.seed)), server: task.server, ice: task.ice, maxMessageBytes: g.genesis.genesis.settings.maxMessageBytes, timing: FAST_TIMING });
      // Round-trip probes are answered before and after the game (the game never sees them).
      mesh.onMessage((from, text) => {
        if (from !== 0) return;
        if (text.startsWith('rtt:')) mesh!.send(text, 0);
        else if (text.startsWith('fan:')) mesh!.send(`fanack:${clock()}`, 0);
      });
      const connected = new Promise<void>((resolve) => {
        const check = (): void => {
          if (mesh!.states().every((s) => s === 'connected')) resolve();
        };
        mesh!.onState(check);
        check();
      });
      await connected;
      send({ kind: 'connected', createdAt, connectedAt: clock() });
    } else if (m.kind === 'rtt') {
      send({ kind: 'rtt', times: await roundTrips(m.count, m.paced ? task!.think : 0) });
    } else if (m.kind === 'fan') {
      send({ kind: 'fan', ...(await fanOut(m.count)) });
    } else {
      const { g, secrets } = (globalThis as unknown as { game: { g: Awaited<ReturnType<typeof botGenesis>>; secrets: Awaited<ReturnType<typeof botGenesis>>['secrets'][number] } }).game;
      const chosen: [number, number][] = [];
      const applied: [number, number][] = [];
      // Where an action's time goes: this seat's entries leaving (the moment the first send
      // begins), and the first message that brings each element's entry to this peer.
      const sent: [number, number][] = [];
      const arrived: [number, number][] = [];
      const seen = new Set<number>();
      /** What the game wrote to the data channels (a message to all counts once per other peer). */
      let bytesOut = 0;
      const probes = (text: string): boolean => text.startsWith('rtt:') || text.startsWith('fan');
      const transport: Transport = {
        ...mesh!,
        onMessage: (l) => mesh!.onMessage((from, text) => !probes(text) && l(from, text)),
        send(text, to) {
          if (to === undefined && text.startsWith('{"t":"entry"')) sent.push([seqOf(text), clock()]);
          bytesOut += Buffer.byteLength(text) * (to === undefined ? task!.players - 1 : 1);
          mesh!.send(text, to);
        },
      };
      mesh!.onMessage((_from, text) => {
        const entry = text.startsWith('{"t":"entry"');
        if (!entry && !text.startsWith('{"t":"echo"')) return;
        const at = clock();
        const seq = entry ? seqOf(text) : seqOf(text.slice(text.indexOf('"entries"')));
        if (seq < 0 || seen.has(seq)) return;
        seen.add(seq);
        arrived.push([seq, at]);
      });
      // Played as a person plays: the seat sees its turn, thinks a moment, clicks (submit).
      const agent = randomAgent(agentStream(task!.seed, task!.seat));
      const game = startNetGame({ transport, genesis: g.genesis, genesisSignatures: g.signatures, secrets, scheme: g.scheme });
      let upTo = 0;
      let decided = -1;
      game.on((e) => {
        if (e.kind !== 'view') return;
        const at = clock();
        for (; upTo < e.view.seq; upTo++) applied.push([upTo, at]);
        const who = awaiting(e.view.state);
        if (who.kind !== 'seat' || who.seat !== task!.seat || decided === e.view.seq || e.view.outcome.kind !== 'playing') return;
        decided = e.view.seq;
        const seq = e.view.seq;
        setTimeout(() => {
          const state = game.view().state;
          const action = agent(state, task!.seat, legalOptions(state, task!.seat, secrets.vault), secrets.vault);
          chosen.push([seq, clock()]);
          void game.submit(action);
        }, task!.think);
      });
      // The processor this process used during the game, all its threads (Node's WebRTC works on its own).
      const cpuBefore = process.cpuUsage();
      const end = await game.ended;
      const cpu = process.cpuUsage(cpuBefore);
      send({ kind: 'done', chosen, applied, sent, arrived, outcome: end.outcome.kind, cpuMs: (cpu.user + cpu.system) / 1000, bytesOut, elements: upTo });
      // Stay connected until the parent ends this process: the others may still need our messages.
    }
  })();
});
