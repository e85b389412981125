import { applyAction, awaiting, type GameState, legalActions, type Seat, type Vault } from '../../engine/index.js';
import { engineInputs } from '../../engine/protocol/index.js';
import type { NetGame, NetGameView } from '../net/index.js';
import type { LocalTable } from '../table/localTable.js';
import type { TableView } from '../table/types.js';

/** Actions that leave the person no choice (committing a pile or deck in secret order): played for him. */
const AUTOMATIC = new Set(['commitTiles', 'commitCards']);

/**
 * An online game seen through the interface the game screen reads (the local table's): the
 * views of this page's seat, its vault for its own secrets only, and every state it has applied
 * so far with the inputs between them (for the log). The game itself is the protocol's: submit goes through the session,
 * which refuses anything not legal and awaited.
 */
export function makeNetTable(game: NetGame, seat: Seat, vault: Vault, initial: GameState): LocalTable {
  const states: GameState[] = [];
  const inputs: unknown[] = [];
  const listeners = new Set<(v: TableView) => void>();
  let current = tableView(game.view());
  states.push(initial);
  catchUp();
  let disposed = false;
  let autoAt = -1;

  const follow = (v: NetGameView): void => {
    if (disposed || v.state === current.state) return;
    current = tableView(v);
    catchUp();
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
  /**
   * The inputs of the elements applied since the last view, read from the session's own log (which
   * it checked), and the state after each: a view can cover several elements, the log shows each.
   */
  function catchUp(): void {
    const replay = game.replay();
    for (const input of engineInputs({ ...replay, log: replay.log.slice(inputs.length) })) {
      const next = applyAction(states[states.length - 1]!, input);
      if (!next.ok) return;
      states.push(next.value);
      inputs.push(input);
    }
  }
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
    inputs: () => inputs,
    states: () => states,
  };
}

function tableView(v: NetGameView): TableView {
  const who = awaiting(v.state);
  const winner = v.state.phase.name === 'conquest' ? v.state.phase.winner : null;
  const over = v.outcome.kind !== 'playing' || who.kind === 'over';
  return { state: v.state, seq: v.state.seq, awaiting: who, lastInput: null, outcome: over ? { kind: 'finished', winner } : { kind: 'playing' } };
}
