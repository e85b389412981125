import { beforeAll, describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/index.js';
import { assembleElement, itemsAgainstClaims } from '../../engine/protocol/log/assemble.js';
import { type Chain, claimedAbsent, expectation } from '../../engine/protocol/log/chain.js';
import type { ParsedEntry } from '../../engine/protocol/codec/entry.js';
import { setTable } from '../../engine/protocol/sim/index.js';
import { honestAgents, setupFor, SHORT } from './harness.js';

/**
 * Which held entries a peer applies at a place (log/assemble.ts), table-driven: a held item wins
 * over claims naming its seat (and is relayed), a minority's claims wait for the peer's own timer
 * and never name the peer, a strict majority's settle the place even against the peer.
 */
const claim = (seat: Seat, seats: Seat[]): ParsedEntry =>
  ({ text: '', sig: '', id: `claim-${seat}-${seats.join('.')}`, entry: { v: 1, game: '', seq: 0, seat, prev: '', body: { type: 'absent', seats } } }) as ParsedEntry;
const action = (seat: Seat): ParsedEntry =>
  ({ text: '', sig: '', id: `action-${seat}`, entry: { v: 1, game: '', seq: 0, seat, prev: '', body: { type: 'action', action: { kind: 'endTurn', seat } } } }) as ParsedEntry;
const ids = (entries: ParsedEntry[] | undefined) => entries?.map((p) => p.id);

describe('assembling an element from held entries (4 seats, seat 0 awaited)', () => {
  let chain: Chain;
  beforeAll(async () => {
    const table = await setTable(setupFor(4), 'assemble', honestAgents(4, 'assemble'), { settings: SHORT });
    chain = table.network.peers[0]!.chain;
    expect(expectation(chain)).toEqual({ kind: 'main', seat: 0 });
  });

  const majority = () => [claim(1, [0]), claim(2, [0]), claim(3, [0])];
  const minority = () => [claim(1, [0, 2, 3])];

  it('settlements are marked by whether their claimers are a strict majority of the seats in the game', () => {
    expect(claimedAbsent(chain, majority())).toMatchObject({ seats: [0], minority: false });
    expect(claimedAbsent(chain, minority())).toMatchObject({ seats: [0, 2, 3], claimers: [1], minority: true });
    expect(claimedAbsent(chain, [claim(1, [0, 3]), claim(2, [0, 3])])).toMatchObject({ minority: true });
  });

  it.each([
    ['a majority, timer not run out, another peer', majority, [], { me: 2 as Seat, timerRanOut: false }, 'claims'],
    ['a majority naming the peer itself', majority, [], { me: 0 as Seat, timerRanOut: false }, 'claims'],
    ['a majority naming the peer, which holds its own late action', majority, [action(0)], { me: 0 as Seat, timerRanOut: true }, 'claims'],
    ['a majority, the awaited action held by another peer', majority, [action(0)], { me: 2 as Seat, timerRanOut: true }, 'action'],
    ['a minority before the timer', minority, [], { me: 1 as Seat, timerRanOut: false }, 'nothing'],
    ['a minority after the timer, by this peer', minority, [], { me: 1 as Seat, timerRanOut: true }, 'claims'],
    ['a minority naming the peer', minority, [], { me: 2 as Seat, timerRanOut: true }, 'nothing'],
    ['a minority, the action held', minority, [action(0)], { me: 1 as Seat, timerRanOut: true }, 'action'],
  ] as const)('%s', (_, claims, items, options, applied) => {
    const held = [...items, ...claims()];
    const element = assembleElement(chain, held, options);
    if (applied === 'nothing') expect(element).toBeUndefined();
    else if (applied === 'action') expect(ids(element)).toEqual(['action-0']);
    else expect(ids(element)).toEqual(ids(claims()));
  });

  it('items named by a complete claim set are what a peer relays', () => {
    expect(itemsAgainstClaims(chain, [action(0), ...majority()]).map((p) => p.id)).toEqual(['action-0']);
    expect(itemsAgainstClaims(chain, [action(0), claim(1, [0])])).toEqual([]);
  });
});
