import { describe, expect, it } from 'vitest';
import { type Fighter, formulaLoss, lossReckonings, troopLosses } from '../../engine/conquest/losses.js';

const f = (id: string, camp: string, strength: number, involved = 99, extra: Partial<Fighter> = {}): Fighter => ({
  id,
  camp,
  strength,
  involved,
  atFrontier: true,
  undefended: false,
  ...extra,
});

describe('B6-B7 troop losses', () => {
  it('the worked example of 004: Alexandra 6, Basile 2, Cécile 1, Dimitri 0', () => {
    const losses = troopLosses([f('Alexandra', '1', 5), f('Basile', '2', 9), f('Cécile', '3', 8), f('Dimitri', '3', 12)]);
    expect(Object.fromEntries(Object.entries(losses).map(([k, v]) => [k, v.lost]))).toEqual({ Alexandra: 6, Basile: 2, Cécile: 1, Dimitri: 0 });
  });

  it('loses 1 per full 3 points to each stronger player of the strongest camp, plus 1 per stronger opponent', () => {
    expect(formulaLoss(4, [f('b', '2', 10)])).toBe(2 + 1);
    expect(formulaLoss(4, [f('b', '2', 6)])).toBe(0 + 1);
    expect(formulaLoss(10, [f('b', '2', 6)])).toBe(0);
  });

  it('B8 two strongest camps tied: the one costing more', () => {
    // Camp 2 has 12 and 11; camp 3 has 12 alone. Against camp 2: 2 + 2 = 4; camp 3: 2.
    expect(formulaLoss(5, [f('b', '2', 12), f('c', '2', 11), f('d', '3', 12)])).toBe(4 + 3);
  });

  it('camp-mates are never opponents', () => {
    const losses = troopLosses([f('a', '1', 3), f('b', '1', 20), f('c', '2', 5)]);
    expect(losses['a']!.lost).toBe(1); // only c is stronger: (5-3)/3 = 0, +1
    expect(losses['c']!.lost).toBe(5 + 1); // b: (20-5)/3 = 5, +1
  });
});

describe('B9 all strengths equal', () => {
  it('each fighter at a frontier loses 1; a defender on its territory loses none', () => {
    const losses = troopLosses([f('att', '1', 6), f('def', 'defender', 6, 3, { atFrontier: false })]);
    expect(losses).toEqual({ att: { lost: 1, missing: 0 }, def: { lost: 0, missing: 0 } });
  });
});

describe('B10 not enough troops', () => {
  it('case i: an attacker of an undefended frontier loses all its involved troops', () => {
    expect(troopLosses([f('att', '1', 3, 2, { undefended: true }), f('wild', 'defender', 12, 0, { atFrontier: false })])['att']).toEqual({ lost: 2, missing: 0 });
  });
  it('case ii: Erwan (2 troops, strength 3) against Faustine (12) is missing 1', () => {
    expect(troopLosses([f('Erwan', '1', 3, 2), f('Faustine', '2', 12, 9)])['Erwan']).toEqual({ lost: 2, missing: 1 });
  });
  it('case ii: the search goes on until enough', () => {
    // Strength 1 with 0 troops against 20: loss(1)=6+1=7 > 0; m=1: loss(2)=6+1=7 > 1; ... m=4: loss(5)=5+1=6 > 4; m=5: loss(6)=4+1=5 <= 5.
    expect(troopLosses([f('p', '1', 1, 0), f('q', '2', 20, 9)])['p']).toEqual({ lost: 0, missing: 5 });
  });
});

describe('the reckoning shown to the table (B6-B10 step by step)', () => {
  it('the worked example of 004, row by row as in B7', () => {
    const fighters = [f('Alexandra', '1', 5), f('Basile', '2', 9), f('Cécile', '3', 8), f('Dimitri', '3', 12)];
    const r = lossReckonings(fighters);
    expect(r['Alexandra']).toEqual({
      rule: 'B6',
      camp: '3',
      gaps: [
        { id: 'Cécile', strength: 8, loss: 1 },
        { id: 'Dimitri', strength: 12, loss: 2 },
      ],
      stronger: ['Basile', 'Cécile', 'Dimitri'],
      owed: 6,
      short: null,
      lost: 6,
      missing: 0,
    });
    expect(r['Basile']).toMatchObject({ camp: '3', gaps: [{ id: 'Dimitri', strength: 12, loss: 1 }], stronger: ['Dimitri'], owed: 2 });
    expect(r['Cécile']).toMatchObject({ camp: '2', gaps: [{ id: 'Basile', strength: 9, loss: 0 }], stronger: ['Basile'], owed: 1 });
    expect(r['Dimitri']).toMatchObject({ camp: null, gaps: [], stronger: [], owed: 0 });
    // The same totals as the losses taken.
    const losses = troopLosses(fighters);
    for (const id of Object.keys(losses)) expect(r[id]!.owed).toBe(losses[id]!.lost);
  });

  it('B8: the camp the fighter chose among tied ones', () => {
    const fighters = [f('a', '1', 5), f('b', '2', 12), f('c', '2', 11), f('d', '3', 12)];
    expect(lossReckonings(fighters)['a']).toMatchObject({ camp: '2', owed: 4 + 3 });
    expect(lossReckonings(fighters, { a: '3' })['a']).toMatchObject({ camp: '3', gaps: [{ id: 'd', strength: 12, loss: 2 }], owed: 2 + 3 });
  });

  it('B9: all equal, 1 at a frontier, none on a territory', () => {
    const r = lossReckonings([f('att', '1', 6), f('def', 'defender', 6, 3, { atFrontier: false })]);
    expect(r['att']).toMatchObject({ rule: 'B9', owed: 1 });
    expect(r['def']).toMatchObject({ rule: 'B9', owed: 0 });
  });

  it('B10: case i for an attacker of an undefended frontier, case ii when troops are missing', () => {
    expect(lossReckonings([f('att', '1', 3, 2, { undefended: true }), f('wild', 'defender', 12, 0, { atFrontier: false })])['att']).toMatchObject({ owed: 4, short: 'i' });
    expect(lossReckonings([f('Erwan', '1', 3, 2), f('Faustine', '2', 12, 9)])['Erwan']).toMatchObject({ owed: 4, short: 'ii', lost: 2, missing: 1 });
  });
});
