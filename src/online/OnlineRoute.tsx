import { Match, Show, Switch, createResource, createSignal, onCleanup } from 'solid-js';
import { newGame, type Seat } from '../../engine/index.js';
import { bestScheme, makeReplayText, type ParsedGenesis, type SignatureScheme } from '../../engine/protocol/index.js';
import { navigate } from '../app/router.js';
import { playerName } from '../display/index.js';
import { type LocalGameConfig } from '../game/config.js';
import { GameScreen } from '../game/GameScreen.js';
import { type Key, language, t } from '../i18n/index.js';
import {
  gameNetConfig,
  type LinkError,
  type LobbyView,
  makeLobby,
  makeShareLink,
  type NetConfig,
  parseShareLink,
  publishForWatchers,
  type LinkState,
  type ShareLink,
  watchLink,
  yWebrtcConnect,
} from '../net/index.js';
import { setPendingReplay } from '../replay/pending.js';
import { adoptMember, guestName, memberFor, savedName, saveName, takeCreated } from './identity.js';
import { claimRoom, gatedScheme, leaveMember, type RoomLock, takeMember, takeOver } from './tabLock.js';
import { LobbyScreen, lobbyActions } from './LobbyScreen.js';
import { makeWorkerBots, type WorkerBots } from '../table/botClient.js';
import { makeSessionTable } from '../table/sessionTable.js';
import { pageConfig } from './netConfig.js';
import { createOnlineStatus } from './onlineStatus.js';
import { clock, createDecisionClock, DecisionTimer } from './DecisionTimer.js';
import { WatchLinkButton } from './WatchLinkButton.js';
import { gameStopOf, type StopEvent, stopWords } from './gameStop.js';
import { SharePanel } from './SharePanel.js';
import WatchRoute from './WatchRoute.js';
import { disposeSeats, type SeatGame, startSeats, storedTable, type Table } from './startSeats.js';
import { endOnline, loadEnded, loadLobbyDoc, loadOnline, saveLobbyDoc, saveOnline, type StoredOnline, storedOf } from './store.js';
import { EndedGame } from './EndedGame.js';
import { AwayBanner, Connections, createBackOnActivity, MinorityBanner, SplitBanner } from './AbsenceBanners.js';

/**
 * #/g/<room>/<secret>: an online game. The link is checked first (a wrong or cut link gets a
 * clear error); then the lobby, shared over y-webrtc and encrypted with the link's secret; once
 * every seat is ready and has signed the genesis, the game runs peer to peer over PeerJS data
 * channels on the same screens as a local game.
 */
export default function OnlineRoute() {
  const parsed = parseShareLink(location.href);
  return (
    <Show when={parsed.ok ? parsed.value : null} fallback={<LinkProblem error={(parsed as { ok: false; error: LinkError }).error} />}>
      {(link) => (
        <Show when={link().kind === 'play'} fallback={<WatchRoute link={link()} />}>
          <PlayLink link={link()} />
        </Show>
      )}
    </Show>
  );
}

/** A play link: the end of the game this page played in the room, if it kept one (store.ts), else the room. */
function PlayLink(props: { link: ShareLink }) {
  const [ended] = createResource(() => loadEnded(props.link.room));
  return (
    <Show when={!ended.loading} fallback={<p class="loading">{t('online.connecting')}</p>}>
      <Show when={ended()} fallback={<RoomGuard link={props.link} />}>
        {(e) => <EndedGame ended={e()} />}
      </Show>
    </Show>
  );
}

function LinkProblem(props: { error: LinkError }) {
  return (
    <main class="page">
      <h1>{t('online.badLink')}</h1>
      <p class="error" role="alert" id="link-error" data-code={props.error.code}>
        {t(`online.link.${props.error.code}` as Key)}
      </p>
      <a href="#/">{t('app.home')}</a>
    </main>
  );
}

type RoomMode = { readonly kind: 'claiming' } | { readonly kind: 'taking' } | { readonly kind: 'elsewhere' } | { readonly kind: 'held'; readonly lock: RoomLock } | { readonly kind: 'watching'; readonly handedOver: boolean };

/**
 * One page of this browser plays the room (tabLock.ts): this one, once it holds the room's lock.
 * If another tab plays it, the page says so and offers to watch here or to play here instead
 * (that tab stops signing, keeps what it signed, becomes a watcher, and this page resumes the
 * seats from what it kept). A page whose room is taken over watches the game.
 */
function RoomGuard(props: { link: ShareLink }) {
  const room = props.link.room;
  const [mode, setMode] = createSignal<RoomMode>({ kind: 'claiming' });
  const abort = new AbortController();
  let closed = false;
  const held = (lock: RoomLock | null): void => {
    if (!lock) return;
    if (closed) return void lock.release();
    // A lobby handed over by another tab: this page is the member that tab was.
    const member = takeMember(room);
    if (member) adoptMember(room, member);
    lock.onLost(() => void (closed || setMode({ kind: 'watching', handedOver: true })));
    setMode({ kind: 'held', lock });
  };
  void claimRoom(room).then((c) => (c.kind === 'held' ? held(c.lock) : closed || setMode({ kind: 'elsewhere' })));
  onCleanup(() => {
    closed = true;
    abort.abort();
    const m = mode();
    if (m.kind === 'held') void m.lock.release();
  });
  const playHere = (): void => {
    setMode({ kind: 'taking' });
    void takeOver(room, abort.signal).then(held);
  };
  const watch = makeShareLink(watchLink(props.link), location.href);
  const lockOf = (): RoomLock | null => {
    const m = mode();
    return m.kind === 'held' ? m.lock : null;
  };
  const watching = (): { handedOver: boolean } | null => {
    const m = mode();
    return m.kind === 'watching' ? m : null;
  };
  return (
    <Switch>
      <Match when={lockOf()}>{(lock) => <Connected link={props.link} lock={lock()} />}</Match>
      <Match when={mode().kind === 'elsewhere'}>
        <OtherTab watch={watch} onWatch={() => setMode({ kind: 'watching', handedOver: false })} onPlay={playHere} />
      </Match>
      <Match when={watching()}>
        {(w) => (
          <>
            <p class="banner" role="status" id="tab-watching" data-handed-over={String(w().handedOver)}>
              {t(w().handedOver ? 'online.tab.handedOver' : 'online.tab.watching')}{' '}
              <button type="button" id="play-here-again" onClick={playHere}>
                {t('online.tab.playHere')}
              </button>
            </p>
            <WatchRoute link={watchLink(props.link)} />
          </>
        )}
      </Match>
      <Match when={true}>
        <p class="loading" id="room-claim" data-kind={mode().kind}>
          {t(mode().kind === 'taking' ? 'online.tab.taking' : 'online.connecting')}
        </p>
      </Match>
    </Switch>
  );
}

/** Another tab of this browser plays this room: watch here, or play here instead. */
function OtherTab(props: { watch: string; onWatch: () => void; onPlay: () => void }) {
  return (
    <main class="page">
      <h1>{t('online.tab.title')}</h1>
      <p class="banner" role="status" id="other-tab">
        {t('online.tab.elsewhere')}
      </p>
      <p>
        <button type="button" id="watch-here" onClick={() => props.onWatch()}>
          {t('online.tab.watchHere')}
        </button>{' '}
        <button type="button" class="primary" id="play-here" onClick={() => props.onPlay()}>
          {t('online.tab.playHere')}
        </button>
      </p>
      <p class="hint">{t('online.tab.why')}</p>
    </main>
  );
}

function Connected(props: { link: ShareLink; lock: RoomLock }) {
  // A game this page was playing in this room (before a refresh or a crash) resumes; else the lobby.
  // Every signature of this page passes the room's lock: a page another tab took over signs nothing.
  const [ready] = createResource(async () => ({ config: await pageConfig(), scheme: gatedScheme(await bestScheme(), () => props.lock.holds()), stored: await loadOnline(props.link.room), lobbyDoc: await loadLobbyDoc(props.link.room) }));
  const online = createOnlineStatus();
  // One Worker for the page's bots and a person's "let the bot play it", started when first asked.
  const bots = makeWorkerBots();
  onCleanup(() => bots.dispose());
  return (
    <Show when={ready()} fallback={<p class="loading">{t('online.connecting')}</p>}>
      {(r) => (
        <>
          <Show when={!online()}>
            <p class="banner error" role="alert" id="offline">
              {t('online.offline')}
            </p>
          </Show>
          <Show
            when={r().stored ? storedTable(r().stored!) : null}
            fallback={<Room link={props.link} net={gameNetConfig(r().config, props.link)} scheme={r().scheme} bots={bots} lock={props.lock} kept={r().lobbyDoc} />}
          >
            {(table) => <Resumed link={props.link} net={gameNetConfig(r().config, props.link)} scheme={r().scheme} stored={r().stored!} table={table()} bots={bots} lock={props.lock} />}
          </Show>
        </>
      )}
    </Show>
  );
}

/**
 * A game this page was playing, resumed: its seats start here, once (a JSX prop is a getter, so
 * a session started in one would start again at every read), and stop when it goes.
 */
function Resumed(props: { link: ShareLink; net: NetConfig; scheme: SignatureScheme; stored: StoredOnline; table: Table; bots: WorkerBots; lock: RoomLock }) {
  const seats = startSeats(props.table, props.net, props.scheme, props.bots.greedy, props.stored.log, props.stored.signed ?? []);
  onCleanup(() => disposeSeats(seats));
  return <Playing link={props.link} net={props.net} stored={props.stored} seats={seats} genesis={props.table.genesis} bots={props.bots} lock={props.lock} />;
}

function Room(props: { link: ShareLink; net: NetConfig; scheme: SignatureScheme; bots: WorkerBots; lock: RoomLock; kept: Uint8Array | null }) {
  const room = props.link.room;
  const member = memberFor(room);
  // Another tab takes the lobby over: it becomes this member (its seat) with this page's copy of
  // the room, and this page leaves.
  props.lock.onTakeover(async () => {
    leaveMember(room, member);
    clearTimeout(keeping);
    await saveLobbyDoc(room, lobby.encode());
    lobby.dispose();
  });
  const lobby = makeLobby({
    link: props.link,
    member,
    name: savedName(guestName(member, t('online.guest'))),
    connect: yWebrtcConnect({ signaling: props.net.signaling, ice: props.net.ice }),
    scheme: props.scheme,
    ...(takeCreated(props.link.room) ? { create: {} } : {}),
    ...(props.kept ? { initial: props.kept } : {}),
  });
  // The room as this page holds it, kept a moment after each change (a refresh opens it again).
  let keeping: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(keeping));
  const [view, setView] = createSignal<LobbyView>(lobby.view());
  const [games, setGames] = createSignal<{ seats: SeatGame[]; genesis: ParsedGenesis; stored: StoredOnline } | null>(null);
  onCleanup(
    lobby.subscribe((v) => {
      setView(v);
      if (keeping === undefined && !v.started)
        keeping = setTimeout(() => {
          keeping = undefined;
          if (props.lock.holds()) void saveLobbyDoc(room, lobby.encode());
        }, 500);
    }),
  );
  let closed = false;
  void lobby.started.then((start) => {
    if (closed) return;
    const stored = storedOf(start, view().snapshot.seats.map((s) => s?.name ?? ''));
    void saveOnline(props.link.room, stored);
    setGames({ seats: startSeats(start, props.net, props.scheme, props.bots.greedy), genesis: start.genesis, stored });
  });
  onCleanup(() => {
    closed = true;
    lobby.dispose();
    disposeSeats(games()?.seats ?? []);
  });
  const actions = lobbyActions(lobby, saveName);
  const shareUrl = makeShareLink(props.link, location.href);
  const watchUrl = makeShareLink(watchLink(props.link), location.href);
  return (
    <Show
      when={games()}
      fallback={
        <div class="online">
          <LobbyScreen view={view()} actions={actions} watch={watchUrl} />
          <SharePanel link={shareUrl} watch={watchUrl} />
        </div>
      }
    >
      {(g) => <Playing link={props.link} net={props.net} stored={g().stored} seats={g().seats} genesis={g().genesis} bots={props.bots} lock={props.lock} />}
    </Show>
  );
}

/**
 * The seats this page plays, kept in IndexedDB as they go (the log this page checked, at most
 * every two seconds) so that a refresh resumes them; once the game has ended, its end and replay
 * are kept instead (a share link opened again shows them).
 */
function Playing(props: { link: ShareLink; net: NetConfig; stored: StoredOnline; seats: readonly SeatGame[]; genesis: ParsedGenesis; bots: WorkerBots; lock: RoomLock }) {
  const game = props.seats[0]!.game;
  const room = props.link.room;
  const kept = (): StoredOnline => ({ ...props.stored, log: game.replay().log, signed: props.seats.flatMap((s) => s.game.unlogged()) });
  // Another tab takes the game over: this page has stopped signing (the lock's gate); it stops its
  // seats and keeps their log and what they signed beyond it, which the other tab resumes from.
  props.lock.onTakeover(async () => {
    const last = kept();
    disposeSeats(props.seats);
    clearTimeout(timer);
    await saveOnline(room, last);
  });
  // Spectators with the watch link find the game through any player's page.
  onCleanup(publishForWatchers(props.link, { genesis: props.genesis, genesisSignatures: props.stored.genesisSignatures }, yWebrtcConnect(props.net)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = (): void => {
    timer = undefined;
    if (props.lock.holds()) void saveOnline(room, kept());
  };
  const off = game.on((e) => {
    if (e.kind === 'finished' || e.kind === 'verdict' || e.kind === 'desync') {
      clearTimeout(timer);
      void endOnline(room, { stop: gameStopOf(e, game.view().state), replay: makeReplayText(game.replay()) });
    } else if (e.kind === 'view' && timer === undefined) timer = setTimeout(save, 2000);
  });
  // The seats are their starter's to dispose (Resumed, Room).
  onCleanup(() => {
    off();
    clearTimeout(timer);
  });
  return <OnlineGame games={props.seats} genesis={props.genesis} names={props.stored.names} watch={makeShareLink(watchLink(props.link), location.href)} bots={props.bots} />;
}

/**
 * The game on this page: the person's seat on the game screen, or (bots only here) the first
 * bot's public view; above it, the decision timer, the connections, and what the log says of
 * absent players (this page's own player away and the way back, a game resting on a minority's
 * word, a split).
 */
export function OnlineGame(props: { games: readonly SeatGame[]; genesis: ParsedGenesis; names: readonly string[]; watch: string; bots: WorkerBots }) {
  const person = props.games.find((g) => !g.bot) ?? null;
  const shown = person ?? props.games[0]!;
  const setup = props.genesis.genesis.setup;
  const created = newGame(setup);
  if (!created.ok) throw new Error(created.error.message);
  const table = makeSessionTable({ seats: new Map(person ? [[person.seat, { game: person.game, vault: person.secrets.vault, bot: false }]] : [[shown.seat, { game: shown.game, vault: shown.secrets.vault, bot: true }]]), genesis: props.genesis, initial: created.value });
  onCleanup(() => table.dispose());
  const config: LocalGameConfig = {
    mode: 'bots',
    seed: '',
    seats: setup.players.map((p, i) => ({ colour: p.colour, civilisation: p.civilisation, bot: false, remote: person === null || i !== person.seat, name: props.names[i] ?? '' })),
  };
  const [peers, setPeers] = createSignal<readonly LinkState[]>(shown.game.view().peers);
  const [stop, setStop] = createSignal<StopEvent | null>(null);
  const [tableView, setTableView] = createSignal(table.view());
  onCleanup(table.subscribe(setTableView));
  const seq = (): number => tableView().seq;
  // One clock for the ring and the prompt bar: the time the awaited seat has left here.
  const decisionTimer = props.genesis.genesis.settings.timer;
  const left = createDecisionClock(decisionTimer, seq);
  const absence = () => tableView().absence;
  // A seat declared absent and not back (this page's own: while its player is away) has its decisions answered at once: no time counts down.
  const awaited = (): { name: string; state: LinkState; mine: boolean; atOnce: boolean } | null => {
    const v = tableView();
    if (v.outcome.kind !== 'playing' || v.awaiting.kind !== 'seat' || stop()) return null;
    const seat = v.awaiting.seat;
    const atOnce = absence()?.gone.some((g) => g.seat === seat) === true;
    return { name: playerName(seat, language()), state: peers()[seat] ?? 'connecting', mine: person !== null && seat === person.seat, atOnce };
  };
  const away = (): boolean => absence()?.away === true;
  const here = (): void => table.here();
  // Back at the page: the banner's button, or any click or key on it.
  createBackOnActivity(away, here);
  onCleanup(
    shown.game.on((e) => {
      if (e.kind === 'peer' || e.kind === 'view') setPeers(shown.game.view().peers);
      if (e.kind === 'desync' || e.kind === 'verdict' || e.kind === 'finished') setStop(e);
    }),
  );
  const autoplay = (seat: Seat): void => {
    // "Let the bot play it" for the person: the bot's choice among the legal options (in the bots'
    // Worker), submitted as the person's; refused if the game has moved on meanwhile.
    if (!person || seat !== person.seat) return;
    const state = table.view().state;
    void props.bots.greedy(state, seat, person.secrets.vault).then((action) => table.submit(action), (e: unknown) => console.error(`autoplay of seat ${seat} failed`, e));
  };
  const replayFile = (): File => new File([makeReplayText(shown.game.replay())], 'battle-for-eden.json', { type: 'application/json' });
  const openReplay = (): void => {
    const file = replayFile();
    setPendingReplay(file);
    navigate('/replay');
  };
  return (
    <div class="online-game">
      <div class="online-bar">
      <DecisionTimer
        timer={props.genesis.genesis.settings.timer}
        seq={seq}
        left={left}
        awaited={awaited}
        label={(left, who, state, mine) =>
          mine ? t('online.timer.mine', { left }) : state === 'away' || state === 'reconnecting' ? t('online.timer.away', { who, left }) : t('online.timer.waiting', { who, left })
        }
        atOnceLabel={(who, mine) => (mine ? t('online.timer.mineAtOnce') : t('online.timer.atOnce', { who }))}
      />
      <Connections peers={peers()} skip={shown.seat} gone={absence()?.gone ?? []} split={absence()?.split ?? null} />
      <WatchLinkButton url={props.watch} />
      </div>
      <Show when={away()}>
        <AwayBanner onBack={here} />
      </Show>
      <MinorityBanner minority={absence()?.minority ?? []} />
      <Show when={absence()?.split}>{(split) => <SplitBanner split={split()} onReplay={openReplay} />}</Show>
      <Show when={stop()}>
        {(e) => (
          <p class={e().kind === 'finished' ? 'banner' : 'banner error'} role="alert" id="game-stop" data-kind={e().kind}>
            {stopWords(gameStopOf(e(), tableView().state))}{' '}
            <button type="button" onClick={openReplay}>
              {t('online.openReplay')}
            </button>
          </p>
        )}
      </Show>
      <GameScreen table={table} config={config} flat={false} onAutoplay={autoplay} onReplay={openReplay} replayFile={replayFile} {...(decisionTimer === null ? {} : { clock: () => (awaited()?.atOnce ? '' : clock(left())) })} />
    </div>
  );
}
