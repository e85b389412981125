/**
 * A fault-injecting wrapper around a transport, for tests: what it receives is delayed,
 * duplicated, reordered or dropped, each decided by a seeded random stream (the timing of the
 * real network underneath still varies from run to run).
 */
import { hashText, RandomStream, type Seat } from '../../engine/index.js';
import { Listeners, type Transport } from './transport.js';

export interface Faults {
  readonly seed: string;
  /** Each message is held for a uniform time in [min, max] ms. */
  readonly delayMs?: readonly [number, number];
  /** Chance that a message arrives twice (the copy with its own delay). */
  readonly duplicate?: number;
  /** Chance that a message is held back until after the next one from the same seat. */
  readonly reorder?: number;
  /** Chance that a message never arrives. */
  readonly drop?: number;
}

export interface FaultStats {
  delivered: number;
  delayed: number;
  duplicated: number;
  reordered: number;
  dropped: number;
}

export interface FaultyTransport extends Transport {
  readonly stats: Readonly<FaultStats>;
}

export function withFaults(inner: Transport, faults: Faults): FaultyTransport {
  const random = new RandomStream(hashText(`bfe/net/faults\n${faults.seed}\n${inner.seat}`));
  const chance = (p: number | undefined): boolean => p !== undefined && p > 0 && random.index(1_000_000) < p * 1_000_000;
  const [min, max] = faults.delayMs ?? [0, 0];
  const messages = new Listeners<[Seat, string]>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const held = new Map<Seat, string>();
  const stats: FaultStats = { delivered: 0, delayed: 0, duplicated: 0, reordered: 0, dropped: 0 };

  const later = (from: Seat, text: string): void => {
    const wait = max > min ? min + random.index(max - min + 1) : min;
    if (wait <= 0) {
      stats.delivered++;
      messages.emit(from, text);
      return;
    }
    stats.delayed++;
    const t = setTimeout(() => {
      timers.delete(t);
      stats.delivered++;
      messages.emit(from, text);
    }, wait);
    timers.add(t);
  };

  const unsubscribe = inner.onMessage((from, text) => {
    if (chance(faults.drop)) {
      stats.dropped++;
      return;
    }
    const copies = chance(faults.duplicate) ? 2 : 1;
    if (copies === 2) stats.duplicated++;
    const before = held.get(from);
    if (before === undefined && chance(faults.reorder)) {
      stats.reordered++;
      held.set(from, text);
      // Released by the next message from that seat, or after a while if none comes.
      const t = setTimeout(() => {
        timers.delete(t);
        if (held.get(from) !== text) return;
        held.delete(from);
        later(from, text);
      }, 2 * Math.max(max, 20));
      timers.add(t);
      return;
    }
    held.delete(from);
    for (let i = 0; i < copies; i++) later(from, text);
    if (before !== undefined) later(from, before);
  });

  return {
    seat: inner.seat,
    stats,
    send: (text, to) => inner.send(text, to),
    onMessage: (l) => messages.add(l),
    onState: (l) => inner.onState(l),
    onReport: (l) => inner.onReport(l),
    states: () => inner.states(),
    dispose() {
      unsubscribe();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      messages.clear();
      inner.dispose();
    },
  };
}
