import { describe, expect, it } from 'vitest';
import {
  commitment,
  TILE_COLOURS,
  tileOpening,
  toHex,
} from '../../engine/index.js';
import { parseMessage } from '../../engine/protocol/index.js';
import { play } from './harness.js';

/**
 * G3: a spy peer records every byte it receives during a complete game and tries to open the
 * other seats' hidden tiles before the rules reveal them: with every 16-byte hex string it has
 * seen as a salt and every tile colour as a value. It must fail on every tile until that tile's
 * reveal (after which the same attempt succeeds, which shows the spy's method works), and no
 * seat's secrets (vault key, beacon seed, signing seed) ever reach it.
 */
describe('hidden stays hidden', () => {
  it('a spy cannot open another seat’s committed tile before its reveal', async () => {
    const SPY = 2;
    const received: string[] = [];
    const { table, outcomes } = await play({
      players: 3,
      seed: 'spy',
      settings: { limit: 60 },
      onDeliver: (d) => {
        if (d.to === SPY) received.push(d.text);
      },
    });
    expect(outcomes.every((o) => o.kind === 'finished')).toBe(true);

    // Each hidden tile of the other seats, and the first message that reveals it (a placement or the final openings).
    const targets = [0, 1].flatMap((seat) => Array.from({ length: 7 }, (_, i) => ({ seat, ref: `tile:${seat}:${i}`, opening: tileOpening(table.secrets[seat]!.vault, `tile:${seat}:${i}`)! })));
    const revealedAt = (salt: string) => received.findIndex((t) => t.includes(salt));
    const commitments = new Map(targets.map((x) => [x.ref, table.network.peers[SPY]!.chain.state.seats[x.seat]!.pile!.commitments[x.ref]!]));

    const hexes = (texts: readonly string[]) => new Set(texts.flatMap((t) => t.match(/[0-9a-f]{32}/g) ?? []).flatMap((h) => [h]));
    for (const x of targets) {
      const at = revealedAt(x.opening.salt);
      const before = at < 0 ? received : received.slice(0, at);
      const guessesBefore = hexes(before);
      const opened = [...guessesBefore].some((salt) => TILE_COLOURS.some((v) => commitment(x.ref, v, salt) === commitments.get(x.ref)));
      expect(opened).toBe(false);
      if (at >= 0) {
        const after = hexes(received.slice(at, at + 1));
        expect([...after].some((salt) => commitment(x.ref, x.opening.value, salt) === commitments.get(x.ref))).toBe(true);
      }
    }
    // Some tiles were revealed during play, and the rest at the close.
    expect(targets.filter((x) => revealedAt(x.opening.salt) >= 0).length).toBe(targets.length);

    // No secret of another seat ever reaches the spy.
    const all = received.join('\n');
    for (const seat of [0, 1]) {
      const s = table.secrets[seat]!;
      expect(all.includes(s.vault.key)).toBe(false);
      expect(all.includes(s.beacon[s.beacon.length - 1]!)).toBe(false);
      expect(all.includes(toHex(s.keys.seed))).toBe(false);
    }
    // Every message the spy got parses: nothing outside the protocol was sent.
    for (const t of received) expect(parseMessage(t, 1 << 20).ok).toBe(true);
  });
});
