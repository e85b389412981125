import {
  applyAction,
  type Seat,
  toHex,
} from '../../engine/index.js';
import { agentStream } from '../../engine/local/index.js';
import { randomAgent } from '../../engine/agents/index.js';
import { makeMessage, type Outcome, parseMessage, type PeerAgent, type ProtocolSettings, type SignatureScheme } from '../../engine/protocol/index.js';
import { applyElement, type Chain, expectation } from '../../engine/protocol/log/chain.js';
import type { Body, ParsedEntry } from '../../engine/protocol/codec/entry.js';
import { L } from '../../engine/protocol/crypto/ed25519.js';
import type { ParsedMessage } from '../../engine/protocol/codec/wire.js';
import { signEntrySync } from '../../engine/protocol/crypto/signing.js';
import { type Delivery, type Network, setTable, simSetup, type Table, type Tamper } from '../../engine/protocol/sim/index.js';
import { useNodeCrypto } from '../../scripts/node/crypto.js';

/**
 * A malicious-peer harness: an in-process network of N peers where any seat can be a scripted
 * cheater (its outgoing messages rewritten per recipient, its agent replaced, messages injected).
 */

export const setupFor = simSetup;

export const honestAgents = (n: number, seed: string): PeerAgent[] => Array.from({ length: n }, (_, s) => randomAgent(agentStream(seed, s)));

/** Short games that still close and sign: the log ends after `limit` elements. */
export const SHORT: Partial<ProtocolSettings> = { limit: 70, timer: 10 };

export interface Scenario {
  readonly players: number;
  readonly seed: string;
  readonly cheater?: Seat;
  readonly agent?: PeerAgent;
  /** Rewrites what the cheater sends to `to`: the texts delivered. */
  readonly tamper?: (text: string, to: Seat, t: Table) => string[];
  readonly settings?: Partial<ProtocolSettings>;
  readonly game?: string;
  readonly scheme?: SignatureScheme;
  /** Sees every delivery (a spy's recorder). */
  readonly onDeliver?: (d: Delivery) => void;
  /** Called once every peer has started, before messages flow. */
  readonly before?: (t: Table) => void;
}

export interface Played {
  readonly table: Table;
  readonly run: 'done' | 'stopped' | 'stuck';
  readonly honest: Seat[];
  readonly outcomes: Outcome[];
}

await useNodeCrypto();

export async function play(s: Scenario): Promise<Played> {
  const agents = honestAgents(s.players, s.seed);
  const holder: { table?: Table } = {};
  if (s.cheater !== undefined && s.agent) {
    // A session signs only legal actions; a cheating seat signs what it likes: what the rules
    // refuse, the harness signs with the seat's key and sends to every other peer itself.
    const cheater = s.cheater;
    const agent = s.agent;
    agents[cheater] = (state, seat, legal, vault) => {
      const action = agent(state, seat, legal, vault);
      if (typeof action !== 'object' || action === null || applyAction(state, action).ok) return action;
      const t = holder.table!;
      const chain = t.network.peers[cheater]!.chain;
      const entry = entryMessage(signAt(t, cheater, chain, { type: 'action', action: action as never }));
      for (let to = 0; to < s.players; to++) if (to !== cheater) t.network.inject(cheater, to, entry);
      return undefined;
    };
  }
  // A scripted cheater that rewrites its traffic does not answer catch-up requests either (any
  // seat may refuse to): its history answers would carry what its tamper withholds.
  const tamper: Tamper | undefined = s.tamper ? (text, to) => (text.startsWith('{"t":"history"') ? [] : s.tamper!(text, to, holder.table!)) : undefined;
  const table = await setTable(setupFor(s.players), s.seed, agents, {
    settings: { ...SHORT, ...s.settings },
    ...(s.scheme ? { scheme: s.scheme } : {}),
    ...(s.onDeliver ? { onDeliver: s.onDeliver } : {}),
    ...(s.game ? { game: s.game } : {}),
    ...(s.cheater !== undefined ? { cheaters: [s.cheater] } : {}),
    ...(s.cheater !== undefined && tamper ? { tamper: { [s.cheater]: tamper } } : {}),
  });
  holder.table = table;
  s.before?.(table);
  for (const p of table.network.peers) await p.start();
  const run = await table.network.run();
  const honest = table.network.honest.map((p) => p.seat);
  return { table, run, honest, outcomes: table.network.honest.map((p) => p.outcome) };
}

/** A portal off the map: an action the rules refuse in map creation, whatever the state. */
export const OFF_MAP_PORTAL = (seat: Seat) => ({ kind: 'placePortal', seat, at: { q: 30, r: 30 } }) as const;

/**
 * A game `cheater` stops in map creation: it plays honestly for `honestChoices` of its choices,
 * then signs a portal off the map (IllegalAction); the honest peers stop with the verdict and
 * its evidence (the replay of an honest peer carries both).
 */
export function playIllegalPortal(players: number, seed: string, cheater: Seat, honestChoices = 0): Promise<Played> {
  const honest = honestAgents(players, seed)[cheater]!;
  let choices = 0;
  return play({
    players,
    seed,
    cheater,
    agent: (state, seat, legal, vault) => {
      if (choices > honestChoices || state.phase.name !== 'mapCreation' || choices++ < honestChoices) return honest(state, seat, legal, vault);
      return OFF_MAP_PORTAL(seat);
    },
  });
}

/** Parses a message a peer is sending (the cheater's tamper reads its own traffic). */
export function read(text: string, net: Network): ParsedMessage | undefined {
  const m = parseMessage(text, net.peers[0]!.chain.genesis.genesis.settings.maxMessageBytes);
  return m.ok ? m.value : undefined;
}

/** Signs an entry with a seat's key, by default at the chain's current position. */
export function signAt(t: Table, seat: Seat, chain: Chain, body: Body, seq = chain.seq, prev = chain.head): ParsedEntry {
  return signEntrySync(t.secrets[seat]!.keys, { v: 1, game: chain.genesis.id, seq, seat, prev, body });
}

export const entryMessage = (p: ParsedEntry): string => makeMessage({ t: 'entry', entry: { text: p.text, sig: p.sig } });

/** The chain after applying one more element, if it applies. */
export function after(chain: Chain, p: ParsedEntry): Chain | undefined {
  const a = applyElement(chain, [p]);
  return a.ok ? a.value.chain : undefined;
}

export { expectation };

/** The same signature with S replaced by S + L (tweetnacl alone would accept it). */
export function plusL(sig: string): string {
  const bytes = Uint8Array.from(sig.match(/../g)!.map((h) => parseInt(h, 16)));
  let s = 0n;
  for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(bytes[i]!);
  s += L;
  for (let i = 32; i < 64; i++) {
    bytes[i] = Number(s & 0xffn);
    s >>= 8n;
  }
  return toHex(bytes);
}
