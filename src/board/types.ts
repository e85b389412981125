import type { Hex, HexKey, TileColour } from '../../engine/index.js';

/** What the board shows beyond the state, fed from outside (the prompt's legal choices, the log). */
export interface Highlights {
  /** Where the awaited choice may go: tinted, with a rim. */
  readonly legal: ReadonlySet<HexKey>;
  /** The hex picked and waiting for Confirm: solid rim. */
  readonly selected: HexKey | null;
  /** Hexes of the last action: a faint rim. */
  readonly last: readonly HexKey[];
  /** The keyboard's hex cursor (arrow keys): shown like a hover. */
  readonly cursor?: HexKey | null;
  /** A preview of what Confirm would place on `selected`. */
  readonly ghost: { readonly at: HexKey; readonly colour: TileColour } | null;
  /** Steps staged or being chosen (moves, requests): arrows from one hex to another until sent. */
  readonly arrows?: readonly { readonly from: HexKey; readonly to: HexKey }[];
}

export const NO_HIGHLIGHTS: Highlights = { legal: new Set(), selected: null, last: [], ghost: null };

/** Input from a board, whichever draws it (3D or the flat fallback). */
export interface BoardInput {
  readonly onPick?: (hex: Hex) => void;
  readonly onHover?: (hex: Hex | null) => void;
}
