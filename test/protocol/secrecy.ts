import { expect } from 'vitest';
import {
  cardOpening,
  type GameState,
  TILE_COLOURS,
  tileOpening,
  toHex,
} from '../../engine/index.js';
import { commitment } from '../../engine/core/commit.js';
import { SEALED_BYTES, sealKeyOf, secretDigest, unsealChoice } from '../../engine/core/secret.js';
import { parseMessage } from '../../engine/protocol/index.js';
import type { ParsedEntry } from '../../engine/protocol/codec/entry.js';
import type { SecretChoice } from '../../engine/core/actions.js';
import { play } from './harness.js';

/**
 * G3, over whole conquest games at 2, 4 and 6 seats and several seeds: a spy seat records every
 * byte it receives and tries to learn what the other seats hide before the rules reveal it: their
 * face-down tiles, every card dealt to them (hand and deck), and their secret choices (feints,
 * purchases). For each hidden thing:
 * - the salt that opens it (a run of 32 hex digits) first reaches the spy inside the entry that
 *   reveals it, signed by its owner and applied in the log (a placement, a card played, a secret
 *   reveal, the final openings); one that is never revealed never reaches it;
 * - before that entry, no string the spy received opens its commitment: for tiles every 32-hex
 *   string seen, as a salt, with every colour (the same attempt succeeds on the revealing message,
 *   which shows the method works); for the first cards of each seat every such string with the
 *   card's true value;
 * - the sealed memos of the secret choices are all the same length and do not open with the
 *   spy's key;
 * - no seat's secrets (vault key, seal key, beacon seed, signing seed) ever reach the spy;
 * - everything the spy received parses as a protocol message.
 *
 * The games are played by secrecy.test.ts (2 and 4 seats) and secrecy-6.test.ts (6 seats: the
 * longest, in a file of its own so that the test workers share the load).
 */

interface Target {
  readonly what: string;
  readonly seat: number;
  readonly salt: string;
  /** Does this entry reveal it? */
  readonly reveals: (e: ParsedEntry) => boolean;
  /** Does `salt` with some value open its commitment? (For the dictionary attack; absent for secret choices.) */
  readonly opens?: (salt: string) => boolean;
}

const entriesOf = (text: string): ParsedEntry[] => {
  const m = parseMessage(text, 1 << 20);
  if (!m.ok) return [];
  const v = m.value;
  return v.t === 'entry' ? [v.entry] : v.t === 'relay' || v.t === 'echo' ? [...v.entries] : v.t === 'history' ? v.elements.flat() : [];
};

/** What a salt looks like: 16 bytes of hex, a run of exactly 32 hex digits. */
const hexes = (text: string): string[] => text.match(/(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])/g) ?? [];

/** Plays a whole game with a spy in the last seat and checks everything above. */
export async function spyGame(players: number, seed: string, options: { readonly expectPutBacks?: boolean } = {}): Promise<void> {
  const SPY = players - 1;
  const received: string[] = [];
  const { table, outcomes } = await play({
    players,
    seed,
    settings: { limit: null },
    onDeliver: (d) => {
      if (d.to === SPY) received.push(d.text);
    },
  });
  expect(outcomes.every((o) => o.kind === 'finished')).toBe(true);
  const spy = table.network.peers[SPY]!;
  const state: GameState = spy.chain.state;
  // A whole game, to its winner. (In long games a seat's final openings can exceed the message
  // size and that seat forfeits at the close: its hidden things are then never revealed, and
  // must stay hidden to the end, which is checked below.)
  expect(typeof (state.phase as { winner?: unknown }).winner).toBe('number');
  const log = spy.replay().log.flat();
  const applied = new Set(log.map((e) => e.text));
  const others = Array.from({ length: players - 1 }, (_, s) => s);

  // What each other seat hides.
  const targets: Target[] = [];
  for (const seat of others) {
    const vault = table.secrets[seat]!.vault;
    for (let i = 0; i < 7; i++) {
      const ref = `tile:${seat}:${i}`;
      const o = tileOpening(vault, ref, state)!;
      const c = commitment(ref, o.value, o.salt);
      targets.push({ what: ref, seat, salt: o.salt, reveals: (e) => e.text.includes(`"ref":"${ref}"`), opens: (salt) => TILE_COLOURS.some((v) => commitment(ref, v, salt) === c) });
    }
    const cards = state.players[seat]!.cards;
    Object.keys(cards.commitments).forEach((ref, i) => {
      const o = cardOpening(vault, state, ref)!;
      expect(commitment(ref, o.value, o.salt)).toBe(cards.commitments[ref]);
      // The dictionary attack on the first cards of each seat (on all of them it costs minutes;
      // for every card, the check that its salt was never received before its reveal stands for it).
      const opens = i < 8 ? { opens: (salt: string) => commitment(ref, o.value, salt) === cards.commitments[ref] } : {};
      targets.push({ what: ref, seat, salt: o.salt, reveals: (e) => e.text.includes(`"ref":"${ref}"`), ...opens });
    });
  }
  const secretReveals = log.filter((e) => e.text.includes('"kind":"revealSecret"'));
  for (const e of secretReveals) {
    const entry = JSON.parse(e.text) as { seat: number; body: { action: { salt: string } } };
    if (entry.seat === SPY) continue;
    targets.push({ what: `secret choice of seat ${entry.seat}`, seat: entry.seat, salt: entry.body.action.salt, reveals: (x) => x.text === e.text });
  }
  const kinds = (prefix: string) => targets.filter((t) => t.what.startsWith(prefix)).length;
  expect(kinds('tile:')).toBe(7 * others.length);
  expect(kinds('card')).toBeGreaterThan(10 * others.length);
  expect(kinds('secret choice')).toBeGreaterThan(0);

  // Every salt-like string the spy received, with the first message it came in, in that order.
  const firstSeen = new Map<string, number>();
  received.forEach((t, i) => {
    for (const h of hexes(t)) if (!firstSeen.has(h)) firstSeen.set(h, i);
  });
  const bySeen = [...firstSeen];
  const seenBefore = (at: number): string[] => {
    const out: string[] = [];
    for (const [h, i] of bySeen) {
      if (i >= at) break;
      out.push(h);
    }
    return out;
  };
  let revealed = 0;
  for (const x of targets) {
    const at = firstSeen.get(x.salt) ?? -1;
    if (at < 0) {
      // Never revealed: nothing the spy received opens it.
      if (x.opens) expect(seenBefore(Infinity).some(x.opens), `${x.what} opened though never revealed`).toBe(false);
      continue;
    }
    revealed++;
    const revealing = entriesOf(received[at]!).filter((e) => e.text.includes(x.salt));
    expect(revealing.length, `${x.what}: its salt first arrives inside an entry`).toBeGreaterThan(0);
    for (const e of revealing) {
      expect(e.entry.seat, `${x.what}: revealed by its owner`).toBe(x.seat);
      expect(x.reveals(e), `${x.what}: by an entry that reveals it`).toBe(true);
      expect(applied.has(e.text), `${x.what}: by an entry of the log`).toBe(true);
    }
    if (x.opens) {
      expect(seenBefore(at).some(x.opens), `${x.what} opened before its reveal`).toBe(false);
      expect(hexes(received[at]!).some(x.opens), `${x.what} opens from its reveal`).toBe(true);
    }
  }

  expect(revealed).toBeGreaterThan(targets.length / 2);

  // Card effects' deck operations (K5c): cards revealed to their owner alone and put back on top in
  // his order. Putting them back reveals nothing: no salt of a card put back (nor of a kept first
  // card) is in the entry, so the spy learns references and an order, never which card is where;
  // a card played or discarded from the reveal is opened in that entry, by its owner.
  const saltOf = new Map(targets.filter((t) => t.what.startsWith('card:')).map((t) => [t.what, t.salt]));
  const putBacks = log.filter((e) => e.text.includes('"kind":"putBack"')).map((e) => ({ e, entry: JSON.parse(e.text) as { seat: number; body: { action: { first: string; order: string[]; opening?: { ref: string } } } } }));
  let hiddenOnTop = 0;
  for (const { e, entry } of putBacks) {
    if (entry.seat === SPY) continue;
    const a = entry.body.action;
    for (const ref of a.order) {
      expect(e.text.includes(saltOf.get(ref)!), `${ref} put back: its salt stays with its owner`).toBe(false);
      hiddenOnTop++;
    }
    if (a.opening) expect(e.text.includes(saltOf.get(a.opening.ref)!), `${a.opening.ref} played or discarded from a reveal: opened here`).toBe(true);
  }
  if (options.expectPutBacks) expect(hiddenOnTop, 'the game put cards back on top of a deck').toBeGreaterThan(0);

  // Sealed memos of secret choices: one length, and the spy's key opens none of the others'.
  // A memo is sealed for its seat, day and purpose (the nonce); a wrong key fails the MAC
  // whatever the nonce, so the attack that matters is the spy's key with the memo's own nonce.
  // A revealed choice gives its commitment's day and purpose (the digest binds them); for the
  // others every day the game had, and the day after, with each purpose.
  const commits = log.filter((e) => e.text.includes('"kind":"commitSecret"')).map((e) => JSON.parse(e.text) as { seat: number; body: { action: { digest: string; sealed: string } } });
  expect(commits.length).toBeGreaterThan(0);
  const lastDay = (state.phase as { day: number }).day;
  expect(lastDay).toBeGreaterThan(1);
  const nonceOf = new Map<string, { day: number; purpose: string }>();
  for (const e of secretReveals) {
    const { seat, body } = JSON.parse(e.text) as { seat: number; body: { action: { choice: SecretChoice; salt: string } } };
    for (let day = 0; day <= lastDay + 1; day++) nonceOf.set(secretDigest(seat, day, body.action.choice, body.action.salt), { day, purpose: body.action.choice.purpose });
  }
  const everyNonce = Array.from({ length: lastDay + 2 }, (_, day) => ['feint', 'purchase'].map((purpose) => ({ day, purpose }))).flat();
  const spyKey = sealKeyOf(table.secrets[SPY]!.vault);
  let known = 0;
  for (const c of commits) {
    expect(c.body.action.sealed.length).toBe(2 * SEALED_BYTES);
    if (c.seat === SPY) continue;
    const own = nonceOf.get(c.body.action.digest);
    if (own) known++;
    for (const { day, purpose } of own ? [own] : everyNonce) expect(unsealChoice(spyKey, c.seat, day, purpose, c.body.action.sealed)).toBeNull();
  }
  expect(known).toBeGreaterThan(0);
  // The method opens a memo with its owner's key (so the failures above mean something).
  const sample = commits.find((c) => c.seat !== SPY && nonceOf.has(c.body.action.digest))!;
  const { day: sd, purpose: sp } = nonceOf.get(sample.body.action.digest)!;
  expect(unsealChoice(sealKeyOf(table.secrets[sample.seat]!.vault), sample.seat, sd, sp, sample.body.action.sealed)).not.toBeNull();

  // No secret of another seat ever reaches the spy.
  const all = received.join('\n');
  for (const seat of others) {
    const s = table.secrets[seat]!;
    for (const secret of [s.vault.key, sealKeyOf(s.vault), s.beacon[s.beacon.length - 1]!, toHex(s.keys.seed)]) expect(all.includes(secret)).toBe(false);
  }
  for (const t of received) expect(parseMessage(t, 1 << 20).ok).toBe(true);
}
