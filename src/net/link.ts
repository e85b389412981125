/**
 * Share links are capabilities: whoever holds one can join the game's lobby (or watch, with a
 * watch link), nobody else can. Everything that grants access is in the URL fragment, which a
 * browser never sends to any server:
 *
 *   https://host/#/g/<room>/<secret>?s=<signaling>&i=<ice>&c=<check>   play
 *   https://host/#/w/<room>/<watch key>?…                               watch (read-only)
 *
 * - room: 9 random bytes, base64url: names the lobby (the signaling servers see it).
 * - secret: 16 random bytes (128 bits) from crypto.getRandomValues, base64url: the lobby's
 *   key (it names the lobby's topic and seals its signaling: seal.ts). The watch key is derived
 *   from it one way, so a watcher cannot play.
 * - s: the signaling address, only when it is not the page's own (a static build hosted elsewhere).
 * - i: the ICE servers (STUN/TURN), only when they are not the build's default.
 * - c: a short check of everything before it, so that a link cut short or damaged in a chat
 *   message is refused with a clear error instead of opening a wrong lobby.
 */
import { err, fromHex, hashText, ok, type Result } from '../../engine/index.js';
import { fromBase64url, toBase64url } from './base64url.js';
import { type IceConfig, iceText, parseIceConfig } from './ice.js';

export const ROOM_BYTES = 9;
export const SECRET_BYTES = 16;

export interface ShareLink {
  /** play: joins the lobby and takes a seat; watch: follows the public log only. */
  readonly kind: 'play' | 'watch';
  readonly room: string;
  /** The play secret, or for a watch link the watch key (both 16 bytes, base64url). */
  readonly secret: string;
  /** The signaling base URL (http or https, no trailing slash), or null for the page's own. */
  readonly signaling: string | null;
  /** ICE servers, or null for the build's default. */
  readonly ice: IceConfig | null;
}

export const LINK_ERRORS = ['NotALink', 'BadRoom', 'BadSecret', 'BadSignaling', 'BadIce', 'UnknownField', 'Damaged'] as const;
export type LinkErrorCode = (typeof LINK_ERRORS)[number];

export interface LinkError {
  readonly code: LinkErrorCode;
  readonly message: string;
}

const fail = (code: LinkErrorCode, message: string): { ok: false; error: LinkError } => err({ code, message });

const ROUTES = { play: 'g', watch: 'w' } as const;
const CHECK_LENGTH = 8;
const MAX_LINK = 4096;

/** A fresh game: a new room and a new secret, from the platform's cryptographic random source. */
export function newGameLink(options: { signaling?: string | null; ice?: IceConfig | null; random?: (bytes: Uint8Array) => Uint8Array } = {}): ShareLink {
  const random = options.random ?? ((b: Uint8Array) => crypto.getRandomValues(b));
  return {
    kind: 'play',
    room: toBase64url(random(new Uint8Array(ROOM_BYTES))),
    secret: toBase64url(random(new Uint8Array(SECRET_BYTES))),
    signaling: options.signaling ?? null,
    ice: options.ice ?? null,
  };
}

/** The read-only link for a game: same room, a key derived one way from the play secret. */
export function watchLink(link: ShareLink): ShareLink {
  if (link.kind === 'watch') return link;
  const key = fromHex(hashText(`bfe/link/watch-key\n${link.room}\n${link.secret}`))!.slice(0, SECRET_BYTES);
  return { ...link, kind: 'watch', secret: toBase64url(key) };
}

/** The fragment alone (starting with `#`). */
export function makeShareFragment(link: ShareLink): string {
  const params: string[] = [];
  if (link.signaling !== null) params.push(`s=${encodeURIComponent(link.signaling)}`);
  if (link.ice !== null) params.push(`i=${toBase64url(new TextEncoder().encode(iceText(link.ice)))}`);
  const body = `/${ROUTES[link.kind]}/${link.room}/${link.secret}${params.length > 0 ? `?${params.join('&')}` : ''}`;
  return `#${body}${params.length > 0 ? '&' : '?'}c=${check(body)}`;
}

/** The whole link: the page's address (its own fragment dropped) with the game's fragment. */
export function makeShareLink(link: ShareLink, page: string): string {
  const hash = page.indexOf('#');
  return `${hash < 0 ? page : page.slice(0, hash)}${makeShareFragment(link)}`;
}

const check = (body: string): string => hashText(`bfe/link/check\n${body}`).slice(0, CHECK_LENGTH);

/** Reads a link (a whole URL, or its fragment) pasted or opened by a person: never trusted. */
export function parseShareLink(text: string): Result<ShareLink, LinkError> {
  if (typeof text !== 'string') return fail('NotALink', 'A game link is a text.');
  const trimmed = text.trim();
  if (trimmed.length > MAX_LINK) return fail('NotALink', `This is too long to be a game link (at most ${MAX_LINK} characters).`);
  const hash = trimmed.indexOf('#');
  const fragment = hash < 0 ? trimmed : trimmed.slice(hash + 1);
  const route = /^\/([gw])\/([^/?]*)(?:\/([^/?]*))?(?:\?(.*))?$/.exec(fragment);
  if (!route) return fail('NotALink', 'This is not a Battle For Eden game link (it should contain #/g/… or #/w/…).');
  const kind = route[1] === 'g' ? 'play' : 'watch';
  const room = route[2]!;
  const secret = route[3];
  const roomBytes = fromBase64url(room);
  if (!roomBytes || roomBytes.length !== ROOM_BYTES) return fail('BadRoom', 'The game link is damaged: its room name is wrong or cut short.');
  if (secret === undefined || secret === '') return fail('BadSecret', 'The game link is cut short: its secret key is missing. Copy the whole link again.');
  const secretBytes = fromBase64url(secret);
  if (!secretBytes || secretBytes.length !== SECRET_BYTES) return fail('BadSecret', 'The game link is damaged or cut short: its secret key is not 128 bits. Copy the whole link again.');
  const query = route[4];
  if (query === undefined) return fail('Damaged', 'The game link is cut short (its check is missing). Copy the whole link again.');
  const fields = new Map<string, string>();
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    if (!['s', 'i', 'c'].includes(name) || fields.has(name) || eq < 0) return fail('UnknownField', `The game link is damaged: unexpected "${name.slice(0, 20)}" in it.`);
    fields.set(name, part.slice(eq + 1));
  }
  const given = fields.get('c');
  if (given === undefined || given.length !== CHECK_LENGTH) return fail('Damaged', 'The game link is cut short (its check is missing or incomplete). Copy the whole link again.');
  const before = query.slice(0, Math.max(0, query.length - `&c=${given}`.length));
  const body = `/${route[1]}/${room}/${secret}${fields.size > 1 ? `?${before}` : ''}`;
  if (!query.endsWith(`c=${given}`) || check(body) !== given) return fail('Damaged', 'The game link is damaged: it does not match its check. Copy the whole link again.');
  const signaling = fields.has('s') ? parseSignalingUrl(decode(fields.get('s')!)) : ok(null);
  if (!signaling.ok) return signaling;
  const ice = fields.has('i') ? parseIceField(fields.get('i')!) : ok(null);
  if (!ice.ok) return ice;
  return ok({ kind, room, secret, signaling: signaling.value, ice: ice.value });
}

const decode = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/** A signaling base URL: http(s), no credentials, query or fragment; normalised without a trailing slash. */
export function parseSignalingUrl(text: string | null): Result<string, LinkError> {
  let url: URL;
  try {
    url = new URL(text ?? '');
  } catch {
    return fail('BadSignaling', 'The signaling address in the link is not a URL.');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash)
    return fail('BadSignaling', 'The signaling address must be a plain http:// or https:// address.');
  return ok(`${url.origin}${url.pathname.replace(/\/+$/, '')}`);
}

function parseIceField(field: string): Result<IceConfig, LinkError> {
  const bytes = fromBase64url(field);
  if (!bytes) return fail('BadIce', 'The ICE servers in the link are damaged.');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return fail('BadIce', 'The ICE servers in the link are damaged.');
  }
  const ice = parseIceConfig(json);
  return ice.ok ? ice : fail('BadIce', `The ICE servers in the link are refused: ${ice.error}.`);
}
