import type { SeatAction } from '../core/actions.js';
import type { RandomStream } from '../core/random.js';
import type { Agent } from '../local.js';

/**
 * A random legal agent: picks a kind of action uniformly, then one action of that kind,
 * so that "end turn" is as likely as "place my portal somewhere" whatever the number of sites.
 */
export function randomAgent(stream: RandomStream): Agent {
  return (_state, _seat, legal) => {
    const kinds = [...new Set(legal.map((a) => a.kind))];
    const kind = kinds[stream.index(kinds.length)]!;
    const ofKind: SeatAction[] = legal.filter((a) => a.kind === kind);
    return ofKind[stream.index(ofKind.length)]!;
  };
}
