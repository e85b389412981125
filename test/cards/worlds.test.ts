import { describe, expect, it } from 'vitest';
import { ABILITY_TYPES, type Permanent, type UnitDesign } from '../../engine/cards/abilities.js';
import { type Civilisation, DESIGNS, RANKS, UNIT_RANKS, fullWorld, startingDeck, unitCard, unitRank } from '../../engine/cards/catalogue.js';
import { canonicalJson } from '../../engine/core/canonical.js';
import { CIVILISATION_IDENTITY } from '../../engine/cards/identities.js';

/**
 * The designed Worlds as a whole (issue 21, item 3; /work/shared/design/cards.md's habits): every
 * place a designed card, texts that fit on a card, no unit strictly worse than another of its cost,
 * and between them every ability type and permanent effects.
 */

const COMPLETE: readonly Civilisation[] = ['dwarves', 'necromancers', 'miners', 'elves', 'druids', 'tritons'];
const VERBS: Partial<Record<Civilisation, string>> = { dwarves: 'fortify', necromancers: 'return from the dead', miners: 'harvest energy', elves: 'swarm', druids: 'grow the land', tritons: 'disrupt' };
const designsOf = (civ: Civilisation): UnitDesign[] => DESIGNS.filter((d) => d.civilisation === civ);
const words = (text: string): number => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** Permanent effects that only ever hurt their unit (K14's negative example): having one makes a card worse, not better. */
const NEGATIVE: readonly Permanent['kind'][] = ['destroyedIfRemoved'];

/** Whether `a` is strictly worse than `b`: no stronger, every good thing of `a` also on `b`, every bad thing of `b` also on `a`, and not the same. */
function strictlyWorse(a: UnitDesign, b: UnitDesign): boolean {
  const goods = (d: UnitDesign) => [...d.permanent.filter((p) => !NEGATIVE.includes(p.kind)), ...d.abilities.map(({ text: _, ...rest }) => rest)].map((x) => canonicalJson(x));
  const bads = (d: UnitDesign) => d.permanent.filter((p) => NEGATIVE.includes(p.kind)).map((x) => canonicalJson(x));
  const within = (xs: string[], ys: string[]) => xs.every((x) => ys.includes(x));
  const same = within(goods(a), goods(b)) && within(goods(b), goods(a)) && within(bads(a), bads(b)) && within(bads(b), bads(a)) && RANKS[a.rank].strength === RANKS[b.rank].strength;
  return !same && RANKS[a.rank].strength <= RANKS[b.rank].strength && within(goods(a), goods(b)) && within(bads(b), bads(a));
}

describe.each(COMPLETE)('the %s World is complete', (civ) => {
  it('27 unit cards, every place a designed card (no plain unit left), in 8 to 11 designs', () => {
    const world = fullWorld(civ);
    for (const rank of UNIT_RANKS) {
      expect(world[unitCard(civ, rank)], `${civ}.${rank}`).toBeUndefined();
      const n = Object.entries(world).filter(([id]) => unitRank(id as `${Civilisation}.${string}`) === rank).reduce((a, [, c]) => a + (c ?? 0), 0);
      expect(n, rank).toBe(RANKS[rank].copies);
    }
    expect(designsOf(civ).length).toBeGreaterThanOrEqual(8);
    expect(designsOf(civ).length).toBeLessThanOrEqual(11);
  });

  it('its starting deck takes three of its designed basic units', () => {
    const units = startingDeck(civ).filter((c) => c.startsWith(`${civ}.`));
    expect(units).toHaveLength(3);
    expect(units.every((c) => DESIGNS.some((d) => d.id === c && d.rank === 'basic'))).toBe(true);
  });

  it('keeps its identity: one verb (issue 21), in both languages', () => {
    expect(CIVILISATION_IDENTITY[civ].style.en.toLowerCase()).toBe(VERBS[civ]);
    expect(CIVILISATION_IDENTITY[civ].style.fr).toBeTruthy();
  });

  it('every card has a name and a text in both languages, the text in 25 words at most', () => {
    for (const d of designsOf(civ)) {
      for (const lang of ['en', 'fr'] as const) {
        expect(d.name[lang], `${d.id} ${lang}`).toBeTruthy();
        expect(words(d.text[lang]), `${d.id} ${lang}: ${d.text[lang]}`).toBeLessThanOrEqual(25);
        for (const a of d.abilities) expect(a.text[lang], `${d.id} ability ${lang}`).toBeTruthy();
      }
    }
  });

  it('complexity by rarity: basic units carry one ability or permanent effect, warriors and greater warriors one, champions and immortals at most two', () => {
    for (const d of designsOf(civ)) {
      const n = d.abilities.length + d.permanent.filter((p) => !NEGATIVE.includes(p.kind)).length;
      expect(n, d.id).toBeGreaterThanOrEqual(1);
      expect(n, d.id).toBeLessThanOrEqual(d.rank === 'champion' || d.rank === 'immortal' ? 2 : 1);
    }
  });

  it('no unit is strictly worse than another of the same cost (a tactical unit is no weaker greater warrior)', () => {
    const ds = designsOf(civ);
    for (const a of ds) for (const b of ds) if (a !== b && RANKS[a.rank].cost === RANKS[b.rank].cost) expect(strictlyWorse(a, b), `${a.id} is strictly worse than ${b.id}`).toBe(false);
  });
});

describe('the check of "strictly worse"', () => {
  it('finds a weaker copy (so that its silence above means something)', () => {
    const greater = COMPLETE.flatMap(designsOf).find((d) => d.rank === 'greater')!;
    const weaker: UnitDesign = { ...greater, id: `${greater.civilisation}.weaker`, rank: 'tactical' };
    expect(strictlyWorse(weaker, greater)).toBe(true);
    expect(strictlyWorse(greater, weaker)).toBe(false);
  });
});

describe('between the complete Worlds', () => {
  it('every ability type is used, and permanent effects', () => {
    const designs = COMPLETE.flatMap(designsOf);
    expect([...new Set(designs.flatMap((d) => d.abilities.map((a) => a.type)))].sort()).toEqual([...ABILITY_TYPES].sort());
    expect(designs.some((d) => d.permanent.length > 0)).toBe(true);
  });
});
