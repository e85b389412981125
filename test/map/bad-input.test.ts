import { describe, expect, it } from 'vitest';
import {
  applyAction,
  parseAction,
  legalActions,
  tileOpening,
} from '../../engine/index.js';
import { canonicalJson } from '../../engine/core/canonical.js';
import { localRandom } from '../../engine/local/index.js';
import { committedGame, must, refusal } from '../support/fixtures.js';

describe('bad input is refused with a reason and changes nothing', () => {
  const game = committedGame(3, 'bad');
  const s = game.state;

  it.each([
    ['not an object', 42, 'MalformedAction'],
    ['null', null, 'MalformedAction'],
    ['an array', [], 'MalformedAction'],
    ['no kind', { seat: 0 }, 'MalformedAction'],
    ['an unknown kind', { kind: 'teleport', seat: 0 }, 'UnknownAction'],
    ['a seat out of range', { kind: 'drawTile', seat: 9 }, 'MalformedAction'],
    ['a fractional seat', { kind: 'drawTile', seat: 0.5 }, 'MalformedAction'],
    ['a string seat', { kind: 'drawTile', seat: '0' }, 'MalformedAction'],
    ['an extra field', { kind: 'drawTile', seat: 0, cheat: true }, 'MalformedAction'],
    ['a position that is not a hex', { kind: 'placeTile', seat: 0, from: 'faceUp', at: { q: 'a', r: 0 } }, 'MalformedAction'],
    ['a fractional position', { kind: 'placeTile', seat: 0, from: 'faceUp', at: { q: 0.5, r: 0 } }, 'MalformedAction'],
    ['a position far off the table', { kind: 'placeTile', seat: 0, from: 'faceUp', at: { q: 10_000, r: 0 } }, 'MalformedAction'],
    ['an unknown tile source', { kind: 'placeTile', seat: 0, from: 'box', at: { q: 0, r: -1 } }, 'MalformedAction'],
    ['an opening with a bad salt', { kind: 'placeTile', seat: 0, from: 'drawn', at: { q: 0, r: -1 }, opening: { ref: 'tile:0:0', value: 'forest', salt: 'xyz' } }, 'MalformedAction'],
    ['an opening of an unknown colour', { kind: 'placeTile', seat: 0, from: 'drawn', at: { q: 0, r: -1 }, opening: { ref: 'tile:0:0', value: 'gold', salt: '0'.repeat(32) } }, 'MalformedAction'],
    ['a random value that is not 32 bytes', { kind: 'random', value: 'abcd' }, 'MalformedAction'],
    ['a wrong seat', { kind: 'drawTile', seat: 1 }, 'NotYourTurn'],
    ['a seat that is not at the table', { kind: 'drawTile', seat: 5 }, 'UnknownSeat'],
    ['an illegal position', { kind: 'placeTile', seat: 0, from: 'faceUp', at: { q: 5, r: 5 } }, 'NotTouchingMap'],
    ['placing a tile not drawn', { kind: 'placeTile', seat: 0, from: 'drawn', at: { q: 0, r: -1 }, opening: { ref: 'tile:0:0', value: 'forest', salt: '0'.repeat(32) } }, 'NoDrawnTile'],
  ])('%s', (_name, action, code) => {
    expect(refusal(s, action).code).toBe(code);
  });

  it('an unknown tile and a revealed tile that does not match its commitment', () => {
    let t = must(s, { kind: 'drawTile', seat: 0 });
    t = must(t, { kind: 'random', value: localRandom('bad', 0) });
    const ref = t.seats[0]!.drawn!;
    const opening = tileOpening(game.vaults[0]!, ref)!;
    expect(refusal(t, { kind: 'placeTile', seat: 0, from: 'drawn', at: { q: 0, r: -1 }, opening: { ...opening, ref: 'tile:0:99' } }).code).toBe('UnknownTile');
    expect(refusal(t, { kind: 'placeTile', seat: 0, from: 'drawn', at: { q: 0, r: -1 }, opening: { ...opening, salt: 'f'.repeat(32) } }).code).toBe('OpeningMismatch');
    // Another seat's opening for one of its own tiles does not open ours.
    const foreign = tileOpening(game.vaults[1]!, 'tile:1:0')!;
    expect(refusal(t, { kind: 'placeTile', seat: 0, from: 'drawn', at: { q: 0, r: -1 }, opening: foreign }).code).toBe('UnknownTile');
  });

  it('the parser round-trips every legal action (parse(make(x)) = x)', () => {
    let t = s;
    for (const a of legalActions(t, 0, game.vaults[0])) {
      const parsed = parseAction(JSON.parse(canonicalJson(a)));
      expect(parsed).toEqual({ ok: true, value: a });
    }
    t = must(t, { kind: 'drawTile', seat: 0 });
    const r = { kind: 'random', value: localRandom('bad', 0) };
    expect(parseAction(r)).toEqual({ ok: true, value: r });
    t = must(t, r);
    for (const a of legalActions(t, 0, game.vaults[0])) expect(parseAction(JSON.parse(canonicalJson(a)))).toEqual({ ok: true, value: a });
  });

  it('never throws, whatever it is fed', () => {
    const junk: unknown[] = [undefined, '', 'drawTile', Symbol.iterator.toString(), { kind: 'placePortal', seat: 0, at: null }, { kind: 'commitTiles', seat: 0, commitments: 'x' }, { kind: 'random' }, { kind: 'random', value: 7 }, { kind: 'endTurn', seat: -1 }, { kind: 'placeBlack', seat: 0, at: { q: 0 } }];
    for (const j of junk) expect(applyAction(s, j).ok).toBe(false);
  });
});
