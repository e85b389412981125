import { For, Show, createResource, createSignal } from 'solid-js';
import {
  MAX_PLAYERS,
  MIN_PLAYERS,
} from '../../engine/index.js';
import { navigate, route } from '../app/router.js';
import { type GameMode, type LocalGameConfig, type SeatConfig, defaultSeats, freshSeed, seatsProblem } from '../game/config.js';
import { loadGame, saveNewGame } from '../game/persist.js';
import { type Key, t } from '../i18n/index.js';
// The link module alone: the networking libraries (peerjs, yjs) load with the online screens.
import { type LinkErrorCode, makeShareFragment, newGameLink, parseShareLink } from '../net/link.js';
import { setPendingReplay } from '../replay/pending.js';
import { SeatEditor } from './SeatEditor.js';

const COUNTS = Array.from({ length: MAX_PLAYERS - MIN_PLAYERS + 1 }, (_, i) => MIN_PLAYERS + i);

/** The Home screen: set up a local game, resume one, open a replay, create or join an online game. */
export function Home() {
  const [stored] = createResource(loadGame);
  return (
    <main class="home page">
      <header class="hero">
        <h1>{t('app.title')}</h1>
        <p class="subtitle">{t('app.tagline')}</p>
      </header>
      <Show when={stored()}>
        {(g) => (
          <p>
            <button type="button" id="resume" class="primary" onClick={() => navigate(g().config.mode === 'bots' ? '/local' : '/hotseat')}>
              {t('home.resume')}
            </button>
          </p>
        )}
      </Show>
      <NewGameCard />
      <div class="home-grid">
        <ReplayCard />
        <OnlineCard />
        <MoreCard />
      </div>
    </main>
  );
}

/** A new local game: against bots or hot-seat, its seats, Start. */
function NewGameCard() {
  const [mode, setMode] = createSignal<GameMode>('bots');
  const [seats, setSeats] = createSignal<readonly SeatConfig[]>(defaultSeats(4, 'bots'));
  const problem = () => seatsProblem(seats());
  const chooseMode = (m: GameMode): void => {
    setMode(m);
    setSeats(defaultSeats(seats().length, m));
  };
  const setCount = (n: number): void => {
    const kept = seats().slice(0, n);
    setSeats([...kept, ...defaultSeats(n, mode()).slice(kept.length)]);
  };
  const start = async (): Promise<void> => {
    if (problem()) return;
    // `#/?seed=...` deals a chosen game again (a bug report, a test); otherwise a fresh secret.
    const chosen = route().query.get('seed');
    const seed = chosen && /^[\w-]{1,64}$/.test(chosen) ? chosen : freshSeed();
    const config: LocalGameConfig = { mode: mode(), seats: seats(), seed };
    await saveNewGame(config);
    navigate(mode() === 'bots' ? '/local' : '/hotseat');
  };
  return (
    <section class="card" aria-labelledby="new-game">
      <div class="tabs" role="tablist">
        <button type="button" role="tab" id="mode-bots" aria-selected={mode() === 'bots'} onClick={() => chooseMode('bots')}>
          {t('home.bots')}
        </button>
        <button type="button" role="tab" id="mode-hotseat" aria-selected={mode() === 'hotseat'} onClick={() => chooseMode('hotseat')}>
          {t('home.hotseat')}
        </button>
      </div>
      <h2 id="new-game" class="visually-hidden">
        {mode() === 'bots' ? t('home.bots') : t('home.hotseat')}
      </h2>
      <p class="help">{mode() === 'bots' ? t('home.botsHelp') : t('home.hotseatHelp')}</p>
      <label class="inline">
        {t('home.players')}{' '}
        <select id="player-count" value={String(seats().length)} onChange={(e) => setCount(Number(e.currentTarget.value))}>
          <For each={COUNTS}>{(n) => <option value={String(n)}>{n}</option>}</For>
        </select>
      </label>
      <SeatEditor seats={seats()} onChange={(i, next) => setSeats(seats().map((s, j) => (j === i ? next : s)))} />
      <Show when={problem()}>{(p) => <p class="error" role="alert">{t(p())}</p>}</Show>
      <button type="button" id="start" class="primary" disabled={problem() !== null} onClick={() => void start()}>
        {t('home.start')}
      </button>
    </section>
  );
}

/** A replay file, opened in the replay viewer. */
function ReplayCard() {
  return (
    <section class="card" aria-labelledby="replay-title">
      <h2 id="replay-title">{t('home.replay')}</h2>
      <p class="help">{t('home.replayHelp')}</p>
      <label class="file-button button-like">
        {t('replay.open')}…
        <input
          type="file"
          id="replay-file"
          class="visually-hidden"
          accept=".json,.gz,application/json,application/gzip"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (!file) return;
            setPendingReplay(file);
            navigate('/replay');
          }}
        />
      </label>
    </section>
  );
}

/** Create an online game, or join one by its link. */
function OnlineCard() {
  const [joinText, setJoinText] = createSignal('');
  const [joinError, setJoinError] = createSignal<LinkErrorCode | null>(null);
  /** A new room and secret (128 random bits), kept in the URL fragment: the link is the invitation. */
  const createOnline = (): void => {
    const link = newGameLink();
    // The online screens' module (loaded with them anyway): the lobby's creator writes the first settings.
    void import('../online/identity.js').then(({ markCreated }) => {
      markCreated(link.room, {});
      navigate(makeShareFragment(link).slice(1));
    });
  };
  /** A pasted link: checked before anything; a link to another address opens there. */
  const join = (): void => {
    const text = joinText().trim();
    const parsed = parseShareLink(text);
    if (!parsed.ok) return void setJoinError(parsed.error.code);
    setJoinError(null);
    const hash = text.indexOf('#');
    const address = hash < 0 ? '' : text.slice(0, hash);
    if (address !== '' && address !== location.href.slice(0, location.href.indexOf('#') < 0 ? undefined : location.href.indexOf('#'))) location.assign(text);
    else navigate(makeShareFragment(parsed.value).slice(1));
  };
  return (
    <section class="card" aria-labelledby="online-title">
      <h2 id="online-title">{t('home.online')}</h2>
      <p class="help">{t('home.createHelp')}</p>
      <p>
        <button type="button" id="create-online" onClick={() => createOnline()}>
          {t('home.create')}
        </button>
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          join();
        }}
      >
        <label class="inline">
          {t('home.join')}{' '}
          <input type="url" id="join-link" placeholder="https://…/#/g/…" value={joinText()} onInput={(e) => setJoinText(e.currentTarget.value)} />
        </label>{' '}
        <button type="submit" id="join">
          {t('home.joinGo')}
        </button>
      </form>
      <Show when={joinError()}>{(code) => <p class="error" role="alert" id="join-error">{t(`online.link.${code()}` as Key)}</p>}</Show>
    </section>
  );
}

/** The rules, the card gallery, the map explorer. */
function MoreCard() {
  return (
    <section class="card" aria-labelledby="more-title">
      <h2 id="more-title">{t('home.more')}</h2>
      <ul class="links">
        <li>
          <a href="#/rules">{t('app.rules')}</a>
        </li>
        <li>
          <a href="#/cards">{t('home.gallery')}</a>
        </li>
        <li>
          <a href="#/map">{t('home.mapExplorer')}</a>
        </li>
      </ul>
    </section>
  );
}
