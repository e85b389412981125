import { type GameState, type Option, type SeatAction, type Vault, type Civilisation, awaiting, cardOpening, legalOptions } from '../../engine/index.js';
import type { CardId } from '../../engine/cards/catalogue.js';
import { fullWorld } from '../../engine/cards/catalogue.js';
import { addSegment, nextRefs } from '../../engine/conquest/cards.js';
import { deal } from '../../engine/core/vault.js';
import { localRandom } from '../../engine/local/index.js';
import { E, H, SEED, SW, W, atChoose, battleOf, conquestStart, front, handOf, readyAll, stageOf, T, withPlayer, withTroops } from './conquest.js';
import { must } from './fixtures.js';

/**
 * Positions for the card-effect tests, on the conquest fixture map (3 seats: elves, dwarves,
 * necromancers; test/support/conquest.ts draws it): a seat's civilisation and World changed, its
 * hand and the top of its draw pile chosen, and a combat brought to army building.
 */

/** A seat made of another civilisation, with that civilisation's full World. */
export function asCiv(state: GameState, seat: number, civ: Civilisation): GameState {
  const s = withPlayer(state, seat, { world: fullWorld(civ) });
  return { ...s, seats: s.seats.map((x, i) => (i === seat ? { ...x, civilisation: civ } : x)) };
}

/**
 * The seat's draw pile replaced by `cards`, on top in this order (a known-order top, K5c), and
 * its discard pile by `discard`: a deal committed with the seat's vault, so that its openings work.
 */
export function deckOf(state: GameState, seat: number, vault: Vault, cards: readonly CardId[], discard: readonly CardId[] = []): GameState {
  const before = state.players[seat]!.cards;
  const emptied = { ...before, segments: before.segments.map((s) => ({ ...s, refs: [] })) };
  const values = [...cards].sort();
  const refs = nextRefs(seat, emptied, values.length);
  const added = addSegment(seat, emptied, values, deal(vault, `deal:${seat}:${emptied.segments.length}`, refs, values).commitments);
  if (!added.ok) throw new Error(added.error.message);
  const dealt = added.value;
  const last = dealt.segments.length - 1;
  const s0 = withPlayer(state, seat, { cards: { ...dealt, segments: dealt.segments.map((x, i) => (i === last ? { ...x, refs: [] } : x)) } });
  // The vault decides which reference holds which card: the top follows the cards' order.
  const left = [...refs];
  const top = cards.map((card) => {
    const i = left.findIndex((r) => cardOpening(vault, s0, r)!.value === card);
    return left.splice(i, 1)[0]!;
  });
  const counts: Record<string, number> = {};
  for (const c of discard) counts[c] = (counts[c] ?? 0) + 1;
  const cardsNow = s0.players[seat]!.cards;
  return withPlayer(s0, seat, { cards: { ...cardsNow, ...(top.length > 0 ? { top } : {}), discard: counts } });
}

/** A frontier combat between seat 0 (at 2,-1) and seat 1 (at 1,-1), chosen by `chooser` (who builds his army first): two camps of one player each. */
export function duel(state: GameState, chooser = 0): GameState {
  const board = withTroops(state, { '2,-1': { owner: 0, troops: 1, frontier: front(W, 2) }, '1,-1': { owner: 1, troops: 1, frontier: front(E, 2) } });
  const combat = chooser === 0 ? { kind: 'frontier', at: H(2, -1), dir: W } : { kind: 'frontier', at: H(1, -1), dir: E };
  return readyAll(must(atChoose(board, chooser), { kind: 'chooseCombat', seat: chooser, combat }));
}

/**
 * A territory combat on 2,0 (seat 2's) attacked by seats 0 and 1, chosen by `chooser`: three camps,
 * unless some seats join others' camps (`joins`: seat and camp; a proposal is accepted).
 */
export function threeCamps(state: GameState, chooser = 0, joins: readonly (readonly [number, number | 'defender'])[] = []): GameState {
  const board = withTroops(state, { '2,0': { owner: 2, troops: 3 }, '3,-1': { owner: 0, troops: 1, frontier: front(SW, 2) }, '1,0': { owner: 1, troops: 1, frontier: front(E, 2) } });
  let s = must(atChoose(board, chooser), { kind: 'chooseCombat', seat: chooser, combat: T(2, 0) });
  const left = [...joins];
  for (let k = 0; k < 50 && (stageOf(s).kind === 'camps' || stageOf(s).kind === 'proposal'); k++) {
    const who = awaiting(s);
    if (who.kind !== 'seat') break;
    const i = left.findIndex(([seat]) => seat === who.seat);
    if (stageOf(s).kind === 'proposal') s = must(s, { kind: 'answer', seat: who.seat, accept: true });
    else if (i >= 0) s = must(s, { kind: 'joinCamp', seat: who.seat, camp: left.splice(i, 1)[0]![1] });
    else s = must(s, { kind: 'done', seat: who.seat });
  }
  return s;
}

/** Day 1 of the fixture game, its vaults, and hands chosen by seat. */
export function start(hands: Readonly<Record<number, readonly CardId[]>> = {}): { state: GameState; vaults: readonly Vault[] } {
  const g = conquestStart();
  let s = g.state;
  for (const [seat, cards] of Object.entries(hands)) s = handOf(s, Number(seat), g.vaults[Number(seat)]!, cards);
  return { state: s, vaults: g.vaults };
}

/** The random event awaited now, from the fixture seed. */
export const luck = (state: GameState): GameState => must(state, { kind: 'random', value: localRandom(SEED, state.randomEvents) });

/** Plays a card of the awaited seat's hand (B3). */
export function playCard(state: GameState, vault: Vault, card: CardId): GameState {
  const who = awaiting(state);
  if (who.kind !== 'seat') throw new Error('no seat awaited');
  const ref = state.players[who.seat]!.cards.hand.find((r) => cardOpening(vault, state, r)?.value === card);
  if (!ref) throw new Error(`seat ${who.seat} holds no ${card}`);
  const o = cardOpening(vault, state, ref)!;
  return must(state, { kind: 'playUnit', seat: who.seat, opening: { ref: o.ref, value: o.value, salt: o.salt } });
}

/** The activations offered to the awaited seat. */
export function activations(state: GameState, vault?: Vault): Extract<SeatAction, { kind: 'activate' }>[] {
  const who = awaiting(state);
  if (who.kind !== 'seat') return [];
  return legalOptions(state, who.seat, vault).flatMap((o: Option) => (o.kind === 'one' && o.action.kind === 'activate' ? [o.action] : []));
}

/** The unit of a card in the combat (the first of that card). */
export const unitOf = (state: GameState, card: CardId): number => {
  const b = battleOf(state);
  const u = [...b.units, ...b.aside].find((x) => x.card === card);
  if (!u) throw new Error(`no ${card} in the combat`);
  return u.id;
};

/** Says "done" for the awaited seat while the game stands at one of `kinds`. */
export function passWhile(state: GameState, kinds: readonly string[]): GameState {
  let s = state;
  while (kinds.includes(stageOf(s).kind)) {
    const who = awaiting(s);
    if (who.kind !== 'seat') break;
    s = must(s, { kind: 'done', seat: who.seat });
  }
  return s;
}

export { battleOf, stageOf };
