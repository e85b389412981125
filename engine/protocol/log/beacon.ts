import { TAGS, taggedDigest } from '../crypto/digest.js';

/**
 * The random beacon (docs/protocol.md, "Random beacon"). Each seat commits in the genesis to
 * the tip of a hash chain, tip = H^n(seed). For the k-th random event (k from 0) every seat
 * reveals link k + 1 of its chain, H^(n-k-1)(seed): checked by hashing it back to the last
 * link it revealed, it cannot be chosen, and nobody else can compute it before it is revealed.
 * The event's value is H(game, k, every link), with a gap for each seat declared absent.
 */

/** One step down the chain: H(link). */
export const beaconStep = (link: string): string => taggedDigest(TAGS.beaconLink, link);

/** The whole chain from a 32-byte hex seed: index 0 is the tip (published), index n the seed. */
export function makeBeaconChain(seed: string, length: number): string[] {
  const chain = new Array<string>(length + 1);
  chain[length] = seed;
  for (let i = length - 1; i >= 0; i--) chain[i] = beaconStep(chain[i + 1]!);
  return chain;
}

/** The last link a seat revealed and its index (0 for the tip in the genesis). */
export interface BeaconMark {
  readonly index: number;
  readonly link: string;
}

/** The link index for random event k. */
export const linkIndex = (event: number): number => event + 1;

/**
 * Whether `link` is link `index` of the chain whose last revealed link is `last`: hashing it
 * (index - last.index) times gives last.link. A seat that skipped events (absent) skips links.
 */
export function isNextLink(last: BeaconMark, index: number, link: string, length: number): boolean {
  if (index <= last.index || index > length) return false;
  let x = link;
  for (let i = index; i > last.index; i--) x = beaconStep(x);
  return x === last.link;
}

/** The value of random event k: H(game || k || every seat's link, "-" for a seat without one). */
export const beaconValue = (game: string, event: number, links: readonly (string | null)[]): string =>
  taggedDigest(TAGS.beaconValue, `${game}\n${event}\n${links.map((l) => l ?? '-').join(',')}`);
