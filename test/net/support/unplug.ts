/**
 * A page whose network goes down for a while, its game still running: unplugged, its mesh node is
 * destroyed (its data channels close, the signaling server loses it) and what it sends is lost;
 * plugged in again, a new mesh node takes the seat's id back with its token and dials the others,
 * and each channel that comes up tells the game so (which makes the protocol catch up).
 * A network may fail one way first: deaf, the page hears nothing while what it sends still goes.
 */
import type { Seat } from '../../../engine/index.js';
import { Listeners, type LinkState, type Transport, type TransportReport } from '../../../src/net/transport.js';

export interface Pluggable extends Transport {
  /** From now until plugged in again, nothing reaches the page. */
  deafen(): void;
  unplug(): void;
  readonly plugged: boolean;
  plugIn(): void;
}

/** `first` is the page's mesh node now; `open` makes a new one for the same seat. */
export function pluggable(first: Transport, open: () => Transport): Pluggable {
  const messages = new Listeners<[Seat, string]>();
  const states = new Listeners<[Seat, LinkState]>();
  const reports = new Listeners<[TransportReport]>();
  let inner: Transport | null = null;
  let offline: LinkState[] = [];
  let disposed = false;
  let deaf = false;
  const attach = (t: Transport): void => {
    inner = t;
    t.onMessage((from, text) => deaf || messages.emit(from, text));
    t.onState((seat, state) => states.emit(seat, state));
    t.onReport((report) => reports.emit(report));
  };
  attach(first);
  return {
    seat: first.seat,
    send: (text, to) => inner?.send(text, to),
    onMessage: (l) => messages.add(l),
    onState: (l) => states.add(l),
    onReport: (l) => reports.add(l),
    states: () => inner?.states() ?? offline,
    deafen: () => void (deaf = true),
    get plugged() {
      return inner !== null;
    },
    unplug() {
      if (!inner || disposed) return;
      offline = inner.states().map((_, s) => (s === first.seat ? 'connected' : 'reconnecting'));
      inner.dispose();
      inner = null;
      for (const [s, state] of offline.entries()) if (s !== first.seat) states.emit(s, state);
    },
    plugIn() {
      if (inner || disposed) return;
      deaf = false;
      attach(open());
    },
    dispose() {
      disposed = true;
      inner?.dispose();
      inner = null;
      messages.clear();
      states.clear();
      reports.clear();
    },
  };
}
