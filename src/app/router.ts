import { createSignal } from 'solid-js';

/** A hash route: `#/replay?at=12` is { path: '/replay', query: at=12 }. A fragment never reaches a server. */
export interface Route {
  readonly path: string;
  readonly query: URLSearchParams;
}

export function parseRoute(hash: string): Route {
  const body = hash.replace(/^#/, '') || '/';
  const q = body.indexOf('?');
  const path = (q < 0 ? body : body.slice(0, q)) || '/';
  return { path: path.startsWith('/') ? path : `/${path}`, query: new URLSearchParams(q < 0 ? '' : body.slice(q + 1)) };
}

const [route, setRoute] = createSignal<Route>(parseRoute(globalThis.location?.hash ?? ''));
/** Counts visits from outside the page's own navigation (address bar, links, back): the screen opens afresh. */
const [visit, setVisit] = createSignal(0);
globalThis.addEventListener?.('hashchange', () => {
  setRoute(parseRoute(location.hash));
  setVisit(visit() + 1);
});

/** The current route, following the address bar. */
export { route, visit };

/** Goes to a route (`'/local'`, `'/replay?at=3'`); `replace` keeps the history entry. */
export function navigate(to: string, replace = false): void {
  const hash = `#${to}`;
  if (replace) history.replaceState(null, '', hash);
  else history.pushState(null, '', hash);
  setRoute(parseRoute(hash));
}
