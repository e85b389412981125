import { sampleOption } from '../core/options.js';
import type { RandomStream } from '../core/random.js';
import { type Agent, optionLabel } from './agent.js';

/**
 * A random legal agent: picks a kind of choice uniformly, then one option of that kind, then one of
 * its actions, so that "end turn" is as likely as "place my portal somewhere" whatever the number
 * of sites, and a count as likely as any other.
 */
export function randomAgent(stream: RandomStream): Agent {
  return (_state, _seat, options) => {
    const kinds = [...new Set(options.map(optionLabel))];
    const kind = kinds[stream.index(kinds.length)]!;
    const ofKind = options.filter((o) => optionLabel(o) === kind);
    return sampleOption(ofKind[stream.index(ofKind.length)]!, stream);
  };
}
