import { describe, expect, it } from 'vitest';
import { hashText } from '../../engine/index.js';
import { commitment } from '../../engine/core/commit.js';
import { beaconStep, beaconValue, isNextLink, makeBeaconChain } from '../../engine/protocol/log/beacon.js';
import { openingsProblem, finalOpenings, refsToOpen } from '../../engine/protocol/log/openings.js';
import { TAGS, taggedDigest } from '../../engine/protocol/crypto/digest.js';
import { play } from './harness.js';

describe('the random beacon', () => {
  const chain = makeBeaconChain(hashText('seed'), 10);

  it('is a hash chain from the seed to the published tip', () => {
    expect(chain).toHaveLength(11);
    expect(chain[10]).toBe(hashText('seed'));
    for (let i = 0; i < 10; i++) expect(beaconStep(chain[i + 1]!)).toBe(chain[i]);
    expect(beaconStep('ab')).toBe(taggedDigest(TAGS.beaconLink, 'ab'));
  });

  it('checks each link against the last one revealed, across skipped events', () => {
    expect(isNextLink({ index: 0, link: chain[0]! }, 1, chain[1]!, 10)).toBe(true);
    expect(isNextLink({ index: 1, link: chain[1]! }, 4, chain[4]!, 10)).toBe(true);
    expect(isNextLink({ index: 1, link: chain[1]! }, 4, chain[3]!, 10)).toBe(false);
    expect(isNextLink({ index: 4, link: chain[4]! }, 4, chain[4]!, 10)).toBe(false);
    expect(isNextLink({ index: 4, link: chain[4]! }, 11, chain[10]!, 10)).toBe(false);
    expect(isNextLink({ index: 0, link: chain[0]! }, 1, hashText('guess'), 10)).toBe(false);
  });

  it('gives each event a value from the game, the event number and every link; an absent seat leaves a gap', () => {
    const links = [chain[3]!, hashText('b'), hashText('c')];
    const v = beaconValue('g', 2, links);
    expect(v).toBe(taggedDigest(TAGS.beaconValue, `g\n2\n${links.join(',')}`));
    expect(beaconValue('g', 3, links)).not.toBe(v);
    expect(beaconValue('h', 2, links)).not.toBe(v);
    expect(beaconValue('g', 2, [null, links[1]!, links[2]!])).not.toBe(v);
  });
});

describe('final openings', () => {
  it('are checked against the commitments and the multiset each pile can hold', async () => {
    const { table } = await play({ players: 2, seed: 'openings', settings: { limit: 12 } });
    const peer = table.network.peers[0]!;
    const state = peer.chain.state;
    const vault = table.secrets[0]!.vault;
    const refs = refsToOpen(state, 0);
    expect(refs.length).toBeGreaterThan(1);
    const good = finalOpenings(state, vault);
    expect(openingsProblem(state, 0, good)).toBeNull();
    expect(openingsProblem(state, 0, good.slice(1))).toMatch(/not opened/);
    expect(openingsProblem(state, 0, [...good, good[0]!])).toMatch(/twice/);
    expect(openingsProblem(state, 0, [...good, { ref: 'tile:0:99', value: 'forest', salt: '00'.repeat(16) }])).toMatch(/does not hide/);
    const o = good[0]!;
    expect(openingsProblem(state, 0, [{ ...o, salt: '11'.repeat(16) }, ...good.slice(1)])).toMatch(/does not match/);
    // Two refs opened to the same value, with matching (forged) commitments: more than the pile can hold.
    const a = good[0]!;
    const b = good.find((x) => x.value !== a.value)!;
    const forged = {
      ...state,
      seats: state.seats.map((s, i) =>
        i === 0 && s.pile ? { ...s, pile: { ...s.pile, commitments: { ...s.pile.commitments, [b.ref]: commitment(b.ref, a.value, b.salt) } } } : s,
      ),
    };
    expect(openingsProblem(forged, 0, good.map((x) => (x.ref === b.ref ? { ...x, value: a.value } : x)))).toMatch(/cannot hold/);
  });
});

describe('the state digest peers echo', () => {
  it('is a function of the state’s value, not of its objects, and sees every change', async () => {
    const { stateDigest } = await import('../../engine/protocol/log/state-digest.js');
    const { table } = await play({ players: 3, seed: 'digest', settings: { limit: 30 } });
    const state = table.network.peers[0]!.chain.state;
    const copy = JSON.parse(JSON.stringify(state));
    expect(stateDigest(copy)).toBe(stateDigest(state));
    expect(stateDigest({ ...copy, seq: copy.seq + 1 })).not.toBe(stateDigest(state));
    const seats = copy.seats.map((s: { portal: unknown }, i: number) => (i === 1 ? { ...s, portal: { q: 9, r: 9 } } : s));
    expect(stateDigest({ ...copy, seats })).not.toBe(stateDigest(state));
    expect(stateDigest({ a: 'x', b: [1, 2] })).toBe(stateDigest({ b: [1, 2], a: 'x' }));
    expect(stateDigest({ a: '#'.padEnd(70, 'f') })).not.toBe(stateDigest({ a: { long: 'f'.repeat(100) } }));
  });
});
