import { describe, expect, it } from 'vitest';
import {
  type GameState,
  applyAction,
  awaiting,
  energyRichTiles,
  hexKey,
  legalActions,
  newGame,
  tilesLeft,
  tileOpening,
} from '../../engine/index.js';
import { blackTilesNeeded, landSites } from '../../engine/map/blacks.js';
import { initialBlackTiles } from '../../engine/map/setup.js';
import { localRandom } from '../../engine/local/index.js';
import { committedGame, line, must, refusal, setupFor, withBoard } from '../support/fixtures.js';

const H = (q: number, r: number) => ({ q, r });

/** Seat 0 to play in a 2-player game: take-step state. */
const start2 = () => committedGame(2).state;

/** Seat 0 has placed a face-up tile and is in the portal step. */
function portalStep(state: GameState, at = H(0, -1)): GameState {
  return must(state, { kind: 'placeTile', seat: 0, from: 'faceUp', at });
}

/** Gives a seat exactly one tile left: its face-up tile (pile emptied). */
function lastTileOnly(state: GameState, seat = 0): GameState {
  return {
    ...state,
    seats: state.seats.map((s, i) => (i === seat ? { ...s, pile: { ...s.pile!, refs: [] } } : s)),
  };
}

describe('M1 players, colours and the first player', () => {
  it('accepts 2 to 6 players with distinct colours', () => {
    for (let n = 2; n <= 6; n++) expect(newGame(setupFor(n)).ok).toBe(true);
  });
  it('refuses 1 or 7 players, a shared colour, an unknown civilisation or first seat', () => {
    expect(newGame({ players: setupFor(2).players.slice(0, 1), firstSeat: 0 }).ok).toBe(false);
    expect(newGame({ players: [...setupFor(6).players, setupFor(6).players[0]!], firstSeat: 0 }).ok).toBe(false);
    const twice = newGame({ players: [setupFor(2).players[0]!, setupFor(2).players[0]!], firstSeat: 0 });
    expect(!twice.ok && twice.error.rule).toBe('M1');
    expect(newGame({ players: [{ colour: 'forest', civilisation: 'orcs' as never }, setupFor(2).players[1]!], firstSeat: 0 }).ok).toBe(false);
    expect(newGame({ ...setupFor(3), firstSeat: 3 }).ok).toBe(false);
  });
});

describe('M2 face-down piles are committed', () => {
  it('each seat commits 7 distinct commitments, in seat order', () => {
    const game = committedGame(3);
    for (const s of game.state.seats) {
      expect(s.pile!.refs).toHaveLength(7);
      expect(Object.values(s.pile!.remaining).every((n) => n === 1)).toBe(true);
      expect(s.faceUp).toBe(s.colour);
    }
  });
  it('refuses a pile with the wrong number of commitments or a repeated one', () => {
    const state = newGame(setupFor(2));
    if (!state.ok) throw new Error();
    const c = 'ab'.repeat(32);
    expect(refusal(state.value, { kind: 'commitTiles', seat: 0, commitments: [c, c, c, c, c, c, c] })).toEqual({ code: 'BadCommitments', rule: 'M2' });
    expect(refusal(state.value, { kind: 'commitTiles', seat: 0, commitments: [c] })).toEqual({ code: 'BadCommitments', rule: 'M2' });
    expect(refusal(state.value, { kind: 'commitTiles', seat: 1, commitments: [c] }).code).toBe('NotYourTurn');
  });
});

describe('M3 the Heart and the black tiles around it', () => {
  it('places 6 - n black tiles on consecutive sides of the Heart', () => {
    for (let n = 2; n <= 6; n++) {
      const s = newGame(setupFor(n));
      if (!s.ok) throw new Error();
      expect(s.value.map['0,0']).toEqual({ kind: 'heart' });
      const blacks = Object.values(s.value.map).filter((t) => t.kind === 'land');
      expect(blacks).toHaveLength(6 - n);
      expect(initialBlackTiles(n).map(hexKey)).toEqual(['1,0', '0,1', '-1,1', '-1,0'].slice(0, 6 - n));
    }
  });
});

describe('M4 turn order', () => {
  it('starts with the first player and goes clockwise', () => {
    const game = committedGame(3, 'order', 1);
    expect(awaiting(game.state)).toEqual({ kind: 'seat', seat: 1 });
    expect(refusal(game.state, { kind: 'drawTile', seat: 0 }).code).toBe('NotYourTurn');
    let s = must(game.state, { kind: 'placeTile', seat: 1, from: 'faceUp', at: H(0, -1) });
    s = must(s, { kind: 'endTurn', seat: 1 });
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 2 });
  });
});

describe('M5 taking a tile', () => {
  it('a draw waits for a random event, then the drawer alone can open the drawn ref', () => {
    const game = committedGame(2, 'draw');
    let s = must(game.state, { kind: 'drawTile', seat: 0 });
    expect(awaiting(s)).toEqual({ kind: 'random' });
    s = must(s, { kind: 'random', value: localRandom('draw', 0) });
    const ref = s.seats[0]!.drawn!;
    expect(s.seats[0]!.pile!.refs).not.toContain(ref);
    expect(JSON.stringify(s)).not.toContain(tileOpening(game.vaults[0]!, ref)!.salt);
    const legal = legalActions(s, 0, game.vaults[0]);
    expect(legal.every((a) => a.kind === 'placeTile' && a.opening?.ref === ref)).toBe(true);
  });
  it('refuses a second face-up tile, a draw from an empty pile, and a random event nobody asked for', () => {
    const s = start2();
    expect(refusal(s, { kind: 'random', value: localRandom('x', 0) }).code).toBe('WrongStep');
    const used = { ...s, seats: s.seats.map((x, i) => (i === 0 ? { ...x, faceUp: null } : x)) };
    expect(refusal(used, { kind: 'placeTile', seat: 0, from: 'faceUp', at: H(0, -1) })).toEqual({ code: 'FaceUpTileUsed', rule: 'M5' });
    expect(refusal(lastTileOnly(s), { kind: 'drawTile', seat: 0 })).toEqual({ code: 'PileEmpty', rule: 'M5' });
  });
  it('refuses an opening that does not match the commitment, names another tile, or a colour the pile cannot hold', () => {
    const game = committedGame(2, 'open');
    let s = must(game.state, { kind: 'drawTile', seat: 0 });
    s = must(s, { kind: 'random', value: localRandom('open', 0) });
    const ref = s.seats[0]!.drawn!;
    const opening = tileOpening(game.vaults[0]!, ref)!;
    const other = opening.value === 'forest' ? 'lake' : 'forest';
    expect(refusal(s, { kind: 'placeTile', seat: 0, from: 'drawn', at: H(0, -1), opening: { ...opening, value: other } })).toEqual({ code: 'OpeningMismatch', rule: 'M5' });
    expect(refusal(s, { kind: 'placeTile', seat: 0, from: 'drawn', at: H(0, -1) }).code).toBe('OpeningMismatch');
    const otherRef = s.seats[0]!.pile!.refs[0]!;
    expect(refusal(s, { kind: 'placeTile', seat: 0, from: 'drawn', at: H(0, -1), opening: tileOpening(game.vaults[0]!, otherRef)! }).code).toBe('UnknownTile');
    // A pile that has already shown this colour cannot hold it again (the multiset check).
    const shown = { ...s, seats: s.seats.map((x, i) => (i === 0 ? { ...x, pile: { ...x.pile!, remaining: { ...x.pile!.remaining, [opening.value]: 0 } } } : x)) };
    expect(refusal(shown, { kind: 'placeTile', seat: 0, from: 'drawn', at: H(0, -1), opening })).toEqual({ code: 'OpeningNotInPile', rule: 'M2' });
    expect(must(s, { kind: 'placeTile', seat: 0, from: 'drawn', at: H(0, -1), opening }).map['0,-1']).toEqual({ kind: 'land', colour: opening.value });
  });
});

describe('M6 a tile goes on an empty space touching the map', () => {
  it('refuses an occupied space and a space not touching the map', () => {
    const s = start2();
    expect(refusal(s, { kind: 'placeTile', seat: 0, from: 'faceUp', at: H(1, 0) })).toEqual({ code: 'CellOccupied', rule: 'M6' });
    expect(refusal(s, { kind: 'placeTile', seat: 0, from: 'faceUp', at: H(3, -3) })).toEqual({ code: 'NotTouchingMap', rule: 'M6' });
    expect(must(s, { kind: 'placeTile', seat: 0, from: 'faceUp', at: H(1, -1) }).map['1,-1']).toEqual({ kind: 'land', colour: 'forest' });
  });
});

describe('M7 at least 3 tiles between a portal and the Heart', () => {
  const board = (s: GameState) => withBoard(s, line(0, -1, 3));
  it('refuses a portal at distance 3, accepts one at distance 4', () => {
    const s = portalStep(board(start2()), H(1, -1));
    expect(refusal(s, { kind: 'placePortal', seat: 0, at: H(1, -3) })).toEqual({ code: 'PortalNearHeart', rule: 'M7' });
    expect(must(s, { kind: 'placePortal', seat: 0, at: H(0, -4) }).seats[0]!.portal).toEqual(H(0, -4));
  });
});

describe('M8 at least 4 tiles between two portals', () => {
  it('refuses a portal at distance 4 from another, accepts distance 5', () => {
    const base = withBoard(start2(), [...line(0, -1, 4), ...line(1, -1, 4), ...line(-1, 0, 3, 'lake', 2)], { 1: H(0, -5) });
    const s = portalStep(base, H(-1, -1));
    expect(refusal(s, { kind: 'placePortal', seat: 0, at: H(4, -5) })).toEqual({ code: 'PortalNearPortal', rule: 'M8' });
    expect(must(s, { kind: 'placePortal', seat: 0, at: H(-5, 0) }).seats[0]!.portal).toEqual(H(-5, 0));
  });
});

describe('M9 at most 2 non-black tiles touching a portal', () => {
  it('refuses a portal touching 3 non-black tiles; black tiles do not count', () => {
    // Tiles at (0,-4) (1,-4) (-1,-3) all touch (0,-5)? (0,-5) touches (0,-4), (1,-5), (-1,-4)... build around (0,-5).
    const around: [ReturnType<typeof H>, 'plain' | 'black'][] = [
      [H(0, -4), 'plain'],
      [H(1, -5), 'plain'],
      [H(-1, -4), 'plain'],
    ];
    const s3 = portalStep(withBoard(start2(), [...line(0, -1, 3), ...around]), H(1, -1));
    expect(refusal(s3, { kind: 'placePortal', seat: 0, at: H(0, -5) })).toEqual({ code: 'PortalCrowded', rule: 'M9' });
    const withBlack = around.map(([h, c], i) => [h, i === 2 ? 'black' : c] as [ReturnType<typeof H>, 'plain' | 'black']);
    const s2 = portalStep(withBoard(start2(), [...line(0, -1, 3), ...withBlack]), H(1, -1));
    expect(must(s2, { kind: 'placePortal', seat: 0, at: H(0, -5) }).seats[0]!.portal).toEqual(H(0, -5));
  });
});

describe('M10 at least 3 tiles between the placed tile and every portal', () => {
  it('refuses a tile at distance 3 from a portal, accepts distance 4', () => {
    const s = withBoard(start2(), line(0, -1, 4), { 1: H(0, -5) });
    expect(refusal(s, { kind: 'placeTile', seat: 0, from: 'faceUp', at: H(1, -3) })).toEqual({ code: 'TileNearPortal', rule: 'M10' });
    expect(must(s, { kind: 'placeTile', seat: 0, from: 'faceUp', at: H(1, -2) }).map['1,-2']).toBeDefined();
  });
});

describe('M11 adding, removing or moving one\'s portal after placing', () => {
  const base = () => portalStep(withBoard(start2(), [...line(0, -1, 3), ...line(-1, 0, 3, 'lake', 2)]), H(1, -1));
  it('adds, then removes, then moves the portal on later turns; only in the portal step', () => {
    let s = base();
    s = must(s, { kind: 'placePortal', seat: 0, at: H(0, -4) });
    expect(s.seats[0]!.portal).toEqual(H(0, -4));
    expect(awaiting(s)).toEqual({ kind: 'seat', seat: 1 });
    expect(refusal(s, { kind: 'placePortal', seat: 1, at: H(-4, 0) }).code).toBe('WrongStep');
    s = must(must(s, { kind: 'placeTile', seat: 1, from: 'faceUp', at: H(2, -1) }), { kind: 'endTurn', seat: 1 });
    s = must(s, { kind: 'drawTile', seat: 0 });
    s = must(s, { kind: 'random', value: localRandom('m11', 0) });
    expect(refusal(s, { kind: 'removePortal', seat: 0 }).code).toBe('WrongStep');
  });
  it('removing needs a portal on the map; moving leaves the old site', () => {
    const s = base();
    expect(refusal(s, { kind: 'removePortal', seat: 0 })).toEqual({ code: 'PortalNotOnMap', rule: 'M11' });
    const placed = { ...s, seats: s.seats.map((x, i) => (i === 0 ? { ...x, portal: H(0, -4), portalPlacedAt: 0 } : x)) };
    const moved = must(placed, { kind: 'placePortal', seat: 0, at: H(-5, 0) });
    expect(moved.seats[0]!.portal).toEqual(H(-5, 0));
    expect(must(placed, { kind: 'removePortal', seat: 0 }).seats[0]!.portal).toBeNull();
  });
});

describe('M11a a portal that holds the map together stays (ruling)', () => {
  it('refuses removing or moving a portal whose removal would cut a black tile off', () => {
    const base = withBoard(start2(), [...line(0, -1, 3), [H(0, -5), 'black'], ...line(-1, 0, 3, 'lake', 2)]);
    const held = portalStep({ ...base, seats: base.seats.map((x, i) => (i === 0 ? { ...x, portal: H(0, -4), portalPlacedAt: 0 } : x)) }, H(1, -1));
    expect(refusal(held, { kind: 'removePortal', seat: 0 })).toEqual({ code: 'PortalHoldsMap', rule: 'M11a' });
    expect(refusal(held, { kind: 'placePortal', seat: 0, at: H(-5, 0) })).toEqual({ code: 'PortalHoldsMap', rule: 'M11a' });
    expect(legalActions(held, 0).map((a) => a.kind)).toEqual(['endTurn']);
    const free = portalStep({ ...withBoard(start2(), [...line(0, -1, 3), ...line(-1, 0, 3, 'lake', 2)]), seats: base.seats.map((x, i) => (i === 0 ? { ...x, portal: H(0, -4), portalPlacedAt: 0 } : x)) }, H(1, -1));
    expect(must(free, { kind: 'removePortal', seat: 0 }).seats[0]!.portal).toBeNull();
  });
});

describe('M12 energy-rich markers follow every add and remove', () => {
  it('marks an ordinary tile touching 4 colours, counting portals but not black tiles or the Heart', () => {
    // Centre (0,-3); around it: (1,-4) forest, (0,-2) lake, (-1,-2) desert, (1,-3) black, plus seat 0's portal at (0,-4) (forest? seat 0 is forest).
    const tiles = [
      [H(0, -1), 'plain'],
      [H(0, -2), 'lake'],
      [H(0, -3), 'plain'],
      [H(-1, -2), 'desert'],
      [H(1, -3), 'black'],
      [H(-1, -3), 'marsh'],
    ] as const;
    const s = withBoard(start2(), tiles);
    expect(energyRichTiles(s)).toEqual([]);
    // Seat 1 (mountain) adds its portal at (0,-4): (0,-3) now touches lake, desert, marsh and mountain.
    const withPortal = { ...s, seats: s.seats.map((x, i) => (i === 1 ? { ...x, portal: H(0, -4) } : x)) };
    expect(energyRichTiles(withPortal)).toEqual(['0,-3']);
    // Removing the portal removes the marker.
    expect(energyRichTiles({ ...withPortal, seats: s.seats })).toEqual([]);
    // A black tile in place of the portal does not count.
    expect(energyRichTiles(withBoard(s, [[H(0, -4), 'black']]))).toEqual([]);
  });
});

describe('M13 the last tile forces the portal onto the map', () => {
  it('refuses ending the turn or removing the portal after the last tile', () => {
    const s = portalStep(lastTileOnly(withBoard(start2(), line(0, -1, 3))), H(1, -1));
    expect(tilesLeft(s.seats[0]!)).toBe(0);
    expect(refusal(s, { kind: 'endTurn', seat: 0 })).toEqual({ code: 'PortalMandatory', rule: 'M13' });
    expect(legalActions(s, 0).every((a) => a.kind === 'placePortal')).toBe(true);
    const placed = { ...s, seats: s.seats.map((x, i) => (i === 0 ? { ...x, portal: H(0, -4), portalPlacedAt: 0 } : x)) };
    expect(refusal(placed, { kind: 'removePortal', seat: 0 })).toEqual({ code: 'PortalMandatory', rule: 'M13' });
    expect(must(placed, { kind: 'endTurn', seat: 0 }).seats[0]!.portal).toEqual(H(0, -4));
  });
});

describe('M14 black tiles when the portal has nowhere to go', () => {
  it('gives one black tile when one makes a valid position', () => {
    const s = must(lastTileOnly(start2()), { kind: 'placeTile', seat: 0, from: 'faceUp', at: H(2, -1) });
    expect(s.phase).toMatchObject({ name: 'mapCreation', stage: { kind: 'blacks', owed: 1 } });
    expect(refusal(s, { kind: 'endTurn', seat: 0 }).code).toBe('WrongStep');
    // A black tile at distance 2 leaves the portal with no site: useless.
    expect(refusal(s, { kind: 'placeBlack', seat: 0, at: H(1, -1) })).toEqual({ code: 'BlackTileUseless', rule: 'M14' });
    const after = must(s, { kind: 'placeBlack', seat: 0, at: H(3, -2) });
    expect(after.phase.stage).toMatchObject({ kind: 'portal' });
    expect(legalActions(after, 0).length).toBeGreaterThan(0);
    expect(legalActions(after, 0).every((a) => a.kind === 'placePortal')).toBe(true);
  });
  it('gives two when one is not enough', () => {
    const six = committedGame(6, 'six').state;
    const s = must(lastTileOnly(six), { kind: 'placeTile', seat: 0, from: 'faceUp', at: H(1, 0) });
    expect(s.phase.stage).toMatchObject({ kind: 'blacks', owed: 2 });
    expect(blackTilesNeeded(s, 0)).toBe(2);
    const one = must(s, { kind: 'placeBlack', seat: 0, at: H(2, 0) });
    expect(one.phase.stage).toMatchObject({ kind: 'blacks', owed: 1 });
    expect(refusal(one, { kind: 'placeBlack', seat: 0, at: H(0, 1) }).code).toBe('BlackTileUseless');
    expect(must(one, { kind: 'placeBlack', seat: 0, at: H(3, 0) }).phase.stage).toMatchObject({ kind: 'portal' });
  });
  it('refuses a black tile nobody owes', () => {
    expect(refusal(portalStep(start2()), { kind: 'placeBlack', seat: 0, at: H(0, -2) })).toEqual({ code: 'BlackTileNotOwed', rule: 'M14' });
  });
});

describe('M16 a tile with no valid position is set aside (ruling)', () => {
  it('refuses setting aside while a position exists, allows it when none does', () => {
    const s = start2();
    expect(refusal(s, { kind: 'setAsideTile', seat: 0, from: 'faceUp' })).toEqual({ code: 'PositionAvailable', rule: 'M16' });
    // Two portals beside the small starting map: every empty cell touching it is within 3 tiles of one.
    const fenced = withBoard(s, [], { 0: H(-1, 2), 1: H(1, -2) });
    expect(landSites(fenced)).toEqual([]);
    expect(legalActions(fenced, 0).filter((a) => a.kind === 'placeTile')).toEqual([]);
    expect(legalActions(fenced, 0)).toContainEqual({ kind: 'setAsideTile', seat: 0, from: 'faceUp' });
    const after = must(fenced, { kind: 'setAsideTile', seat: 0, from: 'faceUp' });
    expect(after.seats[0]!.faceUp).toBeNull();
    expect(Object.keys(after.map)).toEqual(Object.keys(fenced.map));
    expect(after.phase.stage).toMatchObject({ kind: 'portal' });
  });
});

describe('M15 the final round', () => {
  it('lets each player, from the first, move his portal or pass, then starts the conquest', () => {
    // Two portals placed, no tiles left: the final round.
    const s0 = withBoard(start2(), [...line(0, -1, 3), ...line(0, 1, 3, 'lake', 2)], { 0: H(0, -4), 1: H(0, 4) });
    const s = {
      ...s0,
      seats: s0.seats.map((x) => ({ ...x, faceUp: null, pile: { ...x.pile!, refs: [] } })),
      phase: { name: 'mapCreation', stage: { kind: 'finalRound', turn: 0, left: 2 } } as const,
    };
    expect(refusal(s, { kind: 'drawTile', seat: 0 })).toEqual({ code: 'WrongStep', rule: 'M15' });
    expect(refusal(s, { kind: 'placePortal', seat: 0, at: H(0, -3) }).code).toBe('CellOccupied');
    const moved = must(s, { kind: 'placePortal', seat: 0, at: H(1, -4) });
    expect(moved.phase).toEqual({ name: 'mapCreation', stage: { kind: 'finalRound', turn: 1, left: 1 } });
    const done = must(moved, { kind: 'endTurn', seat: 1 });
    expect(done.phase.name).toBe('conquest');
  });
});

describe('C1-C3 the conquest set-up', () => {
  const final = () => {
    const s0 = withBoard(start2(), [...line(0, -1, 3), ...line(0, 1, 2, 'lake', 2), [H(1, -4), 'forest'], [H(-1, 4), 'black'], [H(2, -1), 'desert']], { 0: H(0, -4), 1: H(0, 4) });
    return {
      ...s0,
      seats: s0.seats.map((x, i) => ({ ...x, faceUp: null, pile: { ...x.pile!, refs: [] }, portalPlacedAt: i === 0 ? 1 : 0 })),
      phase: { name: 'mapCreation', stage: { kind: 'finalRound', turn: 0, left: 2 } } as const,
    };
  };
  it('C1 the first player placed his portal at its final position first', () => {
    const s = must(must(final(), { kind: 'endTurn', seat: 0 }), { kind: 'endTurn', seat: 1 });
    expect(s.phase).toMatchObject({ name: 'conquest', day: 1, first: 1 });
    const movedLate = must(must(final(), { kind: 'endTurn', seat: 0 }), { kind: 'placePortal', seat: 1, at: H(1, 3) });
    expect(movedLate.phase).toMatchObject({ first: 0 });
  });
  it('C2 one troop on each portal, two on each tile touching it (black tiles too)', () => {
    const s = must(must(final(), { kind: 'endTurn', seat: 0 }), { kind: 'endTurn', seat: 1 });
    expect(s.territories['0,-4']).toMatchObject({ owner: 0, troops: 1 });
    expect(s.territories['0,-3']).toMatchObject({ owner: 0, troops: 2 });
    expect(s.territories['1,-4']).toMatchObject({ owner: 0, troops: 2 });
    expect(s.territories['0,4']).toMatchObject({ owner: 1, troops: 1 });
    expect(s.territories['0,3']).toMatchObject({ owner: 1, troops: 2 });
    expect(s.territories['-1,4']).toMatchObject({ owner: 1, troops: 2 });
  });
  it('C3 wild markers 2, 4, 6, 8 by adjacency, +4 on the Heart, +2 around it', () => {
    const s = must(must(final(), { kind: 'endTurn', seat: 0 }), { kind: 'endTurn', seat: 1 });
    // Line north: (0,-3) cubes, (0,-2) 2, (0,-1) 4 (+2 next to the Heart), Heart 6 + 4; (2,-1) is farther: 8.
    expect(s.territories['0,-2']!.wild).toEqual([2]);
    expect(s.territories['0,2']!.wild).toEqual([2]);
    expect(s.territories['0,-1']!.wild).toEqual([4, 2]);
    expect(s.territories['0,0']!.wild).toEqual([6, 4]);
    expect(s.territories['1,0']!.wild).toEqual([6, 2]);
    expect(s.territories['2,-1']!.wild).toEqual([8]);
    for (const t of Object.values(s.territories)) expect(t.owner === null).toBe(t.wild.length > 0);
  });
});

describe('every listed action is legal and applies', () => {
  it('in a whole game, for every state, each listed action applies', () => {
    const game = committedGame(3, 'all-legal');
    let s = game.state;
    let k = 0;
    while (s.phase.name !== 'conquest') {
      const who = awaiting(s);
      if (who.kind === 'random') {
        s = must(s, { kind: 'random', value: localRandom('all-legal', k++) });
        continue;
      }
      if (who.kind !== 'seat') break;
      const legal = legalActions(s, who.seat, game.vaults[who.seat]);
      expect(legal.length).toBeGreaterThan(0);
      for (const a of legal) expect(applyAction(s, a).ok).toBe(true);
      for (let other = 0; other < 3; other++) if (other !== who.seat) expect(legalActions(s, other, game.vaults[other])).toEqual([]);
      s = must(s, legal[(k * 7) % legal.length]);
    }
    expect(s.phase.name).toBe('conquest');
  });
});

describe('T5a an absent player while the map is built', () => {
  it('takes his face-up tile to the first valid position; a drawn tile is set aside unseen, still committed', () => {
    const s = start2();
    const placed = must(s, { kind: 'absent', seat: 0 });
    expect(placed.seats[0]!.faceUp).toBeNull();
    expect(Object.keys(placed.map).length).toBe(Object.keys(s.map).length + 1);
    const noFaceUp = { ...s, seats: s.seats.map((x, i) => (i === 0 ? { ...x, faceUp: null } : x)) };
    let t = must(noFaceUp, { kind: 'absent', seat: 0 });
    expect(t.phase.stage).toMatchObject({ kind: 'draw' });
    t = must(t, { kind: 'random', value: localRandom('t5a', 0) });
    const ref = t.seats[0]!.drawn!;
    const after = must(t, { kind: 'absent', seat: 0 });
    expect(after.seats[0]!.drawn).toBeNull();
    expect(after.seats[0]!.unseen).toEqual([ref]);
    expect(after.seats[0]!.pile!.remaining).toEqual(t.seats[0]!.pile!.remaining);
    expect(refusal(after, { kind: 'absent', seat: 1 }).code).toBe('NotAbsent');
  });
});
