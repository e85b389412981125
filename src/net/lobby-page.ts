/**
 * A page's part in a lobby (lobby.ts): the shared document and its connection, what only this
 * page holds (the secrets of the seats it plays), and the small functions that read the room,
 * tend the bots and sign the genesis. The members' own actions are in lobby-actions.ts.
 */
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { Seat } from '../../engine/index.js';
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
import { BOT, cleanName, type LobbySettings, type LobbySnapshot, lobbyGenesis, notReady, readLobby, type SeatEntry } from './lobby-doc.js';
import type { LobbyConnection, LobbyOptions, LobbyStart, LobbyView, Member } from './lobby.js';
import { Listeners } from './transport.js';

/** The lobby as one page holds it: mutable, the page's own, never handed out (views are). */
export interface LobbyPage {
  readonly room: string;
  /** This page's member id. */
  readonly me: string;
  readonly scheme: SignatureScheme;
  /** 32 bytes of secret entropy for each seat this page comes to play. */
  readonly entropy: () => Uint8Array;
  readonly doc: Y.Doc;
  readonly settingsMap: Y.Map<unknown>;
  readonly seatsMap: Y.Map<unknown>;
  readonly chat: Y.Array<unknown>;
  readonly signatures: Y.Map<unknown>;
  readonly connection: LobbyConnection;
  readonly listeners: Listeners<[LobbyView]>;
  /** The secrets of the seats this page plays, by seat. They never enter the document. */
  readonly secrets: Map<Seat, SeatSecrets>;
  /** The entropy each seat's secrets come from (see LobbyStart). */
  readonly entropies: Map<Seat, Uint8Array>;
  /** This page's member name, as the others see it. */
  name: string;
  /** The document as last read. */
  snapshot: LobbySnapshot;
  /** What the game starts with, once every seat has signed: the lobby is closed from then on. */
  startedWith: LobbyStart | null;
  /** The seat this page held at the last look at the document. */
  held: Seat | null;
  /** A seat this page took that someone else holds now (LobbyView.lost). */
  lost: LobbyView['lost'];
  /** Resolves the lobby's `started` promise (once: startedWith is set at the same time). */
  readonly resolveStart: (start: LobbyStart) => void;
  disposed: boolean;
}

/** Opens the room's document and connects it; the creator's page writes its settings first. */
export function openLobbyPage(options: LobbyOptions): { page: LobbyPage; started: Promise<LobbyStart> } {
  const doc = new Y.Doc();
  if (options.initial) {
    try {
      Y.applyUpdate(doc, options.initial);
    } catch {
      // A kept document that does not read is left out: the room's members bring theirs.
    }
  }
  let resolveStart: (start: LobbyStart) => void = () => undefined;
  const started = new Promise<LobbyStart>((resolve) => (resolveStart = resolve));
  const page: LobbyPage = {
    room: options.link.room,
    me: options.member,
    scheme: options.scheme,
    entropy: options.entropy ?? (() => crypto.getRandomValues(new Uint8Array(32))),
    doc,
    settingsMap: doc.getMap('settings'),
    seatsMap: doc.getMap('seats'),
    chat: doc.getArray('chat'),
    signatures: doc.getMap('signatures'),
    // Read before connecting: what the room already holds arrives as updates.
    snapshot: readLobby(doc),
    connection: options.connect(doc, options.link.room, options.link.secret),
    listeners: new Listeners(),
    secrets: new Map(),
    entropies: new Map(),
    name: cleanName(options.name, 'Player'),
    startedWith: null,
    held: null,
    lost: null,
    resolveStart,
    disposed: false,
  };
  page.connection.awareness.setLocalStateField('member', { member: page.me, name: page.name });
  if (options.create) writeCreatorSettings(page, options.create);
  return { page, started };
}

function writeCreatorSettings(page: LobbyPage, create: Partial<LobbySettings>): void {
  page.doc.transact(() => {
    if (create.players !== undefined) page.settingsMap.set('players', create.players);
    if (create.timer !== undefined) page.settingsMap.set('timer', create.timer);
    if (create.days !== undefined) page.settingsMap.set('days', create.days);
    page.settingsMap.set('botsHost', create.botsHost ?? page.me);
  });
  // Read again: the document's update handlers are not listening yet.
  page.snapshot = readLobby(page.doc);
}

export const mySeat = (page: LobbyPage): Seat | null => page.snapshot.seats.find((s) => s?.owner === page.me)?.seat ?? null;
export const isBotsHost = (page: LobbyPage): boolean => page.snapshot.settings.botsHost === page.me;

export function writeSeat(page: LobbyPage, seat: Seat, entry: Record<string, unknown>): void {
  page.seatsMap.set(String(seat), entry);
}

/** A seat as the document holds it. */
export const entryOf = (s: SeatEntry): Record<string, unknown> => ({
  owner: s.bot ? BOT : s.owner,
  name: s.name,
  colour: s.colour,
  civilisation: s.civilisation,
  ready: s.ready,
  ...(s.identity ? { identity: s.identity } : {}),
});

/** A seat's secrets from fresh entropy, which is kept (see LobbyStart). */
export function newSeatSecrets(page: LobbyPage, seat: Seat): SeatSecrets {
  const bytes = page.entropy();
  page.entropies.set(seat, bytes);
  return makeSeatSecrets(seat, bytes, DEFAULT_SETTINGS.beaconLength);
}

/** The members present (awareness): anyone can write there, so only well-formed ones count. */
function presentMembers(awareness: Awareness): Member[] {
  const out: Member[] = [];
  for (const state of awareness.getStates().values()) {
    const m = (state as { member?: { member?: unknown; name?: unknown } }).member;
    if (m && typeof m.member === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(m.member)) out.push({ member: m.member, name: cleanName(m.name, 'Someone') });
  }
  return out;
}

/** The genesis every page computes from the document, once the table is complete. */
function genesisNow(page: LobbyPage): ParsedGenesis | null {
  const g = lobbyGenesis(page.room, page.snapshot);
  if (!g.ok) return null;
  const parsed = parseGenesisText(makeGenesisText(g.value));
  return parsed.ok ? parsed.value : null;
}

export function lobbyView(page: LobbyPage): LobbyView {
  const { snapshot, connection } = page;
  const seat = mySeat(page);
  const g = genesisNow(page);
  const sigs = g ? snapshot.signatures.get(g.id) : undefined;
  return {
    snapshot,
    me: page.me,
    mySeat: seat,
    full: seat === null && snapshot.seats.every((s) => s !== null),
    present: presentMembers(connection.awareness),
    reached: connection.peers(),
    signaling: connection.signaling?.() ?? true,
    botsHost: isBotsHost(page),
    waiting: notReady(snapshot),
    signing: g ? { genesis: g.id, signed: sigs?.size ?? 0, of: g.genesis.seats.length } : null,
    started: page.startedWith !== null,
    lost: page.lost,
  };
}

export const emitView = (page: LobbyPage): void => page.listeners.emit(lobbyView(page));

/** The document changed: read it again, tend the bots, sign what is ours, tell the listeners. */
export function refresh(page: LobbyPage): void {
  if (page.disposed) return;
  page.snapshot = readLobby(page.doc);
  checkHeld(page);
  tendBots(page);
  void signGenesisOfPage(page);
  emitView(page);
}

/**
 * The seat this page held, now someone else's: two pages took it at once, each wrote it first in
 * its own copy, and the document kept the other's write. (Moving or leaving goes through
 * takeSeat and leaveSeat, which look again at once.)
 */
function checkHeld(page: LobbyPage): void {
  const was = page.held;
  page.held = mySeat(page);
  if (was === null || page.held !== null) return;
  const holder = page.snapshot.seats[was];
  if (holder && holder.owner !== page.me) page.lost = { seat: was, by: holder.name };
}

/** The bots' host gives every bot seat an identity it holds the secrets of, and readies it. */
function tendBots(page: LobbyPage): void {
  if (!isBotsHost(page) || page.startedWith) return;
  for (const s of page.snapshot.seats) {
    if (!s?.bot || !s.colour || !s.civilisation) continue;
    const held = page.secrets.get(s.seat);
    if (held && s.identity && seatIdentity(held).key === s.identity.key && s.ready) continue;
    const fresh = held ?? newSeatSecrets(page, s.seat);
    page.secrets.set(s.seat, fresh);
    writeSeat(page, s.seat, entryOf({ ...s, ready: true, identity: seatIdentity(fresh) }));
  }
}

/** Signs the genesis for the seats this page holds, and starts once every seat has signed. */
async function signGenesisOfPage(page: LobbyPage): Promise<void> {
  if (page.startedWith) return;
  const g = genesisNow(page);
  if (!g) return;
  const have = page.snapshot.signatures.get(g.id) ?? new Map<Seat, string>();
  // Anyone can write anything in the document: a signature only counts if it verifies, and a
  // seat whose slot holds a bad one signs again.
  const valid = await verifySignatures(page.scheme, g.genesis.seats.map((_, seat) => genesisCheck(g, seat, have.get(seat) ?? '')));
  await signMissing(page, g, valid);
  if (!valid.every(Boolean) || page.startedWith || page.disposed) return;
  const list = g.genesis.seats.map((_, seat) => have.get(seat)!);
  const checked = await checkGenesisSignatures(page.scheme, g, list);
  if (!checked.ok || page.startedWith || page.disposed) return;
  start(page, g, list);
}

/** Signs for each seat this page plays whose signature in the document is missing or bad. */
async function signMissing(page: LobbyPage, g: ParsedGenesis, valid: readonly boolean[]): Promise<void> {
  for (const [seat, held] of page.secrets) {
    const mine = seat === mySeat(page) || (isBotsHost(page) && page.snapshot.seats[seat]?.bot);
    if (!mine || valid[seat] || g.genesis.seats[seat]?.key !== seatIdentity(held).key) continue;
    const key = `${g.id}/${seat}`;
    const sig = await signGenesis(page.scheme, held.keys, g);
    if (!page.disposed && page.signatures.get(key) !== sig) page.signatures.set(key, sig);
  }
}

/** Every seat has signed: the game starts with the seats this page holds the genesis' keys of. */
function start(page: LobbyPage, g: ParsedGenesis, genesisSignatures: readonly string[]): void {
  const playing = [...page.secrets].filter(([seat, held]) => g.genesis.seats[seat]?.key === seatIdentity(held).key).sort((x, y) => x[0] - y[0]);
  const seats = playing.map(([seat, held]) => ({ seat, secrets: held, bot: page.snapshot.seats[seat]?.bot ?? false, entropy: page.entropies.get(seat)! }));
  page.startedWith = { genesis: g, genesisSignatures, seats };
  // A page with no seat in the game has nothing to start: it was late, and watches instead.
  if (seats.length > 0) page.resolveStart(page.startedWith);
  emitView(page);
}
