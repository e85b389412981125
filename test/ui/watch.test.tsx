import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { newGame } from '../../engine/index.js';
import { randomAgent } from '../../engine/agents/index.js';
import { agentStream } from '../../engine/local/index.js';
import { naclScheme, parseGenesisText, startFollower } from '../../engine/protocol/index.js';
import { playProtocolGame } from '../../engine/protocol/sim/index.js';
import type { LocalGameConfig } from '../../src/game/config.js';
import { GameScreen } from '../../src/game/GameScreen.js';
import { makeSpectatorTable } from '../../src/table/spectatorTable.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("a spectator's game screen", () => {
  it('shows the checked public game read-only: no hand, no choice, whom it waits for; at the end the replay', async () => {
    const setup = { players: [{ colour: 'forest', civilisation: 'elves' }, { colour: 'mountain', civilisation: 'dwarves' }], firstSeat: 0 } as const;
    const game = await playProtocolGame(setup, 'watch-screen', [0, 1].map((s) => randomAgent(agentStream('watch-screen', s))), { scheme: naclScheme, settings: { limit: 24, timer: 10 } });
    const replay = game.replay;
    const genesis = parseGenesisText(replay.genesis);
    if (!genesis.ok) throw new Error(genesis.error.message);
    const started = await startFollower(genesis.value, replay.genesisSignatures, naclScheme);
    if (!started.ok) throw new Error(started.error.message);
    const follower = started.value;
    const initial = newGame(setup);
    if (!initial.ok) throw new Error(initial.error.message);
    const table = makeSpectatorTable(follower, initial.value);
    const config: LocalGameConfig = { mode: 'bots', seed: '', seats: setup.players.map((p) => ({ ...p, bot: false, remote: true, name: '' })) };
    let replays = 0;
    const host = document.createElement('div');
    document.body.append(host);
    disposers.push(render(() => <GameScreen table={table} config={config} flat readOnly onAutoplay={() => {}} onReplay={() => replays++} />, host), () => host.remove(), () => table.dispose());
    const $ = (sel: string) => host.querySelector(sel) as HTMLElement | null;
    await tick();
    expect($('main.game')!.getAttribute('data-readonly')).toBe('true');
    expect($('#prompt')!.textContent).toMatch(/^Waiting for .*Player 1/);
    // Seat 0 is awaited, yet nothing here acts for it: no button, no glowing hex, no hand.
    expect(host.querySelectorAll('header.prompt button').length).toBe(0);
    expect($('section.hand')).toBeNull();
    expect(host.querySelectorAll('svg.hex-map g.cell').length).toBe(0);
    expect(await table.submit({ kind: 'draw', seat: 0 })).toMatchObject({ ok: false });
    // Elements arrive: the board and the log follow.
    await follower.acceptMany(0, replay.log.slice(0, 6));
    await tick();
    expect($('main.game')!.getAttribute('data-seq')).toBe('6');
    expect(host.querySelectorAll('#log li').length).toBeGreaterThan(0);
    await follower.acceptMany(6, replay.log.slice(6));
    await follower.acceptFinals(replay.finals);
    await tick();
    expect(follower.view().complete).toBe(true);
    expect($('main.game')!.getAttribute('data-over')).toBe('true');
    $('#open-replay')!.click();
    expect(replays).toBe(1);
  });
});
