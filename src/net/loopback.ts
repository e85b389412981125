/**
 * The game channel between seats of one page (a local game through the protocol): every text is
 * delivered to the other seats' sessions after the sender's step (a microtask: no timer clamping,
 * and the page still renders between a person's or a bot's moves), in order, as a network would.
 */
import type { Seat } from '../../engine/index.js';
import { Listeners, type LinkState, type Transport, type TransportReport } from './transport.js';

export function makeLoopback(seats: number): Transport[] {
  const inboxes = Array.from({ length: seats }, () => new Listeners<[Seat, string]>());
  return Array.from({ length: seats }, (_, me): Transport => {
    let open = true;
    const deliver = (to: Seat, text: string): void => {
      queueMicrotask(() => open && inboxes[to]!.emit(me, text));
    };
    return {
      seat: me,
      send(text, to) {
        if (!open) return;
        if (to !== undefined) {
          if (to !== me && to >= 0 && to < seats) deliver(to, text);
          return;
        }
        for (let s = 0; s < seats; s++) if (s !== me) deliver(s, text);
      },
      onMessage: (l) => inboxes[me]!.add(l),
      onState: (_l: (seat: Seat, state: LinkState) => void) => () => undefined,
      onReport: (_l: (report: TransportReport) => void) => () => undefined,
      states: () => Array.from({ length: seats }, (): LinkState => 'connected'),
      dispose() {
        if (!open) return;
        open = false;
        inboxes[me]!.clear();
      },
    };
  });
}
