/**
 * The lobby: players gather in a Yjs document shared over y-webrtc, its signaling sealed with a key
 * derived from the share link's secret (seal.ts), take seats, choose colours and
 * civilisations, set the table's settings, chat, and mark themselves ready. Presence travels
 * in Yjs awareness. The lobby carries no game state: when every seat is ready, each page computes
 * the same genesis from the document, signs it for the seats it holds (its own; the bots' on the
 * bots' host), and once every seat's signature is in and checks, the game starts on every page.
 */
import { WebrtcProvider } from 'y-webrtc';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { type Civilisation, type Colour, err, hashText, ok, type Result, type Seat, toHex } from '../../engine/index.js';
import {
  checkGenesisSignatures,
  DEFAULT_SETTINGS,
  genesisCheck,
  makeGenesisText,
  makeSeatSecrets,
  type ParsedGenesis,
  parseGenesisText,
  type SeatSecrets,
  seatIdentity,
  signGenesis,
  type SignatureScheme,
  verifySignatures,
} from '../../engine/protocol/index.js';
import { yWebrtcUrl } from './endpoints.js';
import { type IceConfig, rtcConfiguration } from './ice.js';
import { roomKey, type SignalingSocket, sealTopic } from './seal.js';
import type { ShareLink } from './link.js';
import {
  BOT,
  CHAT_KEPT,
  cleanName,
  freeChoices,
  type LobbySettings,
  type LobbySnapshot,
  lobbyGenesis,
  MAX_CHAT_TEXT,
  MAX_TIMER,
  MIN_TIMER,
  notReady,
  readLobby,
  type SeatEntry,
} from './lobby-doc.js';
import { Listeners } from './transport.js';

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
const fail = (code: LobbyErrorCode, message: string): { ok: false; error: LobbyError } => err({ code, message });

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
  /** Resolves when every seat has signed the genesis (the game starts). */
  readonly started: Promise<LobbyStart>;
  dispose(): void;
}

export function makeLobby(options: LobbyOptions): Lobby {
  if (options.link.kind !== 'play') throw new Error('makeLobby: a play link is needed (a watch link cannot take seats)');
  const doc = new Y.Doc();
  const settingsMap = doc.getMap('settings');
  const seatsMap = doc.getMap('seats');
  const chat = doc.getArray('chat');
  const signatures = doc.getMap('signatures');
  const me = options.member;
  let name = cleanName(options.name, 'Player');
  const entropy = options.entropy ?? (() => crypto.getRandomValues(new Uint8Array(32)));
  /** The secrets of the seats this page plays, by seat. They never enter the document. */
  const secrets = new Map<Seat, SeatSecrets>();
  const entropies = new Map<Seat, Uint8Array>();
  /** A seat's secrets from fresh entropy, which is kept (see LobbyStart). */
  const seatSecrets = (seat: Seat): SeatSecrets => {
    const bytes = entropy();
    entropies.set(seat, bytes);
    return makeSeatSecrets(seat, bytes, DEFAULT_SETTINGS.beaconLength);
  };
  const listeners = new Listeners<[LobbyView]>();
  let snapshot = readLobby(doc);
  let startedWith: LobbyStart | null = null;
  let resolveStart: (s: LobbyStart) => void = () => undefined;
  const started = new Promise<LobbyStart>((resolve) => (resolveStart = resolve));
  let disposed = false;

  const connection = options.connect(doc, options.link.room, options.link.secret);
  const awareness = connection.awareness;
  awareness.setLocalStateField('member', { member: me, name });

  if (options.create) {
    doc.transact(() => {
      const s = { ...options.create };
      if (s.players !== undefined) settingsMap.set('players', s.players);
      if (s.timer !== undefined) settingsMap.set('timer', s.timer);
      if (s.days !== undefined) settingsMap.set('days', s.days);
      settingsMap.set('botsHost', s.botsHost ?? me);
    });
    // Read again: the document's update handlers are not listening yet.
    snapshot = readLobby(doc);
  }

  const mySeat = (): Seat | null => snapshot.seats.find((s) => s?.owner === me)?.seat ?? null;
  const isBotsHost = (): boolean => snapshot.settings.botsHost === me;
  const writeSeat = (seat: Seat, entry: Record<string, unknown>): void => {
    seatsMap.set(String(seat), entry);
  };
  const entryOf = (s: SeatEntry): Record<string, unknown> => ({
    owner: s.bot ? BOT : s.owner,
    name: s.name,
    colour: s.colour,
    civilisation: s.civilisation,
    ready: s.ready,
    ...(s.identity ? { identity: s.identity } : {}),
  });

  const present = (): Member[] => {
    const out: Member[] = [];
    for (const state of awareness.getStates().values()) {
      const m = (state as { member?: { member?: unknown; name?: unknown } }).member;
      if (m && typeof m.member === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(m.member)) out.push({ member: m.member, name: cleanName(m.name, 'Someone') });
    }
    return out;
  };

  const genesisNow = (): ParsedGenesis | null => {
    const g = lobbyGenesis(options.link.room, snapshot);
    if (!g.ok) return null;
    const parsed = parseGenesisText(makeGenesisText(g.value));
    return parsed.ok ? parsed.value : null;
  };

  const view = (): LobbyView => {
    const seat = mySeat();
    const g = genesisNow();
    const sigs = g ? snapshot.signatures.get(g.id) : undefined;
    return {
      snapshot,
      me,
      mySeat: seat,
      full: seat === null && snapshot.seats.every((s) => s !== null),
      present: present(),
      reached: connection.peers(),
      signaling: connection.signaling?.() ?? true,
      botsHost: isBotsHost(),
      waiting: notReady(snapshot),
      signing: g ? { genesis: g.id, signed: sigs?.size ?? 0, of: g.genesis.seats.length } : null,
    };
  };

  /** The bots' host gives every bot seat an identity it holds the secrets of, and readies it. */
  const tendBots = (): void => {
    if (!isBotsHost() || startedWith) return;
    for (const s of snapshot.seats) {
      if (!s?.bot || !s.colour || !s.civilisation) continue;
      const held = secrets.get(s.seat);
      if (held && s.identity && seatIdentity(held).key === s.identity.key && s.ready) continue;
      const fresh = held ?? seatSecrets(s.seat);
      secrets.set(s.seat, fresh);
      writeSeat(s.seat, entryOf({ ...s, ready: true, identity: seatIdentity(fresh) }));
    }
  };

  /** Signs the genesis for the seats this page holds, and starts once every seat has signed. */
  const sign = async (): Promise<void> => {
    if (startedWith) return;
    const g = genesisNow();
    if (!g) return;
    const have = snapshot.signatures.get(g.id) ?? new Map<Seat, string>();
    // Anyone can write anything in the document: a signature only counts if it verifies, and a
    // seat whose slot holds a bad one signs again.
    const valid = await verifySignatures(options.scheme, g.genesis.seats.map((_, seat) => genesisCheck(g, seat, have.get(seat) ?? '')));
    for (const [seat, held] of secrets) {
      const mine = seat === mySeat() || (isBotsHost() && snapshot.seats[seat]?.bot);
      if (!mine || valid[seat] || g.genesis.seats[seat]?.key !== seatIdentity(held).key) continue;
      const key = `${g.id}/${seat}`;
      const sig = await signGenesis(options.scheme, held.keys, g);
      if (!disposed && signatures.get(key) !== sig) signatures.set(key, sig);
    }
    if (!valid.every(Boolean) || startedWith || disposed) return;
    const list = g.genesis.seats.map((_, seat) => have.get(seat)!);
    const checked = await checkGenesisSignatures(options.scheme, g, list);
    if (!checked.ok || startedWith || disposed) return;
    const playing = [...secrets].filter(([seat, held]) => g.genesis.seats[seat]?.key === seatIdentity(held).key).sort((x, y) => x[0] - y[0]);
    startedWith = { genesis: g, genesisSignatures: list, seats: playing.map(([seat, held]) => ({ seat, secrets: held, bot: snapshot.seats[seat]?.bot ?? false, entropy: entropies.get(seat)! })) };
    resolveStart(startedWith);
  };

  const refresh = (): void => {
    if (disposed) return;
    snapshot = readLobby(doc);
    tendBots();
    void sign();
    listeners.emit(view());
  };
  doc.on('update', refresh);
  awareness.on('change', () => listeners.emit(view()));
  const stopSignaling = connection.onSignaling?.(() => listeners.emit(view()));

  const guard = (): { ok: false; error: LobbyError } | null => (startedWith ? fail('Started', 'The game has started: the lobby is closed.') : null);

  return {
    view,
    subscribe: (l) => listeners.add(l),
    takeSeat(seat) {
      const locked = guard();
      if (locked) return locked;
      const current = mySeat();
      const target = seat ?? snapshot.seats.findIndex((s) => s === null);
      if (seat === undefined && current !== null) return ok(current);
      if (target < 0) return fail('RoomFull', `This game is full: all ${snapshot.settings.players} seats are taken. You can still watch it.`);
      if (!Number.isInteger(target) || target >= snapshot.settings.players) return fail('NoSeat', `There is no seat ${target + 1} in this game.`);
      const holder = snapshot.seats[target];
      if (holder && holder.owner !== me) return fail('SeatTaken', `Seat ${target + 1} is taken by ${holder.name}.`);
      if (holder) return ok(target);
      const choices = freeChoices(snapshot, current);
      const previous = current !== null ? snapshot.seats[current] : null;
      doc.transact(() => {
        if (current !== null) seatsMap.delete(String(current));
        writeSeat(target, { owner: me, name, colour: previous?.colour ?? choices.colour, civilisation: previous?.civilisation ?? choices.civilisation, ready: false });
      });
      if (current !== null) secrets.delete(current);
      return ok(target);
    },
    leaveSeat() {
      const seat = mySeat();
      if (seat === null || startedWith) return;
      seatsMap.delete(String(seat));
      secrets.delete(seat);
    },
    setName(next) {
      name = cleanName(next, name);
      awareness.setLocalStateField('member', { member: me, name });
      const seat = mySeat();
      if (seat !== null && !startedWith) writeSeat(seat, entryOf({ ...snapshot.seats[seat]!, name }));
    },
    choose(choice) {
      const locked = guard();
      if (locked) return locked;
      const seat = mySeat();
      if (seat === null) return fail('NoSeat', 'Take a seat first.');
      const entry = snapshot.seats[seat]!;
      const others = snapshot.seats.filter((s): s is SeatEntry => !!s && s.seat !== seat);
      if (choice.colour && others.some((s) => s.colour === choice.colour)) return fail('Taken', `Another player has the colour ${choice.colour}.`);
      if (choice.civilisation && others.some((s) => s.civilisation === choice.civilisation)) return fail('Taken', `Another player plays the ${choice.civilisation}.`);
      writeSeat(seat, entryOf({ ...entry, colour: choice.colour ?? entry.colour, civilisation: choice.civilisation ?? entry.civilisation, ready: false }));
      return ok(undefined);
    },
    setReady(ready) {
      const locked = guard();
      if (locked) return locked;
      const seat = mySeat();
      if (seat === null) return fail('NoSeat', 'Take a seat first.');
      const entry = snapshot.seats[seat]!;
      if (ready && (!entry.colour || !entry.civilisation)) return fail('BadInput', 'Choose a colour and a civilisation first.');
      let held = secrets.get(seat);
      if (ready && !held) secrets.set(seat, (held = seatSecrets(seat)));
      writeSeat(seat, entryOf({ ...entry, ready, identity: held ? seatIdentity(held) : entry.identity }));
      return ok(undefined);
    },
    setBot(seat, on) {
      const locked = guard();
      if (locked) return locked;
      if (!Number.isInteger(seat) || seat < 0 || seat >= snapshot.settings.players) return fail('NoSeat', `There is no seat ${seat + 1} in this game.`);
      const holder = snapshot.seats[seat];
      if (on) {
        if (holder) return fail('SeatTaken', `Seat ${seat + 1} is taken by ${holder.name}.`);
        const choices = freeChoices(snapshot, seat);
        doc.transact(() => {
          if (snapshot.settings.botsHost === null) settingsMap.set('botsHost', me);
          writeSeat(seat, { owner: BOT, name: `Bot ${seat + 1}`, colour: choices.colour, civilisation: choices.civilisation, ready: false });
        });
        return ok(undefined);
      }
      if (!holder?.bot) return fail('NotAllowed', `Seat ${seat + 1} is not a bot.`);
      seatsMap.delete(String(seat));
      secrets.delete(seat);
      return ok(undefined);
    },
    updateSettings(patch) {
      const locked = guard();
      if (locked) return locked;
      const players = patch.players ?? snapshot.settings.players;
      if (!Number.isInteger(players) || players < 2 || players > 6) return fail('BadInput', 'A game has 2 to 6 players.');
      if (patch.timer !== undefined && patch.timer !== null && (!Number.isInteger(patch.timer) || patch.timer < MIN_TIMER || patch.timer > MAX_TIMER))
        return fail('BadInput', `The decision timer is ${MIN_TIMER} to ${MAX_TIMER} seconds, or none.`);
      if (patch.days !== undefined && patch.days !== null && (!Number.isInteger(patch.days) || patch.days < 1)) return fail('BadInput', 'The day cap is a whole number of days, or none.');
      if (snapshot.seats.slice(players).some((s) => s !== null) || Object.keys(seatsMap.toJSON()).some((k) => Number(k) >= players))
        return fail('NotAllowed', 'Free the last seats before making the table smaller.');
      doc.transact(() => {
        settingsMap.set('players', players);
        if (patch.timer !== undefined) settingsMap.set('timer', patch.timer);
        if (patch.days !== undefined) settingsMap.set('days', patch.days);
        // Settings changed: every seat confirms again.
        for (const s of snapshot.seats) if (s?.ready && !s.bot) writeSeat(s.seat, entryOf({ ...s, ready: false }));
      });
      return ok(undefined);
    },
    hostBots() {
      if (!startedWith) settingsMap.set('botsHost', me);
    },
    retrySignaling() {
      connection.retry?.();
    },
    say(text) {
      const line = typeof text === 'string' ? text.trim() : '';
      if (line === '' || line.length > MAX_CHAT_TEXT) return fail('BadInput', `A chat message is 1 to ${MAX_CHAT_TEXT} characters.`);
      doc.transact(() => {
        chat.push([{ from: me, name, text: line }]);
        if (chat.length > 2 * CHAT_KEPT) chat.delete(0, chat.length - CHAT_KEPT);
      });
      return ok(undefined);
    },
    started,
    dispose() {
      if (disposed) return;
      disposed = true;
      listeners.clear();
      stopSignaling?.();
      doc.off('update', refresh);
      connection.destroy();
      doc.destroy();
    },
  };
}

/** A member id for this page: 16 random bytes, hex. */
export const newMemberId = (): string => toHex(crypto.getRandomValues(new Uint8Array(16)));
