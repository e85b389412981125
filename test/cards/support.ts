import { describe, expect, it } from 'vitest';
import { type GameEvent, type GameState, awaiting, play } from '../../engine/index.js';
import type { UnitDesign } from '../../engine/cards/abilities.js';
import type { CardId } from '../../engine/cards/catalogue.js';
import { unitStrength } from '../../engine/conquest/abilities/permanent.js';
import { battleOf, stageOf, unitOf } from '../support/abilities.js';
import { must } from '../support/fixtures.js';

/**
 * Helpers for the Worlds' card tests (test/cards/<civilisation>.test.ts): each card's effect shown
 * in a combat, on the positions of test/support/abilities.ts.
 */

/**
 * One `describe` per card, and a last test that every card of the World has one: a card added to
 * the World without its test fails here.
 */
export function worldTests(designs: readonly UnitDesign[]): { card: (id: string, body: () => void) => void; complete: () => void } {
  const shown = new Set<string>();
  return {
    card: (id, body) => {
      shown.add(id);
      describe(id, body);
    },
    complete: () =>
      it('every card of the World has its tests here', () => {
        expect(designs.map((d) => d.id).filter((id) => !shown.has(id))).toEqual([]);
      }),
  };
}

/** A unit's strength in the combat now (B5, K14): the first unit of that card. */
export const strength = (state: GameState, card: CardId): number => {
  const b = battleOf(state);
  return unitStrength(state, b, b.units.find((u) => u.id === unitOf(state, card))!);
};

/** Says "done" for the awaited seats until `seat` is awaited (army building, ability windows). */
export function doneUntil(state: GameState, seat: number): GameState {
  let s = state;
  for (let k = 0; k < 20; k++) {
    const who = awaiting(s);
    if (who.kind !== 'seat') throw new Error(`no seat awaited at ${stageOf(s).kind}`);
    if (who.seat === seat) return s;
    s = must(s, { kind: 'done', seat: who.seat });
  }
  throw new Error(`seat ${seat} never awaited`);
}

/** Every seat declares its army complete, up to the delayed window (B4). */
export function toDelayed(state: GameState): GameState {
  let s = state;
  for (let k = 0; k < 20 && stageOf(s).kind === 'armies'; k++) {
    const who = awaiting(s);
    if (who.kind !== 'seat') break;
    s = must(s, { kind: 'done', seat: who.seat });
  }
  return s;
}

/** The events of an action. */
export function eventsOf(state: GameState, action: unknown): GameEvent[] {
  const r = play(state, action);
  if (!r.ok) throw new Error(r.error.message);
  return [...r.value.events];
}

/** The combat strengths worked out by an action (the `strengths` event of the last delayed activation or pass). */
export function strengthsAfter(state: GameState, action: unknown): Readonly<Record<number, number>> {
  const e = eventsOf(state, action).find((x): x is Extract<GameEvent, { kind: 'strengths' }> => x.kind === 'strengths');
  if (!e) throw new Error('no strengths worked out');
  return e.strengths;
}
