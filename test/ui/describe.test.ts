import { describe, expect, it } from 'vitest';
import { describeHex } from '../../src/board/describe.js';
import { conquestStart, front, withTroops, H, SE } from '../support/conquest.js';

/** The fixture map (test/support/conquest.ts): (1,1) desert, (0,3) lake; seat 0 plays forest, seat 1 mountains. */
const state = withTroops(conquestStart().state, {
  '1,1': { owner: 1, troops: 3, frontier: front(SE, 2) },
  '0,3': { owner: 0, troops: 1 },
});

describe('a hex in words (hover, tap, the board as a list)', () => {
  it('says its terrain, its owner with his glyph, its troops and each frontier’s, in English', () => {
    expect(describeHex(state, H(1, 1), 'en')).toBe('◌ desert at (1,1), owner: ▲ Player 2, 3 troops, 2 on the frontier toward south-east');
    expect(describeHex(state, H(0, 3), 'en')).toBe('≈ lakes at (0,3), owner: ♣ Player 1, 1 troop');
  });

  it('says so in French', () => {
    expect(describeHex(state, H(1, 1), 'fr')).toBe('◌ désert en (1,1), propriétaire : ▲ Joueur 2, 3 troupes, 2 sur la frontière vers le sud-est');
    expect(describeHex(state, H(0, 3), 'fr')).toBe('≈ lacs en (0,3), propriétaire : ♣ Joueur 1, 1 troupe');
  });

  it('says when nobody holds a territory, and its wild markers', () => {
    const free = Object.entries(state.territories).find(([, t]) => t.owner === null && t.wild.length > 0)!;
    const [q, r] = free[0].split(',').map(Number) as [number, number];
    const total = free[1].wild.reduce((a, b) => a + b, 0);
    expect(describeHex(state, H(q, r), 'en')).toMatch(new RegExp(`, no owner(, energy-rich)?, wild markers ${total}$`));
    expect(describeHex(state, H(q, r), 'fr')).toMatch(new RegExp(`, sans propriétaire(, riche en énergie)?, marqueurs de territoire sauvage ${total}$`));
  });
});
