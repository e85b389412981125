/**
 * What a mesh node (mesh.ts) keeps about each other node it talks to: one record per link, and
 * the small functions over it. The records are the mesh's own mutable bookkeeping (its shell
 * around PeerJS), never handed out: the protocol sees texts and states only.
 */
import type { DataConnection } from 'peerjs';
import type { Seat } from '../../engine/index.js';
import { messageFrames, type Reassembler } from './frames.js';
import type { MeshTiming } from './mesh.js';
import type { LinkState } from './transport.js';

/** A link keeps at most this many channels: a refreshed page's old one and both sides dialling. */
export const MAX_CHANNELS = 3;

/** One data channel of a link. */
export interface Channel {
  readonly conn: DataConnection;
  readonly link: PeerLink;
  /** This node dialled it (else the other side did). */
  readonly outgoing: boolean;
  readonly started: number;
  open: boolean;
  openedAt: number;
  lastHeard: number;
  lastSent: number;
  /** Joins the chunks of long messages and checks every frame's size. */
  readonly reader: Reassembler;
}

/** Another node of the mesh as this one sees it: a seat, or a spectator's slot. */
export interface PeerLink {
  /** A seat (0 to seats - 1), or seats + the slot of a spectator: where its messages come from. */
  readonly place: number;
  /** This node's own seat: always connected, never dialled. */
  readonly self: boolean;
  /** Its PeerJS id: a seat's is fixed; a spectator slot's is its spectator's (null: free). */
  id: string | null;
  /** Its channels, oldest first (at most MAX_CHANNELS). */
  readonly channels: Channel[];
  /** Messages waiting for an open channel, oldest first (the oldest dropped beyond the limit). */
  queue: string[];
  /** A channel to it has opened once (until then it is 'connecting'). */
  everConnected: boolean;
  /** When its last open channel went (at first, when this node started). */
  lostAt: number;
  /** No dial to it before this time; the wait doubles after each dial, up to maxRetryMs. */
  nextDial: number;
  backoff: number;
  /** Its state as last told to the listeners (seats only). */
  state: LinkState;
}

const FIRST_BACKOFF = 250;

export function makePeerLink(place: number, id: string | null, self: boolean, t: number): PeerLink {
  return { place, self, id, channels: [], queue: [], everConnected: self, lostAt: t, nextDial: 0, backoff: FIRST_BACKOFF, state: self ? 'connected' : 'connecting' };
}

/** Adds a channel; returns the oldest when the link holds more than MAX_CHANNELS (to drop). */
export function addChannel(link: PeerLink, c: Channel): Channel | undefined {
  link.channels.push(c);
  return link.channels.length > MAX_CHANNELS ? link.channels[0] : undefined;
}

/** Takes a channel out of its link (false: it was gone already), noting when the last open one went. */
export function removeChannel(c: Channel, t: number): boolean {
  const { link } = c;
  const at = link.channels.indexOf(c);
  if (at < 0) return false;
  link.channels.splice(at, 1);
  if (c.open && !link.channels.some((x) => x.open)) link.lostAt = t;
  return true;
}

/** A channel has opened: the link is reached, and its next dials start from the first wait again. */
export function channelOpened(c: Channel, t: number): void {
  c.open = true;
  c.openedAt = c.lastHeard = t;
  c.link.everConnected = true;
  c.link.backoff = FIRST_BACKOFF;
}

/** The channel to send on: the open one heard from most recently, newest first on ties. */
export function bestChannel(link: PeerLink): Channel | undefined {
  let pick: Channel | undefined;
  for (const c of link.channels) if (c.open && (!pick || c.lastHeard > pick.lastHeard || (c.lastHeard === pick.lastHeard && c.openedAt > pick.openedAt))) pick = c;
  return pick;
}

export function writeFrame(c: Channel, frame: string, t: number): void {
  c.lastSent = t;
  c.conn.send(frame);
}

/** Writes a message's frames on `c`; `id` numbers it for the reader's reassembly. */
export function writeMessage(c: Channel, text: string, id: number, t: number): void {
  for (const f of messageFrames(text, id)) writeFrame(c, f, t);
}

/** Queues a message for later; returns whether the queue overflowed (its oldest was dropped). */
export function enqueue(link: PeerLink, text: string, limit: number): boolean {
  link.queue.push(text);
  if (link.queue.length <= limit) return false;
  link.queue.shift();
  return true;
}

/** Its state at time `t`, from its channels and when it was last reached. */
export function linkState(link: PeerLink, t: number, timing: MeshTiming): LinkState {
  if (link.self) return 'connected';
  const c = bestChannel(link);
  if (c) return t - c.lastHeard > timing.slowMs ? 'slow' : 'connected';
  if (!link.everConnected) return 'connecting';
  return t - link.lostAt > timing.awayMs ? 'away' : 'reconnecting';
}

/**
 * Whether this node (seat `me`, started at `started`) dials the seat now: the lower seat of a
 * pair dials; the higher one too once it has had no channel for a while (it was refreshed).
 */
export function shouldDial(link: PeerLink, me: Seat, t: number, started: number, timing: MeshTiming): boolean {
  if (link.self || t < link.nextDial) return false;
  if (link.channels.some((c) => c.open || c.outgoing)) return false;
  if (me < link.place) return true;
  const since = link.everConnected ? link.lostAt : started;
  return t - since > timing.knockMs;
}

/** A dial goes out now: the next waits twice as long (up to maxRetryMs). */
export function dialled(link: PeerLink, t: number, timing: MeshTiming): void {
  link.nextDial = t + link.backoff;
  link.backoff = Math.min(link.backoff * 2, timing.maxRetryMs);
}
