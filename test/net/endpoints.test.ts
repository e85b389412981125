import { describe, expect, it } from 'vitest';
import { buildNetConfig, gameNetConfig, linkOverrides, loadRuntimeNetConfig, pageNetConfig, parseNetConfig, peerServerAddress, yWebrtcUrl } from '../../src/net/endpoints.js';
import { LAN_ICE } from '../../src/net/ice.js';
import { newGameLink } from '../../src/net/link.js';

const TURN = { servers: [{ urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'p' }], policy: 'all' as const };

describe('where a page finds its signaling and ICE servers', () => {
  it("defaults to the page's own origin (npm start) and no ICE server (a LAN)", () => {
    const c = pageNetConfig('http://192.168.1.20:5173/#/g/x', null, null);
    expect(c).toEqual({ signaling: 'http://192.168.1.20:5173/bfe', ice: LAN_ICE });
    expect(peerServerAddress(c.signaling)).toEqual({ host: '192.168.1.20', port: 5173, path: '/bfe', secure: false, key: 'peerjs' });
    expect(yWebrtcUrl(c.signaling)).toBe('ws://192.168.1.20:5173/bfe/yjs');
    expect(peerServerAddress('https://eden.example.org/bfe')).toEqual({ host: 'eden.example.org', port: 443, path: '/bfe', secure: true, key: 'peerjs' });
    expect(yWebrtcUrl('https://eden.example.org/bfe')).toBe('wss://eden.example.org/bfe/yjs');
    expect(peerServerAddress('http://[::1]:8080/bfe').host).toBe('::1');
  });

  it('takes a run-time file over build-time variables, and a link over both', async () => {
    const build = buildNetConfig({ VITE_BFE_SIGNALING: 'https://signal.example.org/bfe/', VITE_BFE_ICE: JSON.stringify(TURN) });
    expect(build).toEqual({ ok: true, value: { signaling: 'https://signal.example.org/bfe', ice: TURN } });
    const runtime = await loadRuntimeNetConfig('https://static.example.org/eden/index.html', async (url) => {
      expect(url).toBe('https://static.example.org/eden/bfe-config.json');
      return { status: 200, text: JSON.stringify({ signaling: 'https://other.example.org/bfe' }) };
    });
    expect(runtime).toEqual({ ok: true, value: { signaling: 'https://other.example.org/bfe' } });
    const page = pageNetConfig('https://static.example.org/eden/', runtime.ok ? runtime.value : null, build.ok ? build.value : null);
    expect(page).toEqual({ signaling: 'https://other.example.org/bfe', ice: TURN });
    const link = { ...newGameLink(), signaling: 'http://10.0.0.9:5173/bfe', ice: LAN_ICE };
    expect(gameNetConfig(page, link)).toEqual({ signaling: 'http://10.0.0.9:5173/bfe', ice: LAN_ICE });
    expect(gameNetConfig(page, { ...link, signaling: null, ice: null })).toEqual(page);
  });

  it('puts in a new link only what differs from the page defaults', () => {
    const page = pageNetConfig('http://10.0.0.2:5173/', null, null);
    expect(linkOverrides(page, page)).toEqual({ signaling: null, ice: null });
    expect(linkOverrides({ signaling: 'https://s.example.org/bfe', ice: TURN }, page)).toEqual({ signaling: 'https://s.example.org/bfe', ice: TURN });
  });

  it('refuses bad configuration with a clear error; a missing file is no error', async () => {
    expect(parseNetConfig({ signaling: 'ftp://x' })).toMatchObject({ ok: false });
    expect(parseNetConfig({ ice: { servers: 'stun:x' } })).toMatchObject({ ok: false });
    expect(parseNetConfig({ turn: 1 })).toMatchObject({ ok: false });
    expect(buildNetConfig({ VITE_BFE_ICE: '{' })).toEqual({ ok: false, error: 'VITE_BFE_ICE is not JSON' });
    expect(buildNetConfig({})).toEqual({ ok: true, value: {} });
    expect(await loadRuntimeNetConfig('http://h/', async () => ({ status: 404, text: '' }))).toEqual({ ok: true, value: null });
    expect(await loadRuntimeNetConfig('http://h/', async () => Promise.reject(new Error('offline')))).toEqual({ ok: true, value: null });
    expect(await loadRuntimeNetConfig('http://h/', async () => ({ status: 200, text: 'not json' }))).toEqual({ ok: false, error: 'bfe-config.json is not JSON' });
  });
});
