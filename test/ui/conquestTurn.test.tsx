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
import { createTurn } from '../../src/game/turn/createTurn.js';
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
    const turn = createTurn({
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
    const { refused, stages, over } = await playThroughUi(4, 'ui-turn-4c', 20_000);
    expect(refused).toEqual([]);
    expect(over, 'played to its end').toBe(true);
    expect(stages.size).toBeGreaterThan(6);
  });
});

/**
 * Bots play games of 3 to 5 seats; at every decision of any seat, the UI's turn for that seat is
 * asked too: it must offer an interaction, and what the scripted person would send through it
 * must be accepted by the engine. Covers the stages the games meet (losses, refills, proposals,
 * vassals' troops, requests... as they come).
 */
describe('conquest turn at every decision of bot games', () => {
  it('offers a legal interaction at every decision, for every seat', async () => {
    const met = new Map<string, number>();
    for (const [players, seed] of [[3, 'ui-all-3'], [5, 'ui-all-5']] as const) {
      const start = inputsUntil(config(players, seed), (s) => s.phase.name === 'conquest').state;
      await createRoot(async (dispose) => {
        const [state, setState] = createSignal<GameState>(start);
        const [seat, setSeat] = createSignal<number | null>(null);
        let sent: SeatAction[] = [];
        const turn = createTurn({
          state,
          seat,
          vault: () => (seat() === null ? null : localVault(seed, seat()!)),
          seq: () => state().seq,
          submit: async (a) => (sent.push(a), true),
          setHint: () => {},
        });
        for (let step = 0; step < 4000; step++) {
          const s = state();
          const who = awaiting(s);
          if (who.kind === 'over') break;
          if (who.kind === 'random') {
            setState(must(s, { kind: 'random', value: localRandom(seed, s.randomEvents) }));
            continue;
          }
          const vault = localVault(seed, who.seat);
          const options = legalOptions(s, who.seat, vault);
          const auto = options.length === 1 && options[0]!.kind === 'one' && ['commitCards', 'revealSecret'].includes(options[0]!.action.kind);
          if (!auto && s.phase.name === 'conquest') {
            const kind = s.phase.stage.kind;
            met.set(kind, (met.get(kind) ?? 0) + 1);
            setSeat(who.seat);
            sent = [];
            for (let k = 0; k < 4 && sent.length === 0; k++) {
              const view = turn.view();
              expect(view, `a view at ${kind}`).not.toBeNull();
              expect(scriptedChoice(view!, (key) => turn.pick(parseHexKey(key as `${number},${number}`))), `an interaction at ${kind}`).not.toBeNull();
              await flush();
            }
            expect(sent.length, `something sent at ${kind}`).toBeGreaterThan(0);
            let t = s;
            for (const a of sent) {
              const r = applyAction(t, a);
              expect(r.ok, `${kind}: ${JSON.stringify(a).slice(0, 100)} ${r.ok ? '' : r.error.message}`).toBe(true);
              if (r.ok) t = r.value;
            }
            setSeat(null);
            await flush();
          }
          setState(must(s, chooseBotAction(s, who.seat, vault)));
        }
        dispose();
      });
    }
    for (const k of ['moves', 'spread', 'secretCommit', 'choose', 'camps', 'armies', 'returnUnits', 'keepOrAccount']) expect(met.has(k), k).toBe(true);
    console.info('conquest stages met:', Object.fromEntries(met));
  });
});

function must(s: GameState, a: unknown): GameState {
  const r = applyAction(s, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
