import { type Accessor, createMemo } from 'solid-js';
import type { GameState } from '../../engine/index.js';
import type { Language } from '../display/index.js';
import { describeEvents, eventsAfter } from './eventLines.js';
import { type LogLine, inputLine } from './logLines.js';

/**
 * The log lines of a growing game, extended as inputs arrive (not rebuilt per step) and rebuilt
 * whole when the language changes: lines are data, retranslated on a switch. A game whose log went
 * back (an online page that took the table's element where it had applied its own: a claim that
 * lost to the player's entry, a refreshed page's speculation) replaces those states with others:
 * the lines from the first state replaced are built again, so the log says what was adopted.
 */
export function createLog(source: Accessor<{ states: readonly GameState[]; inputs: readonly unknown[]; seq: number }>, lang: Accessor<Language>): Accessor<readonly LogLine[]> {
  let lines: LogLine[] = [];
  let upTo = 0;
  let builtIn: Language | null = null;
  /** The states the lines were built from (states are values: another object is another state). */
  const built: GameState[] = [];
  return createMemo(() => {
    const { states, inputs } = source();
    const l = lang();
    if (l !== builtIn) {
      lines = [];
      upTo = 0;
      builtIn = l;
    }
    let agreed = Math.min(upTo, inputs.length);
    while (agreed > 0 && states[agreed] !== built[agreed]) agreed--;
    if (agreed < upTo) {
      lines = lines.filter((line) => line.seq <= agreed);
      upTo = agreed;
    }
    built.length = upTo + 1;
    built[0] = states[0]!;
    const added: LogLine[] = [];
    for (; upTo < inputs.length; upTo++) {
      const before = states[upTo]!;
      const line = inputLine(before, inputs[upTo], upTo + 1, l);
      if (line) added.push(line);
      // The conquest's events, from the input that begins it (its first day and production) on.
      const after = states[upTo + 1];
      if (after) built[upTo + 1] = after;
      if (before.phase.name === 'conquest' || after?.phase.name === 'conquest') {
        const events = eventsAfter(before, inputs[upTo]);
        for (const line of events ? describeEvents(before, events, l, after, inputs[upTo]) : []) added.push({ seq: upTo + 1, seat: null, text: line });
      }
    }
    if (added.length > 0) lines = [...lines, ...added];
    return lines;
  });
}
