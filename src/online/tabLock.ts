import { update } from 'idb-keyval';
import type { SignatureScheme } from '../../engine/protocol/index.js';

/**
 * One page of a browser profile plays a room (issue 28, item 1). Two tabs of one profile share
 * its storage, hence a seat's secrets: two pages playing one seat sign two histories, and the
 * first place where they differ is an equivocation that convicts an honest player. So a page
 * signs for a room's seats (and holds its lobby membership) only while it holds the room's lock:
 *
 * - The Web Locks API where the page has it (a secure context: https, localhost). The browser
 *   holds the lock for the page and frees it when the page goes, so a refresh takes it back at once.
 * - Elsewhere (a plain-http LAN page), a lease in IndexedDB, taken and renewed in single
 *   read-write transactions (atomic between tabs) and good for LEASE_MS by the machine's clock:
 *   the page holds the room only until its lease runs out, renewing it every LEASE_MS / 4. A
 *   page whose renewals stop (frozen, throttled) stops holding it at once by its own clock, before
 *   any other page could take it.
 *
 * `holds()` is the gate every signature of the page passes (gatedScheme): a page that cannot
 * prove it holds the room signs nothing. A takeover is a request over a BroadcastChannel: the
 * holder stops signing first (its gate closes at once), keeps what it signed, then lets go.
 */
export interface RoomLock {
  /** Whether this page may sign for the room now. */
  holds(): boolean;
  /** What the page does when another tab takes the room over: stop, keep what it signed. The lock goes once it resolves. */
  onTakeover(handler: () => Promise<void>): void;
  /** Called once when the lock has gone (handed over, or a lease lost). */
  onLost(listener: () => void): void;
  /** Lets go of the room (idempotent). */
  release(): Promise<void>;
}

export const LEASE_MS = 4000;
/** How long a page waits for a holder's answer before it takes a silent lock for a stale one (a refreshed page's old lease). */
export const ANSWER_MS = 400;

const lockName = (room: string): string => `bfe.room.${room}`;
const channelName = (room: string): string => `bfe.tabs.${room}`;
const handoverKey = (room: string): string => `bfe.handover.${room}`;

type TabMessage = { readonly t: 'who' } | { readonly t: 'here' } | { readonly t: 'takeover' };
const isTabMessage = (x: unknown): x is TabMessage => typeof x === 'object' && x !== null && ['who', 'here', 'takeover'].includes((x as { t?: unknown }).t as string);

const webLocks = (): LockManager | undefined => (typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined);

/** A lock this page holds, whichever way it was taken: its gate, its takeover and its end. */
function heldLock(room: string, stillHeld: () => boolean, letGo: () => Promise<void>): RoomLock {
  let owned = true;
  let gate = true;
  let handler: () => Promise<void> = async () => undefined;
  const lost: (() => void)[] = [];
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName(room));
  const release = async (): Promise<void> => {
    if (!owned) return;
    owned = false;
    gate = false;
    channel?.close();
    await letGo();
    for (const l of lost.splice(0)) l();
  };
  channel?.addEventListener('message', (e: MessageEvent) => {
    if (!isTabMessage(e.data) || !owned) return;
    if (e.data.t === 'who') channel.postMessage({ t: 'here' } satisfies TabMessage);
    if (e.data.t === 'takeover' && gate) {
      // The gate closes before anything else: nothing more is signed here.
      gate = false;
      void handler().finally(() => void release());
    }
  });
  return {
    holds: () => owned && gate && stillHeld(),
    onTakeover: (h) => void (handler = h),
    onLost: (l) => void lost.push(l),
    release,
  };
}

/** The room's Web Lock, now (or null if another page holds it), or once it is free (`wait`). */
function takeWebLock(locks: LockManager, room: string, wait: boolean, signal?: AbortSignal): Promise<RoomLock | null> {
  return new Promise((resolve) => {
    let free: () => void = () => undefined;
    const freed = new Promise<void>((r) => (free = r));
    const options: LockOptions = wait ? (signal ? { signal } : {}) : { ifAvailable: true };
    locks
      .request(lockName(room), options, async (lock) => {
        if (!lock) return resolve(null);
        resolve(heldLock(room, () => true, async () => free()));
        await freed;
      })
      .catch(() => resolve(null));
  });
}

interface Lease {
  readonly owner: string;
  readonly until: number;
}

/** The room's lease in IndexedDB, taken if it is free or stale (or this page's): until when this page holds it, or null. */
async function takeLease(room: string, owner: string): Promise<number | null> {
  let until: number | null = null;
  await update<Lease | undefined>(`bfe.lease.${room}`, (lease) => {
    const now = Date.now();
    if (lease && lease.owner !== owner && lease.until > now) return lease;
    until = now + LEASE_MS;
    return { owner, until };
  });
  return until;
}

async function takeLeaseLock(room: string, wait: boolean, signal?: AbortSignal): Promise<RoomLock | null> {
  const owner = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
  let until = await takeLease(room, owner).catch(() => null);
  while (until === null && wait && !signal?.aborted) {
    await new Promise((r) => setTimeout(r, 250));
    until = await takeLease(room, owner).catch(() => null);
  }
  if (until === null) return null;
  // A lease is good until its end minus a margin for the renewal's own time.
  let goodUntil: number = until - 500;
  const renew = setInterval(() => {
    void takeLease(room, owner).then(
      (next) => (next === null ? lock.release() : void (goodUntil = next - 500)),
      () => undefined,
    );
  }, LEASE_MS / 4);
  const lock = heldLock(
    room,
    () => Date.now() < goodUntil,
    async () => {
      clearInterval(renew);
      await update<Lease | undefined>(`bfe.lease.${room}`, (lease) => (lease?.owner === owner ? { owner, until: 0 } : lease)).catch(() => undefined);
    },
  );
  return lock;
}

const take = (room: string, wait: boolean, signal?: AbortSignal): Promise<RoomLock | null> => {
  const locks = webLocks();
  return locks ? takeWebLock(locks, room, wait, signal) : takeLeaseLock(room, wait, signal);
};

/** Whether another page of this profile answers for the room within ANSWER_MS (it plays it). */
function someoneHolds(room: string): Promise<boolean> {
  if (typeof BroadcastChannel === 'undefined') return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(channelName(room));
    const done = (answer: boolean): void => {
      clearTimeout(timer);
      channel.close();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), ANSWER_MS);
    channel.addEventListener('message', (e: MessageEvent) => isTabMessage(e.data) && e.data.t === 'here' && done(true));
    channel.postMessage({ t: 'who' } satisfies TabMessage);
  });
}

export type RoomClaim = { readonly kind: 'held'; readonly lock: RoomLock } | { readonly kind: 'elsewhere' };

/**
 * Takes the room for this page if no other page of the profile plays it. A lock held by a page
 * that does not answer (a refreshed page's old lease, a page on its way out) is waited for, a
 * lease's length at most; one whose page answers is elsewhere.
 */
export async function claimRoom(room: string): Promise<RoomClaim> {
  const now = await take(room, false);
  if (now) return { kind: 'held', lock: now };
  if (await someoneHolds(room)) return { kind: 'elsewhere' };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), LEASE_MS + 1000);
  const later = await take(room, true, abort.signal);
  clearTimeout(timer);
  return later ? { kind: 'held', lock: later } : { kind: 'elsewhere' };
}

/**
 * Asks the page that plays the room to hand it over, and takes it once that page has let go
 * (it stops signing first, then keeps its log for this page): resolves with the lock, or null if
 * `signal` aborts first.
 */
export async function takeOver(room: string, signal?: AbortSignal): Promise<RoomLock | null> {
  const waiting = take(room, true, signal);
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(channelName(room));
    channel.postMessage({ t: 'takeover' } satisfies TabMessage);
    channel.close();
  }
  return waiting;
}

/** What a page that hands a room over leaves for the next one: its lobby member id (localStorage, read once). */
export function leaveMember(room: string, member: string): void {
  try {
    localStorage.setItem(handoverKey(room), member);
  } catch {
    // the next page joins the lobby as a new member
  }
}

export function takeMember(room: string): string | null {
  try {
    const member = localStorage.getItem(handoverKey(room));
    localStorage.removeItem(handoverKey(room));
    return member && /^[0-9a-f]{32}$/.test(member) ? member : null;
  } catch {
    return null;
  }
}

/** A signature scheme that signs only while `holds()` says this page holds its room: otherwise each signature is refused. */
export function gatedScheme(scheme: SignatureScheme, holds: () => boolean): SignatureScheme {
  return {
    name: scheme.name,
    verifyRaw: (checks) => scheme.verifyRaw(checks),
    sign: (key, message) => (holds() ? scheme.sign(key, message) : Promise.reject(new Error('this page no longer plays this game: another tab does'))),
  };
}
