/** Names on the signaling servers, derived so that a refreshed page finds its own again. */
import { hashText } from '../../engine/core/hash.js';
import type { Seat } from '../../engine/core/vocabulary.js';

/** Each seat's PeerJS id in one game (PeerJS ids: letters, digits, single dashes). */
export const meshIds = (game: string, seats: number): string[] => {
  const tag = hashText(`bfe/net/mesh\n${game}`).slice(0, 20);
  return Array.from({ length: seats }, (_, s: Seat) => `bfe-${tag}-${s}`);
};

/**
 * This seat's PeerJS token, from a secret only this seat holds (its key seed): the server gives
 * an id back to whoever shows the token it was registered with, so a refreshed page takes its
 * id back at once, and nobody else can take it.
 */
export const meshToken = (seatSecret: string): string => hashText(`bfe/net/peerjs-token\n${seatSecret}`).slice(0, 32);
