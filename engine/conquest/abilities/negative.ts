import type { NegativeKind } from '../../cards/abilities.js';
import type { Emit } from '../../core/events.js';
import type { Battle, GameState, Inflicting } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import { type Resolved, destroyUnit } from './effects.js';
import { takeOut } from './layout.js';
import { destroyedIfRemoved } from './permanent.js';
import { addTally, arm, effectsOf, tally, withEffects } from './records.js';

/**
 * K18, combats of more than two players: a player who has already suffered a negative effect N
 * times may ignore it when the player inflicting it has not already caused it N times. Every
 * attempt counts as caused, ignored or not (K18a); an effect counts as suffered when applied.
 */

/** Whether `target` may ignore `effect` from `by` now. */
export function mayIgnore(b: Battle, effect: NegativeKind, by: Seat, target: Seat): boolean {
  const e = effectsOf(b);
  return tally(e.caused, effect, by) < tally(e.suffered, effect, target);
}

/** One attempt of `by` on `target`: counted as caused, and as suffered unless ignored. */
export function attempt(b: Battle, effect: NegativeKind, by: Seat, target: Seat, ignored: boolean): Battle {
  const e = effectsOf(b);
  return withEffects(b, { caused: addTally(e.caused, effect, by), suffered: ignored ? e.suffered : addTally(e.suffered, effect, target) });
}

/** The effect applied to its first target's units. */
export function sufferFirst(state: GameState, b: Battle, p: Inflicting, emit: Emit): Resolved {
  const target = p.targets[0]!;
  let current: Resolved = { state, battle: attempt(b, p.effect, p.by, target.seat, false) };
  for (const id of target.units) {
    const unit = current.battle.units.find((u) => u.id === id);
    if (!unit) continue;
    switch (p.effect) {
      case 'neutralise': {
        const down = { ...unit, face: 'down' as const };
        emit({ kind: 'unitNeutralised', unit: down });
        current = { ...current, battle: { ...current.battle, units: current.battle.units.map((u) => (u.id === id ? down : u)) } };
        break;
      }
      case 'removeRow':
        current = removeFromCombat(current.state, current.battle, id, emit);
        break;
    }
  }
  return current;
}

/** B2, B2a: a unit removed from the combat waits beside its army, and its event reactions to that are armed (K16); K14: unless it is destroyed instead. */
export function removeFromCombat(state: GameState, b: Battle, id: number, emit: Emit): Resolved {
  const unit = b.units.find((u) => u.id === id)!;
  if (destroyedIfRemoved(unit.card)) return destroyUnit(state, b, unit, emit);
  emit({ kind: 'unitLeft', unit });
  const battle = { ...takeOut(b, id), aside: [...b.aside, unit] };
  return { state, battle: arm(battle, unit, 'removed') };
}
