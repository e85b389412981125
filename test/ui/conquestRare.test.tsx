import { createRoot, createSignal } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { type GameState, type SeatAction, applyAction, awaiting, parseHexKey } from '../../engine/index.js';
import { type Turn, createTurn } from '../../src/game/turn/createTurn.js';
import { must } from '../support/fixtures.js';
import {
  E,
  H,
  NE,
  NW,
  SW,
  T,
  W,
  atChoose,
  atReveal,
  atStage,
  buildArmies,
  conquestStart,
  front,
  passiveThrough,
  readyAll,
  revealAll,
  stageOf,
  withPlayer,
  withTroops,
} from '../support/conquest.js';

const flush = () => new Promise((r) => setTimeout(r, 0));

/** The turn of the awaited seat at `state`, with what it sends recorded (not applied). */
function turnAt(state: GameState, body: (turn: Turn, sent: SeatAction[]) => Promise<void>): Promise<void> {
  return createRoot(async (dispose) => {
    const [s] = createSignal(state);
    const seat = (awaiting(state) as { seat: number }).seat;
    const sent: SeatAction[] = [];
    const turn = createTurn({ state: s, seat: () => seat, vault: () => null, seq: () => s().seq, submit: async (a) => (sent.push(a), true), setHint: () => {} });
    await body(turn, sent);
    for (const a of sent) expect(applyAction(state, a).ok, JSON.stringify(a)).toBe(true);
    dispose();
  });
}
const click = (turn: Turn, id: string) => {
  const b = turn.view()!.buttons.find((x) => x.id === id);
  expect(b, `button ${id} in ${turn.view()!.buttons.map((x) => x.id).join(' ')}`).toBeDefined();
  expect(b!.disabled).toBeFalsy();
  b!.onClick();
};
const pick = (turn: Turn, key: string) => expect(turn.pick(parseHexKey(key as `${number},${number}`))).toBe(true);

// Positions from the engine's rule tests (test/conquest): the rarer stages, each played through the UI's turn.
describe('rarer conquest stages through the UI', () => {
  it('B8 opposing camps: a button per tied camp, in words', async () => {
    const g = conquestStart();
    let s = withTroops(g.state, {
      '1,0': { owner: 2, troops: 9 },
      '2,0': { owner: 0, troops: 1, frontier: front(W, 5) },
      '1,1': { owner: 1, troops: 1, frontier: front(NW, 4) },
      '0,1': { owner: 1, troops: 1, frontier: front(NE, 5) },
    });
    s = readyAll(must(atChoose(s, 0), { kind: 'chooseCombat', seat: 0, combat: T(1, 0) }));
    s = buildArmies(passiveThrough(s, ['discards']), g.vaults);
    expect(stageOf(s).kind).toBe('opposing');
    await turnAt(s, async (turn, sent) => {
      expect(turn.view()!.buttons.map((b) => b.label)).toEqual(['the defender’s camp', 'the camp of ▲ Player 2']);
      click(turn, 'opposing-0');
      await flush();
      expect(sent).toEqual([{ kind: 'chooseOpposing', seat: 0, camp: 'defender' }]);
    });
  });

  it('E11 a proposal: Accept or Refuse; joining another seat’s camp is offered in words', async () => {
    const start = conquestStart().state;
    let s = must(
      atChoose(withTroops(start, { '2,0': { owner: 2, troops: 3 }, '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) }, '1,0': { owner: 1, troops: 1, frontier: front(E, 2) } }), 0),
      { kind: 'chooseCombat', seat: 0, combat: T(2, 0) },
    );
    await turnAt(s, async (turn, sent) => {
      const ids = turn.view()!.buttons.map((b) => b.id);
      expect(ids).toEqual(['camp-defender', 'camp-1', 'done']);
      expect(turn.view()!.panel).not.toBeNull(); // withdrawing troops: steppers
      click(turn, 'camp-1');
      await flush();
      expect(sent).toEqual([{ kind: 'joinCamp', seat: 0, camp: 1 }]);
    });
    s = must(s, { kind: 'joinCamp', seat: 0, camp: 1 });
    await turnAt(s, async (turn, sent) => {
      expect(turn.view()!.text).toMatch(/Player 1 asks to join the camp of/);
      click(turn, 'refuse');
      await flush();
      expect(sent).toEqual([{ kind: 'answer', seat: 1, accept: false }]);
    });
  });

  const requests = () => {
    const s = withTroops(conquestStart().state, {
      '0,4': { owner: 0, troops: 2 },
      '0,3': { owner: 2, troops: 3 },
      '0,2': { owner: 2, troops: 1 },
      '1,2': { owner: 0, troops: 4 },
      '1,1': { owner: 2, troops: 5 },
    });
    return atStage(withPlayer(s, 2, { suzerain: 0 }), { kind: 'requests', turn: 0, left: 3 });
  };

  it('L9 a request: the source, then the vassal’s territory, a count up to the engine’s max; the vassal then picks where he goes', async () => {
    const s = requests();
    await turnAt(s, async (turn, sent) => {
      expect([...turn.view()!.legal].sort()).toEqual(['0,4', '1,2']);
      pick(turn, '1,2');
      expect([...turn.view()!.legal]).toContain('0,3');
      pick(turn, '0,3');
      click(turn, 'stage');
      await flush();
      expect(sent).toEqual([{ kind: 'request', seat: 0, vassal: 2, at: H(0, 3), from: H(1, 2), count: 3 }]);
    });
    await turnAt(s, async (turn, sent) => {
      click(turn, 'done');
      await flush();
      expect(sent).toEqual([{ kind: 'done', seat: 0 }]);
    });
    const asked = must(s, { kind: 'request', seat: 0, vassal: 2, at: H(0, 3), from: H(1, 2), count: 2 });
    await turnAt(asked, async (turn, sent) => {
      expect([...turn.view()!.legal].sort()).toEqual(['0,2', '1,1']);
      expect(turn.view()!.buttons.find((b) => b.id === 'confirm')!.disabled).toBe(true);
      pick(turn, '1,1');
      click(turn, 'confirm');
      await flush();
      expect(sent).toEqual([{ kind: 'vacate', seat: 2, to: H(1, 1) }]);
    });
  });

  it('S4 a vassal’s new troops: the legal territory glows, a click, Confirm', async () => {
    const held = withPlayer(
      withTroops(conquestStart().state, { '0,4': { owner: 0, troops: 2 }, '3,-1': { owner: 0, troops: 1 }, '2,0': { owner: 0, troops: 1 }, '2,1': { owner: 0, troops: 1 }, '1,2': { owner: 0, troops: 1 } }),
      2,
      { suzerain: 0 },
    );
    const s = revealAll(atReveal(held, 'purchase', {}));
    expect(stageOf(s).kind).toBe('vassalTroops');
    await turnAt(s, async (turn, sent) => {
      expect([...turn.view()!.legal]).toEqual(['0,3']);
      expect(turn.view()!.text).toMatch(/your 2 new troops/);
      pick(turn, '0,3');
      click(turn, 'confirm');
      await flush();
      expect(sent).toEqual([{ kind: 'placeTroops', seat: 2, at: H(0, 3) }]);
    });
  });
});
