import type { Hex } from '../hex/index.js';
import type { Digest, Ref } from './state.js';
import type { Seat, TileColour } from './vocabulary.js';

/** What opens a committed reference: its content and salt. */
export interface TileOpening {
  readonly ref: Ref;
  readonly value: TileColour;
  /** 16 random bytes as 32 hex characters. */
  readonly salt: string;
}

export type TileSource = 'faceUp' | 'drawn';

/** Every action, as plain data. `random` is the only one no seat writes: it carries a random event's value. */
export type Action =
  | { readonly kind: 'commitTiles'; readonly seat: Seat; readonly commitments: readonly Digest[] }
  | { readonly kind: 'drawTile'; readonly seat: Seat }
  | { readonly kind: 'random'; readonly value: string }
  | { readonly kind: 'placeTile'; readonly seat: Seat; readonly from: TileSource; readonly at: Hex; readonly opening?: TileOpening }
  | { readonly kind: 'setAsideTile'; readonly seat: Seat; readonly from: TileSource; readonly opening?: TileOpening }
  | { readonly kind: 'placeBlack'; readonly seat: Seat; readonly at: Hex }
  | { readonly kind: 'placePortal'; readonly seat: Seat; readonly at: Hex }
  | { readonly kind: 'removePortal'; readonly seat: Seat }
  | { readonly kind: 'endTurn'; readonly seat: Seat };

export type ActionKind = Action['kind'];
export const ACTION_KINDS = [
  'commitTiles',
  'drawTile',
  'random',
  'placeTile',
  'setAsideTile',
  'placeBlack',
  'placePortal',
  'removePortal',
  'endTurn',
] as const satisfies readonly ActionKind[];

export type SeatAction = Exclude<Action, { kind: 'random' }>;
