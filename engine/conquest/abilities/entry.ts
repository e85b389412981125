import type { CardId } from '../../cards/catalogue.js';
import type { Emit } from '../../core/events.js';
import type { Battle } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';
import { addUnit } from '../battle.js';
import { entered } from './records.js';

/** B2, K16: a unit joins its owner's army as a new row at the bottom, and its immediate abilities open. */
export function layoutAfterEntry(b: Battle, owner: Seat, card: CardId, emit: Emit): Battle {
  const { battle, unit } = addUnit(b, owner, card);
  emit({ kind: 'unitEntered', unit });
  return entered(battle, unit);
}
