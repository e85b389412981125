import { awaiting, type GameState, legalActions, type Seat, type Vault } from '../../engine/index.js';
import type { NetGame, NetGameView } from '../net/index.js';
import type { LocalTable } from '../table/localTable.js';
import type { TableView } from '../table/types.js';

/** Actions that leave the person no choice (committing a pile or deck in secret order): played for him. */
const AUTOMATIC = new Set(['commitTiles', 'commitCards']);

/**
 * An online game seen through the interface the game screen reads (the local table's): the
 * views of this page's seat, its vault for its own secrets only, and every state it has applied
 * so far (for the log). The game itself is the protocol's: submit goes through the session,
 * which refuses anything not legal and awaited.
 */
export function makeNetTable(game: NetGame, seat: Seat, vault: Vault): LocalTable {
  const states: GameState[] = [];
  const listeners = new Set<(v: TableView) => void>();
  let current = tableView(game.view());
  states.push(current.state);
  let disposed = false;
  let autoAt = -1;

  const follow = (v: NetGameView): void => {
    if (disposed || v.state === current.state) return;
    current = tableView(v);
    states.push(v.state);
    for (const l of [...listeners]) l(current);
    autoplay();
  };
  const autoplay = (): void => {
    const who = current.awaiting;
    if (who.kind !== 'seat' || who.seat !== seat || autoAt === current.seq || current.outcome.kind !== 'playing') return;
    const legal = legalActions(current.state, seat, vault);
    if (legal.length === 1 && AUTOMATIC.has(legal[0]!.kind)) {
      autoAt = current.seq;
      void game.submit(legal[0]);
    }
  };
  const off = game.on((e) => {
    if (e.kind === 'view') follow(e.view);
  });
  queueMicrotask(autoplay);

  return {
    view: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async submit(action) {
      const r = await game.submit(action);
      if (r.ok) return r;
      const message = typeof r.error === 'string' ? r.error : 'refused';
      return { ok: false, error: { code: 'WrongStep', rule: 'A3', message } };
    },
    dispose() {
      disposed = true;
      off();
      listeners.clear();
    },
    vaultOf: (s) => (s === seat ? vault : null),
    inputs: () => [],
    states: () => states,
  };
}

function tableView(v: NetGameView): TableView {
  const who = awaiting(v.state);
  const winner = v.state.phase.name === 'conquest' ? v.state.phase.winner : null;
  const over = v.outcome.kind !== 'playing' || who.kind === 'over';
  return { state: v.state, seq: v.state.seq, awaiting: who, lastInput: null, outcome: over ? { kind: 'finished', winner } : { kind: 'playing' } };
}
