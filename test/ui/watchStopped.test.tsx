import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { parseGenesisText, type Replay } from '../../engine/protocol/index.js';
import { startSpectator } from '../../src/net/spectate.js';
import { Listeners, type PeerState, type Transport } from '../../src/net/transport.js';
import { WatchScreen } from '../../src/online/WatchRoute.js';
import { playIllegalPortal } from '../protocol/harness.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});
const tick = () => new Promise((r) => setTimeout(r, 0));

/** A 3-seat game seat 0 stopped in map creation with a portal off the map: an honest page's replay (log and evidence). */
async function cheatReplay(): Promise<{ replay: Replay; scheme: Parameters<typeof startSpectator>[0]['scheme'] }> {
  const played = await playIllegalPortal(3, 'watch-stopped', 0, 3);
  return { replay: played.table.network.honest[0]!.replay(), scheme: played.table.scheme };
}

/** A transport with no page behind it: the test feeds the spectator's follower itself. */
function quietTransport(seats: number): Transport {
  const states: PeerState[] = new Array<PeerState>(seats).fill('connecting');
  return { seat: -1, send: () => undefined, onMessage: (l) => new Listeners<[number, string]>().add(l), onState: (l) => new Listeners<[number, PeerState]>().add(l), onReport: () => () => undefined, states: () => states, dispose: () => undefined };
}

describe("a spectator's watch screen when the game stops with a verdict", () => {
  it('names the seat, the fault and the position once the evidence is checked, and offers the replay', async () => {
    const { replay, scheme } = await cheatReplay();
    expect(replay.evidence).not.toBeNull();
    const genesis = parseGenesisText(replay.genesis);
    if (!genesis.ok) throw new Error(genesis.error.message);
    const started = await startSpectator({ watched: { genesis: genesis.value, genesisSignatures: replay.genesisSignatures }, transport: quietTransport(3), scheme });
    if (!started.ok) throw new Error(started.error.message);
    const spectator = started.value;
    const host = document.createElement('div');
    document.body.append(host);
    disposers.push(render(() => <WatchScreen spectator={spectator} />, host), () => host.remove(), () => spectator.dispose());
    const $ = (sel: string) => host.querySelector(sel) as HTMLElement | null;
    await tick();
    expect($('#watch-status')!.dataset.status).toBe('connecting');
    expect($('#save-replay')).toBeNull();
    // The log up to where it stopped: followed, not stopped (no evidence yet).
    await spectator.follower.acceptMany(0, replay.log);
    await tick();
    expect($('#watch-status')!.dataset.seq).toBe(String(replay.log.length));
    expect($('#save-replay')).toBeNull();
    // The evidence, checked: the banner says who broke the protocol, how and where; the replay is offered.
    const r = await spectator.follower.acceptEvidence(replay.evidence!);
    expect(r.ok).toBe(true);
    await tick();
    expect($('#watch-status')!.dataset.status).toBe('stopped');
    expect($('#watch-status')!.textContent).toContain('The game stopped: Player 1 broke the protocol (IllegalAction) at element ' + replay.log.length);
    expect($('#save-replay')).not.toBeNull();
    expect($('#verify-replay')).not.toBeNull();
  });
});
