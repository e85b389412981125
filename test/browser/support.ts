/** Shared by the browser tests: find Debian's chromium, build and serve the page, free ports. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import puppeteer, { type Browser as PuppeteerBrowser } from 'puppeteer-core';
import { build } from 'vite';
import { CHROMIUM_ARGS } from '../../scripts/node/chromium.js';

// Shared with bench/ through scripts/node: bench/ imports nothing of test/.
export { CHROMIUM_ARGS, findChromium } from '../../scripts/node/chromium.js';
export { freePort } from '../../scripts/node/ports.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const browserRequired = (): boolean => process.env['REQUIRE_BROWSER'] === '1';

export const NO_CHROMIUM =
  'chromium is not installed (apt-get install -y chromium): browser tests skipped. Set REQUIRE_BROWSER=1 to make this a failure.';

export function launchChromium(executablePath: string, extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs], timeout: 60_000 });
}

/** Debian's firefox-esr: the second browser engine, driven by puppeteer-core over WebDriver BiDi. */
export const FIREFOX = '/usr/bin/firefox-esr';

/** Headless Firefox ready for WebRTC through a loopback relay (no WebGL there: pages use the flat map). */
export function launchFirefoxForWebRtc(): Promise<PuppeteerBrowser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    // Candidates on 127.0.0.1 (the relay's) are dropped unless loopback is allowed.
    extraPrefsFirefox: { 'media.peerconnection.ice.loopback': true, 'media.peerconnection.ice.obfuscate_host_addresses': false },
  });
}

export interface ServedApp {
  readonly url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
};

/** `vite build` of the page into a temp dir, served by a tiny static server on a free loopback port. */
export async function buildAndServe(): Promise<ServedApp> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'bfe-dist-'));
  await build({ root: repoRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const rel = path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = path.join(outDir, rel.endsWith('/') ? `${rel}index.html` : rel);
    if (!file.startsWith(outDir)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** What makes a page hard to read: texts under 11 CSS px, and how far it overflows sideways (px). */
export interface Readability {
  readonly small: readonly string[];
  readonly overflow: number;
}

/** Reads a page's texts as a person would see them (visible, not screen-reader only). */
export const readability = (page: { evaluate<R>(fn: () => R): Promise<R> }): Promise<Readability> =>
  page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (!el.childNodes.length || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim())) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('.visually-hidden')) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 11) small.push(`${el.tagName}.${el.className}: ${size}px "${el.textContent!.trim().slice(0, 30)}"`);
    }
    return { small, overflow: document.documentElement.scrollWidth - window.innerWidth };
  });
