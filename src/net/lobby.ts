/**
 * The lobby: players gather in a Yjs document shared over y-webrtc, its signaling sealed with a key
 * derived from the share link's secret (seal.ts), take seats, choose colours and
 * civilisations, set the table's settings, chat, and mark themselves ready. Presence travels
 * in Yjs awareness. The lobby carries no game state: when every seat is ready, each page computes
 * the same genesis from the document, signs it for the seats it holds (its own; the bots' on the
 * bots' host), and once every seat's signature is in and checks, the game starts on every page.
 *
 * Here: the lobby's interface and the connection. A page's part in the lobby is one record
 * (lobby-page.ts: the document, the seats' secrets, the signing) and the members' actions are
 * small functions over it (lobby-actions.ts).
 */
import { WebrtcProvider } from 'y-webrtc';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { type Civilisation, type Colour, hashText, type Result, type Seat, toHex } from '../../engine/index.js';
import type { ParsedGenesis, SeatSecrets, SignatureScheme } from '../../engine/protocol/index.js';
import { yWebrtcUrl } from './endpoints.js';
import { type IceConfig, rtcConfiguration } from './ice.js';
import { roomKey, type SignalingSocket, sealTopic } from './seal.js';
import type { ShareLink } from './link.js';
import type { LobbySettings, LobbySnapshot } from './lobby-doc.js';
import { choose, hostBots, leaveSeat, say, setBot, setName, setReady, takeSeat, updateSettings } from './lobby-actions.js';
import { emitView, lobbyView, openLobbyPage, refresh } from './lobby-page.js';

/** How the document reaches the other members, and who is present. */
export interface LobbyConnection {
  readonly awareness: Awareness;
  /** Members this page reaches directly (WebRTC data channels for y-webrtc). */
  peers(): number;
  /** Whether the signaling server answers now (y-webrtc retries by itself while it does not). */
  signaling?(): boolean;
  /** Called when `signaling()` may have changed; returns an unsubscribe function. */
  onSignaling?(listener: () => void): () => void;
  /** Tries the signaling server again now, without waiting for the next automatic attempt. */
  retry?(): void;
  destroy(): void;
}
/** Connects a document to the room's other members; `secret` names and seals the room. */
export type Connect = (doc: Y.Doc, room: string, secret: string) => LobbyConnection;

/**
 * The lobby's topic on the signaling server: derived from the room and the secret, so that a
 * page without the secret (a link cut short) never even meets the room's members there.
 */
export const lobbyTopic = (room: string, secret: string): string => `bfe-lobby-${hashText(`bfe/lobby/topic\n${room}\n${secret}`).slice(0, 32)}`;

/**
 * y-webrtc's provider: the lobby's topic on the signaling server, its signaling sealed with a key
 * from the link's secret (seal.ts; not y-webrtc's `password`, which needs a secure context).
 */
export function yWebrtcConnect(config: { signaling: string; ice: IceConfig; Provider?: typeof WebrtcProvider }): Connect {
  const Provider = config.Provider ?? WebrtcProvider;
  return (doc, room, secret) => {
    const topic = lobbyTopic(room, secret);
    const provider = new Provider(topic, doc, { signaling: [yWebrtcUrl(config.signaling)], peerOpts: { config: rtcConfiguration(config.ice) }, maxConns: 20 });
    const conns = provider.signalingConns as unknown as (SignalingSocket & { connected: boolean; connect(): void; on(e: string, f: () => void): void; off(e: string, f: () => void): void })[];
    // Before y-webrtc's first publication: its room opens a microtask later, its socket later still.
    const key = roomKey(room, secret);
    const unseal = conns.map((c) => sealTopic(c, topic, key));
    return {
      awareness: provider.awareness,
      peers: () => provider.room?.webrtcConns.size ?? 0,
      signaling: () => conns.some((c) => c.connected),
      onSignaling(listener) {
        for (const c of conns) (c.on('connect', listener), c.on('disconnect', listener));
        return () => {
          for (const c of conns) (c.off('connect', listener), c.off('disconnect', listener));
        };
      },
      // lib0's websocket client: connect() opens a socket now if none is open or opening.
      retry: () => conns.forEach((c) => !c.connected && c.connect()),
      destroy: () => {
        provider.destroy();
        unseal.forEach((forget) => forget());
      },
    };
  };
}

export const LOBBY_ERRORS = ['RoomFull', 'SeatTaken', 'NoSeat', 'Taken', 'NotAllowed', 'BadInput', 'Started'] as const;
export type LobbyErrorCode = (typeof LOBBY_ERRORS)[number];
export interface LobbyError {
  readonly code: LobbyErrorCode;
  readonly message: string;
}

export interface Member {
  readonly member: string;
  readonly name: string;
}

export interface LobbyView {
  readonly snapshot: LobbySnapshot;
  readonly me: string;
  readonly mySeat: Seat | null;
  /** Every seat is held by someone else: this page can only watch. */
  readonly full: boolean;
  /** Members present now (awareness), this page included. */
  readonly present: readonly Member[];
  /** Members this page reaches directly right now. */
  readonly reached: number;
  /** Whether the signaling server answers (false: this page cannot meet new members until it does). */
  readonly signaling: boolean;
  readonly botsHost: boolean;
  /** Why the game cannot start yet; null once every seat is ready. */
  readonly waiting: string | null;
  /** Signatures gathered for the genesis every page computed ("Signing 3/4"). */
  readonly signing: { readonly genesis: string; readonly signed: number; readonly of: number } | null;
  /** Every seat signed the genesis: the game runs, the lobby is closed (a page playing no seat in it can only watch). */
  readonly started: boolean;
  /**
   * A seat this page took that someone else holds now (`by`, their name): two pages took it at
   * once and the document kept the other's. Cleared when this page takes or leaves a seat.
   */
  readonly lost: { readonly seat: Seat; readonly by: string } | null;
}

/** What the game needs to start on this page: the signed genesis and the secrets of the seats it plays. */
export interface LobbyStart {
  readonly genesis: ParsedGenesis;
  readonly genesisSignatures: readonly string[];
  readonly seats: readonly { readonly seat: Seat; readonly secrets: SeatSecrets; readonly bot: boolean; /** The entropy the secrets come from: what a refreshed page keeps to be the seat again. */ readonly entropy: Uint8Array }[];
}

export interface LobbyOptions {
  readonly link: ShareLink;
  /** This page's member id (random, kept for the session: a refreshed page keeps its seat). */
  readonly member: string;
  readonly name: string;
  readonly connect: Connect;
  readonly scheme: SignatureScheme;
  /** 32 bytes of secret entropy per seat (crypto.getRandomValues by default). */
  readonly entropy?: () => Uint8Array;
  /** The creator's settings, written when the page opens the lobby. */
  readonly create?: Partial<LobbySettings>;
  /**
   * The room's document as this browser kept it (Lobby.encode: a refresh, another tab that took
   * the lobby over), merged before connecting: a lobby whose other members are all gone is not lost.
   */
  readonly initial?: Uint8Array;
}

export interface Lobby {
  view(): LobbyView;
  subscribe(listener: (view: LobbyView) => void): () => void;
  /** Takes a seat (the first free one when none is named); moves there if this page holds another. */
  takeSeat(seat?: Seat): Result<Seat, LobbyError>;
  leaveSeat(): void;
  setName(name: string): void;
  choose(choice: { colour?: Colour; civilisation?: Civilisation }): Result<void, LobbyError>;
  setReady(ready: boolean): Result<void, LobbyError>;
  /** A bot in a free seat (on), or the seat freed (off). Bots run on the bots' host page. */
  setBot(seat: Seat, on: boolean): Result<void, LobbyError>;
  updateSettings(patch: Partial<Omit<LobbySettings, 'botsHost'>>): Result<void, LobbyError>;
  /** This page runs the bots from now on. */
  hostBots(): void;
  say(text: string): Result<void, LobbyError>;
  /** Tries the signaling server again now (the "Retry" of a failed connection). */
  retrySignaling(): void;
  /** The room's document as this page holds it (a Yjs update), for the page that holds the lobby next (LobbyOptions.initial). */
  encode(): Uint8Array;
  /**
   * Resolves when every seat has signed the genesis (the game starts) and this page plays a seat
   * in it. A page that plays none (a newcomer once the game has started) only sees `view().started`.
   */
  readonly started: Promise<LobbyStart>;
  dispose(): void;
}

export function makeLobby(options: LobbyOptions): Lobby {
  if (options.link.kind !== 'play') throw new Error('makeLobby: a play link is needed (a watch link cannot take seats)');
  const { page, started } = openLobbyPage(options);
  const onUpdate = (): void => refresh(page);
  page.doc.on('update', onUpdate);
  // What the connection brought before the handler listened (a connection that syncs at once).
  refresh(page);
  page.connection.awareness.on('change', () => emitView(page));
  const stopSignaling = page.connection.onSignaling?.(() => emitView(page));
  return {
    view: () => lobbyView(page),
    subscribe: (l) => page.listeners.add(l),
    takeSeat: (seat) => takeSeat(page, seat),
    leaveSeat: () => leaveSeat(page),
    setName: (next) => setName(page, next),
    choose: (choice) => choose(page, choice),
    setReady: (ready) => setReady(page, ready),
    setBot: (seat, on) => setBot(page, seat, on),
    updateSettings: (patch) => updateSettings(page, patch),
    hostBots: () => hostBots(page),
    retrySignaling: () => page.connection.retry?.(),
    encode: () => Y.encodeStateAsUpdate(page.doc),
    say: (text) => say(page, text),
    started,
    dispose() {
      if (page.disposed) return;
      page.disposed = true;
      page.listeners.clear();
      stopSignaling?.();
      page.doc.off('update', onUpdate);
      page.connection.destroy();
      page.doc.destroy();
    },
  };
}

/** A member id for this page: 16 random bytes, hex. */
export const newMemberId = (): string => toHex(crypto.getRandomValues(new Uint8Array(16)));
