import type { Seat } from '../../../engine/index.js';
import { hashText } from '../../../engine/index.js';
import type { Network, NetworkOptions, Tamper } from '../../../engine/protocol/sim/index.js';

/**
 * Fault injection for the in-process network (test support only, never production code): every
 * message from every seat to every other seat may be dropped, duplicated, or held back and
 * released later (which reorders it), each with a fixed probability drawn from a seeded stream.
 * Held messages are all released before the logical clock moves on: messages arrive within the
 * timer (the partial synchrony the protocol's liveness rests on), in any order.
 */
export interface FaultRates {
  readonly drop: number;
  readonly duplicate: number;
  readonly delay: number;
}

export const DEFAULT_FAULTS: FaultRates = { drop: 0.02, duplicate: 0.05, delay: 0.2 };

/** A seeded stream of numbers in [0, 1). */
export function seeded(seed: string): () => number {
  let state = hashText(`faults/${seed}`);
  let i = 0;
  return () => {
    if (i + 8 > state.length) {
      state = hashText(state);
      i = 0;
    }
    const x = parseInt(state.slice(i, i + 8), 16) / 0x1_0000_0000;
    i += 8;
    return x;
  };
}

export interface Faults {
  readonly options: NetworkOptions;
  readonly counts: { dropped: number; duplicated: number; delayed: number };
}

export function faults(players: number, seed: string, rates: FaultRates = DEFAULT_FAULTS): Faults {
  const random = seeded(seed);
  const held: { from: Seat; to: Seat; text: string }[] = [];
  const counts = { dropped: 0, duplicated: 0, delayed: 0 };
  const release = (net: Network, k: number) => {
    for (const h of held.splice(k, 1)) net.inject(h.from, h.to, h.text);
  };
  let network: Network | undefined;
  const tamperFor = (from: Seat): Tamper => (text, to, net) => {
    network = net;
    const r = random();
    if (r < rates.drop) {
      counts.dropped++;
      return [];
    }
    if (r < rates.drop + rates.delay) {
      counts.delayed++;
      held.push({ from, to, text });
      return [];
    }
    if (r < rates.drop + rates.delay + rates.duplicate) {
      counts.duplicated++;
      return [text, text];
    }
    return [text];
  };
  const tamper: Record<number, Tamper> = {};
  for (let s = 0; s < players; s++) tamper[s] = tamperFor(s);
  return {
    counts,
    options: {
      tamper,
      // Now and then a held message is let go, in a random order among those held.
      onDeliver: () => {
        if (network && held.length > 0 && random() < 0.3) release(network, Math.floor(random() * held.length));
      },
      // Whatever is still held goes before the clock moves on.
      onIdle: (net) => {
        while (held.length > 0) release(net, Math.floor(random() * held.length));
      },
    },
  };
}
