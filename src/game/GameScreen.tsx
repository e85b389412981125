import { type Accessor, Show, createEffect, createMemo, createSignal, on, onCleanup } from 'solid-js';
import {
  type GameState,
  type Hex,
  type HexKey,
  type Seat,
  applyAction,
  hexKey,
  occupant,
  parseHexKey,
  whyNotAt,
} from '../../engine/index.js';
import { play } from '../app/sound.js';
import { Board } from '../board/Board.js';
import { describeHex } from '../board/describe.js';
import { type Highlights, NO_HIGHLIGHTS } from '../board/types.js';
import { playerLabel, playerName } from '../display/index.js';
import { language, t } from '../i18n/index.js';
import type { LocalTable } from '../table/localTable.js';
import type { TableView } from '../table/types.js';
import { type LocalGameConfig, botSeats } from './config.js';
import { conquestTurn } from './conquestTurn.js';
import { stageKey } from './conquestPrompt.js';
import { CombatView } from './conquest/CombatView.js';
import { createConquestTurn } from './conquest/createConquestTurn.js';
import { combatReport } from './conquest/report.js';
import { Curtain } from './Curtain.js';
import { endWords } from './endWords.js';
import { HandStrip } from './HandStrip.js';
import { LogPanel } from './LogPanel.js';
import { createAwaySeats } from './awaySince.js';
import { type MapChoice, ghostColour, mapChoice } from './mapTurn.js';
import { PlayersColumn } from './PlayersColumn.js';
import { mapPrompt } from './mapPrompt.js';
import { type PromptButton, PromptBar } from './PromptBar.js';
import { createTurnClock } from './turnClock.js';
import { ruleHint } from './ruleText.js';
import { createLog } from './useLog.js';

/** The log shows its last lines: a whole game's thousands of lines would cost every update a diff of them all. */
const LOG_SHOWN = 300;

/**
 * The game screen (ui.md §2): prompt bar, board, hand strip, players column and log, driven by the
 * session's view. Map creation is played here by clicks; conquest steps show the state and, until
 * their interactions land, let the bot play the person's step (`onAutoplay`).
 */
export function GameScreen(props: {
  table: LocalTable;
  config: LocalGameConfig;
  flat: boolean;
  onAutoplay: (seat: Seat) => void;
  onReplay?: () => void;
  readOnly?: boolean;
  /** The prompt bar's time when the game has a decision clock (online, with a timer: the time left); else the time since the awaited seat changed. */
  clock?: Accessor<string>;
}) {
  const [view, setView] = createSignal<TableView>(props.table.view());
  onCleanup(props.table.subscribe(setView));
  const state = () => view().state;
  const bots = botSeats(props.config);
  const persons = props.config.seats.flatMap((s, i) => (s.bot || s.remote ? [] : [i]));
  const awaited = (): Seat | null => (view().awaiting.kind === 'seat' ? (view().awaiting as { seat: Seat }).seat : null);

  // Who the screen shows private things for: the person awaited, else the last one.
  const [viewer, setViewer] = createSignal<Seat>(persons[0] ?? 0);
  createEffect(() => {
    const a = awaited();
    if (a !== null && persons.includes(a)) setViewer(a);
  });
  const [revealed, setRevealed] = createSignal<Seat | null>(persons.length > 1 ? null : (persons[0] ?? null));
  const curtained = () => persons.length > 1 && revealed() !== viewer();
  const vault = () => (curtained() ? null : props.table.vaultOf(viewer()));
  // A spectator (readOnly) sees the public game only: no seat of its own, no choice to make.
  const mine = () => !props.readOnly && !curtained() && awaited() === viewer();

  const choice = createMemo<MapChoice>(() => (mine() ? mapChoice(state(), viewer(), vault()) : null));
  const [source, setSource] = createSignal<'faceUp' | 'drawn' | null>(null);
  const [selected, setSelected] = createSignal<HexKey | null>(null);
  const [cursor, setCursor] = createSignal<HexKey | null>(null);
  const [hint, setHint] = createSignal<string | null>(null);
  createEffect(
    on(
      () => view().seq,
      () => {
        setSelected(null);
        setSource(null);
        setHint(null);
        setCursor(null);
      },
    ),
  );

  const submit = (action: unknown): Promise<boolean> =>
    props.table.submit(action).then((r) => {
      if (r.ok) play('place');
      else {
        setHint(t('game.refused', { reason: `${r.error.rule}: ${r.error.message}` }));
        play('refused');
      }
      return r.ok;
    });

  // The conquest's choices (moves, spreading, secrets, combats, armies, after combat, requests).
  const conquest = createConquestTurn({
    state,
    seat: () => (mine() && state().phase.name === 'conquest' ? viewer() : null),
    vault,
    seq: () => view().seq,
    submit,
    setHint,
  });
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

  const sites = createMemo(() => {
    const c = choice();
    if (!c) return new Map();
    if (c.kind === 'take') return source() === 'faceUp' ? c.faceUpSites : new Map();
    return c.sites;
  });

  const lastHexes = (): HexKey[] => {
    const a = view().lastInput as { at?: Hex; from?: Hex; to?: Hex } | null;
    return [a?.at, a?.from, a?.to].flatMap((h) => (h && typeof h === 'object' ? [hexKey(h)] : []));
  };
  // Hovering a glowing space shows a ghost of the tile; selecting it previews the position Confirm
  // would make (the engine's own result: energy-rich markers appear where they would).
  const [hovered, setHovered] = createSignal<HexKey | null>(null);
  const preview = createMemo<GameState | null>(() => {
    const sel = selected();
    const action = sel ? sites().get(sel) : undefined;
    if (!action) return null;
    const next = applyAction(state(), action);
    return next.ok ? next.value : null;
  });
  const highlights = createMemo<Highlights>(() => {
    const turn = conquest.view();
    if (turn) return { legal: turn.legal, selected: turn.selected, last: lastHexes(), cursor: cursor(), ghost: null, arrows: turn.arrows };
    const sel = selected();
    const at = sel ?? (hovered() && sites().has(hovered()!) ? hovered() : null);
    const colour = at ? ghostColour(choice(), state(), viewer(), source() ?? 'drawn') : null;
    return { legal: new Set(sites().keys()), selected: sel, last: lastHexes(), cursor: cursor(), ghost: at && colour && !preview() ? { at, colour } : null };
  });

  // Hovering a log line shows the board as it was right after it (boardgame.io's log preview); Esc returns.
  const [moment, setMoment] = createSignal<number | null>(null);
  const momentState = (): GameState | null => {
    const m = moment();
    return m === null ? null : (props.table.states()[m] ?? null);
  };

  const confirm = (): void => {
    const sel = selected();
    const action = sel ? sites().get(sel) : undefined;
    if (action) void submit(action);
  };

  /**
   * Why an empty hex is not a legal place for the current choice: the engine's reason, in the
   * rulebook's words. Over a tile it says nothing: the tile shows for itself (the keyboard cursor describes it).
   */
  const whyNot = (hex: Hex): string | null => {
    if (!choice() || sites().size === 0 || sites().has(hexKey(hex)) || occupant(state(), hex) !== null) return null;
    const error = whyNotAt(state(), viewer(), hex);
    return error ? ruleHint(error) : null;
  };

  const pick = (hex: Hex): void => {
    if (conquest.pick(hex)) return void setHint(null);
    const key = hexKey(hex);
    if (sites().has(key)) {
      if (selected() === key) confirm();
      else setSelected(key);
      setHint(null);
    } else {
      const why = whyNot(hex);
      if (why) setHint(why);
    }
  };

  // The keyboard's hex cursor: arrows move it, Enter picks the hex under it.
  const ARROWS: Record<string, readonly [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const moveCursor = (dq: number, dr: number): void => {
    const from = parseHexKey(cursor() ?? selected() ?? '0,0');
    const next = { q: from.q + dq, r: from.r + dr };
    setCursor(hexKey(next));
    setHint(whyNot(next) ?? describeHex(state(), next, language()));
  };

  const cycle = (step: number): void => {
    const keys = [...sites().keys()] as HexKey[];
    if (keys.length === 0) return;
    const i = keys.indexOf(selected() ?? '');
    setSelected(keys[(i + step + keys.length) % keys.length]!);
  };

  const [help, setHelp] = createSignal(false);
  // On a phone the log is a bottom sheet, opened from the phase line (or L).
  const [logOpen, setLogOpen] = createSignal(false);
  const onKey = (e: KeyboardEvent): void => {
    if (e.key === '?') return void setHelp(!help());
    if ((e.key === 'l' || e.key === 'L') && !(e.target instanceof HTMLInputElement)) return void setLogOpen(!logOpen());
    if (curtained() || e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const c = choice();
    const arrow = ARROWS[e.key];
    if (arrow) return void (e.preventDefault(), moveCursor(arrow[0], arrow[1]));
    if (e.key === 'Enter' && cursor() && cursor() !== selected()) return void (e.preventDefault(), pick(parseHexKey(cursor()!)));
    const enter = conquest.view()?.buttons.find((b) => b.key === 'Enter' && !b.disabled);
    if (e.key === 'Enter' && enter && !(e.target instanceof HTMLButtonElement)) (e.preventDefault(), enter.onClick());
    else if ((e.key === 'z' || e.key === 'Z') && conquest.view()?.buttons.some((b) => b.id === 'undo')) conquest.view()!.buttons.find((b) => b.id === 'undo')!.onClick();
    else if (e.key === 'Enter' && selected()) (e.preventDefault(), confirm());
    else if (e.key === 'Escape') (setSelected(null), setSource(null), setMoment(null), setHelp(false), setCursor(null), conquest.cancel());
    else if (e.key === ']') cycle(1);
    else if (e.key === '[') cycle(-1);
    else if ((e.key === 'd' || e.key === 'D') && c?.kind === 'take' && c.draw) void submit(c.draw);
    else if ((e.key === 'u' || e.key === 'U') && c?.kind === 'take' && c.faceUp && c.faceUpSites.size > 0) setSource('faceUp');
  };
  window.addEventListener('keydown', onKey);
  onCleanup(() => window.removeEventListener('keydown', onKey));

  const { timer, thinking } = createTurnClock(awaited, bots);
  // Seats declared absent and not back, with when this page first saw them away.
  const away = createAwaySeats(() => view().absence?.gone ?? []);
  createEffect(on(mine, (m) => m && play('yourTurn')));
  // The tab says when the game waits for the person at this device.
  createEffect(() => {
    const title = mine() ? `● ${t('game.yourTurn')} · ${t('app.title')}` : t('app.title');
    if (document.title !== title) document.title = title;
  });
  onCleanup(() => (document.title = t('app.title')));

  const name = (seat: Seat): string => playerLabel(seat, state().seats[seat]!.colour, language());

  const prompt = createMemo((): { text: string; buttons: PromptButton[] } => {
    const v = view();
    if (v.outcome.kind === 'finished') {
      const w = v.outcome.winner;
      const end = v.outcome.end;
      const replay = props.onReplay;
      // A protocol game says how it ended (a day cap, a forfeit...); a win the same as a local game.
      const how = end && end.kind !== 'over' ? ` ${endWords(end, w, language())}` : '';
      return {
        text: (w === null ? t('game.overNoWinner') : t('game.over', { player: name(w) })) + how,
        buttons: replay ? [{ id: 'open-replay', label: t('game.openReplay'), primary: true, onClick: replay }] : [],
      };
    }
    if (curtained()) return { text: t('curtain.pass', { player: playerName(viewer(), language()) }), buttons: [] };
    const a = awaited();
    if (a === null) return { text: t('game.random'), buttons: [] };
    const waiting = (): string => (state().phase.name === 'conquest' ? t('game.waitingForWhat', { player: name(a), what: t(stageKey(state())) }) : t('game.waitingFor', { player: name(a) }));
    if (props.readOnly || a !== viewer()) return { text: waiting(), buttons: [] };
    const c = choice();
    if (!c) {
      const ct = conquest.view();
      if (ct) return { text: ct.text, buttons: [...ct.buttons] };
      const v = vault();
      if (!v) return { text: waiting(), buttons: [] };
      const turn = conquestTurn({ view: view(), seat: a, vault: v, name: name(a), submit, autoplay: () => props.onAutoplay(a) });
      return { text: turn.text, buttons: [...turn.buttons] };
    }
    return mapPrompt({ choice: c, name: name(a), lang: language(), faceUpTaken: source() === 'faceUp', selected: selected() !== null, submit, confirm, takeFaceUp: () => setSource('faceUp') });
  });

  const log = createLog(() => ({ states: props.table.states(), inputs: props.table.inputs(), seq: view().seq }), language);
  const phaseLine = (): string => {
    const p = state().phase;
    return p.name === 'conquest' ? `${t('game.phase.conquest')} · ${t('game.day', { day: p.day })}` : t(`game.phase.${p.name}`);
  };

  return (
    <main class="game" classList={{ 'log-open': logOpen() }} data-phase={state().phase.name} data-stage={state().phase.stage.kind} data-day={state().phase.name === 'conquest' ? String((state().phase as { day: number }).day) : ''} data-over={view().outcome.kind === 'finished' ? 'true' : 'false'} data-seq={view().seq} data-viewer={curtained() || props.readOnly ? '' : String(viewer())} data-readonly={props.readOnly ? 'true' : undefined}>
      <PromptBar text={prompt().text} hint={hint()} buttons={prompt().buttons} timer={props.clock?.() ?? timer()} mine={mine()} />
      <div class="board-area">
        <p class="phase-line">
          {phaseLine()}{' '}
          <button type="button" id="help" class="link" aria-expanded={help()} onClick={() => setHelp(!help())}>
            {t('help.open')}
          </button>
          <button type="button" id="log-toggle" class="link phone-only" aria-expanded={logOpen()} onClick={() => setLogOpen(!logOpen())}>
            {t('log.title')}
          </button>
        </p>
        <Show when={help()}>
          <section class="help-panel" role="dialog" aria-labelledby="help-title">
            <h2 id="help-title">{t('help.title')}</h2>
            <ul>
              {(['help.draw', 'help.cycle', 'help.confirm', 'help.conquest', 'help.fit', 'help.mouse', 'help.log'] as const).map((k) => (
                <li>{t(k)}</li>
              ))}
            </ul>
            <button type="button" onClick={() => setHelp(false)}>
              {t('help.close')}
            </button>
          </section>
        </Show>
        <Show when={moment() !== null}>
          <p class="moment" role="status">
            {t('log.previewing')}
          </p>
        </Show>
        <Board
          state={momentState() ?? conquest.preview() ?? preview() ?? state()}
          highlights={moment() !== null ? NO_HIGHLIGHTS : highlights()}
          label={t('board.label')}
          flat={props.flat}
          onPick={pick}
          onHover={(h) => {
            setHovered(h ? hexKey(h) : null);
            setHint(h ? whyNot(h) : null);
          }}
        />
        <Show when={(!curtained() && conquest.view()?.panel) || null}>
          {(panel) => <div class="conquest-panels">{panel()()}</div>}
        </Show>
        <Show when={battle()}>{(b) => <CombatView state={state()} battle={b()} report={report()} ready={readySeats()} />}</Show>
      </div>
      <Show when={!curtained() && vault()}>{(v) => <HandStrip state={state()} viewer={viewer()} vault={v()} />}</Show>
      <aside class="side">
        <PlayersColumn state={state()} viewer={curtained() || props.readOnly ? null : viewer()} bots={bots} awaited={awaited()} thinking={thinking()} names={props.config.seats.map((s) => s.name)} away={away()} />
        <LogPanel lines={log().slice(-LOG_SHOWN)} onPreview={setMoment} />
      </aside>
      <Show when={curtained() && view().outcome.kind === 'playing'}>
        <Curtain seat={viewer()} colour={state().seats[viewer()]!.colour} onReveal={() => setRevealed(viewer())} />
      </Show>
    </main>
  );
}
