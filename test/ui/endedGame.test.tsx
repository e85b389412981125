import { render } from 'solid-js/web';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeReplayText, parseReplayText } from '../../engine/protocol/index.js';
import { route } from '../../src/app/router.js';
import { setLanguage } from '../../src/i18n/index.js';
import { EndedGame } from '../../src/online/EndedGame.js';
import type { GameStop } from '../../src/online/gameStop.js';
import { ENDED_KEPT, type EndedOnline, keepEnded, parseEnded } from '../../src/online/store.js';
import { takePendingReplay } from '../../src/replay/pending.js';
import { play, playIllegalPortal } from '../protocol/harness.js';

/**
 * Issue 19, item 6.5: the share link of a game this page played to its end says that the game is
 * over, how, and offers its replay. What the page keeps (store.ts) goes through IndexedDB's
 * structured clone and is read back only through its parser; at most ENDED_KEPT games are kept.
 */

let finished: EndedOnline;
let stopped: EndedOnline;

beforeAll(async () => {
  const done = await play({ players: 2, seed: 'ended-link', settings: { limit: 24 } });
  const peer = done.table.network.peers[0]!;
  if (peer.outcome.kind !== 'finished') throw new Error('the game did not finish');
  finished = { stop: { kind: 'finished', end: peer.outcome.end, winner: null }, replay: makeReplayText(peer.replay()) };
  const cheat = await playIllegalPortal(3, 'ended-link-cheat', 0);
  const honest = cheat.table.network.honest[0]!;
  if (honest.outcome.kind !== 'cheat') throw new Error('no verdict');
  stopped = { stop: { kind: 'verdict', seat: honest.outcome.seat, code: honest.outcome.code, seq: honest.outcome.seq }, replay: makeReplayText(honest.replay()) };
});
afterEach(() => setLanguage('en'));

/** What IndexedDB gives back: a structured clone, parsed. */
const kept = (e: EndedOnline): EndedOnline => parseEnded(structuredClone({ ended: e }))!;

function mount(ended: EndedOnline): { host: HTMLElement; dispose: () => void } {
  const host = document.createElement('div');
  document.body.append(host);
  const dispose = render(() => <EndedGame ended={ended} />, host);
  return { host, dispose: () => (dispose(), host.remove()) };
}

describe('an ended game', () => {
  it('is read back as it was kept; anything else is no ended game', () => {
    expect(kept(finished)).toEqual(finished);
    expect(kept(stopped)).toEqual(stopped);
    const desync: GameStop = { kind: 'desync', seq: 12, seats: [0, 2] };
    expect(kept({ stop: desync, replay: '{}' })).toEqual({ stop: desync, replay: '{}' });
    for (const junk of [
      null,
      'x',
      { genesis: 'g', genesisSignatures: [], seats: [], names: [], log: [] }, // a game in progress
      { ended: { stop: finished.stop, replay: 7 } },
      { ended: { stop: { kind: 'finished', end: { kind: 'limit', seq: -1 }, winner: null }, replay: '' } },
      { ended: { stop: { kind: 'finished', end: { kind: 'days', day: 2, seq: 9 }, winner: 9 }, replay: '' } },
      { ended: { stop: { kind: 'verdict', seat: 0, code: '<b>', seq: 1 }, replay: '' } },
      { ended: { stop: { kind: 'desync', seq: 1, seats: [0, 1, 2, 3, 4, 5, 0] }, replay: '' } },
    ])
      expect(parseEnded(junk), JSON.stringify(junk)).toBeNull();
  });

  it(`keeps the last ${ENDED_KEPT} games, the latest last`, () => {
    let index: string[] = [];
    const dropped: string[] = [];
    for (let i = 0; i < ENDED_KEPT + 2; i++) {
      const next = keepEnded(index, `room${i}`);
      index = next.kept;
      dropped.push(...next.dropped);
    }
    expect(index).toEqual(Array.from({ length: ENDED_KEPT }, (_, i) => `room${i + 2}`));
    expect(dropped).toEqual(['room0', 'room1']);
    // The same room again moves to the end, nothing dropped.
    expect(keepEnded(index, 'room3')).toEqual({ kept: [...index.filter((r) => r !== 'room3'), 'room3'], dropped: [] });
  });

  it('says the game is over and how, and offers its replay: verified and watched, or saved; in both languages', async () => {
    const { host, dispose } = mount(kept(finished));
    try {
      expect(host.querySelector('h1')!.textContent).toBe('This game is over');
      expect(host.querySelector('#game-ended')!.textContent).toBe('The game is over. Stopped at the agreed limit of 24 log elements.');
      const save = host.querySelector<HTMLAnchorElement>('#save-ended-replay')!;
      expect(save.getAttribute('download')).toBe('battle-for-eden.json');
      expect(save.getAttribute('href')).toMatch(/^blob:/);
      setLanguage('fr');
      expect(host.querySelector('h1')!.textContent).toBe('Cette partie est finie');
      expect(host.querySelector('#game-ended')!.textContent).toBe('La partie est terminée. Arrêtée à la limite convenue de 24 éléments du journal.');
      host.querySelector<HTMLButtonElement>('#open-ended-replay')!.click();
      expect(route().path).toBe('/replay');
      expect(parseReplayText(await takePendingReplay()!.text())).toEqual(parseReplayText(finished.replay));
    } finally {
      dispose();
    }
  });

  it('a game stopped by a verdict says who broke the protocol', () => {
    const { host, dispose } = mount(kept(stopped));
    expect(host.querySelector('#game-ended')!.textContent).toMatch(/^The game stopped: Player 1 broke the protocol \(IllegalAction, element 0\)/);
    dispose();
  });
});
