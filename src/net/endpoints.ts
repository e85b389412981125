/**
 * Where a page finds its signaling and which ICE servers it uses. By default the signaling is
 * the page's own origin under /bfe (npm start serves both from one port). A static build hosted
 * elsewhere is told at build time (VITE_BFE_SIGNALING, VITE_BFE_ICE) or at run time by a
 * bfe-config.json file next to index.html; a share link overrides both when it carries them.
 */
import { err, ok, type Result } from '../../engine/index.js';
import { type IceConfig, LAN_ICE, parseIceConfig, sameIce } from './ice.js';
import { parseSignalingUrl, type ShareLink } from './link.js';
import type { PeerServerAddress } from './mesh.js';

export const SIGNALING_PATH = '/bfe';
export const RUNTIME_CONFIG_FILE = 'bfe-config.json';

export interface NetConfig {
  /** The signaling base URL: PeerJS under /peerjs, y-webrtc at /yjs. */
  readonly signaling: string;
  readonly ice: IceConfig;
}

export interface PartialNetConfig {
  readonly signaling?: string;
  readonly ice?: IceConfig;
}

/** The page's own origin: what `npm start` serves. */
export const ownSignaling = (page: string): string => `${new URL(page).origin}${SIGNALING_PATH}`;

/** PeerJS's client options for a signaling base URL. */
export function peerServerAddress(signaling: string): PeerServerAddress {
  const url = new URL(signaling);
  const secure = url.protocol === 'https:';
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port ? Number(url.port) : secure ? 443 : 80, path: url.pathname.replace(/\/+$/, '') || '/', secure, key: 'peerjs' };
}

/** y-webrtc's signaling WebSocket for a signaling base URL. */
export const yWebrtcUrl = (signaling: string): string => `${signaling.replace(/^http/, 'ws').replace(/\/+$/, '')}/yjs`;

/** A configuration from outside (bfe-config.json, build-time variables): never trusted. */
export function parseNetConfig(x: unknown): Result<PartialNetConfig, string> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return err('the network configuration is a JSON object');
  const o = x as Record<string, unknown>;
  if (Object.keys(o).some((k) => k !== 'signaling' && k !== 'ice')) return err('the network configuration has only "signaling" and "ice"');
  let signaling: string | undefined;
  if (o['signaling'] !== undefined) {
    const s = parseSignalingUrl(typeof o['signaling'] === 'string' ? o['signaling'] : null);
    if (!s.ok) return err(s.error.message);
    signaling = s.value;
  }
  let ice: IceConfig | undefined;
  if (o['ice'] !== undefined) {
    const i = parseIceConfig(o['ice']);
    if (!i.ok) return err(i.error);
    ice = i.value;
  }
  return ok({ ...(signaling ? { signaling } : {}), ...(ice ? { ice } : {}) });
}

/** What the build was given: VITE_BFE_SIGNALING (a URL) and VITE_BFE_ICE (JSON), both optional. */
export function buildNetConfig(env: Record<string, unknown> = import.meta.env): Result<PartialNetConfig, string> {
  const signaling = env['VITE_BFE_SIGNALING'];
  const ice = env['VITE_BFE_ICE'];
  let iceJson: unknown;
  if (typeof ice === 'string' && ice !== '') {
    try {
      iceJson = JSON.parse(ice);
    } catch {
      return err('VITE_BFE_ICE is not JSON');
    }
  }
  return parseNetConfig({ ...(typeof signaling === 'string' && signaling !== '' ? { signaling } : {}), ...(iceJson !== undefined ? { ice: iceJson } : {}) });
}

/** bfe-config.json next to the page, if the host put one there (absent: null). */
export async function loadRuntimeNetConfig(page: string, fetchText: (url: string) => Promise<{ status: number; text: string }>): Promise<Result<PartialNetConfig | null, string>> {
  let answer: { status: number; text: string };
  try {
    answer = await fetchText(new URL(RUNTIME_CONFIG_FILE, page).href);
  } catch {
    return ok(null);
  }
  if (answer.status === 404) return ok(null);
  if (answer.status !== 200) return err(`${RUNTIME_CONFIG_FILE}: HTTP ${answer.status}`);
  if (answer.text.length > 16_384) return err(`${RUNTIME_CONFIG_FILE} is too large`);
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return err(`${RUNTIME_CONFIG_FILE} is not JSON`);
  }
  const parsed = parseNetConfig(json);
  return parsed.ok ? parsed : err(`${RUNTIME_CONFIG_FILE}: ${parsed.error}`);
}

/** The page's defaults: run-time file over build-time variables over its own origin and no ICE server (a LAN). */
export function pageNetConfig(page: string, runtime: PartialNetConfig | null, build: PartialNetConfig | null): NetConfig {
  return { signaling: runtime?.signaling ?? build?.signaling ?? ownSignaling(page), ice: runtime?.ice ?? build?.ice ?? LAN_ICE };
}

/** What a game uses: the link's signaling and ICE when it carries them, else the page's. */
export function gameNetConfig(pageDefaults: NetConfig, link: ShareLink | null): NetConfig {
  return { signaling: link?.signaling ?? pageDefaults.signaling, ice: link?.ice ?? pageDefaults.ice };
}

/** What a new link must carry: only what differs from a page at the same address with no link. */
export function linkOverrides(game: NetConfig, pageDefaults: NetConfig): Pick<ShareLink, 'signaling' | 'ice'> {
  return { signaling: game.signaling === pageDefaults.signaling ? null : game.signaling, ice: sameIce(game.ice, pageDefaults.ice) ? null : game.ice };
}
