import { For, Show, createResource, createSignal, onCleanup } from 'solid-js';
import { newGame, type Seat, toHex } from '../../engine/index.js';
import { bestScheme, makeReplayText, type SignatureScheme } from '../../engine/protocol/index.js';
import { navigate } from '../app/router.js';
import { playerName } from '../display/index.js';
import type { LocalGameConfig } from '../game/config.js';
import { endWords } from '../game/endWords.js';
import { GameScreen } from '../game/GameScreen.js';
import { type Key, language, t } from '../i18n/index.js';
import { findWatched, gameNetConfig, makeMesh, meshIds, type NetConfig, peerServerAddress, type ShareLink, type Spectator, type SpectatorView, startSpectator, watcherId, yWebrtcConnect } from '../net/index.js';
import { setPendingReplay } from '../replay/pending.js';
import { makeSpectatorTable } from '../table/spectatorTable.js';
import type { TableView } from '../table/types.js';
import { pageConfig } from './netConfig.js';

/**
 * #/w/<room>/<watch secret>: following a game read-only (issue 11, item 6). The page finds the
 * signed genesis in the watch room (any player's page publishes it), joins the game's mesh as a
 * spectator, asks the players' pages for the log and follows it as it is played: every element
 * is checked as the verifier checks it before the board shows it. A spectator receives the public
 * log only, never a secret, so the board shows no hand. At the end the replay is its own: saved,
 * or verified and watched.
 */
export default function WatchRoute(props: { link: ShareLink }) {
  const [ready] = createResource(async () => ({ config: await pageConfig(), scheme: await bestScheme() }));
  return (
    <Show when={ready()} fallback={<p class="loading" id="watch-status" data-status="finding">{t('watch.finding')}</p>}>
      {(r) => <Watching link={props.link} net={gameNetConfig(r().config, props.link)} scheme={r().scheme} />}
    </Show>
  );
}

const nonce = (): string => toHex(crypto.getRandomValues(new Uint8Array(8)));

function Watching(props: { link: ShareLink; net: NetConfig; scheme: SignatureScheme }) {
  const [spectator, setSpectator] = createSignal<Spectator | null>(null);
  const [problem, setProblem] = createSignal<string | null>(null);
  let closed = false;
  const finder = findWatched(props.link, yWebrtcConnect(props.net), props.scheme);
  void finder.found.then(async (watched) => {
    finder.dispose();
    if (closed) return;
    const game = watched.genesis;
    const transport = makeMesh({
      seat: -1,
      ids: meshIds(game.id, game.keys.length),
      token: nonce() + nonce(),
      watcherId: watcherId(game.id, nonce()),
      server: peerServerAddress(props.net.signaling),
      ice: props.net.ice,
      maxMessageBytes: game.genesis.settings.maxMessageBytes,
    });
    const started = await startSpectator({ watched, transport, scheme: props.scheme });
    if (!started.ok) {
      transport.dispose();
      return void setProblem(started.error.message);
    }
    if (closed) return started.value.dispose();
    setSpectator(started.value);
  });
  onCleanup(() => {
    closed = true;
    finder.dispose();
    spectator()?.dispose();
  });
  return (
    <Show
      when={spectator()}
      fallback={
        <main class="page">
          <h1>{t('online.watch')}</h1>
          <p id="watch-status" data-status={problem() ? 'failed' : 'finding'} role="status" class={problem() ? 'error' : ''}>
            {problem() ? t('watch.badGame', { reason: problem()! }) : t('watch.finding')}
          </p>
          <a href="#/">{t('app.home')}</a>
        </main>
      }
    >
      {(s) => <WatchScreen spectator={s()} />}
    </Show>
  );
}

/** The watch screen of a spectator that found the game: its banner, the read-only game, the seats reached. */
export function WatchScreen(props: { spectator: Spectator }) {
  const spectator = props.spectator;
  const genesis = spectator.follower.replay().genesis;
  const setup = (JSON.parse(genesis) as { setup: Parameters<typeof newGame>[0] }).setup;
  const created = newGame(setup);
  if (!created.ok) throw new Error(created.error.message);
  const table = makeSpectatorTable(spectator.follower, created.value);
  onCleanup(() => table.dispose());
  const [view, setView] = createSignal<SpectatorView>(spectator.view());
  onCleanup(
    spectator.on((e) => {
      if (e.kind === 'view') setView(e.view);
      else setView(spectator.view());
    }),
  );
  // The banner reads the very view the board shows: the table's, which follows the follower after
  // the spectator's own listener has run (reading it then gave the element before).
  const [shown, setShown] = createSignal<TableView>(table.view());
  onCleanup(table.subscribe(setShown));
  const config: LocalGameConfig = {
    mode: 'bots',
    seed: '',
    seats: setup.players.map((p) => ({ colour: p.colour, civilisation: p.civilisation, bot: false, remote: true, name: '' })),
  };
  const replayText = (): string => makeReplayText(spectator.follower.replay());
  const save = (): void => {
    const url = URL.createObjectURL(new Blob([replayText()], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'battle-for-eden.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const openReplay = (): void => {
    setPendingReplay(new File([replayText()], 'battle-for-eden.json', { type: 'application/json' }));
    navigate('/replay');
  };
  const status = (): string => {
    const v = view();
    const game = v.game;
    const winner = (): Seat | null => (game.state.phase.name === 'conquest' ? game.state.phase.winner : null);
    if (v.status === 'over') return t('watch.over', { how: game.end ? endWords(game.end, winner(), language()) : t('end.over') });
    const stopped = game.stopped;
    if (stopped) return t('watch.stopped', { player: playerName(stopped.seat, language()), code: stopped.code, seq: stopped.seq });
    // Ended (its last element in), the final signatures still to come: no next turn to wait for.
    if (game.end) return t('watch.ending', { how: endWords(game.end, winner(), language()) });
    if (v.status === 'connecting') return t('watch.connecting');
    const { state, awaiting: who } = shown();
    const what = who.kind === 'seat' ? t('game.waitingFor', { player: playerName(who.seat, language()) }) : who.kind === 'over' ? t('game.overNoWinner') : t('game.random');
    return t('watch.following', { what: `${what} — ${state.phase.name === 'conquest' ? `${t('game.phase.conquest')} · ${t('game.day', { day: state.phase.day })}` : t(`game.phase.${state.phase.name}` as Key)}` });
  };
  return (
    <div class="online-game watch">
      <p class="banner" role="status" id="watch-status" data-status={view().status} data-seq={view().game.seq}>
        {status()}{' '}
        <Show when={view().status === 'over' || view().status === 'stopped'}>
          <button type="button" id="save-replay" onClick={save}>
            {t('watch.save')}
          </button>{' '}
          <button type="button" id="verify-replay" onClick={openReplay}>
            {t('watch.verify')}
          </button>
        </Show>
      </p>
      <p class="help">{t('watch.readOnly')}</p>
      <Show when={view().refused > 0}>
        <p class="banner error" id="watch-refused">
          {t('watch.refused', { count: view().refused })}
        </p>
      </Show>
      <ul class="connections" aria-label={t('online.connections')}>
        <For each={view().peers}>
          {(state, i) => (
            <li class={`conn conn-${state}`} data-seat={i()}>
              <span class="dot" aria-hidden="true" /> {playerName(i(), language())}: {t(`online.peer.${state}` as Key)}
            </li>
          )}
        </For>
      </ul>
      <GameScreen table={table} config={config} flat={false} readOnly onAutoplay={() => undefined} onReplay={openReplay} />
    </div>
  );
}
