import type { CardId } from '../../cards/catalogue.js';
import type { Battle, BattleUnit } from '../../core/state.js';
import type { Seat } from '../../core/vocabulary.js';

/**
 * B2: an army's layout in rows and columns. A unit's column is its place in its row from the left;
 * when a unit leaves, the others of its row close the gap keeping their order, and the rows below
 * an emptied row move up one step (the rule's "shift left or right" changes no place counted this way).
 */

const nextId = (b: Battle): number => [...b.units, ...b.aside].reduce((n, u) => Math.max(n, u.id + 1), 0);

/** A unit placed to the left or right of `beside`, on its row: the units of that row past it move one column right. */
export function placeBeside(b: Battle, owner: Seat, card: CardId, beside: BattleUnit, side: 'left' | 'right'): { battle: Battle; unit: BattleUnit } {
  const column = side === 'left' ? beside.column : beside.column + 1;
  const unit: BattleUnit = { id: nextId(b), card, owner, row: beside.row, column, face: 'up' };
  const units = b.units.map((u) => (u.owner === owner && u.row === beside.row && u.column >= column ? { ...u, column: u.column + 1 } : u));
  return { battle: { ...b, units: [...units, unit] }, unit };
}

/** A unit taken out of its army (to be set aside or destroyed): its row closes up, and an emptied row is filled from below. */
export function takeOut(b: Battle, id: number): Battle {
  const gone = b.units.find((u) => u.id === id);
  if (!gone) return b;
  const rest = b.units.filter((u) => u.id !== id);
  const rowLeft = rest.some((u) => u.owner === gone.owner && u.row === gone.row);
  const units = rest.map((u) => {
    if (u.owner !== gone.owner) return u;
    if (u.row === gone.row && u.column > gone.column) return { ...u, column: u.column - 1 };
    if (!rowLeft && u.row > gone.row) return { ...u, row: u.row - 1 };
    return u;
  });
  return { ...b, units };
}

/** Another unit of its owner stands beside it on its row. */
export const hasNeighbour = (b: Battle, unit: BattleUnit): boolean => b.units.some((u) => u.owner === unit.owner && u.row === unit.row && Math.abs(u.column - unit.column) === 1);
