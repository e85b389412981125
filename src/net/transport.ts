/**
 * The game channel as the protocol sees it: texts to one seat or to every other seat, texts
 * from seats, and how each seat's connection is doing. Nothing it delivers is trusted: `from`
 * is the transport's claim, and the protocol checks every signature itself.
 */
import type { Seat } from '../../engine/index.js';

/**
 * - connecting: never reached yet
 * - connected: heard from recently
 * - slow: connected, but silent for longer than a heartbeat should take
 * - reconnecting: the connection dropped; trying again
 * - away: unreachable for a while (the protocol's timer decides what that means for the game)
 */
export const LINK_STATES = ['connecting', 'connected', 'slow', 'reconnecting', 'away'] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** Something the transport dropped, for the UI's log and the tests. */
export interface TransportReport {
  readonly kind: 'oversized' | 'malformed' | 'stranger' | 'overflow' | 'server';
  /** The seat the bad input came from, if any. */
  readonly from: Seat | null;
  readonly message: string;
}

export interface Transport {
  readonly seat: Seat;
  /** To one seat, or (to omitted) to every other seat. Queued, within bounds, while a seat is unreachable. */
  send(text: string, to?: Seat): void;
  /** Each listener gets every message; returns an unsubscribe function. */
  onMessage(listener: (from: Seat, text: string) => void): () => void;
  onState(listener: (seat: Seat, state: LinkState) => void): () => void;
  onReport(listener: (report: TransportReport) => void): () => void;
  /** Per seat (this seat is always 'connected'). */
  states(): readonly LinkState[];
  /** Frees every connection, timer and listener; safe to call twice. */
  dispose(): void;
}

/** A tiny listener list, shared by the transports. */
export class Listeners<A extends unknown[]> {
  private readonly set = new Set<(...args: A) => void>();
  add(listener: (...args: A) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  emit(...args: A): void {
    for (const l of [...this.set]) l(...args);
  }
  clear(): void {
    this.set.clear();
  }
}
