import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { setupOf } from '../../src/game/config.js';
import { makeTimeline, nextPhase, timelineMarks } from '../../src/replay/timeline.js';
import { TimelineMarks } from '../../src/replay/TimelineMarks.js';
import { config, inputsUntil } from './conquestSupport.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});

// A game of 3 bots to the start of day 3.
const cfg = config(3, 'ui-timeline');
const { inputs } = inputsUntil(cfg, (s) => s.phase.name === 'conquest' && s.phase.day === 3 && s.phase.stage.kind === 'moves');
const timeline = makeTimeline(setupOf(cfg), inputs)!;
const last = timeline.length - 1;

describe('the replay timeline marks days and phases', () => {
  it('a tick where map creation starts, then each day and each of its phases in the rules’ order', () => {
    const marks = timelineMarks(timeline);
    // (Production asks nobody anything: no position of a log is in it.)
    expect(marks.map((m) => `${m.day ?? '-'} ${m.part}`)).toEqual(['- mapCreation', '1 setup', '1 expansion', '1 logistics', '2 expansion', '2 logistics', '3 expansion']);
    expect(marks.filter((m) => m.startsDay).map((m) => m.day)).toEqual([null, 1, 2, 3]);
    // Each tick is the first position of its part.
    for (const m of marks.slice(1)) expect(timeline.at(m.at - 1).phase).not.toEqual(timeline.at(m.at).phase);
    // Shift+arrows go from part to part.
    const day2 = marks[4]!.at;
    expect(nextPhase(marks, last, day2, 1)).toBe(marks[5]!.at);
    expect(nextPhase(marks, last, day2 + 1, -1)).toBe(marks[3]!.at);
    expect(nextPhase(marks, last, marks[6]!.at, 1)).toBe(last);
    expect(nextPhase(marks, last, 3, -1)).toBe(0);
  });

  it('on the screen: a numbered tick per day, a tick per phase, each named, placed along the scrubber; a click goes there', () => {
    const marks = timelineMarks(timeline);
    const gone: number[] = [];
    const host = document.createElement('div');
    document.body.append(host);
    disposers.push(render(() => <TimelineMarks marks={marks} last={last} onGo={(at) => gone.push(at)} />, host), () => host.remove());
    const ticks = [...host.querySelectorAll<HTMLElement>('.timeline-marks .mark')];
    expect(ticks.length).toBe(marks.length);
    const days = ticks.filter((li) => li.classList.contains('day'));
    expect(days.map((li) => li.querySelector('[aria-hidden]')!.textContent)).toEqual(['', '1', '2', '3']);
    expect(days[2]!.textContent).toContain('Day 2 · Expansion');
    expect(ticks[5]!.title).toBe('Logistics');
    expect(ticks.map((li) => parseFloat(li.style.left))).toEqual(marks.map((m) => (100 * m.at) / last));
    ticks[4]!.click();
    expect(gone).toEqual([marks[4]!.at]);
  });
});
