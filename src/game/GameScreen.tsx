import { type Accessor, Show, createEffect, createMemo, createSignal, on, onCleanup } from 'solid-js';
import type { GameState, Seat, SeatAction } from '../../engine/index.js';
import { saveFile } from '../app/saveFile.js';
import { playSound } from '../app/sound.js';
import { Board } from '../board/Board.js';
import { NO_HIGHLIGHTS } from '../board/types.js';
import { playerLabel } from '../display/index.js';
import { language, t } from '../i18n/index.js';
import type { GameTable } from '../table/types.js';
import type { TableView } from '../table/types.js';
import { type LocalGameConfig, botSeats } from './config.js';
import { CombatView } from './conquest/CombatView.js';
import { combatReport } from './conquest/report.js';
import { Curtain } from './Curtain.js';
import { HandStrip } from './HandStrip.js';
import { LogPanel } from './LogPanel.js';
import { createAwaySeats } from './awaySince.js';
import { PlayersColumn } from './PlayersColumn.js';
import { PromptBar } from './PromptBar.js';
import { createBoardInput } from './screen/boardInput.js';
import { createGameKeys } from './screen/gameKeys.js';
import { gamePrompt } from './screen/gamePrompt.js';
import { HelpPanel, PhaseLine } from './screen/ScreenParts.js';
import { createSeatView } from './screen/seatView.js';
import { createYourTurnSignals } from './screen/yourTurn.js';
import { createTurnClock } from './turnClock.js';
import { TurnPanel } from './turn/TurnPanel.js';
import { createTurn } from './turn/createTurn.js';
import { makeDraftKeeper } from './turn/keptDraft.js';
import { createLog } from './useLog.js';
import { EndSummary } from './EndSummary.js';
import { endWords } from './endWords.js';
import { createDayProduction, victoryOf } from './publicFacts.js';
import { SupremacyBanner } from './SupremacyBanner.js';

/** The tab's sessionStorage, where the page may use it (a refresh keeps it; another tab has its own). */
const sessionStore = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

/** The log shows its last lines: a whole game's thousands of lines would cost every update a diff of them all. */
const LOG_SHOWN = 300;

/**
 * The game screen (ui.md §2): prompt bar, board, hand strip, players column and log, driven by the
 * session's view. The decision of the person at the device (map creation or conquest) is the
 * stage's controller's (src/game/turn); this screen lays it out and routes clicks and keys to it.
 */
export function GameScreen(props: {
  table: GameTable;
  config: LocalGameConfig;
  flat: boolean;
  onAutoplay: (seat: Seat) => void;
  onReplay?: () => void;
  /** The game's replay so far, as a file to save: offered at any point of the game. */
  replayFile?: () => File;
  readOnly?: boolean;
  /** The prompt bar's time when the game has a decision clock (online, with a timer: the time left); else the time since the awaited seat changed. */
  clock?: Accessor<string>;
}) {
  const [view, setView] = createSignal<TableView>(props.table.view());
  onCleanup(props.table.subscribe(setView));
  const state = () => view().state;
  const bots = botSeats(props.config);
  const persons = props.config.seats.flatMap((s, i) => (s.bot || s.remote ? [] : [i]));
  const seats = createSeatView(props.table, view, persons, () => !!props.readOnly);
  const [hint, setHint] = createSignal<string | null>(null);
  const submit = (action: SeatAction): Promise<boolean> =>
    props.table.submit(action).then((r) => {
      if (r.ok) playSound('place');
      else {
        setHint(t('game.refused', { reason: `${r.error.rule}: ${r.error.message}` }));
        playSound('refused');
      }
      return r.ok;
    });
  const turn = createTurn({ state, seat: () => (seats.mine() ? seats.viewer() : null), vault: seats.vault, seq: () => view().seq, submit, setHint, ...(props.readOnly ? {} : { keep: makeDraftKeeper(sessionStore()) }) });
  const board = createBoardInput({ state, lastInput: () => view().lastInput, viewer: seats.viewer, turn, setHint });
  createEffect(on(() => view().seq, () => (setHint(null), board.clear())));

  // Hovering a log line shows the board as it was right after it (boardgame.io's log preview); Esc returns.
  const [moment, setMoment] = createSignal<number | null>(null);
  const momentState = (): GameState | null => (moment() === null ? null : (props.table.states()[moment()!] ?? null));
  const [help, setHelp] = createSignal(false);
  // On a phone the log is a bottom sheet, opened from the phase line (or L).
  const [logOpen, setLogOpen] = createSignal(false);

  const name = (seat: Seat): string => playerLabel(seat, state().seats[seat]!.colour, language());
  const prompt = createMemo(() =>
    gamePrompt({ view: view(), turn: turn.view(), awaited: seats.awaited(), viewer: seats.viewer(), curtained: seats.curtained(), hasVault: seats.vault() !== null, readOnly: !!props.readOnly, lang: language(), name, onReplay: props.onReplay, autoplay: props.onAutoplay }),
  );
  createGameKeys({
    board,
    buttons: () => prompt().buttons,
    blocked: seats.curtained,
    toggleHelp: () => setHelp(!help()),
    toggleLog: () => setLogOpen(!logOpen()),
    escape: () => (setMoment(null), setHelp(false), board.clear(), turn.cancel()),
  });

  const { timer, thinking } = createTurnClock(seats.awaited, bots);
  // Seats declared absent and not back, with when this page first saw them away.
  const away = createAwaySeats(() => view().absence?.gone ?? []);
  createYourTurnSignals(seats.mine);

  const battle = () => {
    const p = state().phase;
    return p.name === 'conquest' && 'battle' in p.stage ? p.stage.battle : null;
  };
  // Negotiation: who has declared himself ready (any change of camps clears them all, E11a).
  const readySeats = (): readonly Seat[] => {
    const p = state().phase;
    return p.name === 'conquest' && (p.stage.kind === 'camps' || p.stage.kind === 'proposal') ? p.stage.ready : [];
  };
  const report = createMemo(() => (battle() ? combatReport(props.table.states(), props.table.inputs()) : null));
  const log = createLog(() => ({ states: props.table.states(), inputs: props.table.inputs(), seq: view().seq }), language);
  const shownViewer = () => (seats.curtained() || props.readOnly ? null : seats.viewer());
  // The day's production for the chips, and how the game was won for its end: read from the engine's events.
  const production = createDayProduction(() => (view().seq, { states: props.table.states(), inputs: props.table.inputs() }));
  const finished = createMemo(() => {
    const o = view().outcome;
    if (o.kind !== 'finished') return null;
    return { winner: o.winner, victory: victoryOf(props.table.states(), props.table.inputs()), ended: o.end && o.end.kind !== 'over' ? endWords(o.end, o.winner, language()) : null };
  });

  return (
    <main class="game" classList={{ 'log-open': logOpen() }} data-phase={state().phase.name} data-stage={state().phase.stage.kind} data-day={state().phase.name === 'conquest' ? String((state().phase as { day: number }).day) : ''} data-over={view().outcome.kind === 'finished' ? 'true' : 'false'} data-seq={view().seq} data-viewer={shownViewer() === null ? '' : String(shownViewer())} data-readonly={props.readOnly ? 'true' : undefined}>
      <PromptBar text={prompt().text} why={prompt().why ?? null} hint={hint()} buttons={prompt().buttons} timer={props.clock?.() ?? timer()} mine={seats.mine()} />
      <div class="board-area">
        <PhaseLine state={state()} help={help()} logOpen={logOpen()} onHelp={() => setHelp(!help())} onLog={() => setLogOpen(!logOpen())} onSave={props.replayFile ? () => saveFile(props.replayFile!()) : undefined} />
        <Show when={help()}>
          <HelpPanel onClose={() => setHelp(false)} />
        </Show>
        <Show when={finished()} fallback={<div class="supremacy-banners"><SupremacyBanner state={state()} /></div>}>
          {(f) => <EndSummary state={state()} winner={f().winner} victory={f().victory} ended={f().ended} />}
        </Show>
        <Show when={moment() !== null}>
          <p class="moment" role="status">
            {t('log.previewing')}
          </p>
        </Show>
        <Board state={momentState() ?? turn.preview() ?? state()} highlights={moment() !== null ? NO_HIGHLIGHTS : board.highlights()} label={t('board.label')} flat={props.flat} focus={shownViewer()} onPick={board.pick} onHover={board.hover} />
        <Show when={!seats.curtained() && turn.view()?.panel}>
          {(panel) => (
            <div class="conquest-panels">
              <TurnPanel panel={panel()} busy={turn.busy()} onIntent={turn.run} />
            </div>
          )}
        </Show>
        <Show when={battle()}>{(b) => <CombatView state={state()} battle={b()} report={report()} ready={readySeats()} choices={seats.curtained() ? null : (turn.view()?.battle ?? null)} />}</Show>
      </div>
      <Show when={!seats.curtained() && seats.vault()}>{(v) => <HandStrip state={state()} viewer={seats.viewer()} vault={v()} />}</Show>
      <aside class="side">
        <PlayersColumn state={state()} viewer={shownViewer()} bots={bots} awaited={seats.awaited()} thinking={thinking()} names={props.config.seats.map((s) => s.name)} away={away()} production={production()} />
        <LogPanel lines={log().slice(-LOG_SHOWN)} onPreview={setMoment} />
      </aside>
      <Show when={seats.curtained() && view().outcome.kind === 'playing'}>
        <Curtain seat={seats.viewer()} colour={state().seats[seats.viewer()]!.colour} onReveal={seats.reveal} />
      </Show>
    </main>
  );
}
