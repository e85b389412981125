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

/** What makes a page hard to read or to touch: texts under the smallest size, targets under the smallest side, how far it overflows sideways (px). */
export interface Readability {
  readonly small: readonly string[];
  /** Controls (buttons, links, fields) smaller than the smallest target, but links within a line of text (WCAG 2.5.8's inline exception). */
  readonly tiny: readonly string[];
  readonly overflow: number;
}

/** The smallest text and target, in CSS px (ui.md §7; WCAG 2.5.8 and Apple's 44 pt on a phone). */
export interface Sizes {
  readonly text: number;
  readonly target: number;
}
export const DESKTOP_SIZES: Sizes = { text: 14, target: 24 };
export const PHONE_SIZES: Sizes = { text: 16, target: 44 };
/** The floor the pages not yet raised keep: text of 11 px, no target checked. */
export const LEGACY_SIZES: Sizes = { text: 11, target: 0 };

/**
 * Reads a page's texts and controls as a person would see them (visible, not screen-reader only).
 */
export const readability = (page: { evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R> }, sizes: Sizes = LEGACY_SIZES): Promise<Readability> =>
  page.evaluate(
    ({ text, target }) => {
      const shown = (el: Element): boolean => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.visually-hidden');
      };
      const name = (el: Element): string => `${el.tagName}${el.id ? `#${el.id}` : ''}.${typeof el.className === 'string' ? el.className : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      const small: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        if (!el.childNodes.length || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim())) continue;
        if (!shown(el)) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        // A map's own labels (its SVG) have the board's floor (ui.md §4: numbers of 12 px), checked with the boards; here the old floor.
        if (size < (el.closest('svg') ? 11 : text)) small.push(`${name(el)}: ${size}px`);
      }
      const tiny: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"]')) {
        if (!shown(el) || (el instanceof HTMLInputElement && el.type === 'file')) continue;
        // A link inside a sentence is as tall as its line (WCAG 2.5.8, inline).
        const parent = el.parentElement;
        if (el.tagName === 'A' && parent && [...parent.childNodes].some((n) => n !== el && n.nodeType === 3 && n.textContent!.trim())) continue;
        // A box to tick is as large as the label it sits in.
        const box = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? (el.closest('label') ?? el) : el;
        const r = box.getBoundingClientRect();
        if (Math.min(r.width, r.height) < target - 0.5) tiny.push(`${name(el)}: ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
      return { small, tiny, overflow: document.documentElement.scrollWidth - window.innerWidth };
    },
    sizes,
  );
