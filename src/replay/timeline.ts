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

/**
 * Where a position stands in the game: map creation, the conquest's set-up (the decks dealt), or
 * one of a day's three phases (rules: "La conquête est une succession de jours, chacun composé de
 * 3 phases"). Production asks nobody anything, so no position of a log is in it: a day's first
 * position is in its Expansion.
 */
export type GamePart = 'mapCreation' | 'setup' | 'production' | 'expansion' | 'logistics';

/** A tick of the timeline: the first position of a part of the game; `day` is the conquest's day (null in map creation). */
export interface TimelineMark {
  readonly at: number;
  readonly part: GamePart;
  readonly day: number | null;
  /** The first mark of its day (or of map creation). */
  readonly startsDay: boolean;
}

/**
 * The part of the game at a position, by its stage; null for stages that belong to whichever part
 * they happen in (cards drawn, a pile reshuffled, the game over).
 */
export function partOf(s: GameState): { part: GamePart; day: number | null } | null {
  const p = s.phase;
  if (p.name !== 'conquest') return { part: 'mapCreation', day: null };
  const at = (part: GamePart) => ({ part, day: p.day });
  switch (p.stage.kind) {
    case 'deal':
      return at('setup');
    case 'production':
      return at('production');
    case 'secretCommit':
    case 'secretReveal':
      return at(p.stage.round.purpose === 'feint' ? 'expansion' : 'logistics');
    case 'troops':
    case 'vassalTroops':
    case 'requests':
    case 'vacate':
    case 'endDay':
      return at('logistics');
    case 'drawing':
    case 'reshuffle':
    case 'over':
      return null;
    default:
      return at('expansion');
  }
}

/** The timeline's ticks: where map creation starts, then each day and each of its phases. */
export function timelineMarks(t: Timeline): TimelineMark[] {
  const marks: TimelineMark[] = [];
  for (let i = 0; i < t.length; i++) {
    const here = partOf(t.at(i));
    const last = marks[marks.length - 1];
    if (!here || (last && last.part === here.part && last.day === here.day)) continue;
    marks.push({ at: i, ...here, startsDay: !last || last.day !== here.day });
  }
  return marks;
}

/** The next part's first position (dir = 1; the last position after the last part), or the previous part's (dir = -1; the first position before). */
export function nextPhase(marks: readonly TimelineMark[], last: number, from: number, dir: 1 | -1): number {
  const starts = marks.map((m) => m.at);
  if (dir === 1) return starts.find((at) => at > from) ?? last;
  // From inside a part, back to the start of the part before it.
  const current = starts.filter((at) => at <= from).at(-1) ?? 0;
  return starts.filter((at) => at < current).at(-1) ?? 0;
}
