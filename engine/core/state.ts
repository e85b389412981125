import type { Hex, HexKey } from '../hex/index.js';
import type { Civilisation, Colour, Seat, TileColour } from './vocabulary.js';

/** An opaque public name for a hidden object (a face-down tile, later a card). */
export type Ref = string;
/** A 32-byte digest as 64 hex characters. */
export type Digest = string;

/**
 * A committed pile (protocol.md, "Committed piles"): its references in no meaningful order,
 * each with a salted commitment to its content, and the public multiset of what the
 * unopened references can still hold.
 */
export interface TilePile {
  readonly refs: readonly Ref[];
  readonly commitments: Readonly<Record<Ref, Digest>>;
  readonly remaining: Readonly<Record<TileColour, number>>;
}

/** A tile on the map. Portals are not here: they are in their seat's `portal`. */
export type LandTile = { readonly kind: 'heart' } | { readonly kind: 'land'; readonly colour: TileColour };

export interface SeatState {
  readonly colour: Colour;
  readonly civilisation: Civilisation;
  /** Face-down tiles not yet drawn; null until the seat has committed them. */
  readonly pile: TilePile | null;
  /** The face-up tile of the seat's colour, until taken. */
  readonly faceUp: TileColour | null;
  /** The tile drawn this turn, known to its drawer alone until placed. */
  readonly drawn: Ref | null;
  /** Where the seat's portal stands, if on the map. */
  readonly portal: Hex | null;
  /** The sequence number of the action that last placed the portal (conquest's first player). */
  readonly portalPlacedAt: number | null;
}

export type MapStep =
  /** Take a tile: draw from the pile or take the face-up tile. */
  | 'take'
  /** A draw was asked for; the next input is a random event. */
  | 'drawing'
  /** Place (or, with no valid position, set aside) the drawn tile. */
  | 'place'
  /** Black tiles from the box must be placed so that the portal can be (M14). */
  | 'black'
  /** Optionally add, remove or move the portal; mandatory after the last tile (M13). */
  | 'portal';

export type Phase =
  | { readonly name: 'setup'; readonly awaiting: readonly Seat[] }
  | {
      readonly name: 'mapCreation';
      readonly turn: Seat;
      readonly step: MapStep;
      /** Black tiles still to place in the 'black' step. */
      readonly blacksOwed: number;
      /** The map is fenced in by portals: the black tiles owed ignore the 4th constraint (ruling M14b). */
      readonly fenced: boolean;
    }
  | { readonly name: 'finalRound'; readonly turn: Seat; readonly left: number }
  | ConquestPhase;

/** Troops on a tile: its controller, the troops on the territory, and on each of its six frontiers. */
export interface Territory {
  readonly owner: Seat | null;
  readonly troops: number;
  readonly frontier: readonly [number, number, number, number, number, number];
  /** Wild-territory markers (values 2, 4, 6, 8), while nobody controls the tile. */
  readonly wild: readonly number[];
}

export interface ConquestPhase {
  readonly name: 'conquest';
  readonly day: number;
  /** The holder of the first-player token. */
  readonly first: Seat;
}

export interface GameSettings {
  /** The rules this engine implements; a replay names them. */
  readonly rules: string;
  readonly firstSeat: Seat;
}

export interface GameState {
  readonly settings: GameSettings;
  /** Number of actions applied so far; every action, random events included, counts one. */
  readonly seq: number;
  /** Number of random events consumed so far. */
  readonly randomEvents: number;
  readonly seats: readonly SeatState[];
  /** The land tiles and the Heart, by hex key. */
  readonly map: Readonly<Record<HexKey, LandTile>>;
  /** Troops and wild markers by hex key, from the conquest on. */
  readonly territories: Readonly<Record<HexKey, Territory>>;
  readonly phase: Phase;
}
