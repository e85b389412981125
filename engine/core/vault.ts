import type { TileOpening } from './actions.js';
import type { Digest, Ref } from './state.js';
import type { Seat } from './vocabulary.js';

/**
 * What one seat alone knows (protocol.md, "Public state and vaults"): the identities and salts
 * of its hidden objects. It lives outside the public state; legal-move generation for a seat
 * reads the public state plus that seat's vault, and actions that reveal carry an opening from it.
 */
export interface Vault {
  readonly seat: Seat;
  /** The commitments this seat publishes for its face-down tile pile, in ref order. */
  readonly tileCommitments: readonly Digest[];
  readonly tiles: Readonly<Record<Ref, TileOpening>>;
}
