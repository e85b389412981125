import { Show, createMemo, createSignal } from 'solid-js';
import { Board } from '../board/Board.js';
import { HexMap } from '../board/HexMap.js';
import { NO_HIGHLIGHTS } from '../board/types.js';
import { type LegendPlayer, Legend } from '../board/Legend.js';
import { t } from '../i18n/index.js';
import { type LocalMap, buildLocalMap, isPlayerCount, isShownDay } from './localMap.js';
import { positionInWorker } from '../table/botClient.js';
import { MapControls } from './MapControls.js';

/** A fresh seed: 8 base-36 characters from the platform's randomness. */
export function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

/** Initial inputs from the route's query (#/map?players=4&seed=abc&day=5), so a map can be linked to. */
export function inputsFromQuery(q: URLSearchParams): { players: number; seed: string; day: number | null } {
  const players = Number(q.get('players'));
  const day = Number(q.get('day'));
  return { players: isPlayerCount(players) ? players : 4, seed: q.get('seed') || 'eden', day: isShownDay(day) ? day : null };
}

/**
 * Container: holds the inputs and the built map, asks the engine for a new map on request,
 * and hands the state whole to the presentational map, legend and controls. The map is held
 * whole in a signal: a store would write into the engine's state objects (issue 8, item 7).
 */
export function MapExplorer(props: { players: number; seed: string; view?: 'flat' | '3d';
  /** The conquest's day to show (played by greedy agents), or none: the map as built. */
  day?: number | null;
  /** The 3D board over the whole window (the benchmark's 1280 x 720 frame). */
  full?: boolean; onBuilt?: (map: LocalMap) => void }) {
  // The initial values only seed the inputs; later prop changes are not followed.
  const [players, setPlayers] = createSignal(props.players);
  const [seed, setSeed] = createSignal(props.seed);
  const [map, setMap] = createSignal<LocalMap | null>(null);
  const [error, setError] = createSignal<string | null>(null);

  // A day's position is played by greedy agents in the bots' Worker; only the latest draw shows.
  let drawn = 0;
  const draw = (): void => {
    const mine = ++drawn;
    const shown = (built: LocalMap): void => {
      if (mine !== drawn) return;
      setMap(built);
      setError(null);
      props.onBuilt?.(built);
    };
    const failed = (e: unknown): void => {
      if (mine === drawn) setError(e instanceof Error ? e.message : String(e));
    };
    try {
      if (props.day) positionInWorker(players(), seed(), props.day).then(shown, failed);
      else shown(buildLocalMap(players(), seed()));
    } catch (e) {
      failed(e);
    }
  };
  draw();

  const legendPlayers = createMemo((): LegendPlayer[] => (map()?.state.seats ?? []).map((s, seat) => ({ seat, colour: s.colour, civilisation: s.civilisation })));

  return (
    <main class="map-explorer page">
      <header>
        <h1>{t('explorer.title')}</h1>
        <p class="subtitle">{t('explorer.subtitle')}</p>
        <MapControls
          players={players()}
          seed={seed()}
          onPlayers={(n) => {
            setPlayers(n);
            draw();
          }}
          onSeed={setSeed}
          onDraw={draw}
          onNewMap={() => {
            setSeed(randomSeed());
            draw();
          }}
        />
      </header>
      <Show when={error()}>
        <p class="error" role="alert">
          {error()}
        </p>
      </Show>
      <Show when={map()}>
        {(m) => (
          <>
            <div class="board-and-legend">
              <Show when={props.view === '3d'} fallback={
                  <div class="map-scroll">
                    <HexMap natural state={m().state} label={t('explorer.label', { players: m().players, seed: m().seed })} />
                  </div>
                }>
                <div class="explorer-3d" classList={{ full: !!props.full }}>
                  <Board state={m().state} highlights={NO_HIGHLIGHTS} label={t('explorer.label', { players: m().players, seed: m().seed })} />
                </div>
              </Show>
              <Legend players={legendPlayers()} />
            </div>
            <p class="hash">
              {t('explorer.hash')}:{' '}
              <code id="state-hash" data-seed={m().seed} data-players={String(m().players)} data-tiles={String(Object.keys(m().state.map).length + m().players)}>
                {m().hash}
              </code>
            </p>
          </>
        )}
      </Show>
    </main>
  );
}
