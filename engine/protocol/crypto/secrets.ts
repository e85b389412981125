import { makeVault, type Vault } from '../../core/vault.js';
import type { Seat } from '../../core/vocabulary.js';
import { fromHex, toHex } from './bytes.js';
import { makeBeaconChain } from '../log/beacon.js';
import { TAGS, taggedDigest } from './digest.js';
import type { SeatIdentity } from '../codec/genesis.js';
import { type KeyPair, keyPairFromSeed } from './signature.js';

/**
 * What one seat alone holds, never sent: its signing key, its vault (hidden tiles and cards)
 * and its beacon chain. All three are derived, with separate domain tags, from one secret of
 * at least 32 bytes (crypto.getRandomValues in play; a seed in tests and simulations).
 */
export interface SeatSecrets {
  readonly seat: Seat;
  readonly keys: KeyPair;
  readonly vault: Vault;
  /** The beacon chain: index 0 is the tip published in the genesis. */
  readonly beacon: readonly string[];
}

export function makeSeatSecrets(seat: Seat, entropy: Uint8Array, beaconLength: number): SeatSecrets {
  if (entropy.length < 32) throw new RangeError('makeSeatSecrets: need at least 32 bytes of entropy');
  const root = toHex(entropy);
  const derive = (purpose: string) => taggedDigest(TAGS.secrets, `${purpose}\n${root}`);
  return {
    seat,
    keys: keyPairFromSeed(fromHex(derive('signing key'))!),
    vault: makeVault(seat, fromHex(derive('vault'))!),
    beacon: makeBeaconChain(derive('beacon seed'), beaconLength),
  };
}

/** What a seat publishes for the genesis. */
export const seatIdentity = (secrets: SeatSecrets): SeatIdentity => ({ key: toHex(secrets.keys.publicKey), beacon: secrets.beacon[0]! });
