import {
  type Action,
  type GameSetup,
  type GameState,
  type Hex,
  type TileColour,
  COLOURS,
  applyAction,
  hexKey,
} from '../../engine/index.js';
import type { LandTile } from '../../engine/core/state.js';
import { tileCommitments } from '../../engine/core/vault.js';
import { type LocalGame, startLocalGame, step } from '../../engine/local/index.js';

export const setupFor = (players: number, firstSeat = 0): GameSetup => ({
  players: COLOURS.slice(0, players).map((colour, i) => ({ colour, civilisation: (['elves', 'dwarves', 'necromancers', 'miners', 'druids', 'tritons'] as const)[i]! })),
  firstSeat,
});

/** A local game whose seats have all committed their piles: map creation, seat `first`'s turn to take a tile. */
export function committedGame(players: number, seed = 'fixture', first = 0): LocalGame {
  const game = startLocalGame(setupFor(players, first), seed);
  for (let seat = 0; seat < players; seat++) step(game, { kind: 'commitTiles', seat, commitments: tileCommitments(game.vaults[seat]!) });
  return game;
}

/** The same state with extra land tiles (by colour) and portals (by seat) placed directly: for table-driven rule tests. */
export function withBoard(state: GameState, tiles: readonly (readonly [Hex, TileColour])[], portals: Record<number, Hex> = {}): GameState {
  const map: Record<string, LandTile> = { ...state.map };
  for (const [h, colour] of tiles) map[hexKey(h)] = { kind: 'land', colour };
  return {
    ...state,
    map,
    seats: state.seats.map((s, i) => (portals[i] ? { ...s, portal: portals[i]!, portalPlacedAt: 0 } : s)),
  };
}

/** A straight line of land tiles from the Heart outward in direction (dq, dr), `length` long, of one colour. */
export function line(dq: number, dr: number, length: number, colour: TileColour = 'plain', from = 1): [Hex, TileColour][] {
  const out: [Hex, TileColour][] = [];
  for (let k = from; k < from + length; k++) out.push([{ q: dq * k, r: dr * k }, colour]);
  return out;
}

/** Applies and expects success. */
export function must(state: GameState, action: Action | unknown): GameState {
  const r = applyAction(state, action);
  if (!r.ok) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Applies and returns the error code (and checks the state is untouched). */
export function refusal(state: GameState, action: unknown): { code: string; rule: string } {
  const before = JSON.stringify(state);
  const r = applyAction(state, action);
  if (r.ok) throw new Error(`expected a refusal of ${JSON.stringify(action)}`);
  if (JSON.stringify(state) !== before) throw new Error('a refused action changed the state');
  return { code: r.error.code, rule: r.error.rule };
}

/** Stops a local game when the conquest begins: for tests of map creation alone. */
export const atConquest = (state: GameState): boolean => state.phase.name === 'conquest';

/** The stage of map creation or of the conquest. */
export const stageKind = (state: GameState): string => state.phase.stage.kind;
