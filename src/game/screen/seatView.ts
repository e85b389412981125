import { type Accessor, createEffect, createSignal } from 'solid-js';
import type { Seat, Vault } from '../../../engine/index.js';
import type { GameTable } from '../../table/types.js';
import type { TableView } from '../../table/types.js';

/** Whose private things the screen shows, and whether the decision awaited is the person's at the device. */
export interface SeatView {
  /** The seat the game waits for, if a seat. */
  readonly awaited: Accessor<Seat | null>;
  /** The person the screen shows private things for: the one awaited, else the last one. */
  readonly viewer: Accessor<Seat>;
  /** Hot-seat: the viewer changed and has not yet lifted the curtain. */
  readonly curtained: Accessor<boolean>;
  readonly vault: Accessor<Vault | null>;
  /** The decision awaited is the viewer's, revealed (never for a spectator). */
  readonly mine: Accessor<boolean>;
  /** The viewer lifts the curtain. */
  reveal(): void;
}

export function createSeatView(table: GameTable, view: Accessor<TableView>, persons: readonly Seat[], readOnly: Accessor<boolean>): SeatView {
  const awaited = (): Seat | null => {
    const a = view().awaiting;
    return a.kind === 'seat' ? a.seat : null;
  };
  const [viewer, setViewer] = createSignal<Seat>(persons[0] ?? 0);
  createEffect(() => {
    const a = awaited();
    if (a !== null && persons.includes(a)) setViewer(a);
  });
  const [revealed, setRevealed] = createSignal<Seat | null>(persons.length > 1 ? null : (persons[0] ?? null));
  const curtained = () => persons.length > 1 && revealed() !== viewer();
  return {
    awaited,
    viewer,
    curtained,
    vault: () => (curtained() ? null : table.vaultOf(viewer())),
    // A spectator (readOnly) sees the public game only: no seat of its own, no choice to make.
    mine: () => !readOnly() && !curtained() && awaited() === viewer(),
    reveal: () => setRevealed(viewer()),
  };
}
