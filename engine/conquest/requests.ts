import type { HexKey } from '../hex/index.js';
import { type RuleError, ruleError } from '../core/errors.js';
import type { GameState } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { connectedFrom, territoriesOf, withTerritories } from './territory.js';

/**
 * L9, S3e: during Logistics a suzerain may ask a direct vassal to withdraw his troops from one of
 * his territories so that the suzerain's own troops move onto it, if both moves are valid.
 * Ruling L9b: the moves are made for the players, the simplest way: the vassal's troops go to his
 * connected territory holding the most troops; the suzerain moves 1 troop from his connected
 * territory holding the most (at least 2, so that 1 stays).
 */
function plan(state: GameState, suzerain: Seat, vassal: Seat, at: HexKey): { vassalTo: HexKey; suzerainFrom: HexKey } | RuleError {
  if (state.players[vassal]?.suzerain !== suzerain) return ruleError('IllegalChoice', 'L9', `seat ${vassal} is not your direct vassal`);
  if (state.territories[at]?.owner !== vassal) return ruleError('NotYourTerritory', 'L9', 'the request is for a territory your vassal controls');
  const reach = connectedFrom(state, vassal, at);
  const most = (seat: Seat, ok: (k: HexKey) => boolean) =>
    [...reach]
      .filter((k) => k !== at && state.territories[k]!.owner === seat && ok(k))
      .sort((a, b) => state.territories[b]!.troops - state.territories[a]!.troops || (a < b ? -1 : 1))[0];
  const vassalTo = most(vassal, () => true);
  if (!vassalTo) return ruleError('NotConnected', 'L9', 'your vassal has no other territory connected to it to withdraw to');
  const suzerainFrom = most(suzerain, (k) => state.territories[k]!.troops >= 2);
  if (!suzerainFrom) return ruleError('NotEnoughTroops', 'L9', 'you have no connected territory with a troop to spare');
  return { vassalTo, suzerainFrom };
}

export function requestError(state: GameState, suzerain: Seat, vassal: Seat, at: HexKey): RuleError | null {
  const p = plan(state, suzerain, vassal, at);
  return 'code' in p ? p : null;
}

export function applyRequest(state: GameState, suzerain: Seat, vassal: Seat, at: HexKey): GameState {
  const p = plan(state, suzerain, vassal, at);
  if ('code' in p) return state;
  const t = state.territories[at]!;
  const moving = t.troops + t.frontier.reduce((a, b) => a + b, 0);
  const to = state.territories[p.vassalTo]!;
  const from = state.territories[p.suzerainFrom]!;
  return withTerritories(state, {
    [p.vassalTo]: { ...to, troops: to.troops + moving },
    [p.suzerainFrom]: { ...from, troops: from.troops - 1 },
    [at]: { ...t, owner: suzerain, troops: 1, frontier: [0, 0, 0, 0, 0, 0] },
  });
}

/** The requests a seat may make now, in canonical order. */
export function requestOptions(state: GameState, suzerain: Seat): { vassal: Seat; at: HexKey }[] {
  const out: { vassal: Seat; at: HexKey }[] = [];
  state.players.forEach((p, vassal) => {
    if (p.suzerain !== suzerain) return;
    for (const at of territoriesOf(state, vassal)) if (requestError(state, suzerain, vassal, at) === null) out.push({ vassal, at });
  });
  return out;
}
