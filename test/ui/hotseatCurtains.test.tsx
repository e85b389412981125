import { render } from 'solid-js/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIVILISATIONS, COLOURS, type GameState, type Seat, type Vault } from '../../engine/index.js';
import { GameScreen } from '../../src/game/GameScreen.js';
import { automaticAction } from '../../src/table/automatic.js';
import { chooseBotAction } from '../../src/table/bots.js';
import { makeProtocolTable, type ProtocolTable } from '../../src/table/protocolTable.js';
import type { TableView } from '../../src/table/types.js';
import { config } from './conquestSupport.js';

const SEED = 'hotseat-day';
const setup = { players: COLOURS.slice(0, 3).map((colour, i) => ({ colour, civilisation: CIVILISATIONS[i]! })), firstSeat: 0 };
const bot = async (state: GameState, seat: Seat, vault: Vault) => chooseBotAction(state, seat, vault);
const tick = () => new Promise((r) => setTimeout(r, 0));
const dayOf = (s: GameState): number | null => (s.phase.name === 'conquest' ? s.phase.day : null);
const until = (table: ProtocolTable, done: (v: TableView) => boolean): Promise<void> =>
  new Promise((resolve) => {
    if (done(table.view())) return resolve();
    const off = table.subscribe((v) => done(v) && (off(), resolve()));
  });

/** A curtain as the device showed it: for whom, at which stage, and whether that seat had a choice to make there. */
interface Shown {
  readonly seat: Seat;
  readonly stage: string;
  readonly choosing: boolean;
}

/**
 * Hot-seat, 3 persons at one device, through the protocol's sessions as #/hotseat plays (the map
 * made by bots, then the same log resumed with a person in every seat), one conquest day played
 * by clicks. The device is passed only for a seat's own choice: never for a step the page plays
 * by itself (the decks' commits, the reveal of sealed choices), so a secret step costs one
 * curtain per seat (its commit), not a second round for the reveals.
 */
describe('hot-seat: the curtains of one conquest day at 3 seats', () => {
  let table: ProtocolTable;
  let host: HTMLElement;
  let dispose: () => void;
  beforeAll(async () => {
    const bots = await makeProtocolTable({ setup, seed: SEED, bots: [0, 1, 2], bot });
    await until(bots, (v) => dayOf(v.state) !== null);
    const log = bots.replay().log;
    bots.dispose();
    table = await makeProtocolTable({ setup, seed: SEED, bots: [], bot, log });
    host = document.createElement('div');
    document.body.append(host);
    dispose = render(() => <GameScreen table={table} config={config(3, SEED)} flat onAutoplay={() => {}} />, host);
  });
  afterAll(() => {
    dispose();
    host.remove();
    table.dispose();
  });

  it('passes the device once per seat per secret step, and never for a reveal', async () => {
    const $ = (sel: string) => host.querySelector(sel) as HTMLElement | null;
    await until(table, (v) => dayOf(v.state) === 1);
    // The screen subscribed first: when this listener runs, the view's curtain (if any) is on the page.
    const shown: { at: number; curtain: Shown }[] = [];
    const stages: string[] = [];
    let last: Element | null = $('.curtain');
    const off = table.subscribe((v) => {
      stages.push(v.state.phase.stage.kind);
      const curtain = $('.curtain');
      if (curtain && curtain !== last) {
        const seat = Number(curtain.getAttribute('data-seat'));
        const a = v.awaiting;
        const choosing = a.kind === 'seat' && a.seat === seat && automaticAction(v.state, seat, table.vaultOf(seat)!) === null;
        shown.push({ at: stages.length - 1, curtain: { seat, stage: v.state.phase.stage.kind, choosing } });
      }
      last = curtain;
    });

    // The people at the device: lift the curtain, say yes, else Done or Commit, else the first button, else the first glowing space.
    for (let guard = 0; guard < 20_000 && dayOf(table.view().state) === 1; guard++) {
      await tick();
      const enabled = [...host.querySelectorAll<HTMLButtonElement>('.prompt-buttons button:not([disabled])')];
      const button = $('#curtain') ?? $('#confirm-yes') ?? enabled.find((b) => b.id === 'done' || b.id === 'commit') ?? enabled.find((b) => b.id !== 'undo' && b.id !== 'cancel');
      if (button) {
        button.click();
        continue;
      }
      const hex = host.querySelector('.board-list li.legal')?.getAttribute('data-hex');
      if (hex) host.querySelector(`svg.hex-map g[data-hex="${hex}"]`)!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    }
    off();
    expect(dayOf(table.view().state)).toBe(2);

    // Every curtain came down for the seat whose choice the game awaited, never for a step without choice.
    expect(shown.map((s) => s.curtain).filter((c) => !c.choosing)).toEqual([]);
    // The secret steps (feints, then purchases): each a run of commits and reveals; one curtain per seat in each.
    const secret = (k: string | undefined) => k === 'secretCommit' || k === 'secretReveal';
    const roundOf: number[] = [];
    stages.forEach((k, i) => roundOf.push((roundOf[i - 1] ?? -1) + (secret(k) && !secret(stages[i - 1]) ? 1 : 0)));
    const rounds: Seat[][] = [];
    for (const { at, curtain } of shown) if (secret(curtain.stage)) (rounds[roundOf[at]!] ??= []).push(curtain.seat);
    expect(rounds.length).toBe(2);
    for (const seats of rounds) expect([...seats].sort()).toEqual([0, 1, 2]);
  });
});
