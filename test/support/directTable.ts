import {
  type ErrorCode,
  type GameSetup,
  type RuleError,
  type GameState,
  type Seat,
  applyAction,
  awaiting,
  err,
  newGame,
  ok,
} from '../../engine/index.js';
import { localRandom, localVault } from '../../engine/local/index.js';
import { automaticAction } from '../../src/table/automatic.js';
import type { BotPlayer, GameTable, TableView } from '../../src/table/types.js';

export interface DirectTableConfig {
  readonly setup: GameSetup;
  /** Deals every seat's vault and the random events: secret to the page (crypto-random in play, fixed in tests). */
  readonly seed: string;
  /** Seats played by bots; every other seat is a person at this device. */
  readonly bots: readonly Seat[];
  readonly bot: BotPlayer;
  /** Inputs already applied (a stored game after a refresh): replayed before anything else. */
  readonly inputs?: readonly unknown[];
  /** Milliseconds before a bot's action is applied, so that people see the bots play (0 in tests). */
  readonly botPace?: number;
  /** A position to start from instead of a new game of `setup` (a position built by the rule tests' helpers); its vaults come from `seed`. */
  readonly start?: GameState;
}

const refusal = (code: ErrorCode, rule: string, message: string): RuleError => ({ code, rule, message });

/**
 * The engine alone, one device, for the UI's tests: random events from the seed, bots through
 * `bot`, people through `submit`, no protocol (the game's own tables play through peer sessions:
 * src/table/sessionTable.ts). The same interface the screens read.
 */
export function makeDirectTable(config: DirectTableConfig): GameTable {
  const created = config.start ? ok(config.start) : newGame(config.setup);
  if (!created.ok) throw new Error(`makeDirectTable: ${created.error.message}`);
  const bots = new Set(config.bots);
  const vaults = config.setup.players.map((_, seat) => localVault(config.seed, seat));
  const states: GameState[] = [created.value];
  const inputs: unknown[] = [];
  const listeners = new Set<(v: TableView) => void>();
  let current = makeView(created.value, null);
  let disposed = false;
  let botAsked = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function makeView(state: GameState, lastInput: unknown): TableView {
    const who = awaiting(state);
    const winner = state.phase.name === 'conquest' ? state.phase.winner : null;
    return { state, seq: state.seq, awaiting: who, lastInput, outcome: who.kind === 'over' ? { kind: 'finished', winner } : { kind: 'playing' } };
  }

  function apply(input: unknown, notify: boolean): boolean {
    const next = applyAction(current.state, input);
    if (!next.ok) return false;
    states.push(next.value);
    inputs.push(input);
    current = makeView(next.value, input);
    if (notify) for (const l of [...listeners]) l(current);
    return true;
  }

  /** Runs what needs no person: random events, choiceless commits, then asks a bot if one is awaited. */
  function advance(notify = true): void {
    for (;;) {
      if (disposed) return;
      const who = current.awaiting;
      if (who.kind === 'random') {
        apply({ kind: 'random', value: localRandom(config.seed, current.state.randomEvents) }, notify);
        continue;
      }
      if (who.kind !== 'seat') return;
      if (bots.has(who.seat)) return askBot(who.seat);
      const only = automaticAction(current.state, who.seat, vaults[who.seat]!);
      if (only) {
        apply(only, notify);
        continue;
      }
      return;
    }
  }

  function askBot(seat: Seat): void {
    const at = current.seq;
    if (botAsked === at) return;
    botAsked = at;
    const started = Date.now();
    config.bot(current.state, seat, vaults[seat]!).then(
      (action) => {
        const wait = Math.max(0, (config.botPace ?? 0) - (Date.now() - started));
        const go = (): void => {
          if (disposed || current.seq !== at) return;
          if (!apply(action, true)) {
            // A bot that answers illegally stalls nothing: it is asked again with the same state.
            botAsked = -1;
            console.error(`bot of seat ${seat} chose an illegal action`, action);
          }
          advance();
        };
        if (wait > 0) timer = setTimeout(go, wait);
        else go();
      },
      (e: unknown) => console.error(`bot of seat ${seat} failed`, e),
    );
  }

  for (const input of config.inputs ?? []) {
    if (!apply(input, false)) throw new Error(`makeDirectTable: stored input ${inputs.length} does not apply`);
  }

  const table: GameTable = {
    view: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async submit(action) {
      if (disposed) return err(refusal('WrongStep', 'A3', 'the game is closed'));
      const who = current.awaiting;
      if (who.kind === 'seat' && bots.has(who.seat)) return err(refusal('NotYourTurn', 'A2', 'a bot is to play'));
      const next = applyAction(current.state, action);
      if (!next.ok) return next;
      apply(action, true);
      advance();
      return ok(undefined);
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
      listeners.clear();
    },
    vaultOf: (seat) => (bots.has(seat) ? null : (vaults[seat] ?? null)),
    inputs: () => inputs,
    states: () => states,
  };
  // Start: after the caller has had the chance to subscribe.
  queueMicrotask(() => advance());
  return table;
}
