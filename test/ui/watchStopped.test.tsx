import { afterEach, describe, expect, it } from 'vitest';
import type { Replay, SignatureScheme } from '../../engine/protocol/index.js';
import { playIllegalPortal } from '../protocol/harness.js';
import { watchScreenOf } from './watchSupport.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});
const tick = () => new Promise((r) => setTimeout(r, 0));

/** A 3-seat game seat 0 stopped in map creation with a portal off the map: an honest page's replay (log and evidence). */
async function cheatReplay(): Promise<{ replay: Replay; scheme: SignatureScheme }> {
  const played = await playIllegalPortal(3, 'watch-stopped', 0, 3);
  return { replay: played.table.network.honest[0]!.replay(), scheme: played.table.scheme };
}

describe("a spectator's watch screen when the game stops with a verdict", () => {
  it('names the seat, the fault and the position once the evidence is checked, and offers the replay', async () => {
    const { replay, scheme } = await cheatReplay();
    expect(replay.evidence).not.toBeNull();
    const { spectator, host, dispose } = await watchScreenOf(replay, scheme);
    disposers.push(dispose);
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
