/**
 * ICE configuration (STUN and TURN servers, relay-only policy) for the game's WebRTC connections.
 * A hosted build sets its own default (VITE_BFE_ICE); a share link carries one when it differs.
 */
import { err, ok, type Result } from '../../engine/index.js';

export interface IceServer {
  readonly urls: readonly string[];
  readonly username?: string;
  readonly credential?: string;
}

export interface IceConfig {
  readonly servers: readonly IceServer[];
  /** 'relay' forces every connection through a TURN server (players behind strict NATs, tests). */
  readonly policy: 'all' | 'relay';
}

/** No server at all: host candidates only, which is what a LAN party needs and all it gets offline. */
export const LAN_ICE: IceConfig = { servers: [], policy: 'all' };

export const MAX_ICE_SERVERS = 8;
const MAX_FIELD = 512;
const ICE_URL = /^(stun|stuns|turn|turns):[^\s]+$/;

/** What RTCPeerConnection takes. */
export function rtcConfiguration(ice: IceConfig): RTCConfiguration {
  return {
    iceServers: ice.servers.map((s) => ({ urls: [...s.urls], ...(s.username !== undefined ? { username: s.username } : {}), ...(s.credential !== undefined ? { credential: s.credential } : {}) })),
    iceTransportPolicy: ice.policy,
  };
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isField = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= MAX_FIELD;

/** Parses an ICE configuration from outside (a link, a config file, an env var): never trusted. */
export function parseIceConfig(x: unknown): Result<IceConfig, string> {
  if (!isObject(x)) return err('the ICE configuration is not an object');
  if (Object.keys(x).some((k) => k !== 'servers' && k !== 'policy')) return err('the ICE configuration has unknown fields');
  const policy = x['policy'] ?? 'all';
  if (policy !== 'all' && policy !== 'relay') return err('the ICE policy is "all" or "relay"');
  const list = x['servers'];
  if (!Array.isArray(list) || list.length > MAX_ICE_SERVERS) return err(`the ICE servers are a list of at most ${MAX_ICE_SERVERS}`);
  const servers: IceServer[] = [];
  for (const s of list) {
    if (!isObject(s) || Object.keys(s).some((k) => k !== 'urls' && k !== 'username' && k !== 'credential')) return err('an ICE server is {urls, username?, credential?}');
    const urls = typeof s['urls'] === 'string' ? [s['urls']] : s['urls'];
    if (!Array.isArray(urls) || urls.length === 0 || urls.length > MAX_ICE_SERVERS || !urls.every((u) => isField(u) && ICE_URL.test(u)))
      return err('an ICE server needs stun:, stuns:, turn: or turns: URLs');
    const { username, credential } = s;
    if ((username !== undefined && !isField(username)) || (credential !== undefined && !isField(credential))) return err('an ICE username or credential is a short text');
    servers.push({ urls, ...(username !== undefined ? { username } : {}), ...(credential !== undefined ? { credential } : {}) });
  }
  if (policy === 'relay' && !servers.some((s) => s.urls.some((u) => u.startsWith('turn')))) return err('a relay-only ICE policy needs a TURN server');
  return ok({ servers, policy });
}

/** One spelling per configuration (links compare and round-trip by it). */
export function iceText(ice: IceConfig): string {
  return JSON.stringify({
    servers: ice.servers.map((s) => ({ urls: [...s.urls], ...(s.username !== undefined ? { username: s.username } : {}), ...(s.credential !== undefined ? { credential: s.credential } : {}) })),
    policy: ice.policy,
  });
}

export const sameIce = (a: IceConfig, b: IceConfig): boolean => iceText(a) === iceText(b);
