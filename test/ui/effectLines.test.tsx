import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { type CardId, type GameState, type Vault, cardOpening, costOf, designOf, fullWorld, legalOptions, play, unitCiv } from '../../engine/index.js';
import { DESIGNS } from '../../engine/cards/catalogue.js';
import { cardFace } from '../../src/cards/cardInfo.js';
import { localRandom } from '../../engine/local/index.js';
import { setupOf } from '../../src/game/config.js';
import { describeEvents } from '../../src/game/eventLines.js';
import { GameScreen } from '../../src/game/GameScreen.js';
import { setLanguage } from '../../src/i18n/index.js';
import { asCiv, deckOf, duel, luck, passWhile, playCard, start, threeCamps, unitOf, battleOf } from '../support/abilities.js';
import { E, H, SEED, W, atChoose, front, handOf, withPlayer, withTroops } from '../support/conquest.js';
import { makeDirectTable } from '../support/directTable.js';
import { must } from '../support/fixtures.js';
import { config } from './conquestSupport.js';
import { tick } from './screenSupport.js';

/**
 * Every card effect that happens is a log line (issue 21, item 5), built from the engine's typed
 * events, in both languages; the same lines show in the combat's explanation.
 */

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  setLanguage('en');
});

const { state: s0, vaults } = start();
/** File 000's Rocket Roll, by its name (its civilisation is the card designers' choice), and a unit of cost 2 of its World to buy. */
const ROCKET_ROLL = DESIGNS.find((d) => d.name.en === 'Rocket Roll')!.id;
const BOUGHT = (Object.keys(fullWorld(unitCiv(ROCKET_ROLL))) as CardId[]).find((c) => costOf(c) === 2)!;
const v: readonly Vault[] = vaults;
const random = (s: GameState) => ({ kind: 'random', value: localRandom(SEED, s.randomEvents) });
/** The lines of the events of `input` at `s`, in `lang`. */
function linesOf(s: GameState, input: unknown, lang: 'en' | 'fr'): string[] {
  const r = play(s, input);
  if (!r.ok) throw new Error(r.error.message);
  return describeEvents(s, r.value.events, lang, r.value.state, input);
}
const activate = (s: GameState, seat: number, card: Parameters<typeof unitOf>[1], targets: unknown[] = [null], ability = 0) => ({ kind: 'activate', seat, unit: unitOf(s, card), ability, targets });

/** Positions and inputs whose events are card effects, with the English lines they must give. */
const CASES: readonly { name: string; at: () => [GameState, unknown]; en: readonly string[] }[] = [
  {
    name: 'an ability activated, its strength for the army (Shaman)',
    at: () => {
      const s = playCard(duel(deckOf(handOf(s0, 0, v[0]!, ['druids.shaman', 'crystal1']), 0, v[0]!, ['crystal2'])), v[0]!, 'druids.shaman');
      return [s, activate(s, 0, 'druids.shaman')];
    },
    en: ['♣ Player 1 activated Shaman: Immediate: Your units: +1 strength for the rest of the combat.', '♣ Player 1’s units got +1 strength for the rest of the combat'],
  },
  {
    name: 'a card drawn by an effect (the draw after a Captain), not a hand refilled',
    at: () => {
      const s = playCard(duel(deckOf(handOf(s0, 0, v[0]!, ['dwarves.captain']), 0, v[0]!, ['crystal1'])), v[0]!, 'dwarves.captain');
      const t = must(s, activate(s, 0, 'dwarves.captain'));
      return [t, random(t)];
    },
    en: ['♣ Player 1 drew 1 card (a card’s effect)'],
  },
  {
    name: 'a card destroyed from the discard pile, a unit summoned (Grave Caller)',
    at: () => {
      let t = handOf(asCiv(s0, 0, 'necromancers'), 0, v[0]!, ['necromancers.graveCaller']);
      t = duel(deckOf(t, 0, v[0]!, [], ['terrain']));
      t = must(must(playCard(t, v[0]!, 'necromancers.graveCaller'), { kind: 'done', seat: 1 }), { kind: 'done', seat: 0 });
      return [t, activate(t, 0, 'necromancers.graveCaller', [{ kind: 'card', card: 'terrain' }, null])];
    },
    en: ['♣ Player 1 activated Grave Caller: Delayed: Destroy a discarded card to raise a Skeleton.', '♣ Player 1 destroyed Favourable Ground (K8)', '♣ Player 1’s Skeleton entered the combat (row 2)'],
  },
  {
    name: 'a unit bought during a combat (Rocket Roll)',
    at: () => {
      const t = playCard(duel(deckOf(handOf(withPlayer(asCiv(s0, 0, unitCiv(ROCKET_ROLL)), 0, { energy: 5 }), 0, v[0]!, [ROCKET_ROLL]), 0, v[0]!, [], ['crystal1'])), v[0]!, ROCKET_ROLL);
      return [t, activate(t, 0, ROCKET_ROLL, [{ kind: 'card', card: 'crystal1' }, { kind: 'card', card: BOUGHT }])];
    },
    en: [`♣ Player 1 activated Rocket Roll: Immediate: ${designOf(ROCKET_ROLL)!.abilities[0]!.text.en}`, '♣ Player 1 destroyed Energy Crystal (1) (K8)', `♣ Player 1 bought ${cardFace(BOUGHT, 'en').name} for 2 energy stocks: it went to the hand, seen by all`],
  },
  {
    name: 'a card discarded from the hand, a unit’s own strength (Herbalist)',
    at: () => {
      const t = playCard(duel(handOf(s0, 0, v[0]!, ['druids.herbalist', 'crystal1'])), v[0]!, 'druids.herbalist');
      const o = cardOpening(v[0]!, t, t.players[0]!.cards.hand[0]!)!;
      return [t, activate(t, 0, 'druids.herbalist', [{ kind: 'hand', opening: { ref: o.ref, value: o.value, salt: o.salt } }, null])];
    },
    en: ['♣ Player 1 activated Herbalist: Immediate: Discard a card: +2 strength.', '♣ Player 1 discarded Energy Crystal (1)', '♣ Player 1’s Herbalist got +2 strength for the rest of the combat'],
  },
  {
    name: 'a unit neutralised (Hexer, in a duel: suffered at once)',
    at: () => {
      let t = duel(handOf(handOf(s0, 0, v[0]!, ['druids.hexer']), 1, v[1]!, ['dwarves.warrior']), 1);
      t = playCard(playCard(t, v[1]!, 'dwarves.warrior'), v[0]!, 'druids.hexer');
      return [t, activate(t, 0, 'druids.hexer', [{ kind: 'camp', camp: 1, units: [unitOf(t, 'dwarves.warrior')] }])];
    },
    en: ['♣ Player 1 activated Hexer: Immediate: Neutralise an enemy unit.', '▲ Player 2’s Warrior was neutralised: face down, it counts 0 (K18c)'],
  },
  {
    name: 'a unit removed from the combat (Harpooner against a Decoy)',
    at: () => {
      const t = playCard(playCard(duel(handOf(handOf(s0, 0, v[0]!, ['tritons.harpooner']), 1, v[1]!, ['tritons.decoy']), 1), v[1]!, 'tritons.decoy'), v[0]!, 'tritons.harpooner');
      return [t, activate(t, 0, 'tritons.harpooner')];
    },
    en: ['♣ Player 1 activated Harpooner: Immediate: Clear the enemy row facing this unit.', '▲ Player 2’s Decoy was removed from the combat (B2a)'],
  },
  {
    name: 'a unit destroyed instead of removed (Harpooner against a Skeleton, K14)',
    at: () => {
      const t = playCard(playCard(duel(handOf(handOf(asCiv(s0, 1, 'necromancers'), 0, v[0]!, ['tritons.harpooner']), 1, v[1]!, ['necromancers.skeleton']), 1), v[1]!, 'necromancers.skeleton'), v[0]!, 'tritons.harpooner');
      return [t, activate(t, 0, 'tritons.harpooner')];
    },
    en: ['♣ Player 1 activated Harpooner: Immediate: Clear the enemy row facing this unit.', '▲ Player 2’s Skeleton was destroyed: back to the World (K8)'],
  },
  {
    name: 'a unit destroyed for energy after the combat (Prospector)',
    at: () => {
      let t = playCard(duel(asCiv(handOf(s0, 0, v[0]!, ['miners.prospector']), 0, 'miners')), v[0]!, 'miners.prospector');
      t = passWhile(must(must(t, { kind: 'done', seat: 1 }), { kind: 'done', seat: 0 }), ['opposing', 'losses', 'refill']);
      return [t, activate(t, 0, 'miners.prospector', [null, null])];
    },
    en: ['♣ Player 1 activated Prospector: Post-combat: Destroy it to gain 2 energy stocks.', '♣ Player 1’s Prospector was destroyed: back to the World (K8)', '♣ Player 1 gained 2 energy stocks'],
  },
  {
    name: 'cards revealed to their owner, then one played and the other put back (Infantry Squad)',
    at: () => {
      let t = playCard(duel(deckOf(handOf(s0, 0, v[0]!, ['dwarves.infantrySquad']), 0, v[0]!, ['dwarves.captain', 'crystal1', 'crystal2'])), v[0]!, 'dwarves.infantrySquad');
      t = must(t, activate(t, 0, 'dwarves.infantrySquad'));
      return [t, random(t)];
    },
    en: ['♣ Player 1 looked at the top 2 cards of the deck, seen by that player alone'],
  },
  {
    name: 'the first revealed card played, the other put back (K5c)',
    at: () => {
      let t = playCard(duel(deckOf(handOf(s0, 0, v[0]!, ['dwarves.infantrySquad']), 0, v[0]!, ['dwarves.captain', 'crystal1', 'crystal2'])), v[0]!, 'dwarves.infantrySquad');
      t = luck(must(t, activate(t, 0, 'dwarves.infantrySquad')));
      const played = legalOptions(t, 0, v[0]).find((o) => o.kind === 'one' && o.action.kind === 'putBack' && o.action.first === 'play');
      return [t, played?.kind === 'one' ? played.action : null];
    },
    en: ['♣ Player 1’s Captain entered the combat (row 2)', '♣ Player 1 put 1 card back on top of the deck'],
  },
  {
    name: 'a negative effect ignored (K18)',
    at: () => {
      let t = handOf(handOf(handOf(s0, 0, v[0]!, ['druids.hexer']), 1, v[1]!, ['elves.basic', 'druids.hexer']), 2, v[2]!, ['elves.basic', 'elves.warrior']);
      t = threeCamps(t, 2, [[1, 0]]);
      t = playCard(playCard(t, v[2]!, 'elves.basic'), v[0]!, 'druids.hexer');
      t = must(t, activate(t, 0, 'druids.hexer', [{ kind: 'camp', camp: 'defender', units: [unitOf(t, 'elves.basic')] }]));
      t = playCard(playCard(t, v[1]!, 'elves.basic'), v[2]!, 'elves.warrior');
      t = playCard(must(t, { kind: 'done', seat: 0 }), v[1]!, 'druids.hexer');
      const hexer = battleOf(t).units.find((u) => u.card === 'druids.hexer' && u.owner === 1)!.id;
      t = must(t, { kind: 'activate', seat: 1, unit: hexer, ability: 0, targets: [{ kind: 'camp', camp: 'defender', units: [unitOf(t, 'elves.warrior')] }] });
      return [t, { kind: 'ignoreEffect', seat: 2, ignore: true }];
    },
    en: ['≈ Player 3 ignored ▲ Player 2’s neutralisation (K18)'],
  },
];

describe('the log lines of card effects', () => {
  for (const c of CASES) {
    it(`${c.name}: from the events, in English and in French`, () => {
      const [s, input] = c.at();
      const en = linesOf(s, input, 'en');
      expect(en).toEqual(c.en);
      const fr = linesOf(s, input, 'fr');
      expect(fr.length).toBe(en.length);
      fr.forEach((line, i) => {
        expect(line.length).toBeGreaterThan(0);
        expect(line).not.toBe(en[i]);
      });
    });
  }
});

describe('the combat’s explanation', () => {
  it('says every effect of the combat, as the log does, and follows the language', async () => {
    // The combat from its beginning (the report reads the log from the combat's first event): chosen, both ready, the Shaman played.
    const base = atChoose(withTroops(deckOf(handOf(s0, 0, v[0]!, ['druids.shaman', 'crystal1']), 0, v[0]!, ['crystal2']), { '2,-1': { owner: 0, troops: 1, frontier: front(W, 2) }, '1,-1': { owner: 1, troops: 1, frontier: front(E, 2) } }), 0);
    const inputs: unknown[] = [{ kind: 'chooseCombat', seat: 0, combat: { kind: 'frontier', at: H(2, -1), dir: W } }, { kind: 'done', seat: 0 }, { kind: 'done', seat: 1 }];
    const ready = inputs.reduce<GameState>((t, a) => must(t, a), base);
    const shamanRef = ready.players[0]!.cards.hand.find((r) => cardOpening(v[0]!, ready, r)!.value === 'druids.shaman')!;
    const o = cardOpening(v[0]!, ready, shamanRef)!;
    inputs.push({ kind: 'playUnit', seat: 0, opening: { ref: o.ref, value: o.value, salt: o.salt } });
    const s = must(ready, inputs[3]);
    const cfg = config(3, SEED);
    const table = makeDirectTable({ setup: setupOf(cfg), seed: SEED, bots: [], bot: async () => null, start: base, inputs });
    const host = document.createElement('div');
    document.body.append(host);
    disposers.push(render(() => <GameScreen table={table} config={cfg} flat onAutoplay={() => {}} />, host), () => host.remove(), () => table.dispose());
    await tick();
    (host.querySelector('#curtain') as HTMLElement).click();
    await tick();
    const shaman = unitOf(s, 'druids.shaman');
    (host.querySelector(`#ability-${shaman}-0`) as HTMLElement).click();
    await tick(3);
    (host.querySelector(`#ability-${shaman}-1`) as HTMLElement).click();
    await tick(3);
    const explained = () => [...host.querySelectorAll('#combat-view .combat-effects li')].map((li) => li.textContent);
    const logged = () => [...host.querySelectorAll('#log li')].map((li) => li.textContent ?? '');
    const en = [
      '♣ Player 1 activated Shaman: Immediate: Your units: +1 strength for the rest of the combat.',
      '♣ Player 1’s units got +1 strength for the rest of the combat',
      '♣ Player 1 activated Shaman: Immediate: Draw 1 card.',
      '♣ Player 1 drew 1 card (a card’s effect)',
    ];
    expect(explained()).toEqual(en);
    for (const line of en) expect(logged().some((l) => l.includes(line)), line).toBe(true);
    // The army's strength shows the boost the engine counts (the Shaman is a champion: 5, +1).
    expect(host.querySelector(`#combat-view .army-card[data-unit="${shaman}"] .card-strength`)!.textContent).toBe('6');
    setLanguage('fr');
    await tick();
    expect(explained()).toEqual(['♣ Joueur 1 a activé Chamane : Immédiate : Vos unités : +1 en force pour le reste du combat.', 'Les unités de ♣ Joueur 1 ont gagné +1 en force pour le reste du combat', '♣ Joueur 1 a activé Chamane : Immédiate : Piochez 1 carte.', '♣ Joueur 1 a pioché 1 carte (effet d’une carte)']);
  });
});
