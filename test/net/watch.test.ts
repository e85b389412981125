import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { COLOURS, CIVILISATIONS } from '../../engine/index.js';
import { DEFAULT_SETTINGS, makeGenesisText, parseGenesisText, signGenesis } from '../../engine/protocol/index.js';
import { makeGenesis, simSecrets } from '../../engine/protocol/sim/index.js';
import { nodeScheme } from '../../scripts/node/crypto.js';
import { lobbyGameName } from '../../src/net/lobby-doc.js';
import { newGameLink, watchLink } from '../../src/net/link.js';
import { findWatched, publishForWatchers, readWatched, type Watched } from '../../src/net/watch.js';
import { makeHub } from './support/hub.js';

const scheme = await nodeScheme();
const setup = { players: [0, 1].map((i) => ({ colour: COLOURS[i]!, civilisation: CIVILISATIONS[i]! })), firstSeat: 0 };

/** A game of `room`, its genesis signed by both seats (or as told). */
async function signedGame(game: string, sign = true): Promise<Watched> {
  const secrets = [0, 1].map((seat) => simSecrets(`watch/${game}`, seat, DEFAULT_SETTINGS.beaconLength));
  const parsed = parseGenesisText(makeGenesisText(makeGenesis(game, setup, secrets, DEFAULT_SETTINGS)));
  if (!parsed.ok) throw new Error(parsed.error.message);
  const genesisSignatures = await Promise.all(secrets.map((s, seat) => (sign || seat === 0 ? signGenesis(scheme, s.keys, parsed.value) : '00'.repeat(64))));
  return { genesis: parsed.value, genesisSignatures };
}

describe('spectators find the game they were invited to', () => {
  it("a player's page publishes the signed genesis; a spectator with the watch link reads it", async () => {
    const { connect } = makeHub();
    const link = newGameLink();
    const game = await signedGame(lobbyGameName(link.room));
    const stop = publishForWatchers(link, game, connect);
    const watcher = findWatched(watchLink(link), connect, scheme);
    const found = await watcher.found;
    expect(found.genesis.id).toBe(game.genesis.id);
    expect(found.genesisSignatures).toEqual(game.genesisSignatures);
    watcher.dispose();
    stop();
  });

  it('takes nothing that is not this room’s game signed by every seat, and a player puts the genesis back', async () => {
    const link = newGameLink();
    const doc = new Y.Doc();
    const put = (w: Watched | { genesis: { text: string }; genesisSignatures: readonly string[] }) => {
      doc.getMap('game').set('genesis', w.genesis.text);
      doc.getMap('game').set('signatures', [...w.genesisSignatures]);
    };
    expect(await readWatched(doc, link.room, scheme)).toMatchObject({ ok: false, error: 'no genesis yet' });
    put(await signedGame('bfe-another-room'));
    expect(await readWatched(doc, link.room, scheme)).toMatchObject({ ok: false, error: 'a genesis of another room' });
    put(await signedGame(lobbyGameName(link.room), false));
    expect(await readWatched(doc, link.room, scheme)).toMatchObject({ ok: false, error: expect.stringMatching(/not signed by every seat/) });
    put({ genesis: { text: '{"not":"a genesis"}' }, genesisSignatures: [] });
    expect(await readWatched(doc, link.room, scheme)).toMatchObject({ ok: false, error: expect.stringMatching(/^not a genesis/) });
    // A hostile member of the watch room overwrites the genesis: the players' pages put it back.
    const { connect } = makeHub();
    const game = await signedGame(lobbyGameName(link.room));
    const stop = publishForWatchers(link, game, connect);
    const vandal = new Y.Doc();
    const vandalConnection = connect(vandal, link.room, watchLink(link).secret);
    vandal.getMap('game').set('genesis', 'rubbish');
    await new Promise((r) => setTimeout(r, 0));
    expect(vandal.getMap('game').get('genesis')).toBe(game.genesis.text);
    vandalConnection.destroy();
    stop();
  });
});
