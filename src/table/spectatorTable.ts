import { applyAction, awaiting, err, type GameState } from '../../engine/index.js';
import type { Follower, FollowerView } from '../../engine/protocol/index.js';
import type { LocalTable } from './localTable.js';
import type { TableView } from './types.js';

/**
 * A spectator's game seen through the interface the game screen reads: the public state the
 * follower checked, every state so far with the inputs between them (for the log), no vault and
 * no choice (submit is always refused).
 */
export function makeSpectatorTable(follower: Follower, initial: GameState): LocalTable {
  const states: GameState[] = [initial];
  const inputs: unknown[] = [];
  const listeners = new Set<(v: TableView) => void>();
  let current = tableView(follower.view(), null);

  /** The inputs of the elements checked since the last view, and the state after each. */
  function catchUp(): void {
    const all = follower.inputs();
    while (inputs.length < all.length) {
      const input = all[inputs.length];
      const next = applyAction(states[states.length - 1]!, input);
      if (!next.ok) return;
      states.push(next.value);
      inputs.push(input);
    }
  }

  catchUp();
  current = tableView(follower.view(), inputs.at(-1) ?? null);
  const off = follower.subscribe((v) => {
    catchUp();
    current = tableView(v, inputs.at(-1) ?? null);
    for (const l of [...listeners]) l(current);
  });

  return {
    view: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    submit: () => Promise.resolve(err({ code: 'NotYourTurn', rule: 'A2', message: 'a spectator does not play' })),
    dispose() {
      off();
      listeners.clear();
    },
    vaultOf: () => null,
    inputs: () => inputs,
    states: () => states,
  };
}

/** The follower's view as the screens read it: once the log has ended (a day cap...), nobody is awaited, whatever the engine's state would ask next. */
function tableView(v: FollowerView, lastInput: unknown): TableView {
  const who = awaiting(v.state);
  const winner = v.state.phase.name === 'conquest' ? v.state.phase.winner : null;
  if (!v.closed && v.end === null && who.kind !== 'over') return { state: v.state, seq: v.state.seq, awaiting: who, lastInput, outcome: { kind: 'playing' } };
  return { state: v.state, seq: v.state.seq, awaiting: { kind: 'over' }, lastInput, outcome: { kind: 'finished', winner, ...(v.end ? { end: v.end } : {}) } };
}
