/** A TURN relay on loopback (Debian's coturn), started and stopped by a test or a benchmark. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './ports.js';

export interface TurnRelay {
  /** `turn:127.0.0.1:PORT?transport=udp` */
  readonly url: string;
  readonly username: string;
  readonly credential: string;
  /** The ICE configuration that forces every WebRTC connection through this relay. */
  readonly ice: { readonly iceServers: { urls: string; username: string; credential: string }[]; readonly iceTransportPolicy: 'relay' };
  close(): Promise<void>;
}

export const TURNSERVER = '/usr/bin/turnserver';
export const turnInstalled = (): boolean => existsSync(TURNSERVER);
export const NO_TURN = 'coturn is not installed (apt-get install -y coturn): WebRTC tests over a loopback relay skipped. Set REQUIRE_BROWSER=1 to make this a failure.';

const listening = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

/**
 * WebRTC in Node and in Chromium gathers host candidates on the interface address, not on
 * 127.0.0.1, so tests carry every connection through this relay with iceTransportPolicy 'relay'.
 */
export async function startTurn(): Promise<TurnRelay> {
  const port = await freePort();
  const username = 'bfe';
  const credential = 'bfe-test';
  const child: ChildProcess = spawn(
    TURNSERVER,
    [
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      '--allow-loopback-peers',
      '--lt-cred-mech',
      `--user=${username}:${credential}`,
      '--realm=bfe',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      `-p`,
      String(port),
      `--pidfile=/tmp/bfe-turn-${port}.pid`,
      '--log-file=stdout',
      '--simple-log',
      '--no-stdout-log',
    ],
    { stdio: 'ignore' },
  );
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  for (let i = 0; i < 200 && !exited; i++) {
    if (await listening(port)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (exited || !(await listening(port))) {
    child.kill('SIGKILL');
    throw new Error(`turnserver did not start on 127.0.0.1:${port}`);
  }
  const url = `turn:127.0.0.1:${port}?transport=udp`;
  return {
    url,
    username,
    credential,
    ice: { iceServers: [{ urls: url, username, credential }], iceTransportPolicy: 'relay' },
    close: async () => {
      if (!exited) child.kill('SIGTERM');
      await exit;
    },
  };
}
