import { createSignal } from 'solid-js';

/**
 * A hash route: `#/replay?at=12` is { path: '/replay', query: at=12 }; a second `#` names a place
 * in the page (`#/rules#E15`: the rule E15). A fragment never reaches a server.
 */
export interface Route {
  readonly path: string;
  readonly query: URLSearchParams;
  readonly anchor: string | null;
}

export function parseRoute(hash: string): Route {
  const whole = hash.replace(/^#/, '') || '/';
  const a = whole.indexOf('#');
  const body = a < 0 ? whole : whole.slice(0, a);
  const q = body.indexOf('?');
  const path = (q < 0 ? body : body.slice(0, q)) || '/';
  return { path: path.startsWith('/') ? path : `/${path}`, query: new URLSearchParams(q < 0 ? '' : body.slice(q + 1)), anchor: a < 0 ? null : anchorOf(whole.slice(a + 1)) };
}

/** A place named in the address: letters, digits, dashes (a rule id); anything else is no place. */
const anchorOf = (text: string): string | null => (/^[\w-]{1,64}$/.test(text) ? text : null);

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
