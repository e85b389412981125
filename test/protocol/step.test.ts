import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { legalOptions, type Seat } from '../../engine/index.js';
import {
  makeMessage,
  parseMessage,
  type SignatureCheck,
  verifyReplay,
} from '../../engine/protocol/index.js';
import {
  awaitsAction,
  initialState,
  echoOf,
  makeContext,
  type PeerContext,
  placeOf,
  type PeerState,
  replayOf,
} from '../../engine/protocol/peer/state.js';
import { checkKey, type CryptoResults } from '../../engine/protocol/peer/draft.js';
import {
  echoCheck,
  entryCheck,
  signEchoSync,
  signEntrySync,
} from '../../engine/protocol/crypto/signing.js';
import { meetsPinnedRule } from '../../engine/protocol/crypto/signature.js';
import { type PeerEvent, step } from '../../engine/protocol/peer/step.js';
import { setTable } from '../../engine/protocol/sim/index.js';
import { honestAgents, setupFor } from './harness.js';

/** A copy of a peer state's own containers (maps, sets, arrays, nested), sharing the values in them: what a step must leave as it found it. */
function copy(v: unknown): unknown {
  if (v instanceof Map) return [...v.entries()].map(([key, x]) => [key, copy(x)]);
  if (v instanceof Set) return [...v];
  if (Array.isArray(v)) return v.map(copy);
  return v;
}
const snapshot = (s: PeerState): Record<string, unknown> => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, copy(v)]));

const verify = (c: SignatureCheck): boolean => meetsPinnedRule(c) && nacl.sign.detached.verify(c.message, c.signature, c.publicKey);

/**
 * Issue 9, item 7: the peer is a pure step. Three seats play a whole game through step() alone,
 * with synchronous crypto standing in for the wrapper: every state is a frozen value that no
 * later step changes, a step that lacks a signature changes nothing and says which, and the
 * game ends signed by every seat, its replay valid.
 */
describe('the peer as a pure step', () => {
  it('a whole game through step(): states never change once made; missing crypto changes nothing', async () => {
    const name = 'pure-step';
    const agents = honestAgents(3, name);
    const table = await setTable(setupFor(3), name, agents, { settings: { limit: 40, timer: null } });
    const ctxs: PeerContext[] = table.secrets.map((s) => makeContext(table.genesis, table.genesisSignatures, s.seat, s.vault, s.beacon, false));
    const states: PeerState[] = ctxs.map((c) => initialState(c));
    const made: { state: PeerState; snap: Record<string, unknown> }[] = states.map((state) => ({ state, snap: snapshot(state) }));
    const queue: { to: Seat; event: PeerEvent }[] = [];
    let needs = 0;
    const asked = new Set<string>();

    const broadcast = (from: Seat, text: string, to?: Seat) => {
      for (let s = 0; s < 3; s++) if (s !== from && (to === undefined || to === s)) queue.push({ to: s, event: { kind: 'message', message: parseMessage(text, 65536), from } });
    };
    const deliver = (seat: Seat, event: PeerEvent): void => {
      const ctx = ctxs[seat]!;
      const results: { checked: Map<string, boolean>; signed: Map<string, string> } = { checked: new Map(), signed: new Map() };
      for (;;) {
        const before = states[seat]!;
        const r = step(ctx, before, event, results as CryptoResults);
        if (r.kind === 'needs') {
          needs++;
          expect(states[seat]).toBe(before);
          for (const c of r.needs.check) results.checked.set(checkKey(c), verify(c.kind === 'entry' ? entryCheck(table.genesis, c.entry) : echoCheck(table.genesis, c.seat, c.signed)));
          for (const e of r.needs.sign) {
            const p = signEntrySync(table.secrets[seat]!.keys, e);
            results.signed.set(p.id, p.sig);
          }
          continue;
        }
        expect(Object.isFrozen(r.state)).toBe(true);
        states[seat] = r.state;
        if (r.state !== before) made.push({ state: r.state, snap: snapshot(r.state) });
        for (const e of r.effects) {
          if (e.kind === 'send') broadcast(seat, e.text, e.to);
          else if (e.kind === 'echo') broadcast(seat, makeMessage({ t: 'echo', echo: signEchoSync(table.secrets[seat]!.keys, echoOf(ctx, e.echo)), entries: e.echo.entries }));
        }
        // A bot, once per place: its answer is an event like any other.
        const s = r.state;
        const place = `${seat}|${placeOf(s)}`;
        if (awaitsAction(ctx, s) && !asked.has(place)) {
          asked.add(place);
          const vault = table.secrets[seat]!.vault;
          queue.push({ to: seat, event: { kind: 'submit', action: agents[seat]!(s.log.chain.state, seat, legalOptions(s.log.chain.state, seat, vault), vault) } });
        }
        return;
      }
    };
    for (let s = 0; s < 3; s++) deliver(s, { kind: 'start' });
    let steps = 0;
    while (queue.length > 0 && steps++ < 200_000) {
      const { to, event } = queue.shift()!;
      deliver(to, event);
    }
    for (const s of states) expect(s.log.outcome.kind).toBe('finished');
    expect(new Set(states.map((s) => s.log.chain.head)).size).toBe(1);
    expect(needs).toBeGreaterThan(0);
    // No step changed a state it was given, nor any state before it.
    for (const m of made) expect(snapshot(m.state)).toEqual(m.snap);
    expect((await verifyReplay(replayOf(ctxs[0]!, states[0]!))).valid).toBe(true);
  });
});
