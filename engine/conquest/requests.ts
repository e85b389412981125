import { type HexKey, parseHexKey } from '../hex/index.js';
import type { Emit } from '../core/events.js';
import { type RuleError, ruleError } from '../core/errors.js';
import { err, ok, type Result } from '../core/result.js';
import type { GameState, Request } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { connectedFrom, territoriesOf, tileTroops, withTerritories } from './territory.js';

/**
 * L9, S3e: during Logistics a suzerain may ask a direct vassal to withdraw his troops from one of
 * his territories so that the suzerain moves his own troops onto it, provided both moves are
 * valid. Both players choose their move (L9b): the suzerain names the territory, where his troops
 * come from and how many (leaving at least 1, E1); the vassal chooses where his troops go.
 */

/** Where the vassal's troops on `at` may go: his other territories connected to it (S3a). */
export function vacateSites(state: GameState, vassal: Seat, at: HexKey): HexKey[] {
  return [...connectedFrom(state, vassal, at)].filter((k) => k !== at && state.territories[k]!.owner === vassal).sort();
}

/** Whether `seat` may ask `vassal` for `at` at all (L9a): a direct vassal's territory, with somewhere for his troops to go. */
function targetError(state: GameState, suzerain: Seat, vassal: Seat, at: HexKey): RuleError | null {
  if (state.players[vassal]?.suzerain !== suzerain) return ruleError('IllegalChoice', 'L9', `seat ${vassal} is not your direct vassal`);
  if (state.territories[at]?.owner !== vassal) return ruleError('NotYourTerritory', 'L9', 'the request is for a territory your vassal controls');
  if (vacateSites(state, vassal, at).length === 0) return ruleError('NotConnected', 'L9', 'your vassal has no other territory connected to it to withdraw to');
  return null;
}

/** The most troops the suzerain may move onto `at` from `from` (at least 1 stays there, E1), or why none. */
export function requestBound(state: GameState, suzerain: Seat, vassal: Seat, at: HexKey, from: HexKey): Result<number, RuleError> {
  const bad = targetError(state, suzerain, vassal, at);
  if (bad) return err(bad);
  const t = state.territories[from];
  if (!t || t.owner !== suzerain) return err(ruleError('NotYourTerritory', 'L9', 'your troops come from a territory you control'));
  if (!connectedFrom(state, suzerain, from).has(at)) return err(ruleError('NotConnected', 'L9', 'your troops come from a territory connected to the one requested'));
  if (t.troops < 2) return err(ruleError('NotEnoughTroops', 'L9', 'at least 1 troop must stay on the territory your troops come from'));
  return ok(t.troops - 1);
}

/** The requests a suzerain may make now: each (vassal, territory, source) with the most troops he may move. */
export function requestOptions(state: GameState, suzerain: Seat): { vassal: Seat; at: HexKey; from: HexKey; max: number }[] {
  const out: { vassal: Seat; at: HexKey; from: HexKey; max: number }[] = [];
  const mine = territoriesOf(state, suzerain).filter((k) => state.territories[k]!.troops >= 2);
  state.players.forEach((p, vassal) => {
    if (p.suzerain !== suzerain) return;
    for (const at of territoriesOf(state, vassal)) {
      if (targetError(state, suzerain, vassal, at)) continue;
      for (const from of mine) {
        const max = requestBound(state, suzerain, vassal, at, from);
        if (max.ok) out.push({ vassal, at, from, max: max.value });
      }
    }
  });
  return out;
}

export function requestError(state: GameState, r: Request): RuleError | null {
  const max = requestBound(state, r.suzerain, r.vassal, r.at, r.from);
  if (!max.ok) return max.error;
  return r.count >= 1 && r.count <= max.value ? null : ruleError('NotEnoughTroops', 'L9', `move between 1 and ${max.value} troops: at least 1 stays`);
}

/** L9: the vassal moves every troop of his on the tile (territory and frontiers) to `to`; the suzerain's troops move in. */
export function vacate(state: GameState, r: Request, to: HexKey, emit: Emit): Result<GameState, RuleError> {
  if (!vacateSites(state, r.vassal, r.at).includes(to)) return err(ruleError('NotConnected', 'L9', 'your troops go to another territory of yours connected to this one'));
  const t = state.territories[r.at]!;
  const moving = tileTroops(t);
  const dest = state.territories[to]!;
  const from = state.territories[r.from]!;
  emit({ kind: 'territoryVacated', seat: r.vassal, at: parseHexKey(r.at), to: parseHexKey(to), count: moving });
  emit({ kind: 'troopsMoved', seat: r.suzerain, from: parseHexKey(r.from), to: parseHexKey(r.at), count: r.count });
  return ok(
    withTerritories(state, {
      [to]: { ...dest, troops: dest.troops + moving },
      [r.from]: { ...from, troops: from.troops - r.count },
      [r.at]: { ...t, owner: r.suzerain, troops: r.count, frontier: [0, 0, 0, 0, 0, 0] },
    }),
  );
}

/** The passive destination (T5): the connected territory holding the most troops, the first by position on a tie. */
export function passiveVacate(state: GameState, r: Request): HexKey {
  const sites = vacateSites(state, r.vassal, r.at);
  return sites.reduce((a, k) => (state.territories[k]!.troops > state.territories[a]!.troops ? k : a), sites[0]!);
}
