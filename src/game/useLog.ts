import { type Accessor, createMemo } from 'solid-js';
import type { GameState } from '../../engine/index.js';
import type { Language } from '../display/index.js';
import { describeEvents, eventsAfter } from './eventLines.js';
import { type LogLine, inputLine } from './logLines.js';

/**
 * The log lines of a growing game, extended as inputs arrive (not rebuilt per step) and rebuilt
 * whole when the language changes: lines are data, retranslated on a switch.
 */
export function createLog(source: Accessor<{ states: readonly GameState[]; inputs: readonly unknown[]; seq: number }>, lang: Accessor<Language>): Accessor<readonly LogLine[]> {
  let lines: LogLine[] = [];
  let upTo = 0;
  let builtIn: Language | null = null;
  return createMemo(() => {
    const { states, inputs } = source();
    const l = lang();
    if (l !== builtIn || inputs.length < upTo) {
      lines = [];
      upTo = 0;
      builtIn = l;
    }
    const added: LogLine[] = [];
    for (; upTo < inputs.length; upTo++) {
      const before = states[upTo]!;
      const line = inputLine(before, inputs[upTo], upTo + 1, l);
      if (line) added.push(line);
      // The conquest's events, from the input that begins it (its first day and production) on.
      const after = states[upTo + 1];
      if (before.phase.name === 'conquest' || after?.phase.name === 'conquest') {
        const events = eventsAfter(before, inputs[upTo]);
        for (const line of events ? describeEvents(before, events, l, after, inputs[upTo]) : []) added.push({ seq: upTo + 1, seat: null, text: line });
      }
    }
    if (added.length > 0) lines = [...lines, ...added];
    return lines;
  });
}
