import { render } from 'solid-js/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLOURS, CIVILISATIONS, type GameState, type Seat, type Vault } from '../../engine/index.js';
import { parseReplayText, verifyReplay } from '../../engine/protocol/index.js';
import { replayFileOf } from '../../src/game/GameRoute.js';
import { GameScreen } from '../../src/game/GameScreen.js';
import { chooseBotAction } from '../../src/table/bots.js';
import { makeProtocolTable } from '../../src/table/protocolTable.js';
import type { TableView } from '../../src/table/types.js';
import { config } from './conquestSupport.js';
import { tick } from './screenSupport.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  vi.restoreAllMocks();
});

const setup = { players: COLOURS.slice(0, 2).map((colour, i) => ({ colour, civilisation: CIVILISATIONS[i]! })), firstSeat: 0 };
const bot = async (state: GameState, seat: Seat, vault: Vault) => chooseBotAction(state, seat, vault);

describe('saving the replay in the middle of a game', () => {
  it('the game screen offers the replay so far at any point: a file of every element so far, which verifies', async () => {
    // A local game as #/local plays it (one protocol session per seat), here by two bots, caught in the middle of map creation.
    const table = await makeProtocolTable({ setup, seed: 'ui-save-replay', bots: [0, 1], bot });
    disposers.push(() => table.dispose());
    const mine = (v: TableView): boolean => v.seq >= 20;
    await new Promise<void>((resolve) => {
      if (mine(table.view())) return resolve();
      const off = table.subscribe((v) => mine(v) && (off(), resolve()));
    });
    const host = document.createElement('div');
    document.body.append(host);
    disposers.push(render(() => <GameScreen table={table} config={config(2, 'ui-save-replay', [0, 1])} flat onAutoplay={() => {}} replayFile={() => replayFileOf(table)} />, host), () => host.remove());
    await tick();

    // What the browser would save: the file behind the link clicked.
    const files: Blob[] = [];
    const create = URL.createObjectURL.bind(URL);
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b: Blob | MediaSource) => (b instanceof Blob && files.push(b), create(b)));
    const links: HTMLAnchorElement[] = [];
    const onClick = (e: MouseEvent): void => {
      if (e.target instanceof HTMLAnchorElement && e.target.download) (links.push(e.target), e.preventDefault());
    };
    document.addEventListener('click', onClick);
    disposers.push(() => document.removeEventListener('click', onClick));

    const seq = table.view().seq;
    expect(table.view().outcome.kind).toBe('playing');
    (host.querySelector('#save-replay') as HTMLElement).click();
    expect(links.map((a) => a.download)).toEqual(['battle-for-eden-local.json']);
    const parsed = parseReplayText(await files[0]!.text());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.log.length).toBe(seq);
    const verdict = await verifyReplay(parsed.value);
    expect(verdict.valid).toBe(true);
  });
});
