import { createRoot, createSignal } from 'solid-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameState, type HexKey, type SeatAction, applyAction, awaiting, hexKey } from '../../engine/index.js';
import { localVault } from '../../engine/local/index.js';
import { setLanguage } from '../../src/i18n/index.js';
import { contextAt, pickAt, stageView } from '../../src/game/turn/controllers.js';
import { createTurn } from '../../src/game/turn/createTurn.js';
import { EMPTY_DRAFT } from '../../src/game/turn/parts.js';
import type { Draft, Intent, StageView, TurnContext } from '../../src/game/turn/types.js';
import { E, SW, atChoose, atReveal, conquestStart, front, revealAll, stageOf, withPlayer, withTroops } from '../support/conquest.js';
import { config, inputsUntil } from './conquestSupport.js';

/**
 * The controllers as plain functions (src/game/turn): given the engine's legal options at a
 * position and a draft, the prompt, the buttons and the glowing hexes they return, and the draft
 * or the actions each intent stands for. No screen, no signal.
 */

beforeAll(() => setLanguage('en'));
afterAll(() => setLanguage('en'));

const seatOf = (state: GameState): number => (awaiting(state) as { seat: number }).seat;
const contextOf = (state: GameState, vault = null as ReturnType<typeof localVault> | null): TurnContext => contextAt(state, seatOf(state), vault, 'en')!;
const viewOf = (ctx: TurnContext, draft: Draft): StageView => stageView(ctx, draft)!;
const ids = (v: StageView): string[] => v.buttons.map((b) => b.id);
const does = (v: StageView, id: string): Intent => v.buttons.find((b) => b.id === id)!.does;
/** The draft after an intent, as the screen would make it. */
const after = (draft: Draft, intent: Intent | null): Draft => ({ ...draft, ...intent?.draft });
const sorted = (keys: Iterable<HexKey>): HexKey[] => [...keys].sort();

describe('the moves controller', () => {
  const state = conquestStart().state;
  const ctx = contextOf(state);
  const moves = ctx.options.flatMap((o) => (o.kind === 'count' && o.action.kind === 'moveTroops' ? [{ option: o, action: o.action }] : []));
  const sources = new Set(moves.map((m) => hexKey(m.action.from)));

  it('with nothing picked: the sources glow, Done moving is the only button', () => {
    expect(moves.length).toBeGreaterThan(0);
    const v = viewOf(ctx, EMPTY_DRAFT);
    expect(v.text).toMatch(/moving troops .*click a tile of yours with troops/);
    expect(sorted(v.legal)).toEqual(sorted(sources));
    expect(ids(v)).toEqual(['done']);
    expect(v.buttons[0]!.label).toBe('Done moving');
    expect(does(v, 'done')).toEqual({ send: [{ kind: 'done', seat: ctx.seat }] });
    expect(v.panel).toBeNull();
  });

  it('a source, then a target: a step at the engine’s maximum, staged on the draft (nothing sent), then sent with Done', () => {
    const { option: o, action: a } = moves[0]!;
    const [from, to] = [hexKey(a.from), hexKey(a.to)];
    let draft = after(EMPTY_DRAFT, pickAt(ctx, EMPTY_DRAFT, from));
    let v = viewOf(ctx, draft);
    expect(v.selected).toBe(from);
    expect(v.legal.has(to)).toBe(true);
    expect(ids(v)).toEqual(['cancel', 'done']);
    draft = after(draft, pickAt(ctx, draft, to));
    v = viewOf(ctx, draft);
    expect(v.arrows).toEqual([{ from, to }]);
    expect(ids(v)).toEqual(['stage', 'cancel', 'done']);
    const stage = does(v, 'stage');
    expect(stage.send).toBeUndefined();
    expect(stage.draft!.staged).toEqual([{ ...a, count: o.max }]);
    // The stepper's count, within the option's bounds.
    expect(v.panel).toMatchObject({ kind: 'steppers', rows: [{ id: 'count', value: o.max, min: o.min, max: o.max }] });
    const one = viewOf(ctx, after(draft, { draft: { count: o.min } }));
    expect(does(one, 'stage').draft!.staged).toEqual([{ ...a, count: o.min }]);
    // Staged: Undo, and Done sends the step with "done"; the engine accepts both in order.
    const staged = after(draft, stage);
    const next = applyAction(state, staged.staged[0]!);
    expect(next.ok).toBe(true);
    const v2 = viewOf(contextOf(next.ok ? next.value : state), staged);
    expect(ids(v2)).toEqual(['undo', 'done']);
    expect(v2.buttons.find((b) => b.id === 'done')!.label).toBe('Send the moves and end');
    expect(does(v2, 'done').send).toEqual([staged.staged[0], { kind: 'done', seat: ctx.seat }]);
    expect(does(v2, 'undo')).toEqual({ draft: { staged: [] } });
  });

  it('a hex that is no source is not used; the source again drops it', () => {
    const other = Object.keys(state.territories).find((k) => !sources.has(k as HexKey)) as HexKey;
    expect(pickAt(ctx, EMPTY_DRAFT, other)).toBeNull();
    const from = [...sources][0]!;
    expect(pickAt(ctx, { ...EMPTY_DRAFT, picked: from }, from)).toEqual({ draft: { picked: null, target: null } });
  });
});

describe('a question before an irreversible choice', () => {
  it('"yes" sends what was asked, "cancel" drops the question', () => {
    const ctx = contextOf(conquestStart().state);
    const done: SeatAction = { kind: 'done', seat: ctx.seat };
    const v = viewOf(ctx, { ...EMPTY_DRAFT, asking: { question: 'Sure?', send: [done] } });
    expect(v.text).toMatch(/: Sure\?$/);
    expect(ids(v)).toEqual(['confirm-yes', 'confirm-no']);
    expect(does(v, 'confirm-yes')).toEqual({ draft: { asking: null }, send: [done] });
    expect(does(v, 'confirm-no')).toEqual({ draft: { asking: null } });
    expect(pickAt(ctx, { ...EMPTY_DRAFT, asking: { question: 'Sure?', send: [done] } }, [...viewOf(ctx, EMPTY_DRAFT).legal][0]!)).toBeNull();
  });
});

describe('a vassal’s new troops (S4)', () => {
  it('Confirm is off until the one legal hex is picked, then sends the placement', () => {
    const held = withPlayer(
      withTroops(conquestStart().state, { '0,4': { owner: 0, troops: 2 }, '3,-1': { owner: 0, troops: 1 }, '2,0': { owner: 0, troops: 1 }, '2,1': { owner: 0, troops: 1 }, '1,2': { owner: 0, troops: 1 } }),
      2,
      { suzerain: 0 },
    );
    const s = revealAll(atReveal(held, 'purchase', {}));
    expect(stageOf(s).kind).toBe('vassalTroops');
    const ctx = contextOf(s);
    const v = viewOf(ctx, EMPTY_DRAFT);
    expect(v.text).toMatch(/your 2 new troops/);
    expect([...v.legal]).toEqual(['0,3']);
    expect(v.buttons[0]).toMatchObject({ id: 'confirm', disabled: true });
    expect(pickAt(ctx, EMPTY_DRAFT, '1,2')).toBeNull();
    const picked = after(EMPTY_DRAFT, pickAt(ctx, EMPTY_DRAFT, '0,3'));
    const v2 = viewOf(ctx, picked);
    expect(v2.buttons[0]).toMatchObject({ id: 'confirm', disabled: false, does: { send: [{ kind: 'placeTroops', seat: 2, at: { q: 0, r: 3 } }] } });
  });
});

describe('the map-creation controllers', () => {
  const SEED = 'controllers-map';
  const at = inputsUntil(config(2, SEED), (s) => s.phase.name === 'mapCreation' && s.phase.stage.kind === 'take' && s.seats[seatOf(s)]!.faceUp !== null).state;
  const vault = localVault(SEED, seatOf(at));
  const ctx = contextOf(at, vault);

  it('a take turn: Draw (D) and the face-up tile (U); no hex glows until the face-up tile is taken', () => {
    const v = viewOf(ctx, EMPTY_DRAFT);
    expect(ids(v)).toEqual(expect.arrayContaining(['draw', 'face-up']));
    expect(v.buttons.find((b) => b.id === 'draw')).toMatchObject({ key: 'D', does: { send: [{ kind: 'drawTile', seat: ctx.seat }] } });
    expect(does(v, 'face-up')).toEqual({ draft: { faceUp: true } });
    expect(v.legal.size).toBe(0);
  });

  it('the face-up tile taken: its spaces glow with its ghost; a space picked is previewed and confirmed, or confirmed by a second click', () => {
    const faceUp = after(EMPTY_DRAFT, does(viewOf(ctx, EMPTY_DRAFT), 'face-up'));
    const v = viewOf(ctx, faceUp);
    expect(v.legal.size).toBeGreaterThan(0);
    expect(v.ghost).toBe(at.seats[ctx.seat]!.faceUp);
    expect(v.buttons.find((b) => b.id === 'confirm')).toMatchObject({ disabled: true, key: 'Enter' });
    const site = [...v.legal][0]!;
    const picked = after(faceUp, pickAt(ctx, faceUp, site));
    const v2 = viewOf(ctx, picked);
    expect(v2.selected).toBe(site);
    expect(v2.placing).toMatchObject({ kind: 'placeTile', seat: ctx.seat });
    expect(hexKey((v2.placing as { at: { q: number; r: number } }).at)).toBe(site);
    expect(applyAction(at, v2.placing!).ok).toBe(true);
    expect(does(v2, 'confirm')).toEqual({ send: [v2.placing] });
    expect(pickAt(ctx, picked, site)).toEqual({ send: [v2.placing] });
  });
});

describe('the turn runner', () => {
  it('a change that changes nothing keeps the view: hovering a combat again does not rebuild its button under the pointer', () => {
    const s = atChoose(withTroops(conquestStart().state, { '2,0': { owner: 2, troops: 3 }, '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) }, '1,0': { owner: 1, troops: 1, frontier: front(E, 2) } }), 0);
    createRoot((dispose) => {
      const [state] = createSignal(s);
      const turn = createTurn({ state, seat: () => 0, vault: () => null, seq: () => s.seq, submit: async () => true, setHint: () => {} });
      const hover = () => turn.view()!.buttons.find((b) => b.id === 'combat-0')!.onHover!(true);
      hover();
      const framed = turn.view();
      expect(framed!.selected).not.toBeNull();
      hover();
      expect(turn.view()).toBe(framed);
      dispose();
    });
  });
});
