import { render } from 'solid-js/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaiting, type GameState, legalOptions, newGame, play } from '../../engine/index.js';
import { randomAgent } from '../../engine/agents/index.js';
import { agentStream, localRandom, localVault } from '../../engine/local/index.js';
import { LogPanel } from '../../src/game/LogPanel.js';
import { PlayersColumn } from '../../src/game/PlayersColumn.js';
import { createLog } from '../../src/game/useLog.js';
import { language, setLanguage } from '../../src/i18n/index.js';
import { setupFor } from '../protocol/harness.js';

/**
 * Issue 19, item 6.5: a forfeit (ruling 9, T7: three whole days absent) is a line of the log and a
 * mark on the player's card. A local game where seat 0 is absent at every decision of the
 * conquest (the table plays its passive choice, as after a timer) until the engine says it forfeits.
 */

const states: GameState[] = [];
const inputs: unknown[] = [];

beforeAll(() => {
  const seed = 'forfeit-card';
  const created = newGame(setupFor(2));
  if (!created.ok) throw new Error(created.error.message);
  const agents = [0, 1].map((s) => randomAgent(agentStream(seed, s)));
  let state = created.value;
  states.push(state);
  while (!state.players[0]?.forfeited) {
    const who = awaiting(state);
    if (who.kind === 'over') throw new Error('the game ended before seat 0 forfeited');
    const vault = who.kind === 'seat' ? localVault(seed, who.seat) : undefined;
    const input =
      who.kind === 'random'
        ? { kind: 'random', value: localRandom(seed, state.randomEvents) }
        : who.seat === 0 && state.phase.name === 'conquest'
          ? { kind: 'absent', seat: 0 }
          : agents[who.seat]!(state, who.seat, legalOptions(state, who.seat, vault), vault!);
    const next = play(state, input);
    if (!next.ok) throw new Error(`${next.error.code}: ${next.error.message}`);
    state = next.value.state;
    states.push(state);
    inputs.push(input);
  }
});
afterAll(() => setLanguage('en'));

describe('a forfeit', () => {
  it("is a line of the log and a mark on the player's card, in both languages", () => {
    const host = document.createElement('div');
    document.body.append(host);
    const final = states.at(-1)!;
    const dispose = render(() => {
      const log = createLog(() => ({ states, inputs, seq: inputs.length }), language);
      return (
        <>
          <PlayersColumn state={final} viewer={null} bots={[]} awaited={null} thinking={null} />
          <LogPanel lines={log()} />
        </>
      );
    }, host);
    try {
      const lines = () => [...host.querySelectorAll('#log li')].map((li) => li.textContent);
      expect(lines().filter((l) => /forfeits/.test(l!))).toEqual(['♣ Player 1 forfeits: absent three whole days in a row (T7). Their territories keep their troops; they no longer act.']);
      const tag = host.querySelector('.chip[data-seat="0"] .tag.forfeited')!;
      expect(tag.textContent).toBe('forfeited');
      expect(host.querySelector('.chip[data-seat="0"]')!.classList.contains('forfeited')).toBe(true);
      expect(host.querySelector('.chip[data-seat="1"] .tag.forfeited')).toBeNull();
      setLanguage('fr');
      expect(lines().filter((l) => /forfait/.test(l!))).toEqual(['♣ Joueur 1 déclare forfait : absent trois jours entiers de suite (T7). Ses territoires gardent leurs troupes ; il n’agit plus.']);
      expect(tag.textContent).toBe('forfait');
    } finally {
      dispose();
      host.remove();
    }
  });
});
