import { describe, expect, it } from 'vitest';
import { hashText, RandomStream } from '../../engine/index.js';
import { fromBase64url, toBase64url } from '../../src/net/base64url.js';
import type { IceConfig } from '../../src/net/ice.js';
import { LINK_ERRORS, makeShareFragment, makeShareLink, newGameLink, parseShareLink, type ShareLink, watchLink } from '../../src/net/link.js';

const seeded = (seed: string) => {
  const stream = new RandomStream(hashText(seed));
  return (bytes: Uint8Array): Uint8Array => bytes.map(() => stream.index(256));
};

const TURN: IceConfig = { servers: [{ urls: ['stun:stun.example.org:3478'] }, { urls: ['turn:turn.example.org:3478', 'turns:turn.example.org:5349'], username: 'u', credential: 'p w&d#' }], policy: 'relay' };

function links(n: number): ShareLink[] {
  const out: ShareLink[] = [];
  for (let i = 0; i < n; i++) {
    const base = newGameLink({ random: seeded(`link-${i}`), signaling: i % 3 === 0 ? null : i % 3 === 1 ? 'https://eden.example.org:8443/bfe' : 'http://192.168.1.20:5173/bfe', ice: i % 2 === 0 ? null : TURN });
    out.push(i % 4 === 3 ? watchLink(base) : base);
  }
  return out;
}

describe('share links', () => {
  it('parse(make(x)) is x, from a whole URL and from the fragment alone', () => {
    for (const link of links(60)) {
      expect(parseShareLink(makeShareLink(link, 'https://play.example.org/eden/?lang=fr#/local'))).toEqual({ ok: true, value: link });
      expect(parseShareLink(makeShareFragment(link))).toEqual({ ok: true, value: link });
    }
  });

  it('holds a 128-bit secret from crypto.getRandomValues, and the page address stays outside the fragment', () => {
    const a = newGameLink();
    const b = newGameLink();
    expect(fromBase64url(a.secret)).toHaveLength(16);
    expect(a.secret).not.toBe(b.secret);
    expect(a.room).not.toBe(b.room);
    const url = new URL(makeShareLink(a, 'http://10.0.0.2:5173/'));
    expect(url.origin + url.pathname + url.search).toBe('http://10.0.0.2:5173/');
    expect(url.hash).toContain(a.secret);
  });

  it('a watch link is derived one way: same room, another key, and it cannot be turned back into a play link', () => {
    const play = newGameLink({ random: seeded('w') });
    const watch = watchLink(play);
    expect(watch).toMatchObject({ kind: 'watch', room: play.room });
    expect(watch.secret).not.toBe(play.secret);
    expect(fromBase64url(watch.secret)).toHaveLength(16);
    expect(watchLink(watch)).toBe(watch);
    expect(makeShareFragment(watch).startsWith(`#/w/${play.room}/`)).toBe(true);
    // The same room with the watch key in a play route is a different lobby password: no access.
    expect(makeShareFragment({ ...watch, kind: 'play' })).not.toContain(play.secret);
  });

  it('refuses every truncation of a link with a clear error', () => {
    for (const link of links(8)) {
      const fragment = makeShareFragment(link);
      for (let cut = 0; cut < fragment.length; cut++) {
        const parsed = parseShareLink(fragment.slice(0, cut));
        expect(parsed.ok, `cut at ${cut}: ${fragment.slice(0, cut)}`).toBe(false);
        if (!parsed.ok) {
          expect(LINK_ERRORS).toContain(parsed.error.code);
          expect(parsed.error.message.length).toBeGreaterThan(20);
        }
      }
    }
  });

  it('refuses damaged links (a character changed, dropped, doubled or inserted): fuzzed', () => {
    const stream = new RandomStream(hashText('damage'));
    const alphabet = 'AZaz09-_/?&=%#.:g w~';
    let refused = 0;
    const codes = new Set<string>();
    for (const link of links(20)) {
      const fragment = makeShareFragment(link);
      for (let k = 0; k < 100; k++) {
        const at = 1 + stream.index(fragment.length - 1);
        const c = alphabet[stream.index(alphabet.length)]!;
        const kind = stream.index(4);
        const damaged =
          kind === 0 ? fragment.slice(0, at) + c + fragment.slice(at + 1) : kind === 1 ? fragment.slice(0, at) + fragment.slice(at + 1) : kind === 2 ? fragment.slice(0, at) + fragment[at] + fragment.slice(at) : fragment.slice(0, at) + c + fragment.slice(at);
        if (damaged === fragment) continue;
        const parsed = parseShareLink(damaged);
        expect(parsed.ok, damaged).toBe(false);
        if (!parsed.ok) codes.add(parsed.error.code);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(1900);
    // The errors say what is wrong, not just "invalid".
    expect([...codes].sort()).toEqual(expect.arrayContaining(['BadRoom', 'BadSecret', 'Damaged', 'NotALink']));
  });

  it('names what is wrong in links that are not game links at all', () => {
    const cases: [string, string][] = [
      ['https://example.org/', 'NotALink'],
      ['#/local', 'NotALink'],
      ['#/g/', 'BadRoom'],
      ['#/g/AAAAAAAAAAAA', 'BadSecret'],
      ['#/g/AAAAAAAAAAAA/AAAA', 'BadSecret'],
      [`#/g/AAAAAAAAAAAA/${'A'.repeat(22)}`, 'Damaged'],
      [`#/g/AAAAAAAAAAAA/${'A'.repeat(22)}?x=1&c=00000000`, 'UnknownField'],
      [`#/g/AAAAAAAAAAAA/${'A'.repeat(22)}?c=00000000`, 'Damaged'],
      ['x'.repeat(5000), 'NotALink'],
    ];
    for (const [text, code] of cases) expect(parseShareLink(text), text).toMatchObject({ ok: false, error: { code } });
  });

  it('refuses a well-checked link whose signaling address or ICE servers are not acceptable', () => {
    // Built by hand with a valid check, as a hostile link would be: the fields are still parsed.
    const base = newGameLink({ random: seeded('hostile') });
    const withField = (field: string): string => {
      const good = makeShareFragment({ ...base, signaling: 'https://x.example' });
      const body = good.slice(1, good.lastIndexOf('&c=')).replace(/s=[^&]*/, field);
      return `#${body}&c=${checkOf(body)}`;
    };
    expect(parseShareLink(withField(`s=${encodeURIComponent('javascript:alert(1)')}`))).toMatchObject({ ok: false, error: { code: 'BadSignaling' } });
    expect(parseShareLink(withField(`s=${encodeURIComponent('https://user:pw@x.example/')}`))).toMatchObject({ ok: false, error: { code: 'BadSignaling' } });
    const badIce = toBase64url(new TextEncoder().encode(JSON.stringify({ servers: [{ urls: ['http://not-ice'] }], policy: 'all' })));
    expect(parseShareLink(withField(`i=${badIce}`))).toMatchObject({ ok: false, error: { code: 'BadIce' } });
    const relayWithoutTurn = toBase64url(new TextEncoder().encode(JSON.stringify({ servers: [{ urls: ['stun:x.example'] }], policy: 'relay' })));
    expect(parseShareLink(withField(`i=${relayWithoutTurn}`))).toMatchObject({ ok: false, error: { code: 'BadIce' } });
  });
});

/** The link's check, computed as the codec does (documented in src/net/link.ts). */
const checkOf = (body: string): string => hashText(`bfe/link/check\n${body}`).slice(0, 8);
