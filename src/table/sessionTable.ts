import { applyAction, awaiting, type GameState, ok, type Result, type RuleError, type Seat, type Vault } from '../../engine/index.js';
import { elementInputs, type ParsedGenesis, type Replay, type SignedEntry } from '../../engine/protocol/index.js';
import type { NetGame, NetGameView } from '../net/index.js';
import { automaticAction } from './automatic.js';
import type { GameTable } from './types.js';
import { type AbsenceLedger, makeAbsenceLedger, sameAbsence, tableAbsence } from './absences.js';
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

/** The table makeSessionTable makes: a GameTable, with the watched session's log (to keep it, to replay it). */
export type SessionTable = GameTable & { here(): void; replay(): Replay; elements(from: number): readonly (readonly SignedEntry[])[] };

/**
 * A game played through protocol sessions (one per seat this device plays: online, the page's
 * seats; local, every seat) seen through the interface the game screen reads: the views, each
 * person's vault for its own secrets only, and every state so far with the inputs between them
 * (for the log). The game itself is the protocol's: a person's choice goes to the session of the
 * seat awaited, which refuses anything not legal and awaited; bots answer through the same path.
 */
export function makeSessionTable(config: SessionTableConfig): SessionTable {
  const seats = [...config.seats.entries()];
  const [watchedSeat, { game: watched }] = seats[0]!;
  const history = makeHistory(config, watched);
  const listeners = new Set<(v: TableView) => void>();
  /** The session's view as the screens read it, with what the log says of absent players. */
  const viewOf = (v: NetGameView): TableView => ({ ...tableView(v), absence: tableAbsence(absenceFacts(v, watchedSeat), history.ledger, history.states) });
  let current: TableView;
  let disposed = false;
  const autoplay = makeAutoplay(config, { current: () => current, disposed: () => disposed });

  const follow = (v: NetGameView): void => {
    if (disposed) return;
    history.catchUp();
    const next = viewOf(v);
    if (unchanged(next, current)) return;
    current = next;
    for (const l of [...listeners]) l(current);
    autoplay.act();
  };
  history.catchUp();
  current = viewOf(watched.view());
  const offs = seats.map(([, s]) =>
    s.game.on((e) => {
      if (e.kind !== 'view') return;
      if (s.game === watched) follow(e.view);
      else autoplay.act();
    }),
  );
  queueMicrotask(autoplay.act);

  return {
    view: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    submit: (action) => submitFor(config.seats, action, () => current.seq),
    here() {
      for (const [, s] of seats) if (!s.bot) s.game.here();
    },
    dispose() {
      disposed = true;
      autoplay.dispose();
      for (const off of offs) off();
      listeners.clear();
    },
    vaultOf: (s) => {
      const mine = config.seats.get(s);
      return mine && !mine.bot ? mine.vault : null;
    },
    inputs: () => history.inputs,
    states: () => history.states,
    replay: () => watched.replay(),
    elements: (from) => watched.elements(from),
  };
}

/** What the watched session's view says of absent players, for tableAbsence. */
const absenceFacts = (v: NetGameView, own: Seat) => ({ gone: v.chain?.gone ?? [], absences: v.chain?.absences ?? [], own, away: v.away === true, split: v.split ?? null, returned: v.returned ?? [] });

/** Every state of the game so far, the inputs between them, and the absences the log settled: read from the watched session's log. */
interface History {
  readonly states: GameState[];
  readonly inputs: unknown[];
  /** Read again from the start when the log goes back (a fresh ledger each time). */
  readonly ledger: AbsenceLedger;
  /** Reads the elements the session applied since the last call, and goes back with it first if its log went back. */
  catchUp(): void;
}

/** An element's identity: its signatures (one per entry, unique). */
const elementKey = (element: readonly SignedEntry[] | undefined): string => (element ? element.map((e) => e.sig).join(',') : '');

function makeHistory(config: SessionTableConfig, watched: NetGame): History {
  const states: GameState[] = [config.initial];
  const inputs: unknown[] = [];
  /** Each element read, by its key: what tells that the session's log went back and took another. */
  const keys: string[] = [];
  const seats = config.genesis.keys.length;
  let ledger = makeAbsenceLedger(seats);

  /**
   * The position from which the session's log differs from what this history read: a session
   * goes back (a late entry outvoted by a majority's claims, a page that went on alone and joins
   * the table): what the page shows is then what its log holds now, never a line from an element
   * the table did not adopt.
   */
  const agreedUpTo = (): number => {
    let k = keys.length;
    while (k > 0 && elementKey(watched.elements(k - 1)[0]) !== keys[k - 1]) k--;
    return k;
  };

  return {
    states,
    inputs,
    get ledger() {
      return ledger;
    },
    /**
     * The inputs of the elements applied since the last view, read from the session's own log (which
     * it checked), and the state after each: a view can cover several elements, the log shows each.
     */
    catchUp() {
      const agreed = agreedUpTo();
      if (agreed < keys.length) {
        states.length = agreed + 1;
        inputs.length = agreed;
        keys.length = agreed;
        ledger = makeAbsenceLedger(seats);
        ledger.read(0, watched.elements(0).slice(0, agreed));
      }
      const from = inputs.length;
      const fresh = watched.elements(from);
      ledger.read(from, fresh);
      for (const [i, input] of elementInputs(config.genesis, fresh).entries()) {
        const next = applyAction(states[states.length - 1]!, input);
        if (!next.ok) return;
        states.push(next.value);
        inputs.push(input);
        keys.push(elementKey(fresh[i]));
      }
    },
  };
}

/** What the autoplay reads of its table: the view shown now, and whether the table is gone. */
interface Live {
  current(): TableView;
  disposed(): boolean;
}

/**
 * Plays what needs no person here: a bot's move, a choiceless commit. Once per position (`askedAt`),
 * and only once the awaited seat's own session has applied the position the table shows.
 */
function makeAutoplay(config: SessionTableConfig, live: Live): { act(): void; dispose(): void } {
  let askedAt = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Asks the bot player for the seat's move, and sends it once the pace allows, unless the table moved on or is gone. */
  function askBot(mine: DeviceSeat, seat: Seat, bot: BotPlayer, current: TableView): void {
    const at = current.seq;
    askedAt = at;
    const started = performance.now();
    bot(current.state, seat, mine.vault).then(
      (action) => {
        const send = (): void => {
          if (!live.disposed() && live.current().seq === at) void mine.game.submit(action);
        };
        const wait = Math.max(0, (config.botPace ?? 0) - (performance.now() - started));
        if (wait > 0) timer = setTimeout(send, wait);
        else send();
      },
      (e: unknown) => console.error(`bot of seat ${seat} failed`, e),
    );
  }

  return {
    act() {
      const current = live.current();
      const who = current.awaiting;
      if (live.disposed() || who.kind !== 'seat' || current.outcome.kind !== 'playing' || askedAt === current.seq) return;
      const mine = config.seats.get(who.seat);
      // The awaited seat's own session may not have applied the last element yet: its next view calls again.
      if (!mine || mine.game.view().state.seq !== current.seq) return;
      if (mine.bot) {
        // Without a bot player here, the session's own agent plays the seat.
        if (config.bot) askBot(mine, who.seat, config.bot, current);
        return;
      }
      const only = automaticAction(current.state, who.seat, mine.vault);
      if (only) {
        askedAt = current.seq;
        void mine.game.submit(only);
      }
    },
    dispose: () => clearTimeout(timer),
  };
}

/** A person's choice, to the session of the seat it names: refused unless this device plays that seat for a person. */
async function submitFor(seats: ReadonlyMap<Seat, DeviceSeat>, action: unknown, shown: () => number): Promise<Result<void, RuleError>> {
  const seat = (action as { seat?: unknown } | null)?.seat;
  const mine = typeof seat === 'number' ? seats.get(seat) : undefined;
  if (!mine || mine.bot) return { ok: false, error: { code: 'NotYourTurn', rule: 'A2', message: 'this device does not play that seat' } };
  await caughtUp(mine.game, shown);
  // A page that has just resumed (a refresh) writes nothing for a few seconds, until what its
  // former self sent has come back: its session holds a click meanwhile and writes it then.
  const r = await mine.game.submit(action);
  if (r.ok) return ok(undefined);
  return { ok: false, error: { code: 'WrongStep', rule: 'A3', message: typeof r.error === 'string' ? r.error : 'refused' } };
}

/** Resolves once `game`'s session has applied everything the table shows (`shown`, read again at each view; at once if it has). */
function caughtUp(game: NetGame, shown: () => number): Promise<void> {
  return new Promise((resolve) => {
    if (game.view().state.seq >= shown()) return resolve();
    const off = game.on((e) => {
      if (e.kind === 'view' && e.view.state.seq >= shown()) {
        off();
        resolve();
      }
    });
  });
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
