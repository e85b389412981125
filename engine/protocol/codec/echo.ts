import { canonicalJson } from '../../core/canonical.js';
import { err, ok, type Result } from '../../core/result.js';
import { MAX_PLAYERS, type Seat } from '../../core/vocabulary.js';
import { isHexOf } from '../crypto/bytes.js';
import { TAGS, taggedDigest } from '../crypto/digest.js';
import { MAX_SEQ } from './entry.js';
import { type Violation, violation } from '../errors.js';
import { hasOnlyKeys, isCanonical, isCount, isObj, malformed, parseJson } from './json.js';

/**
 * An echo (G1, G6): after applying element `seq`, a peer signs its hash and the digest of the
 * public state after it (stateDigest). Peers compare echoes with their own: a different state hash is a
 * divergence, a different element carries the entries that prove an equivocation. `claimed`
 * says whether the echoing seat had claimed someone absent at that position (see "Absent
 * players" in docs/protocol.md: only an echo with claimed = false shows that a claim set can
 * never be complete). Echoes travel; they are not part of the log.
 */
export interface Echo {
  readonly v: 1;
  readonly game: string;
  readonly seat: Seat;
  readonly seq: number;
  readonly element: string;
  readonly state: string;
  readonly claimed: boolean;
  /**
   * Present only on the echoes of a seat declared absent whose player (or bot) is back at the
   * page: the seat's following decisions are no longer settled at once (issue 19, item 3).
   */
  readonly back?: true;
}

export const makeEchoText = (echo: Echo): string => canonicalJson(echo);
export const echoId = (text: string): string => taggedDigest(TAGS.echo, text);

export function parseEchoText(text: string): Result<Echo, Violation> {
  const json = parseJson(text);
  if (!json.ok) return malformed('echo: not JSON');
  const e = json.value;
  if (!isObj(e) || !hasOnlyKeys(e, ['v', 'game', 'seat', 'seq', 'element', 'state', 'claimed', 'back'])) return malformed('echo: not an echo');
  if (e['v'] !== 1) return err(violation('WrongVersion', 'echo: unknown version'));
  const { game, seat, seq, element, state, claimed, back } = e;
  if (!isHexOf(game, 32) || !isHexOf(element, 32) || !isHexOf(state, 32)) return malformed('echo: hashes must be 32-byte hex');
  if (!isCount(seat, MAX_PLAYERS - 1) || !isCount(seq, MAX_SEQ) || typeof claimed !== 'boolean') return malformed('echo: bad seat, seq or claimed');
  if (back !== undefined && back !== true) return malformed('echo: "back" is true or left out');
  const echo: Echo = back ? { v: 1, game, seat, seq, element, state, claimed, back } : { v: 1, game, seat, seq, element, state, claimed };
  if (!isCanonical(e, text)) return malformed('echo: not in canonical form');
  return ok(echo);
}
