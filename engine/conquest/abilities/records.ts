import { cardAbilities } from '../../cards/catalogue.js';
import type { Ability } from '../../cards/abilities.js';
import type { Battle, BattleEffects, BattleUnit } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';

/**
 * A combat's card-effect records (K14-K18), kept in `battle.effects` and left out of the state
 * while empty, so that a combat of plain units reads exactly as it did before abilities existed.
 */

const EMPTY: BattleEffects = { used: [], fresh: [], armed: [], held: [], boosts: [], suffered: {}, caused: {} };

export const effectsOf = (b: Battle): BattleEffects => b.effects ?? EMPTY;

const isEmpty = (e: BattleEffects): boolean =>
  e.used.length === 0 &&
  e.fresh.length === 0 &&
  e.armed.length === 0 &&
  e.held.length === 0 &&
  e.boosts.length === 0 &&
  Object.keys(e.suffered).length === 0 &&
  Object.keys(e.caused).length === 0 &&
  e.shielded === undefined;

/** The battle with some records replaced; the records left out when they are all empty (an empty `shielded` too). */
export function withEffects(b: Battle, patch: Partial<BattleEffects>): Battle {
  const { shielded, ...merged } = { ...effectsOf(b), ...patch };
  const e: BattleEffects = shielded && shielded.length > 0 ? { ...merged, shielded } : merged;
  if (!isEmpty(e)) return { ...b, effects: e };
  if (b.effects === undefined) return b;
  const { effects: _, ...rest } = b;
  return rest;
}

/** An ability's name in the records: the unit's number and the ability's place on its card. */
export const abilityKey = (unit: number, ability: number): string => `${unit}:${ability}`;

/** A unit's abilities: its card's (a designed unit's, or a common card's played like a unit). */
export const abilitiesOf = (unit: BattleUnit): readonly Ability[] => cardAbilities(unit.card);

/** A unit of the combat by its number, in play or removed (B2a). */
export const unitById = (b: Battle, id: number): BattleUnit | undefined => b.units.find((u) => u.id === id) ?? b.aside.find((u) => u.id === id);

/** K16: a unit just added: its immediate abilities open until its owner finishes activating. */
export function entered(b: Battle, unit: BattleUnit): Battle {
  const immediate = abilitiesOf(unit).some((a) => a.type === 'immediate');
  return immediate ? withEffects(b, { fresh: [...effectsOf(b).fresh, unit.id] }) : b;
}

/** K17: a seat has finished activating for its turn: what was open to it closes. */
export function finished(b: Battle, seat: Seat): Battle {
  const e = effectsOf(b);
  const mine = (id: number) => unitById(b, id)?.owner === seat;
  const fresh = e.fresh.filter((id) => !mine(id));
  const armed = e.armed.filter((k) => !mine(Number(k.split(':')[0])));
  return fresh.length === e.fresh.length && armed.length === e.armed.length ? b : withEffects(b, { fresh, armed });
}

/** K16: arms every event reaction of `unit` to `event`, once more each. */
export function arm(b: Battle, unit: BattleUnit, event: string): Battle {
  const keys = abilitiesOf(unit).flatMap((a, i) => (a.type === 'event' && a.on === event ? [abilityKey(unit.id, i)] : []));
  return keys.length === 0 ? b : withEffects(b, { armed: [...effectsOf(b).armed, ...keys] });
}

/** One count of a K18 tally, by effect kind and seat. */
export const tally = (t: BattleEffects['suffered'], kind: string, seat: Seat): number => t[kind]?.[seat] ?? 0;
export const addTally = (t: BattleEffects['suffered'], kind: string, seat: Seat): BattleEffects['suffered'] => ({ ...t, [kind]: { ...t[kind], [seat]: tally(t, kind, seat) + 1 } });
