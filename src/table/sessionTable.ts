import { applyAction, awaiting, type GameState, ok, type Seat, type Vault } from '../../engine/index.js';
import { elementInputs, type ParsedGenesis, type Replay, type SignedEntry } from '../../engine/protocol/index.js';
import type { NetGame, NetGameView } from '../net/index.js';
import { automaticAction } from './automatic.js';
import type { GameTable } from './types.js';
import { makeAbsenceLedger, sameAbsence, tableAbsence } from './absences.js';
import type { BotPlayer, TableView } from './types.js';

/** A seat this device plays through its protocol session: a person's, or a bot's. */
export interface DeviceSeat {
  readonly game: NetGame;
  readonly vault: Vault;
  readonly bot: boolean;
}

export interface SessionTableConfig {
  /** The seats played on this device, by seat. */
  readonly seats: ReadonlyMap<Seat, DeviceSeat>;
  /** The game's genesis: its set-up gives the state before the first element. */
  readonly genesis: ParsedGenesis;
  readonly initial: GameState;
  /** How this device's bots choose (a Worker in the page). */
  readonly bot?: BotPlayer;
  /** Milliseconds a bot's move waits before it is sent, so that people see the bots play. */
  readonly botPace?: number;
}

/**
 * A game played through protocol sessions (one per seat this device plays: online, the page's
 * seats; local, every seat) seen through the interface the game screen reads: the views, each
 * person's vault for its own secrets only, and every state so far with the inputs between them
 * (for the log). The game itself is the protocol's: a person's choice goes to the session of the
 * seat awaited, which refuses anything not legal and awaited; bots answer through the same path.
 */
export function makeSessionTable(config: SessionTableConfig): GameTable & { here(): void; replay(): Replay; elements(from: number): readonly (readonly SignedEntry[])[] } {
  const seats = [...config.seats.entries()];
  const watched = seats[0]![1].game;
  const states: GameState[] = [config.initial];
  const inputs: unknown[] = [];
  const listeners = new Set<(v: TableView) => void>();
  const ledger = makeAbsenceLedger(config.genesis.keys.length);
  const watchedSeat = seats[0]![0];
  /** The session's view as the screens read it, with what the log says of absent players. */
  const viewOf = (v: NetGameView): TableView => {
    const chain = v.chain;
    const facts = { gone: chain?.gone ?? [], absences: chain?.absences ?? [], own: watchedSeat, away: v.away === true, split: v.split ?? null, returned: v.returned ?? [] };
    return { ...tableView(v), absence: tableAbsence(facts, ledger, states) };
  };
  let current: TableView;
  let disposed = false;
  let askedAt = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * The inputs of the elements applied since the last view, read from the session's own log (which
   * it checked), and the state after each: a view can cover several elements, the log shows each.
   */
  function catchUp(): void {
    const from = inputs.length;
    const fresh = watched.elements(from);
    ledger.read(from, fresh);
    for (const input of elementInputs(config.genesis, fresh)) {
      const next = applyAction(states[states.length - 1]!, input);
      if (!next.ok) return;
      states.push(next.value);
      inputs.push(input);
    }
  }

  /** Resolves once `game`'s session has applied everything the table shows (at once if it has). */
  function caughtUp(game: NetGame): Promise<void> {
    return new Promise((resolve) => {
      if (game.view().state.seq >= current.seq) return resolve();
      const off = game.on((e) => {
        if (e.kind === 'view' && e.view.state.seq >= current.seq) {
          off();
          resolve();
        }
      });
    });
  }

  /** Plays what needs no person here: a bot's move, a choiceless commit. */
  function act(): void {
    const who = current.awaiting;
    if (disposed || who.kind !== 'seat' || current.outcome.kind !== 'playing' || askedAt === current.seq) return;
    const mine = config.seats.get(who.seat);
    // The awaited seat's own session may not have applied the last element yet: its next view calls again.
    if (!mine || mine.game.view().state.seq !== current.seq) return;
    const at = current.seq;
    const state = current.state;
    if (mine.bot) {
      // Without a bot player here, the session's own agent plays the seat.
      if (!config.bot) return;
      askedAt = at;
      const started = performance.now();
      config.bot(state, who.seat, mine.vault).then(
        (action) => {
          const send = (): void => {
            if (!disposed && current.seq === at) void mine.game.submit(action);
          };
          const wait = Math.max(0, (config.botPace ?? 0) - (performance.now() - started));
          if (wait > 0) timer = setTimeout(send, wait);
          else send();
        },
        (e: unknown) => console.error(`bot of seat ${who.seat} failed`, e),
      );
      return;
    }
    const only = automaticAction(state, who.seat, mine.vault);
    if (only) {
      askedAt = at;
      void mine.game.submit(only);
    }
  }

  const follow = (v: NetGameView): void => {
    if (disposed) return;
    catchUp();
    const next = viewOf(v);
    if (unchanged(next, current)) return;
    current = next;
    for (const l of [...listeners]) l(current);
    act();
  };
  catchUp();
  current = viewOf(watched.view());
  const offs = seats.map(([, s]) =>
    s.game.on((e) => {
      if (e.kind !== 'view') return;
      if (s.game === watched) follow(e.view);
      else act();
    }),
  );
  queueMicrotask(act);

  return {
    view: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async submit(action) {
      const seat = (action as { seat?: unknown } | null)?.seat;
      const mine = typeof seat === 'number' ? config.seats.get(seat) : undefined;
      if (!mine || mine.bot) return { ok: false, error: { code: 'NotYourTurn', rule: 'A2', message: 'this device does not play that seat' } };
      await caughtUp(mine.game);
      // A page that has just resumed (a refresh) writes nothing for a few seconds, until what its
      // former self sent has come back: its session holds a click meanwhile and writes it then.
      const r = await mine.game.submit(action);
      if (r.ok) return ok(undefined);
      return { ok: false, error: { code: 'WrongStep', rule: 'A3', message: typeof r.error === 'string' ? r.error : 'refused' } };
    },
    here() {
      for (const [, s] of seats) if (!s.bot) s.game.here();
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
      for (const off of offs) off();
      listeners.clear();
    },
    vaultOf: (s) => {
      const mine = config.seats.get(s);
      return mine && !mine.bot ? mine.vault : null;
    },
    inputs: () => inputs,
    states: () => states,
    replay: () => watched.replay(),
    elements: (from) => watched.elements(from),
  };
}

/**
 * A view that shows nothing new: the same state, ended (or not) the same way, the same absences.
 * The close changes no state, only how the game ended (a forfeit at the close); a player back
 * (`here`) changes no state, only `away`.
 */
const unchanged = (a: TableView, b: TableView): boolean =>
  a.state === b.state && (a.outcome.kind === 'playing' ? b.outcome.kind === 'playing' : b.outcome.kind === 'finished' && a.outcome.end === b.outcome.end) && sameAbsence(a.absence, b.absence);

/**
 * The session's view as the screens read it. The game is over as soon as the log has ended (its
 * chain's `end`: a day cap, a limit, a forfeit), before the close is signed: the engine's state
 * may then await a seat of the next day, whom nobody must be asked to play.
 */
function tableView(v: NetGameView): TableView {
  const winner = v.state.phase.name === 'conquest' ? v.state.phase.winner : null;
  const end = v.outcome.kind === 'finished' ? v.outcome.end : (v.chain?.end ?? null);
  const who = awaiting(v.state);
  if (v.outcome.kind === 'playing' && !end && who.kind !== 'over') return { state: v.state, seq: v.state.seq, awaiting: who, lastInput: null, outcome: { kind: 'playing' } };
  return { state: v.state, seq: v.state.seq, awaiting: { kind: 'over' }, lastInput: null, outcome: { kind: 'finished', winner, ...(end ? { end } : {}) } };
}
