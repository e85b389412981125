/** Debian's chromium for headless runs (tests, benchmarks): where it is and the flags it runs with. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Flags for a quiet, offline, sandbox-less headless chromium (CI runs as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];

/**
 * The system chromium, or null: $CHROMIUM if set (a path; one that does not exist counts as
 * missing), else `which chromium`, else /usr/bin/chromium. Never a browser downloaded by a tool.
 */
export function findChromium(): string | null {
  const chosen = process.env['CHROMIUM'];
  if (chosen !== undefined && chosen !== '') return existsSync(chosen) ? chosen : null;
  try {
    const found = execFileSync('which', ['chromium'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (found) return found;
  } catch {
    // not on PATH
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null;
}
