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
import { pingFrame, pongFrame, Reassembler } from './frames.js';
import { isWatcherId } from './ids.js';
import { addChannel, bestChannel, type Channel, channelOpened, dialled, enqueue, linkState, makePeerLink, type PeerLink, removeChannel, shouldDial, writeFrame, writeMessage } from './peerLink.js';
import { Listeners, type LinkState, type Transport, type TransportReport } from './transport.js';

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

/** A mesh node: its PeerJS peer, a link per place, its listeners, and its own timers. */
interface MeshNode {
  readonly options: MeshOptions;
  readonly timing: MeshTiming;
  readonly me: Seat;
  readonly seats: number;
  /** A spectator's node: it dials every seat and accepts nobody. */
  readonly watching: boolean;
  readonly queueLimit: number;
  readonly peer: PeerType;
  /** One per seat, this node's own among them (a spectator's node has no seat of its own). */
  readonly seatLinks: readonly PeerLink[];
  /** One per spectator's slot (a spectator's node has none). */
  readonly watcherLinks: readonly PeerLink[];
  /** Every place: the seats, then the spectators' slots (by the place a message comes from). */
  readonly links: readonly PeerLink[];
  readonly messages: Listeners<[Seat, string]>;
  readonly states: Listeners<[Seat, LinkState]>;
  readonly reports: Listeners<[TransportReport]>;
  readonly started: number;
  /** Numbers the messages this node sends, for the readers' reassembly. */
  messageId: number;
  disposed: boolean;
  serverRetry: ReturnType<typeof setTimeout> | null;
  serverBackoff: number;
}

const now = (): number => performance.now();

// Bundlers (the page, vitest) read PeerJS's ES build; Node alone reads its CommonJS build, whose
// named exports it cannot see (bots' pages in worker threads, scripts).
const Peer: typeof PeerType = (peerjs as { Peer?: typeof PeerType }).Peer ?? (peerjs as unknown as { default: { Peer: typeof PeerType } }).default.Peer;

export function makeMesh(options: MeshOptions): Transport {
  const node = makeNode(options);
  const { peer } = node;
  peer.on('connection', (conn) => accept(node, conn));
  peer.on('open', () => {
    node.serverBackoff = 500;
    step(node);
  });
  peer.on('disconnected', () => scheduleServerRetry(node));
  peer.on('error', (e: PeerError<string>) => peerError(node, e));
  const timer = setInterval(() => step(node), Math.min(250, node.timing.heartbeatMs));
  return {
    seat: node.me,
    send: (text, to) => send(node, text, to),
    onMessage: (l) => node.messages.add(l),
    onState: (l) => node.states.add(l),
    onReport: (l) => node.reports.add(l),
    states: () => node.seatLinks.map((l) => l.state),
    dispose() {
      if (node.disposed) return;
      node.disposed = true;
      clearInterval(timer);
      if (node.serverRetry) clearTimeout(node.serverRetry);
      for (const link of node.links) for (const c of [...link.channels]) drop(node, c);
      peer.destroy();
      node.messages.clear();
      node.states.clear();
      node.reports.clear();
    },
  };
}

function makeNode(options: MeshOptions): MeshNode {
  const { seat: me, ids } = options;
  const watching = options.watcherId !== undefined;
  const maxWatchers = watching ? 0 : (options.watchers ?? 8);
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
  const t = now();
  const seatLinks = ids.map((id, s) => makePeerLink(s, id, s === me, t));
  const watcherLinks = Array.from({ length: maxWatchers }, (_, i) => makePeerLink(ids.length + i, null, false, t));
  return {
    options,
    timing: { ...DEFAULT_TIMING, ...options.timing },
    me,
    seats: ids.length,
    watching,
    queueLimit: options.queueLimit ?? 512,
    peer,
    seatLinks,
    watcherLinks,
    links: [...seatLinks, ...watcherLinks],
    messages: new Listeners(),
    states: new Listeners(),
    reports: new Listeners(),
    started: now(),
    messageId: 0,
    disposed: false,
    serverRetry: null,
    serverBackoff: 500,
  };
}

const report = (node: MeshNode, r: TransportReport): void => node.reports.emit(r);
const seatLink = (node: MeshNode, peerId: string): PeerLink | undefined => node.seatLinks.find((l) => l.id === peerId);

/** A channel another node opened: a seat's, a spectator's (within the slots), or a stranger's (closed). */
function accept(node: MeshNode, conn: DataConnection): void {
  const watcher = !node.watching && isWatcherId(node.options.ids, conn.peer) ? watcherSlot(node, conn.peer) : undefined;
  if (watcher) return attach(node, conn, watcher, false);
  const link = node.watching ? undefined : seatLink(node, conn.peer);
  if (!link || link.self || node.disposed) {
    report(node, { kind: 'stranger', from: null, message: `a connection from ${String(conn.peer).slice(0, 40)}, not a seat of this game` });
    conn.close();
    return;
  }
  attach(node, conn, link, false);
}

function peerError(node: MeshNode, e: PeerError<string>): void {
  if (e.type === 'peer-unavailable') {
    // "Could not connect to peer <id>": the dial to that id failed; try again later.
    const link = node.seatLinks.find((l) => e.message.endsWith(` ${l.id}`));
    for (const c of link?.channels.filter((c) => c.outgoing && !c.open) ?? []) drop(node, c);
    return;
  }
  if (e.type === 'unavailable-id') report(node, { kind: 'server', from: null, message: `the signaling server gives this seat's id to another page (${e.message})` });
  else if (!node.peer.disconnected) report(node, { kind: 'server', from: null, message: `${e.type}: ${e.message}` });
  scheduleServerRetry(node);
}

/** The slot of a spectator (its old one if it comes back), or undefined when every slot is taken. */
function watcherSlot(node: MeshNode, id: string): PeerLink | undefined {
  const slots = node.watcherLinks;
  const known = slots.find((l) => l.id === id);
  if (known) return known;
  const free = slots.find((l) => l.id === null || l.channels.length === 0);
  if (!free) {
    report(node, { kind: 'overflow', from: null, message: `a spectator turned away: ${slots.length} are watching already` });
    return undefined;
  }
  free.id = id;
  free.queue = [];
  return free;
}

function scheduleServerRetry(node: MeshNode): void {
  const { peer } = node;
  if (node.disposed || node.serverRetry || peer.destroyed) return;
  node.serverRetry = setTimeout(() => {
    node.serverRetry = null;
    if (node.disposed || peer.destroyed || !peer.disconnected) return;
    node.serverBackoff = Math.min(node.serverBackoff * 2, 10_000);
    try {
      peer.reconnect();
    } catch {
      scheduleServerRetry(node);
    }
  }, node.serverBackoff);
}

function attach(node: MeshNode, conn: DataConnection, link: PeerLink, outgoing: boolean): void {
  const from = link.place;
  const c: Channel = {
    conn,
    link,
    outgoing,
    started: now(),
    open: false,
    openedAt: 0,
    lastHeard: 0,
    lastSent: 0,
    reader: new Reassembler(node.options.maxMessageBytes, (p) => report(node, { kind: p.kind, from, message: p.message })),
  };
  const oldest = addChannel(link, c);
  if (oldest) drop(node, oldest);
  const live = (): boolean => !node.disposed && link.channels.includes(c);
  conn.on('open', () => {
    if (!live()) return;
    channelOpened(c, now());
    flush(node, link);
    update(node, link);
  });
  conn.on('data', (data: unknown) => {
    if (!live()) return;
    c.lastHeard = now();
    const frame = c.reader.read(data);
    if (!frame) return;
    if (frame.kind === 'ping') writeFrame(c, pongFrame(frame.token), now());
    else if (frame.kind === 'message') node.messages.emit(from, frame.text);
    update(node, link);
  });
  conn.on('close', () => drop(node, c));
  conn.on('error', () => drop(node, c));
}

function drop(node: MeshNode, c: Channel): void {
  if (!removeChannel(c, now())) return;
  try {
    c.conn.close();
  } catch {
    // already closed
  }
  update(node, c.link);
}

function deliver(node: MeshNode, link: PeerLink, text: string): void {
  const c = bestChannel(link);
  if (c && link.queue.length === 0) return writeMessage(c, text, node.messageId++, now());
  if (enqueue(link, text, node.queueLimit)) report(node, { kind: 'overflow', from: null, message: `more than ${node.queueLimit} messages waiting for seat ${link.place}: the oldest was dropped` });
  if (c) flush(node, link);
}

function flush(node: MeshNode, link: PeerLink): void {
  const c = bestChannel(link);
  if (!c) return;
  while (link.queue.length > 0) writeMessage(c, link.queue.shift()!, node.messageId++, now());
}

/** Tells the listeners when a seat's state changed (spectators have none). */
function update(node: MeshNode, link: PeerLink): void {
  if (link.place >= node.seats) return;
  const s = linkState(link, now(), node.timing);
  if (s === link.state) return;
  link.state = s;
  node.states.emit(link.place, s);
}

function dial(node: MeshNode, link: PeerLink, t: number): void {
  dialled(link, t, node.timing);
  const conn = node.peer.connect(link.id!, { reliable: true, serialization: 'raw' });
  if (conn) attach(node, conn, link, true);
}

/** Heartbeats, timeouts, dials and states: one pass over everything. */
function step(node: MeshNode): void {
  if (node.disposed) return;
  const { timing, peer } = node;
  const t = now();
  for (const link of node.links)
    for (const c of [...link.channels]) {
      if (!c.open) {
        if (t - c.started > timing.connectTimeoutMs) drop(node, c);
        continue;
      }
      if (t - c.lastHeard > timing.lostMs) {
        drop(node, c);
        continue;
      }
      if (t - c.lastSent >= timing.heartbeatMs) writeFrame(c, pingFrame(Math.floor(t).toString(36)), t);
    }
  const { seatLinks } = node;
  // Not peer.open: a page that takes its id back with its token is never sent OPEN by the
  // server, yet it is registered and can signal.
  if (!peer.disconnected && !peer.destroyed) for (const link of seatLinks) if (shouldDial(link, node.me, t, node.started, timing)) dial(node, link, t);
  for (const link of seatLinks) update(node, link);
}

/** To one seat or spectator (`to`), or to every other seat and every spectator connected now. */
function send(node: MeshNode, text: string, to: Seat | undefined): void {
  if (node.disposed) return;
  if (to !== undefined) {
    const link = Number.isInteger(to) ? node.links[to] : undefined;
    if (link && !link.self && (to < node.seats || bestChannel(link))) deliver(node, link, text);
    return;
  }
  for (const link of node.seatLinks) if (!link.self) deliver(node, link, text);
  // Spectators get what is broadcast while they are connected; what they miss they ask for.
  for (const link of node.watcherLinks) if (bestChannel(link)) deliver(node, link, text);
}
