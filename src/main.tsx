import { render } from 'solid-js/web';
import { App } from './app/App.js';
import { freezeStatesInDevelopment } from './app/freeze.js';
import { languageReady } from './i18n/index.js';
// Styles by area, in cascade order (all small: one file each, loaded with the page).
import './styles/base.css';
import './styles/home.css';
import './styles/board.css';
import './styles/game.css';
import './styles/cards.css';
import './styles/replay.css';
import './styles/online.css';
import './styles/public.css';
import './styles/learn.css';

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
    /** A frame of a camera move: the badges laid out again, then rendered; its main-thread time in ms. */
    moveFrame(): number;
    /** The count badges drawn, with their boxes on the page (CSS px: centre and size), read back from what is drawn. */
    badges(): { key: string; kind: 'territory' | 'frontier' | 'wild'; value: number; folded: number; x: number; y: number; w: number; h: number }[];
    /** The badges the layout could not place near their anchor or off the screen, by key ("q,r", "q,r/d", "q,r/wild"); frontiers folded into their territory's badge are not. */
    hiddenBadges(): string[];
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
const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');
// A French page waits for its dictionary (its own chunk) rather than flash English first. Not a
// top-level await: with one, Rolldown split the modules the lazy routes share with this one into
// chunks of their own (8 more files, 1.6 KB more gzipped in the game page).
void languageReady.then(() => {
  const dispose = render(() => <App />, root);
  import.meta.hot?.dispose(dispose);
});
