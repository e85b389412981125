/** Names on the signaling servers, derived so that a refreshed page finds its own again. */
import { hashText, type Seat } from '../../engine/index.js';

const meshTag = (game: string): string => hashText(`bfe/net/mesh\n${game}`).slice(0, 20);

/** Each seat's PeerJS id in one game (PeerJS ids: letters, digits, single dashes). */
export const meshIds = (game: string, seats: number): string[] => Array.from({ length: seats }, (_, s: Seat) => `bfe-${meshTag(game)}-${s}`);

/** A spectator's PeerJS id in one game: the game's tag, then `w`, then a random nonce (hex). */
export const watcherId = (game: string, nonce: string): string => `bfe-${meshTag(game)}-w-${nonce}`;

/** Whether `peerId` is a spectator's id for the game whose seats have `ids`. */
export const isWatcherId = (ids: readonly string[], peerId: string): boolean => {
  const first = ids[0] ?? '';
  return /^[0-9a-f]{8,32}$/.test(peerId.slice(first.lastIndexOf('-') + 3)) && peerId.startsWith(`${first.slice(0, first.lastIndexOf('-'))}-w-`);
};

/**
 * This seat's PeerJS token, from a secret only this seat holds (its key seed): the server gives
 * an id back to whoever shows the token it was registered with, so a refreshed page takes its
 * id back at once, and nobody else can take it.
 */
export const meshToken = (seatSecret: string): string => hashText(`bfe/net/peerjs-token\n${seatSecret}`).slice(0, 32);
