import { createRoot, createSignal } from 'solid-js';
import { describe, expect, it } from 'vitest';
import {
  type GameState,
  type SeatAction,
  applyAction,
  awaiting,
  legalOptions,
  parseHexKey,
} from '../../engine/index.js';
import { localRandom, localVault } from '../../engine/local/index.js';
import { createConquestTurn } from '../../src/game/conquest/createConquestTurn.js';
import { chooseBotAction } from '../../src/table/bots.js';
import { config, inputsUntil, scriptedChoice } from './conquestSupport.js';

const flush = () => new Promise((r) => setTimeout(r, 0));

/**
 * Plays games in which seat 0's every conquest choice goes through the UI's turn (its buttons
 * and board picks), the other seats by the page's bots: every stage the person meets must offer
 * a real interaction, and what it submits must be legal.
 */
async function playThroughUi(players: number, seed: string, maxSteps: number) {
  const cfg = config(players, seed);
  const start = inputsUntil(cfg, (s) => s.phase.name === 'conquest').state;
  const vault = localVault(seed, 0);
  const stages = new Set<string>();
  const refused: string[] = [];
  let over = false;
  await createRoot(async (dispose) => {
    const [state, setState] = createSignal<GameState>(start);
    const apply = (a: unknown): boolean => {
      const r = applyAction(state(), a);
      if (!r.ok) return false;
      setState(r.value);
      return true;
    };
    const turn = createConquestTurn({
      state,
      seat: () => {
        const w = awaiting(state());
        return w.kind === 'seat' && w.seat === 0 ? 0 : null;
      },
      vault: () => vault,
      seq: () => state().seq,
      submit: async (a: SeatAction) => {
        const ok = apply(a);
        if (!ok) refused.push(JSON.stringify(a).slice(0, 120));
        return ok;
      },
      setHint: () => {},
    });
    for (let step = 0; step < maxSteps; step++) {
      const s = state();
      const who = awaiting(s);
      if (who.kind === 'over') break;
      if (who.kind === 'random') apply({ kind: 'random', value: localRandom(seed, s.randomEvents) });
      else if (who.seat !== 0) apply(chooseBotAction(s, who.seat, localVault(seed, who.seat)));
      else if (legalOptions(s, 0, vault).length === 1 && ['commitCards', 'revealSecret'].includes((legalOptions(s, 0, vault)[0] as { action?: SeatAction }).action?.kind ?? '')) {
        // What the table does by itself for a person (no choice).
        apply((legalOptions(s, 0, vault)[0] as { action: SeatAction }).action);
      } else {
        const stage = s.phase.name === 'conquest' ? s.phase.stage.kind : s.phase.name;
        stages.add(stage);
        const view = turn.view();
        expect(view, `a view for ${stage}`).not.toBeNull();
        const did = scriptedChoice(view!, (k) => turn.pick(parseHexKey(k as `${number},${number}`)));
        expect(did, `an interaction at ${stage}`).not.toBeNull();
        await flush();
      }
    }
    over = awaiting(state()).kind === 'over';
    dispose();
  });
  return { stages, refused, over };
}

describe('conquest turn: every stage a person meets is playable through the UI', () => {
  it('plays a 2-player game: the person only through the turn’s buttons and board picks', async () => {
    const { stages, refused, over } = await playThroughUi(2, 'ui-turn-2', 20_000);
    expect(refused).toEqual([]);
    expect(over, 'played to its end').toBe(true);
    for (const k of ['moves', 'spread', 'secretCommit', 'choose', 'camps', 'armies', 'returnUnits', 'keepOrAccount']) expect(stages).toContain(k);
  });

  it('plays a 4-player game against the page’s bots', async () => {
    const { refused, stages, over } = await playThroughUi(4, 'ui-turn-4', 20_000);
    expect(refused).toEqual([]);
    expect(over, 'played to its end').toBe(true);
    expect(stages.size).toBeGreaterThan(6);
  });
});
