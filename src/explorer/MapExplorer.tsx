import { createMemo, createSignal, Show } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import { HexMap } from '../board/HexMap.js';
import { type LegendPlayer, Legend } from '../board/Legend.js';
import { boardView } from '../board/tiles.js';
import { type LocalMap, buildLocalMap, isPlayerCount } from './localMap.js';
import { MapControls } from './MapControls.js';

const HEX_SIZE = 40;

/** A fresh seed: 8 base-36 characters from the platform's randomness. */
export function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

/** Initial inputs from the page's query (?players=4&seed=abc), so a map can be linked to. */
export function inputsFromQuery(search: string): { players: number; seed: string } {
  const q = new URLSearchParams(search);
  const players = Number(q.get('players'));
  return { players: isPlayerCount(players) ? players : 4, seed: q.get('seed') || 'eden' };
}

interface Snapshot {
  map: LocalMap | null;
  error: string | null;
}

/**
 * Container: holds the inputs and the built map, asks the engine for a new map on request,
 * and hands plain views to the presentational map, legend and controls.
 */
export function MapDemo(props: { players: number; seed: string; onBuilt?: (map: LocalMap) => void }) {
  // The initial values only seed the inputs; later prop changes are not followed.
  const [players, setPlayers] = createSignal(props.players);
  const [seed, setSeed] = createSignal(props.seed);
  const [snapshot, setSnapshot] = createStore<Snapshot>({ map: null, error: null });

  const draw = (): void => {
    try {
      const map = buildLocalMap(players(), seed());
      setSnapshot('map', reconcile(map));
      setSnapshot('error', null);
      props.onBuilt?.(map);
    } catch (e) {
      setSnapshot('error', e instanceof Error ? e.message : String(e));
    }
  };
  draw();

  const board = createMemo(() => (snapshot.map ? boardView(snapshot.map.state, HEX_SIZE) : null));
  const legendPlayers = createMemo((): LegendPlayer[] =>
    (snapshot.map?.state.seats ?? []).map((s, seat) => ({ seat, colour: s.colour, civilisation: s.civilisation })),
  );

  return (
    <main class="map-demo">
      <header>
        <h1>Battle For Eden</h1>
        <p class="subtitle">A map built by random players, from a seed.</p>
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
      <Show when={snapshot.error}>
        <p class="error" role="alert">
          {snapshot.error}
        </p>
      </Show>
      <div class="board-and-legend">
        <Show when={board()}>
          {(b) => <HexMap board={b()} size={HEX_SIZE} label={`Map for ${snapshot.map!.players} players, seed ${snapshot.map!.seed}`} />}
        </Show>
        <Legend players={legendPlayers()} />
      </div>
      <Show when={snapshot.map}>
        {(map) => (
          <p class="hash">
            State hash:{' '}
            <code id="state-hash" data-seed={map().seed} data-players={String(map().players)} data-tiles={String(board()?.tiles.length ?? 0)}>
              {map().hash}
            </code>
          </p>
        )}
      </Show>
    </main>
  );
}
