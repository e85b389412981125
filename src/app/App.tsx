import { Match, Show, Suspense, Switch, lazy } from 'solid-js';
import { LANGUAGES } from '../display/index.js';
import { Home } from '../home/Home.js';
import { language, setLanguage, t } from '../i18n/index.js';
import { route, visit } from './router.js';
import { setSound, soundOn } from './sound.js';

// Screens that only some visits need are loaded on demand: the 3D board and the game, the
// replay verifier, the rules text, the card gallery, the map explorer, the guided game.
const GameRoute = lazy(() => import('../game/GameRoute.js'));
const ReplayScreen = lazy(() => import('../replay/ReplayScreen.js'));
const RulesPage = lazy(() => import('./RulesPage.js'));
const Gallery = lazy(() => import('../cards/Gallery.js'));
const ExplorerRoute = lazy(() => import('../explorer/ExplorerRoute.js'));
const OnlineRoute = lazy(() => import('../online/OnlineRoute.js'));
const LearnRoute = lazy(() => import('../learn/LearnRoute.js'));

/** The bar on every screen: home, rules, language and sound. */
function TopBar() {
  return (
    <nav class="topbar" aria-label="Battle For Eden">
      <a class="brand" href="#/">
        {t('app.title')}
      </a>
      <span class="spacer" />
      <a href="#/rules">{t('app.rules')}</a>
      <span class="lang" role="group" aria-label={t('app.language')}>
        {LANGUAGES.map((l) => (
          <button type="button" class="lang-button" data-lang={l} aria-pressed={language() === l} onClick={() => setLanguage(l)}>
            {l.toUpperCase()}
          </button>
        ))}
      </span>
      <button type="button" id="sound" aria-pressed={soundOn()} aria-label={`${t('app.sound')}: ${soundOn() ? t('app.on') : t('app.off')}`} onClick={() => setSound(!soundOn())}>
        <span aria-hidden="true">{soundOn() ? '♪' : '×'}</span> <span class="sound-word">{t('app.sound')}: {soundOn() ? t('app.on') : t('app.off')}</span>
      </button>
    </nav>
  );
}

export function App() {
  const path = () => route().path;
  return (
    <div class="app">
      <TopBar />
      <Suspense fallback={<p class="loading">{t('app.loading')}</p>}>
        <Show when={String(visit())} keyed>
        <Switch fallback={<p class="page error">{t('app.notFound', { path: path() })}</p>}>
          <Match when={path() === '/'}>
            <Home />
          </Match>
          <Match when={path() === '/local' || path() === '/hotseat'}>
            <GameRoute />
          </Match>
          <Match when={path() === '/replay'}>
            <ReplayScreen />
          </Match>
          <Match when={path() === '/learn'}>
            <LearnRoute />
          </Match>
          <Match when={path() === '/rules'}>
            <RulesPage />
          </Match>
          <Match when={path() === '/cards'}>
            <Gallery />
          </Match>
          <Match when={path() === '/map'}>
            <ExplorerRoute />
          </Match>
          <Match when={path().startsWith('/g/') || path().startsWith('/w/')}>
            <OnlineRoute />
          </Match>
        </Switch>
        </Show>
      </Suspense>
    </div>
  );
}
