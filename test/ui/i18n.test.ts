import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en.js';
import { fr } from '../../src/i18n/fr.js';
import { textIn } from '../../src/i18n/index.js';

// The type check already refuses a French dictionary missing a key; this checks the texts themselves.
describe('dictionaries', () => {
  const keys = Object.keys(en) as (keyof typeof en)[];
  const placeholders = (s: string): string[] => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

  it('have the same keys, none empty', () => {
    expect(Object.keys(fr).sort()).toEqual([...keys].sort());
    for (const k of keys) {
      expect(en[k].trim(), k).not.toBe('');
      expect(fr[k].trim(), k).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const k of keys) expect(placeholders(fr[k]), k).toEqual(placeholders(en[k]));
  });

  it('are translated: French differs from English except for names and symbols', () => {
    const same = keys.filter((k) => en[k] === fr[k] && /[a-z]{4,}/i.test(en[k]));
    expect(same).toEqual(['app.title', 'home.civilisation', 'cards.technologies', 'rank.champion', 'replay.pause', 'replay.part.production', 'replay.part.expansion', 'ability.type.postCombat', 'combat.title', 'log.copies']);
  });

  it('fill placeholders', () => {
    expect(textIn('en', 'curtain.pass', { player: 'Player 2' })).toBe('Pass the device to Player 2');
    expect(textIn('fr', 'map.draw', { count: 4 })).toBe('Piocher (reste 4)');
  });
});
