/**
 * What a spectator needs to find a game: its signed genesis, published by the players' pages in a
 * room of its own on the lobby's signaling (y-webrtc), named after and sealed with the watch key,
 * which a play link gives and a watch link holds, and from which the play secret cannot be had.
 * The room holds the genesis and nothing else: anyone in it can write, so the spectator takes a
 * genesis only if it names this room's game and every seat's signature of it verifies.
 */
import * as Y from 'yjs';
import { err, ok, type Result } from '../../engine/index.js';
import { checkGenesisSignatures, type ParsedGenesis, parseGenesisText, type SignatureScheme } from '../../engine/protocol/index.js';
import type { Connect } from './lobby.js';
import { lobbyGameName } from './lobby-doc.js';
import { type ShareLink, watchLink } from './link.js';

export interface Watched {
  readonly genesis: ParsedGenesis;
  readonly genesisSignatures: readonly string[];
}

/** The genesis in a watch room's document, if it is this room's game and signed by every seat. */
export async function readWatched(doc: Y.Doc, room: string, scheme: SignatureScheme): Promise<Result<Watched, string>> {
  const game = doc.getMap('game');
  const text = game.get('genesis');
  const signatures = game.get('signatures');
  if (typeof text !== 'string' || text.length > 65_536) return err('no genesis yet');
  if (!Array.isArray(signatures) || signatures.length > 6 || !signatures.every((s) => typeof s === 'string' && s.length <= 256)) return err('no signatures yet');
  const parsed = parseGenesisText(text);
  if (!parsed.ok) return err(`not a genesis: ${parsed.error.message}`);
  if (parsed.value.genesis.game !== lobbyGameName(room)) return err('a genesis of another room');
  const checked = await checkGenesisSignatures(scheme, parsed.value, signatures as string[]);
  if (!checked.ok) return err(`the genesis is not signed by every seat: ${checked.error.message}`);
  return ok({ genesis: parsed.value, genesisSignatures: signatures as string[] });
}

/**
 * A player's page publishes its game for spectators (the watch room stays open while the page
 * plays; dispose closes it). Every player's page does it: any one of them present is enough.
 */
export function publishForWatchers(link: ShareLink, watched: Watched, connect: Connect): () => void {
  const doc = new Y.Doc();
  const connection = connect(doc, link.room, watchLink(link).secret);
  let closed = false;
  const write = (): void => {
    if (closed) return;
    const game = doc.getMap('game');
    if (game.get('genesis') === watched.genesis.text && JSON.stringify(game.get('signatures')) === JSON.stringify(watched.genesisSignatures)) return;
    doc.transact(() => {
      game.set('genesis', watched.genesis.text);
      game.set('signatures', [...watched.genesisSignatures]);
    });
  };
  write();
  // Anyone in the room can overwrite it: put it back (a write of the same values is skipped).
  doc.on('update', () => queueMicrotask(write));
  return () => {
    closed = true;
    connection.destroy();
    doc.destroy();
  };
}

/** A spectator waits in the watch room for a genesis it can check; dispose stops waiting. */
export function findWatched(link: ShareLink, connect: Connect, scheme: SignatureScheme): { readonly found: Promise<Watched>; dispose(): void } {
  const doc = new Y.Doc();
  const connection = connect(doc, link.room, link.kind === 'watch' ? link.secret : watchLink(link).secret);
  let resolve: (w: Watched) => void = () => undefined;
  const found = new Promise<Watched>((r) => (resolve = r));
  let done = false;
  const check = async (): Promise<void> => {
    if (done) return;
    const w = await readWatched(doc, link.room, scheme);
    if (w.ok && !done) {
      done = true;
      resolve(w.value);
    }
  };
  doc.on('update', () => void check());
  void check();
  return {
    found,
    dispose() {
      done = true;
      connection.destroy();
      doc.destroy();
    },
  };
}
