/**
 * The game channel: a full mesh of PeerJS data channels between the seats of one game.
 *
 * - Every pair of seats has a reliable, ordered data channel (PeerJS defaults to unordered), raw
 *   text frames (frames.ts): one serialisation, sizes checked before reading, long messages chunked.
 * - Peer ids are derived from the game and the seat, and the PeerJS token from the seat's own
 *   secret: a refreshed page registers again with the same id and token, and the server hands
 *   it the id back instead of answering ID-TAKEN; nobody else can take it.
 * - The lower seat of a pair dials; the higher one dials too when it has had no channel for a
 *   while (it was refreshed). Two channels for one pair are harmless: messages are read from
 *   every channel and sent on the freshest.
 * - Spectators (watch links) connect to the seats with ids of their own; a seat sends them what it
 *   broadcasts and answers their requests, within a bound on how many it serves.
 * - Every connect has a timeout (peer-unavailable fires on the Peer, not the connection, and only
 *   after the server's expiry), a heartbeat notices a closed tab (close events are unreliable),
 *   and the PeerJS server going away only stops new connections: open channels carry on.
 */
import * as peerjs from 'peerjs';
import type { DataConnection, Peer as PeerType, PeerError } from 'peerjs';
import type { Seat } from '../../engine/index.js';
import { type IceConfig, rtcConfiguration } from './ice.js';
import { messageFrames, pingFrame, pongFrame, Reassembler } from './frames.js';
import { isWatcherId } from './ids.js';
import { Listeners, type PeerState, type Transport, type TransportReport } from './transport.js';

export interface PeerServerAddress {
  readonly host: string;
  readonly port: number;
  /** The server's mount path, e.g. /bfe (the client adds its key: /bfe/peerjs/…). */
  readonly path: string;
  readonly secure: boolean;
  readonly key: string;
}

export interface MeshTiming {
  /** A heartbeat on every channel this often. */
  readonly heartbeatMs: number;
  /** Silent for longer: 'slow'. */
  readonly slowMs: number;
  /** Silent for longer: the channel is closed and dialled again. */
  readonly lostMs: number;
  /** Unreachable for longer: 'away'. */
  readonly awayMs: number;
  /** A connect that has not opened within this time is abandoned and tried again. */
  readonly connectTimeoutMs: number;
  /** Retries back off up to this. */
  readonly maxRetryMs: number;
  /** The higher seat of a pair dials too after this long without a channel. */
  readonly knockMs: number;
}

export const DEFAULT_TIMING: MeshTiming = { heartbeatMs: 1000, slowMs: 2500, lostMs: 6000, awayMs: 20_000, connectTimeoutMs: 8000, maxRetryMs: 4000, knockMs: 1500 };

export interface MeshOptions {
  readonly seat: Seat;
  /** The PeerJS id of every seat (meshIds). */
  readonly ids: readonly string[];
  /** This seat's PeerJS token: derived from a secret only this seat holds (meshToken). */
  readonly token: string;
  readonly server: PeerServerAddress;
  readonly ice: IceConfig;
  /** The largest message, in UTF-8 bytes (the genesis' maxMessageBytes). */
  readonly maxMessageBytes: number;
  readonly timing?: Partial<MeshTiming>;
  /** Messages kept per seat while it is unreachable (oldest dropped beyond). */
  readonly queueLimit?: number;
  /**
   * Spectators a seat accepts at once (default 8; 0: none). They get every message the seat
   * broadcasts and may ask it for what they missed; their messages arrive from pseudo-seats
   * `seats`, `seats + 1`, ..., and answers go back to those.
   */
  readonly watchers?: number;
  /** Set for a spectator's node: its own id (watcherId); it dials every seat and accepts nobody. */
  readonly watcherId?: string;
}

interface Channel {
  readonly conn: DataConnection;
  readonly seat: Seat;
  readonly outgoing: boolean;
  readonly started: number;
  open: boolean;
  openedAt: number;
  lastHeard: number;
  lastSent: number;
  readonly reader: Reassembler;
}

const now = (): number => performance.now();

// Bundlers (the page, vitest) read PeerJS's ES build; Node alone reads its CommonJS build, whose
// named exports it cannot see (bots' pages in worker threads, scripts).
const Peer: typeof PeerType = (peerjs as { Peer?: typeof PeerType }).Peer ?? (peerjs as unknown as { default: { Peer: typeof PeerType } }).default.Peer;

export function makeMesh(options: MeshOptions): Transport {
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const { seat: me, ids } = options;
  const seats = ids.length;
  const watching = options.watcherId !== undefined;
  const maxWatchers = watching ? 0 : (options.watchers ?? 8);
  /** Seats, then the spectators' slots: every per-peer array has one place each. */
  const places = seats + maxWatchers;
  const watchers: (string | null)[] = new Array<string | null>(maxWatchers).fill(null);
  const queueLimit = options.queueLimit ?? 512;
  const messages = new Listeners<[Seat, string]>();
  const stateListeners = new Listeners<[Seat, PeerState]>();
  const reports = new Listeners<[TransportReport]>();
  const channels: Channel[] = [];
  const queues: string[][] = Array.from({ length: places }, () => []);
  const everConnected: boolean[] = Array.from({ length: places }, (_, s) => s === me);
  const lostAt: number[] = Array.from({ length: places }, () => now());
  const nextDial: number[] = Array.from({ length: places }, () => 0);
  const backoff: number[] = Array.from({ length: places }, () => 250);
  const states: PeerState[] = Array.from({ length: places }, (_, s) => (s === me ? 'connected' : 'connecting'));
  let messageId = 0;
  let disposed = false;
  let serverRetry: ReturnType<typeof setTimeout> | null = null;
  let serverBackoff = 500;

  const report = (r: TransportReport): void => reports.emit(r);
  const seatOf = (peerId: string): Seat | -1 => ids.indexOf(peerId);

  const peer = new Peer(options.watcherId ?? ids[me]!, {
    host: options.server.host,
    port: options.server.port,
    path: options.server.path,
    secure: options.server.secure,
    key: options.server.key,
    token: options.token,
    config: rtcConfiguration(options.ice),
    debug: 0,
  });

  peer.on('connection', (conn) => {
    const watcher = !watching && isWatcherId(ids, conn.peer) ? watcherSlot(conn.peer) : -1;
    if (watcher >= 0) return attach(conn, seats + watcher, false);
    const seat = watching ? -1 : seatOf(conn.peer);
    if (seat < 0 || seat === me || disposed) {
      report({ kind: 'stranger', from: null, message: `a connection from ${String(conn.peer).slice(0, 40)}, not a seat of this game` });
      conn.close();
      return;
    }
    attach(conn, seat, false);
  });
  peer.on('open', () => {
    serverBackoff = 500;
    step();
  });
  peer.on('disconnected', () => scheduleServerRetry());
  peer.on('error', (e: PeerError<string>) => {
    if (e.type === 'peer-unavailable') {
      // "Could not connect to peer <id>": the dial to that id failed; try again later.
      const seat = ids.findIndex((id) => e.message.endsWith(` ${id}`));
      for (const c of channels.filter((c) => c.seat === seat && c.outgoing && !c.open)) drop(c);
      return;
    }
    if (e.type === 'unavailable-id') report({ kind: 'server', from: null, message: `the signaling server gives this seat's id to another page (${e.message})` });
    else if (!peer.disconnected) report({ kind: 'server', from: null, message: `${e.type}: ${e.message}` });
    scheduleServerRetry();
  });

  /** The slot of a spectator (its old one if it comes back), or -1 when every slot is taken. */
  function watcherSlot(id: string): number {
    const known = watchers.indexOf(id);
    if (known >= 0) return known;
    const free = watchers.findIndex((w, i) => w === null || !channels.some((c) => c.seat === seats + i));
    if (free < 0) {
      report({ kind: 'overflow', from: null, message: `a spectator turned away: ${maxWatchers} are watching already` });
      return -1;
    }
    watchers[free] = id;
    queues[seats + free] = [];
    return free;
  }

  function scheduleServerRetry(): void {
    if (disposed || serverRetry || peer.destroyed) return;
    serverRetry = setTimeout(() => {
      serverRetry = null;
      if (disposed || peer.destroyed || !peer.disconnected) return;
      serverBackoff = Math.min(serverBackoff * 2, 10_000);
      try {
        peer.reconnect();
      } catch {
        scheduleServerRetry();
      }
    }, serverBackoff);
  }

  function attach(conn: DataConnection, seat: Seat, outgoing: boolean): void {
    const c: Channel = {
      conn,
      seat,
      outgoing,
      started: now(),
      open: false,
      openedAt: 0,
      lastHeard: 0,
      lastSent: 0,
      reader: new Reassembler(options.maxMessageBytes, (p) => report({ kind: p.kind, from: seat, message: p.message })),
    };
    channels.push(c);
    // At most three channels per seat: the oldest goes.
    const mine = channels.filter((x) => x.seat === seat);
    if (mine.length > 3) drop(mine[0]!);
    conn.on('open', () => {
      if (disposed || !channels.includes(c)) return;
      c.open = true;
      c.openedAt = c.lastHeard = now();
      everConnected[seat] = true;
      backoff[seat] = 250;
      flush(seat);
      update(seat);
    });
    conn.on('data', (data: unknown) => {
      if (disposed || !channels.includes(c)) return;
      c.lastHeard = now();
      const frame = c.reader.read(data);
      if (!frame) return;
      if (frame.kind === 'ping') write(c, pongFrame(frame.token));
      else if (frame.kind === 'message') messages.emit(seat, frame.text);
      update(seat);
    });
    conn.on('close', () => drop(c));
    conn.on('error', () => drop(c));
  }

  function drop(c: Channel): void {
    const at = channels.indexOf(c);
    if (at < 0) return;
    channels.splice(at, 1);
    try {
      c.conn.close();
    } catch {
      // already closed
    }
    if (c.open && !channels.some((x) => x.seat === c.seat && x.open)) lostAt[c.seat] = now();
    update(c.seat);
  }

  function write(c: Channel, frame: string): void {
    c.lastSent = now();
    c.conn.send(frame);
  }

  /** The channel to send on: the open one heard from most recently, newest first on ties. */
  function best(seat: Seat): Channel | undefined {
    let pick: Channel | undefined;
    for (const c of channels) if (c.seat === seat && c.open && (!pick || c.lastHeard > pick.lastHeard || (c.lastHeard === pick.lastHeard && c.openedAt > pick.openedAt))) pick = c;
    return pick;
  }

  function deliver(seat: Seat, text: string): void {
    const c = best(seat);
    if (c && queues[seat]!.length === 0) {
      for (const f of messageFrames(text, messageId++)) write(c, f);
      return;
    }
    const q = queues[seat]!;
    q.push(text);
    if (q.length > queueLimit) {
      q.shift();
      report({ kind: 'overflow', from: null, message: `more than ${queueLimit} messages waiting for seat ${seat}: the oldest was dropped` });
    }
    if (c) flush(seat);
  }

  function flush(seat: Seat): void {
    const c = best(seat);
    const q = queues[seat]!;
    if (!c) return;
    while (q.length > 0) for (const f of messageFrames(q.shift()!, messageId++)) write(c, f);
  }

  function stateOf(seat: Seat, t: number): PeerState {
    if (seat === me) return 'connected';
    const c = best(seat);
    if (c) return t - c.lastHeard > timing.slowMs ? 'slow' : 'connected';
    if (!everConnected[seat]) return 'connecting';
    return t - lostAt[seat]! > timing.awayMs ? 'away' : 'reconnecting';
  }

  function update(seat: Seat): void {
    if (seat >= seats) return;
    const s = stateOf(seat, now());
    if (s !== states[seat]) {
      states[seat] = s;
      stateListeners.emit(seat, s);
    }
  }

  function shouldDial(seat: Seat, t: number): boolean {
    if (seat === me || t < nextDial[seat]!) return false;
    if (channels.some((c) => c.seat === seat && (c.open || c.outgoing))) return false;
    if (me < seat) return true;
    const since = everConnected[seat] ? lostAt[seat]! : started;
    return t - since > timing.knockMs;
  }

  function dial(seat: Seat, t: number): void {
    nextDial[seat] = t + backoff[seat]!;
    backoff[seat] = Math.min(backoff[seat]! * 2, timing.maxRetryMs);
    const conn = peer.connect(ids[seat]!, { reliable: true, serialization: 'raw' });
    if (conn) attach(conn, seat, true);
  }

  /** Heartbeats, timeouts, dials and states: one pass over everything. */
  function step(): void {
    if (disposed) return;
    const t = now();
    for (const c of [...channels]) {
      if (!c.open) {
        if (t - c.started > timing.connectTimeoutMs) drop(c);
        continue;
      }
      if (t - c.lastHeard > timing.lostMs) {
        drop(c);
        continue;
      }
      if (t - c.lastSent >= timing.heartbeatMs) write(c, pingFrame(Math.floor(t).toString(36)));
    }
    // Not peer.open: a page that takes its id back with its token is never sent OPEN by the
    // server, yet it is registered and can signal.
    if (!peer.disconnected && !peer.destroyed) for (let s = 0; s < seats; s++) if (shouldDial(s, t)) dial(s, t);
    for (let s = 0; s < seats; s++) update(s);
  }

  const started = now();
  const timer = setInterval(step, Math.min(250, timing.heartbeatMs));

  return {
    seat: me,
    send(text, to) {
      if (disposed) return;
      if (to !== undefined) {
        if (to !== me && to >= 0 && to < seats) deliver(to, text);
        else if (to >= seats && to < places && best(to)) deliver(to, text);
        return;
      }
      for (let s = 0; s < seats; s++) if (s !== me) deliver(s, text);
      // Spectators get what is broadcast while they are connected; what they miss they ask for.
      for (let s = seats; s < places; s++) if (best(s)) deliver(s, text);
    },
    onMessage: (l) => messages.add(l),
    onState: (l) => stateListeners.add(l),
    onReport: (l) => reports.add(l),
    states: () => states.slice(0, seats),
    dispose() {
      if (disposed) return;
      disposed = true;
      clearInterval(timer);
      if (serverRetry) clearTimeout(serverRetry);
      for (const c of [...channels]) drop(c);
      peer.destroy();
      messages.clear();
      stateListeners.clear();
      reports.clear();
    },
  };
}
