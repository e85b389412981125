import { type BattleUnit, type CardId, type GameState, type Stage } from '../../engine/index.js';
import { type Civilisation, fullWorld } from '../../engine/cards/catalogue.js';
import { countOf, total } from '../../engine/conquest/cards.js';

/** Each civilisation's full World, worked out once (the invariants run after every action). */
const worlds = new Map<Civilisation, [CardId, number][]>();
const worldOf = (civ: Civilisation): [CardId, number][] => {
  let w = worlds.get(civ);
  if (!w) worlds.set(civ, (w = Object.entries(fullWorld(civ)) as [CardId, number][]));
  return w;
};

/** Troops of every seat on the board (territories and frontiers). */
export function troopsBySeat(state: GameState): number[] {
  const out = state.seats.map(() => 0);
  for (const t of Object.values(state.territories)) if (t.owner !== null) out[t.owner]! += t.troops + t.frontier.reduce((a, b) => a + b, 0);
  return out;
}

/** Invariants of the conquest that must hold after every action; returns what is wrong, or null. */
export function conquestInvariant(state: GameState): string | null {
  if (state.phase.name !== 'conquest') return null;
  for (const [key, t] of Object.entries(state.territories)) {
    if (t.troops < 0 || t.frontier.some((n) => n < 0)) return `negative troops on ${key}`;
    if (t.owner === null && (t.troops > 0 || t.frontier.some((n) => n > 0))) return `troops without an owner on ${key}`;
    if (t.owner !== null && t.troops === 0 && !awaitingRefill(state, key)) return `a controlled territory with no troop on it: ${key}`;
    if (t.owner !== null && t.wild.length > 0) return `wild markers on a controlled territory ${key}`;
  }
  const stage = state.phase.stage;
  const armies = unitsInPlay(stage);
  for (let seat = 0; seat < state.players.length; seat++) {
    const p = state.players[seat]!;
    if (p.energy < 0 || p.setAside < 0 || p.pure < 0) return `seat ${seat} has negative energy`;
    const c = p.cards;
    // Every hidden card is in exactly one place: one segment's deck, the hand, put back on top or revealed to its owner, never twice.
    const places = [...c.hand, ...(c.top ?? []), ...(c.peeked ?? []), ...c.segments.flatMap((s) => s.refs)];
    if (new Set(places).size !== places.length) return `seat ${seat}: a card reference is in two places`;
    for (const ref of places) if (c.origin[ref] === undefined || c.commitments[ref] === undefined) return `seat ${seat}: ${ref} has no origin or commitment`;
    const hidden = c.segments.reduce((n, s) => n + total(s.remaining), 0);
    if (hidden !== places.length) return `seat ${seat}: ${places.length} hidden cards but the deals can hold ${hidden}`;
    // Units are in the World or owned, never both, never more than the World's copies (once the starting deck is dealt).
    if (c.segments.length === 0 || stage.kind === 'over') continue;
    const civ = state.seats[seat]!.civilisation;
    const army = armies.filter((u) => u.owner === seat);
    for (const [id, copies] of worldOf(civ)) {
      const ownedCount = countOf(c.discard, id) + c.segments.reduce((n, s) => n + countOf(s.remaining, id), 0) + army.filter((u) => u.card === id).length;
      if (ownedCount + countOf(p.world, id) !== copies) return `seat ${seat}: ${id} owned ${ownedCount} + World ${countOf(p.world, id)} != ${copies}`;
    }
  }
  return null;
}

/**
 * Units on the table (B2, B2a): those of the combat being resolved, until their player's end of
 * combat moves them on (B15). A combat may be waiting behind draws (extra discards, S2a).
 */
function unitsInPlay(stage: Stage): BattleUnit[] {
  if (stage.kind === 'drawing' || stage.kind === 'reshuffle') return unitsInPlay(stage.pending.then);
  if (!('battle' in stage)) return [];
  const all = [...stage.battle.units, ...stage.battle.aside];
  if (stage.kind === 'returnUnits') return all.filter((u) => stage.waiting.includes(u.owner));
  if (stage.kind === 'keepOrAccount' || stage.kind === 'endCombat') return [];
  if (stage.kind === 'abilities' && stage.then.kind === 'returnUnits') return all;
  return all;
}

/** B11, B12a: while losses are allocated or emptied territories refilled, a combat's tiles may stand empty for a moment. */
function awaitingRefill(state: GameState, key: string): boolean {
  const stage = state.phase.stage;
  if (stage.kind !== 'losses' && stage.kind !== 'refill') return false;
  const b = stage.battle;
  return b.target === key || Object.values(b.stacks).some((list) => list.some((f) => f.at === key));
}
