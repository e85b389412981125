import { render } from 'solid-js/web';
import { App } from './app/App.js';
import { freezeStatesInDevelopment } from './app/freeze.js';
import { language } from './i18n/index.js';
// Styles by area, in cascade order (all small: one file each, loaded with the page).
import './styles/base.css';
import './styles/home.css';
import './styles/board.css';
import './styles/game.css';
import './styles/cards.css';
import './styles/replay.css';
import './styles/online.css';
import './styles/public.css';

/** Hooks for tests and the console. */
export interface BfeDebug {
  /** The state hash at the end of map creation for (players, seed): the same computation Node makes. */
  hashFor(players: number, seed: string): Promise<string>;
  /** The 3D board's renderer figures, while one is mounted (tests, bench). */
  board?: {
    drawCalls(): number;
    memory(): { geometries: number; textures: number };
    frameMs(): number;
    renderFrame(): number;
    screenOf(q: number, r: number): { x: number; y: number };
  };
  /** renderer.info.memory read after the last 3D board unmounted and disposed of everything. */
  lastDisposed?: { geometries: number; textures: number };
  /** Milliseconds from navigation start to the first frame of the 3D board. */
  firstBoardFrame?: number;
  /** Which SHA-512 the engine uses in this page, once chosen: WebAssembly (hash-wasm) or tweetnacl. */
  hashEngine?: 'wasm' | 'tweetnacl';
}

declare global {
  interface Window {
    bfe: BfeDebug;
  }
}

freezeStatesInDevelopment();
// The engine loads with the explorer's chunk, not with the Home screen.
window.bfe = { hashFor: async (players, seed) => (await import('./explorer/localMap.js')).buildLocalMap(players, seed).hash };
// The faster hash loads beside the page (its own chunk), and serves the engine once it agrees with it.
void import('./app/fastHash.js')
  .then((m) => m.installFastHash())
  .then((wasm) => (window.bfe.hashEngine = wasm ? 'wasm' : 'tweetnacl'));
document.documentElement.lang = language();

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');
const dispose = render(() => <App />, root);
import.meta.hot?.dispose(dispose);
