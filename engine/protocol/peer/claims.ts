import { roundCanSettle } from '../log/assemble.js';
import type { Chain } from '../log/chain.js';
import { claimRound, MAX_CLAIM_ROUND, type ParsedEntry } from '../codec/entry.js';

/**
 * Whether a peer whose timer ran out at the current place signs a claim now, and in which round
 * (pure). The first claim is round 0. A later one only once the last round can no longer settle
 * anywhere (honest peers that heard different things claimed different sets), or once it stalled
 * for a whole timer since this peer's last claim (a seat that signs nothing): it then names the
 * non-signers too (`stalled`, passed on to seatsToClaim). Never past MAX_CLAIM_ROUND.
 */
export function nextClaimRound(
  chain: Chain,
  held: readonly ParsedEntry[],
  claimsSigned: number,
  sinceLastClaim: number,
  timer: number,
): { readonly round: number; readonly stalled?: { readonly round: number } } | undefined {
  const round = claimsSigned;
  if (round === 0) return { round };
  if (round > MAX_CLAIM_ROUND) return undefined;
  const last = held.filter((p) => p.entry.body.type === 'absent' && claimRound(p.entry.body) === round - 1);
  if (!roundCanSettle(chain, last)) return { round };
  return sinceLastClaim >= timer ? { round, stalled: { round: round - 1 } } : undefined;
}
