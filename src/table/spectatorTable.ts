import { applyAction, awaiting, err, type GameState } from '../../engine/index.js';
import type { Follower, FollowerView } from '../../engine/protocol/index.js';
import { makeAbsenceLedger, tableAbsence } from './absences.js';
import type { GameTable } from './types.js';
import type { TableView } from './types.js';

/**
 * A spectator's game seen through the interface the game screen reads: the public state the
 * follower checked, every state so far with the inputs between them (for the log), no vault and
 * no choice (submit is always refused).
 */
export function makeSpectatorTable(follower: Follower, initial: GameState): GameTable {
  const states: GameState[] = [initial];
  const inputs: unknown[] = [];
  const listeners = new Set<(v: TableView) => void>();
  const ledger = makeAbsenceLedger(follower.view().gone.length);
  /** The follower's view as the screens read it, with the absent players its log shows (a spectator has no seat: never away). */
  const viewOf = (v: FollowerView): TableView => ({
    ...tableView(v, inputs.at(-1) ?? null),
    absence: tableAbsence({ gone: v.gone, absences: v.absences, own: null, away: false, split: null }, ledger, states),
  });

  /** The inputs of the elements checked since the last view, and the state after each. */
  function catchUp(): void {
    ledger.read(inputs.length, follower.elements(inputs.length));
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
  let current = viewOf(follower.view());
  const off = follower.subscribe((v) => {
    catchUp();
    current = viewOf(v);
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
