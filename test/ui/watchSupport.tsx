import { render } from 'solid-js/web';
import type { Seat } from '../../engine/index.js';
import { makeMessage, parseGenesisText, type Replay, type SignatureScheme } from '../../engine/protocol/index.js';
import { finalsMessage, type Spectator, startSpectator } from '../../src/net/spectate.js';
import { Listeners, type LinkState, type Transport } from '../../src/net/transport.js';
import { WatchScreen } from '../../src/online/WatchRoute.js';

/**
 * A transport with no page behind it: every seat looks connected, and the test hands the
 * spectator what a seat's page would send (`deliver`), which the spectator checks as any other.
 */
export function scriptedTransport(seats: number): { transport: Transport; deliver: (from: Seat, text: string) => void } {
  const states: LinkState[] = new Array<LinkState>(seats).fill('connected');
  const inbox = new Listeners<[number, string]>();
  const transport: Transport = {
    seat: -1,
    send: () => undefined,
    onMessage: (l) => inbox.add(l),
    onState: (l) => new Listeners<[number, LinkState]>().add(l),
    onReport: () => () => undefined,
    states: () => states,
    dispose: () => inbox.clear(),
  };
  return { transport, deliver: (from, text) => inbox.emit(from, text) };
}

export interface WatchedScreen {
  readonly spectator: Spectator;
  readonly host: HTMLElement;
  /** Seat 0's page sends the elements from `from` on, as it answers a spectator (a history message). */
  history(from: number, elements: Replay['log']): void;
  /** Seat 0's page sends the final signatures. */
  finals(entries: Replay['finals']): void;
  dispose(): void;
}

/** A spectator of a replay's game (nothing accepted yet) and its watch screen. */
export async function watchScreenOf(replay: Replay, scheme: SignatureScheme): Promise<WatchedScreen> {
  const genesis = parseGenesisText(replay.genesis);
  if (!genesis.ok) throw new Error(genesis.error.message);
  const { transport, deliver } = scriptedTransport(genesis.value.keys.length);
  const started = await startSpectator({ watched: { genesis: genesis.value, genesisSignatures: replay.genesisSignatures }, transport, scheme });
  if (!started.ok) throw new Error(started.error.message);
  const spectator = started.value;
  const host = document.createElement('div');
  document.body.append(host);
  const unmount = render(() => <WatchScreen spectator={spectator} />, host);
  return {
    spectator,
    host,
    history: (from, elements) => deliver(0, makeMessage({ t: 'history', from, elements })),
    finals: (entries) => deliver(0, finalsMessage(entries)),
    dispose: () => {
      unmount();
      host.remove();
      spectator.dispose();
    },
  };
}
