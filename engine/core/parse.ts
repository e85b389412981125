import type { Hex } from '../hex/index.js';
import type { Action, TileOpening, TileSource } from './actions.js';
import { isSalt } from './commit.js';
import { type RuleError, ruleError } from './errors.js';
import { isDigest } from './hash.js';
import { isRandomValue } from './random.js';
import { err, ok, type Result } from './result.js';
import { isTileColour, MAX_PLAYERS } from './vocabulary.js';

/** Hex coordinates beyond this are refused: no map of 6 players comes near it. */
export const MAX_COORD = 64;

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const malformed = (message: string) => err(ruleError('MalformedAction', 'A1', message));

const isSeat = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0 && (x as number) < MAX_PLAYERS;

function parseHex(x: unknown): Hex | undefined {
  if (!isObj(x)) return undefined;
  const { q, r } = x;
  if (!Number.isInteger(q) || !Number.isInteger(r)) return undefined;
  if (Math.abs(q as number) > MAX_COORD || Math.abs(r as number) > MAX_COORD) return undefined;
  return { q: (q as number) + 0, r: (r as number) + 0 };
}

function parseOpening(x: unknown): TileOpening | undefined {
  if (!isObj(x)) return undefined;
  const { ref, value, salt } = x;
  if (typeof ref !== 'string' || ref.length > 64 || !isTileColour(value) || !isSalt(salt)) return undefined;
  return { ref, value, salt };
}

const isSource = (x: unknown): x is TileSource => x === 'faceUp' || x === 'drawn';

/** Exactly these keys, no others: a message with extra fields is malformed, not silently trimmed. */
function hasOnlyKeys(o: Obj, keys: readonly string[]): boolean {
  return Object.keys(o).every((k) => keys.includes(k));
}

/**
 * Parses anything from outside (a peer, a replay, a test) into an Action, or says what is wrong.
 * Shape only: whether the action is legal now is the rules' business.
 */
export function parseAction(input: unknown): Result<Action, RuleError> {
  if (!isObj(input)) return malformed('an action must be an object');
  const kind = input['kind'];
  if (typeof kind !== 'string') return malformed('an action needs a string "kind"');
  if (kind === 'random') {
    if (!hasOnlyKeys(input, ['kind', 'value'])) return malformed('random: unexpected fields');
    if (!isRandomValue(input['value'])) return malformed('random: value must be 64 lower-case hex characters');
    return ok({ kind, value: input['value'] });
  }
  const seat = input['seat'];
  if (!isSeat(seat)) return malformed(`${kind}: "seat" must be an integer from 0 to ${MAX_PLAYERS - 1}`);
  switch (kind) {
    case 'commitTiles': {
      const c = input['commitments'];
      if (!hasOnlyKeys(input, ['kind', 'seat', 'commitments'])) return malformed('commitTiles: unexpected fields');
      if (!Array.isArray(c) || c.length > 16 || !c.every(isDigest)) return malformed('commitTiles: commitments must be a list of 64-hex digests');
      return ok({ kind, seat, commitments: [...c] });
    }
    case 'drawTile':
    case 'removePortal':
    case 'endTurn':
      if (!hasOnlyKeys(input, ['kind', 'seat'])) return malformed(`${kind}: unexpected fields`);
      return ok({ kind, seat });
    case 'placeBlack':
    case 'placePortal': {
      if (!hasOnlyKeys(input, ['kind', 'seat', 'at'])) return malformed(`${kind}: unexpected fields`);
      const at = parseHex(input['at']);
      if (!at) return malformed(`${kind}: "at" must be {q, r} with integers within ±${MAX_COORD}`);
      return ok({ kind, seat, at });
    }
    case 'placeTile':
    case 'setAsideTile': {
      const keys = kind === 'placeTile' ? ['kind', 'seat', 'from', 'at', 'opening'] : ['kind', 'seat', 'from', 'opening'];
      if (!hasOnlyKeys(input, keys)) return malformed(`${kind}: unexpected fields`);
      const from = input['from'];
      if (!isSource(from)) return malformed(`${kind}: "from" must be "faceUp" or "drawn"`);
      let opening: TileOpening | undefined;
      if (input['opening'] !== undefined) {
        opening = parseOpening(input['opening']);
        if (!opening) return malformed(`${kind}: "opening" must be {ref, value (a tile colour), salt (32 hex)}`);
      }
      if (kind === 'setAsideTile') return ok(opening ? { kind, seat, from, opening } : { kind, seat, from });
      const at = parseHex(input['at']);
      if (!at) return malformed(`placeTile: "at" must be {q, r} with integers within ±${MAX_COORD}`);
      return ok(opening ? { kind, seat, from, at, opening } : { kind, seat, from, at });
    }
    default:
      return err(ruleError('UnknownAction', 'A1', `unknown action kind "${kind.slice(0, 40)}"`));
  }
}
