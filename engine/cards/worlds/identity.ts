import type { Text } from '../abilities.js';

/** A civilisation's identity (docs/cards.md; design habit 1): its one verb, and how it plays in a sentence. */
export interface Identity {
  readonly verb: Text;
  readonly way: Text;
}
