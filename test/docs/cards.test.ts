import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESIGNS } from '../../engine/cards/catalogue.js';
import { ABILITY_TYPES, CONDITIONS, EVENTS, type EffectKind, type PermanentKind } from '../../engine/cards/abilities.js';
import { withCardsSection } from '../../scripts/cards-doc.js';

/** docs/cards.md documents the effect vocabulary and every designed card the engine has. */
const text = readFileSync(new URL('../../docs/cards.md', import.meta.url), 'utf8');

const EFFECTS: Record<EffectKind, true> = { draw: true, peek: true, boost: true, harvest: true, gain: true, destroyFromDiscard: true, destroySelf: true, discardFromHand: true, buyUnit: true, summon: true, playBeside: true, neutralise: true, removeRow: true, pay: true, raise: true, sacrifice: true, boostRow: true };
const PERMANENTS: Record<PermanentKind, true> = {
  strengthBeside: true,
  strengthOnTerrain: true,
  destroyedIfRemoved: true,
  cheaperWithHeart: true,
  crystalInHand: true,
  playedAsUnit: true,
  strengthAgainstHeart: true,
  crystalsAsUnits: true,
  ignoreFirstNegative: true,
  moreTroops: true,
  pureInAccount: true,
  steadfast: true,
  strengthDefending: true,
  strengthFromDiscard: true,
};

describe('docs/cards.md', () => {
  it('names every ability type, effect and permanent effect of the vocabulary', () => {
    for (const word of [...ABILITY_TYPES, ...EVENTS, ...CONDITIONS, ...Object.keys(EFFECTS), ...Object.keys(PERMANENTS)]) expect(text, word).toContain(`\`${word}\``);
  });

  it('its card lists are the ones the card data generates (`npm run cards:doc` rewrites them)', () => {
    expect(withCardsSection(text) === text, 'docs/cards.md is out of date: run `npm run cards:doc`').toBe(true);
  });

  it('lists every designed card with its names in both languages', () => {
    for (const d of DESIGNS) {
      const row = text.split('\n').find((l) => l.startsWith(`| \`${d.id}\` |`));
      expect(row, d.id).toBeDefined();
      expect(row).toContain(d.name.en);
      expect(row).toContain(d.name.fr);
    }
  });

  it('every designed ability puts its waiting effect last (K15a)', () => {
    const waits = new Set<EffectKind>(['draw', 'peek', 'neutralise', 'removeRow']);
    for (const d of DESIGNS) for (const a of d.abilities) expect(a.effects.slice(0, -1).some((e) => waits.has(e.kind)), d.id).toBe(false);
  });
});
