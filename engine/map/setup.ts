import { type Hex, DIRECTIONS, hexKey } from '../hex/index.js';
import type { GameState, LandTile, SeatState } from '../core/state.js';
import { type Civilisation, type Colour, type TileColour, COLOURS, MAX_PLAYERS, MIN_PLAYERS, isCivilisation, isColour } from '../core/vocabulary.js';
import { type RuleError, ruleError } from '../core/errors.js';
import { err, ok, type Result } from '../core/result.js';
import { HEART } from './board.js';
import { frozen } from '../core/freeze.js';

export const RULES_VERSION = 'bfe-004/1';

/** Every player's face-down pile holds one tile of each colour and one black tile (M2). */
export const PILE_TILES: readonly TileColour[] = [...COLOURS, 'black'];

export interface PlayerSetup {
  readonly colour: Colour;
  readonly civilisation: Civilisation;
}

export interface GameSetup {
  /** The players in clockwise order; seat i is players[i]. */
  readonly players: readonly PlayerSetup[];
  /** The first player, chosen by the players together (M1). */
  readonly firstSeat: number;
}

/** The public reference of the i-th tile of a seat's face-down pile. */
export const tileRef = (seat: number, i: number): string => `tile:${seat}:${i}`;

/**
 * The state before any action (M1-M3): the Heart at the centre, 6 - n black tiles on
 * consecutive sides of it, each player's face-up tile; the face-down piles come with each
 * seat's first action, its commitments.
 */
export function newGame(setup: GameSetup): Result<GameState, RuleError> {
  const n = setup.players?.length;
  if (!Number.isInteger(n) || n < MIN_PLAYERS || n > MAX_PLAYERS)
    return err(ruleError('MalformedAction', 'M1', `a game has ${MIN_PLAYERS} to ${MAX_PLAYERS} players`));
  const colours = new Set<string>();
  for (const p of setup.players) {
    if (!isColour(p?.colour)) return err(ruleError('MalformedAction', 'M1', `unknown colour ${String(p?.colour)}`));
    if (!isCivilisation(p.civilisation)) return err(ruleError('MalformedAction', 'M1', `unknown civilisation ${String(p.civilisation)}`));
    if (colours.has(p.colour)) return err(ruleError('MalformedAction', 'M1', `two players chose ${p.colour}`));
    colours.add(p.colour);
  }
  if (!Number.isInteger(setup.firstSeat) || setup.firstSeat < 0 || setup.firstSeat >= n)
    return err(ruleError('UnknownSeat', 'M1', 'the first player must be one of the seats'));

  const map: Record<string, LandTile> = { [hexKey(HEART)]: { kind: 'heart' } };
  for (const h of initialBlackTiles(n)) map[hexKey(h)] = { kind: 'land', colour: 'black' };
  const seats: SeatState[] = setup.players.map((p) => ({
    colour: p.colour,
    civilisation: p.civilisation,
    pile: null,
    faceUp: p.colour,
    drawn: null,
    unseen: [],
    portal: null,
    portalPlacedAt: null,
  }));
  return ok(frozen({
    settings: { rules: RULES_VERSION, firstSeat: setup.firstSeat },
    seq: 0,
    randomEvents: 0,
    seats,
    map,
    territories: {},
    players: [],
    phase: { name: 'mapCreation', stage: { kind: 'pile', awaiting: seats.map((_, i) => i) } },
  } satisfies GameState));
}

/** The 6 - n black tiles around the Heart, on consecutive sides starting east (M3). */
export function initialBlackTiles(players: number): Hex[] {
  return DIRECTIONS.slice(0, MAX_PLAYERS - players).map((d) => ({ q: HEART.q + d.q, r: HEART.r + d.r }));
}
