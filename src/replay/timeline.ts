import {
  type GameSetup,
  type GameState,
  applyAction,
  newGame,
} from '../../engine/index.js';

/**
 * The positions of a replay, computed as the viewer asks for them and kept: states[i] is the
 * position after i inputs. Stops at the first input the engine refuses (a damaged replay).
 */
export interface Timeline {
  readonly length: number;
  at(i: number): GameState;
  readonly inputs: readonly unknown[];
  /** How many inputs apply (all of them for a sound replay). */
  readonly playable: number;
}

export function makeTimeline(setup: GameSetup, inputs: readonly unknown[]): Timeline | null {
  const created = newGame(setup);
  if (!created.ok) return null;
  const states: GameState[] = [created.value];
  // Applied whole once: a few thousand inputs, well under a second; a refused input ends it.
  for (const input of inputs) {
    const next = applyAction(states[states.length - 1]!, input);
    if (!next.ok) break;
    states.push(next.value);
  }
  return { length: states.length, at: (i) => states[Math.max(0, Math.min(states.length - 1, i))]!, inputs, playable: states.length - 1 };
}

/** A label for the phase at a position: a change of it is a tick on the timeline (Shift+arrows jump there). */
export function phaseMark(s: GameState): string {
  const p = s.phase;
  if (p.name !== 'conquest') return p.name;
  return `day ${p.day} ${p.stage.kind}`;
}

/** The next (dir = 1) or previous (dir = -1) position where the phase mark changes. */
export function nextPhase(t: Timeline, from: number, dir: 1 | -1): number {
  const here = phaseMark(t.at(from));
  let i = from;
  while (i + dir >= 0 && i + dir < t.length) {
    i += dir;
    if (phaseMark(t.at(i)) !== here) {
      if (dir === -1) {
        // Go to the start of that earlier phase.
        const mark = phaseMark(t.at(i));
        while (i > 0 && phaseMark(t.at(i - 1)) === mark) i--;
      }
      return i;
    }
  }
  return i;
}
