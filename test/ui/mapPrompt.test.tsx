import { render } from 'solid-js/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaiting, type GameState, legalOptions, newGame, play, type Seat } from '../../engine/index.js';
import { expandOption } from '../../engine/core/options.js';
import { randomAgent } from '../../engine/agents/index.js';
import { agentStream, localRandom, localVault } from '../../engine/local/index.js';
import { PromptBar } from '../../src/game/PromptBar.js';
import { contextAt, stageView } from '../../src/game/turn/controllers.js';
import { EMPTY_DRAFT } from '../../src/game/turn/parts.js';
import { language, setLanguage } from '../../src/i18n/index.js';
import { setupFor } from '../protocol/harness.js';

/**
 * Issue 19, item 6.5: with an empty tile pile, the map prompt offers no draw, in words or by a
 * button: it shows what the engine's legal options allow. Seats that always draw while they can
 * keep their face-up tile to the end of their pile.
 */

const SEED = 'empty-pile';
/** The positions of a seat's "take" turns: the last one has an empty pile and the face-up tile still in hand. */
const takes: { state: GameState; seat: Seat }[] = [];

beforeAll(() => {
  const created = newGame(setupFor(2));
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const agents = [0, 1].map((s) => randomAgent(agentStream(SEED, s)));
  while (state.phase.name !== 'conquest') {
    const who = awaiting(state);
    if (who.kind === 'over') break;
    let input: unknown;
    if (who.kind === 'random') input = { kind: 'random', value: localRandom(SEED, state.randomEvents) };
    else {
      const vault = localVault(SEED, who.seat);
      const options = legalOptions(state, who.seat, vault);
      if (state.phase.name === 'mapCreation' && state.phase.stage.kind === 'take' && who.seat === 0) takes.push({ state, seat: 0 });
      input = options.flatMap(expandOption).find((a) => a.kind === 'drawTile') ?? agents[who.seat]!(state, who.seat, options, vault);
    }
    const next = play(state, input);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
});
afterAll(() => setLanguage('en'));

/** The prompt bar of seat 0's take turn, as the game screen builds it. */
function promptAt(at: { state: GameState; seat: Seat }): { host: HTMLElement; dispose: () => void } {
  const host = document.createElement('div');
  document.body.append(host);
  const dispose = render(() => {
    const prompt = () => stageView(contextAt(at.state, at.seat, localVault(SEED, at.seat), language())!, EMPTY_DRAFT)!;
    return <PromptBar text={prompt().text} buttons={prompt().buttons.map((b) => ({ ...b, onClick: () => undefined }))} timer="" mine />;
  }, host);
  return { host, dispose: () => (dispose(), host.remove()) };
}

describe('the map prompt at a take turn', () => {
  it('offers the draw while the pile has tiles', () => {
    const first = takes[0]!;
    expect(first.state.seats[0]!.pile!.refs.length).toBeGreaterThan(0);
    const { host, dispose } = promptAt(first);
    expect(host.querySelector('#prompt')!.textContent).toBe('♣ Player 1: draw a tile or take your face-up tile');
    expect(host.querySelector('#draw')).not.toBeNull();
    expect(host.querySelector('#face-up')).not.toBeNull();
    dispose();
  });

  it('with an empty pile: no draw, in words or by a button; the face-up tile, in both languages', () => {
    const last = takes.at(-1)!;
    expect(last.state.seats[0]!.pile!.refs.length).toBe(0);
    expect(last.state.seats[0]!.faceUp).toBe('forest');
    const { host, dispose } = promptAt(last);
    expect(host.querySelector('#prompt')!.textContent).toBe('♣ Player 1: your pile is empty: take your face-up ♣ forest');
    expect(host.querySelector('#draw')).toBeNull();
    expect([...host.querySelectorAll('header.prompt button')].map((b) => b.id)).toEqual(['face-up']);
    setLanguage('fr');
    expect(host.querySelector('#prompt')!.textContent).toBe('♣ Joueur 1 : votre pile est vide : prenez votre tuile visible ♣ forêt');
    dispose();
  });
});
