import { afterEach, describe, expect, it } from 'vitest';
import { type GameState, type Option, awaiting, legalOptions, stateHash } from '../../engine/index.js';
import { config, inputsUntil } from './conquestSupport.js';
import { makeDraftKeeper } from '../../src/game/turn/keptDraft.js';
import { EMPTY_DRAFT } from '../../src/game/turn/parts.js';
import { type MountedScreen, clickHex, legalKeys, mountScreen, screenAt, tick } from './screenSupport.js';

const screens: MountedScreen[] = [];
afterEach(() => {
  for (const s of screens.splice(0)) s.dispose();
  sessionStorage.clear();
});

const hasMove = (s: GameState): boolean =>
  s.phase.name === 'conquest' && s.phase.stage.kind === 'moves' && awaiting(s).kind === 'seat' && legalOptions(s, (awaiting(s) as { seat: number }).seat).some((o) => o.kind === 'count' && o.action.kind === 'moveTroops');

/** Lifts the curtain and stages the first move offered (at its most troops). */
async function stageAMove(screen: MountedScreen): Promise<string> {
  const { $, host } = screen;
  $('#curtain')!.click();
  await tick();
  clickHex(host, legalKeys(host)[0]!);
  await tick();
  clickHex(host, legalKeys(host)[0]!);
  await tick();
  $('#stage')!.click();
  await tick();
  return $('#staged')!.textContent!;
}

describe('the unsent draft across a refresh', () => {
  it('a staged move is there again when the screen is mounted anew at the same position, and nowhere else', async () => {
    const first = await screenAt('ui-kept', hasMove);
    screens.push(first);
    const staged = await stageAMove(first);
    expect(staged).toMatch(/troops? \(/);
    const inputs = first.inputs;
    first.dispose();
    screens.length = 0;

    // The page again (a refresh): the same game at the same position, its draft as it was, nothing sent.
    const again = await mountScreen('ui-kept', inputs);
    screens.push(again);
    again.$('#curtain')!.click();
    await tick();
    expect(again.$('#staged')!.textContent).toBe(staged);
    expect(again.table.inputs().length).toBe(inputs.length);
    again.dispose();
    screens.length = 0;

    // Another position (one step on) finds no draft: a draft is only given back where it was made.
    const later = await mountScreen('ui-kept', [...inputs, { kind: 'done', seat: again.seat }]);
    screens.push(later);
    later.$('#curtain')?.click();
    await tick();
    expect(later.$('#staged')).toBeNull();
  });

  it('a kept draft is parsed, never trusted: a step that is no action drops it whole', async () => {
    const { inputs, state } = inputsUntil(config(2, 'ui-kept'), hasMove);
    const seat = (awaiting(state) as { seat: number }).seat;
    const move = legalOptions(state, seat).find((o) => o.kind === 'count' && o.action.kind === 'moveTroops') as Extract<Option, { kind: 'count' }>;
    const kept = (staged: unknown[]) => JSON.stringify({ seq: state.seq, seat, hash: stateHash(state), staged, picked: null, target: null, count: null, sides: {}, counts: {}, cart: { cards: {}, technologies: [] }, chosen: [], faceUp: false });
    const shows = async (): Promise<boolean> => {
      const screen = await mountScreen('ui-kept', inputs);
      screens.push(screen);
      screen.$('#curtain')!.click();
      await tick();
      const found = screen.$('#staged') !== null;
      screen.dispose();
      screens.length = 0;
      return found;
    };
    sessionStorage.setItem('bfe.draft', kept([{ ...move.action, count: 1 }]));
    expect(await shows()).toBe(true);
    sessionStorage.setItem('bfe.draft', kept([{ ...move.action, count: 1 }, { kind: 'moveTroops', seat }]));
    expect(await shows()).toBe(false);
  });

  it('a draft is given back to the seat that made it only: in hot-seat the next person at the device starts with nothing', () => {
    const { state } = inputsUntil(config(2, 'ui-kept'), hasMove);
    const keeper = makeDraftKeeper(sessionStorage);
    const cart = { ...EMPTY_DRAFT, cart: { cards: { crystal1: 1 }, technologies: ['supremacy' as const] } };
    keeper.save(state, 1, cart);
    expect(keeper.load(state, 1)?.cart).toEqual(cart.cart);
    expect(keeper.load(state, 0)).toBeNull();
  });
});
