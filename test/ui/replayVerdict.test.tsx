import { expose } from 'comlink';
import { render } from 'solid-js/web';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeReplayText, type Replay, type Verdict, verdictOf, verifyReplay } from '../../engine/protocol/index.js';
import { VERDICTS } from '../../engine/protocol/verify/verify.js';
import { setLanguage } from '../../src/i18n/index.js';
import ReplayScreen from '../../src/replay/ReplayScreen.js';
import { setPendingReplay } from '../../src/replay/pending.js';
import { verifyReplayText } from '../../src/replay/verify.js';
import { play, playIllegalPortal } from '../protocol/harness.js';

/**
 * Issue 19, item 6.1: the replay viewer says what `npm run verify` says. One replay of each
 * verdict, built by the protocol's in-process tables as test/protocol/verdicts.test.ts builds
 * them, opened in the viewer: its badge names the verdict the command gives, in both languages.
 */

/** A Worker that runs the viewer's verification in this realm, over a real MessageChannel and comlink. */
class InProcessWorker {
  private readonly port: MessagePort;
  constructor() {
    const channel = new MessageChannel();
    expose({ verify: verifyReplayText }, channel.port2);
    this.port = channel.port1;
    this.port.start();
  }
  postMessage(message: unknown, transfer?: Transferable[]): void {
    this.port.postMessage(message, transfer ?? []);
  }
  addEventListener(type: string, listener: EventListener): void {
    this.port.addEventListener(type, listener);
  }
  removeEventListener(type: string, listener: EventListener): void {
    this.port.removeEventListener(type, listener);
  }
  terminate(): void {
    this.port.close();
  }
}

const replays = new Map<Verdict, Replay>();

beforeAll(async () => {
  const complete = (await play({ players: 2, seed: 'replay-verdicts', settings: { limit: 24 } })).table.network.peers[0]!.replay();
  replays.set('valid', complete);
  // Two seats, one falls silent: the other alone declares it absent, which is no strict majority.
  let silent = false;
  const dropped = await play({
    players: 2,
    seed: 'replay-verdicts-minority',
    cheater: 1,
    settings: { limit: 30 },
    tamper: (text, _to, t) => {
      silent ||= t.network.peers[1]!.chain.seq >= 12;
      return silent ? [] : [text];
    },
  });
  replays.set('minority', dropped.table.network.honest[0]!.replay());
  replays.set('incomplete', { ...complete, log: complete.log.slice(0, 10), finals: [] });
  replays.set('cheat', (await playIllegalPortal(3, 'replay-verdicts-cheat', 0)).table.network.honest[0]!.replay());
  const sig = complete.log[3]![0]!.sig;
  replays.set('invalid', { ...complete, log: complete.log.map((el, i) => (i === 3 ? [{ ...el[0]!, sig: (sig[0] === '0' ? '1' : '0') + sig.slice(1) }, ...el.slice(1)] : el)) });
  vi.stubGlobal('Worker', InProcessWorker);
}, 60_000);
afterAll(() => {
  vi.unstubAllGlobals();
  setLanguage('en');
});

/** The viewer opened on a replay: its badge once the verification is done. */
async function badgeOf(replay: Replay): Promise<HTMLElement> {
  setPendingReplay(new File([makeReplayText(replay)], 'game.json', { type: 'application/json' }));
  const host = document.createElement('div');
  document.body.append(host);
  const dispose = render(() => <ReplayScreen />, host);
  try {
    await vi.waitUntil(() => host.querySelector('#replay-badge'), { timeout: 20_000 });
    return host.querySelector<HTMLElement>('#replay-badge')!.cloneNode(true) as HTMLElement;
  } finally {
    dispose();
    host.remove();
  }
}

const WORDS: Record<Verdict, { en: RegExp; fr: RegExp }> = {
  valid: { en: /^Valid A complete match: .* Stopped at the agreed limit of 24 log elements\. Final state signed by Player 1, Player 2\.$/, fr: /^Valide Une partie complète : .*limite convenue de 24 éléments.* signé par Joueur 1, Joueur 2\.$/ },
  minority: { en: /^Valid on a minority’s word .*rests on a minority’s word \(Player 2 declared absent by Player 1, without a majority, position 12, 13, 18, 20, 25…\)\. Stopped at the agreed limit of 30 log elements\. Final state signed by Player 1\.$/, fr: /^Valide sur la parole d’une minorité .*Joueur 2 déclaré absent par Joueur 1, sans majorité, position 12, 13, 18, 20, 25…\)\. Arrêtée/ },
  incomplete: { en: /^Incomplete No violation, but not a complete match\. The log stops before the game ended\.$/, fr: /^Incomplète Aucune violation.*Le journal s’arrête avant la fin de la partie\.$/ },
  cheat: { en: /^Cheat proven .*Player 1 broke the protocol at position 0 \(IllegalAction: /, fr: /^Triche prouvée .*Joueur 1 a enfreint le protocole à la position 0 \(IllegalAction : / },
  invalid: { en: /^Invalid First violation at entry 4: BadSignature: /, fr: /^Invalide Première violation à l’entrée 4 : BadSignature : / },
};

describe('the replay viewer says the verdict of `npm run verify`', () => {
  for (const verdict of VERDICTS) {
    it(`${verdict}: the badge and its words, in both languages`, async () => {
      const replay = replays.get(verdict)!;
      // The command's verdict, from the function scripts/verify.ts calls.
      expect(verdictOf(await verifyReplay(replay))).toBe(verdict);
      setLanguage('en');
      const en = await badgeOf(replay);
      expect(en.dataset.verdict).toBe(verdict);
      expect(en.dataset.valid).toBe(String(verdict === 'valid'));
      expect(en.className).toBe(`badge ${verdict === 'valid' ? 'valid' : verdict === 'cheat' || verdict === 'invalid' ? 'invalid' : 'doubt'}`);
      expect(en.textContent).toMatch(WORDS[verdict].en);
      setLanguage('fr');
      expect((await badgeOf(replay)).textContent).toMatch(WORDS[verdict].fr);
    });
  }
});
