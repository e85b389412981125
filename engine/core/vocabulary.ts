/**
 * The game's vocabulary: every enumerated word as an `as const` array with its union type.
 */

/** The six tile colours; each is a terrain, and each player's colour is his civilisation's favoured terrain (ruling 1). */
export const COLOURS = ['forest', 'mountain', 'lake', 'plain', 'desert', 'marsh'] as const;
export type Colour = (typeof COLOURS)[number];

/** A land tile is one of the six colours or black (no terrain, no production). */
export const TILE_COLOURS = [...COLOURS, 'black'] as const;
export type TileColour = (typeof TILE_COLOURS)[number];

export const isColour = (x: unknown): x is Colour => typeof x === 'string' && (COLOURS as readonly string[]).includes(x);
export const isTileColour = (x: unknown): x is TileColour =>
  typeof x === 'string' && (TILE_COLOURS as readonly string[]).includes(x);

/** The six civilisations: defined with their Worlds of unit cards, which the cards below core/ need. */
export { CIVILISATIONS, type Civilisation, isCivilisation } from '../cards/catalogue.js';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

/** A seat is a player's place at the table, 0..5, numbered clockwise. */
export type Seat = number;

/**
 * A seat as people read it, in the engine's own English texts (the verifier, the simulator,
 * messages): "Player 3" for seat 2, as the page says it (src/display adds the French). Machines
 * keep the 0-based `seat`.
 */
export const seatName = (seat: Seat): string => `Player ${seat + 1}`;

/** The phases of a game, in order. */
export const PHASES = ['mapCreation', 'conquest'] as const;
export type PhaseName = (typeof PHASES)[number];
