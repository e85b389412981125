import { render } from 'solid-js/web';
import { MapDemo, inputsFromQuery } from './demo/MapDemo.js';
import { buildLocalMap } from './demo/localMap.js';
import './styles.css';

/** Hooks for tests and the console: the same computation the page shows. */
export interface BfeDebug {
  /** The state hash at the end of map creation for (players, seed). */
  hashFor(players: number, seed: string): string;
}

declare global {
  interface Window {
    bfe: BfeDebug;
  }
}

window.bfe = { hashFor: (players, seed) => buildLocalMap(players, seed).hash };

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');
const initial = inputsFromQuery(location.search);
const dispose = render(
  () => (
    <MapDemo
      players={initial.players}
      seed={initial.seed}
      onBuilt={(map) => history.replaceState(null, '', `?players=${map.players}&seed=${encodeURIComponent(map.seed)}`)}
    />
  ),
  root,
);
import.meta.hot?.dispose(dispose);
