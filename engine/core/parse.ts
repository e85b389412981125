import type { Hex } from '../hex/index.js';
import type { Action, CardOpening, Feint, SecretChoice, TileOpening, TileSource } from './actions.js';
import { isCardId, isTechnology } from '../cards/catalogue.js';
import type { Direction } from '../hex/index.js';
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
const isDir = (x: unknown): x is Direction => Number.isInteger(x) && (x as number) >= 0 && (x as number) < 6;
/** Troop counts: non-negative integers, bounded so that no arithmetic goes astray. */
const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 10_000;
const MAX_LIST = 64;
/** A deal is at most a whole discard pile; no game comes near this many cards. */
const MAX_DEAL = 4096;

function parseCardOpening(x: unknown): CardOpening | undefined {
  if (!isObj(x) || !hasOnlyKeys(x, ['ref', 'value', 'salt'])) return undefined;
  const { ref, value, salt } = x;
  if (typeof ref !== 'string' || ref.length > 64 || !isCardId(value) || !isSalt(salt)) return undefined;
  return { ref, value, salt };
}

function parseFeint(x: unknown): Feint | undefined {
  if (!isObj(x) || !hasOnlyKeys(x, ['at', 'dir', 'count'])) return undefined;
  const at = parseHex(x['at']);
  if (!at || !isDir(x['dir']) || !isCount(x['count'])) return undefined;
  return { at, dir: x['dir'], count: x['count'] };
}

function parseChoice(x: unknown): SecretChoice | undefined {
  if (!isObj(x)) return undefined;
  if (x['purpose'] === 'feint' && hasOnlyKeys(x, ['purpose', 'feints'])) {
    const list = x['feints'];
    if (!Array.isArray(list) || list.length > MAX_LIST) return undefined;
    const feints = list.map(parseFeint);
    return feints.every((f) => f) ? { purpose: 'feint', feints: feints as Feint[] } : undefined;
  }
  if (x['purpose'] === 'purchase' && hasOnlyKeys(x, ['purpose', 'cards', 'technologies'])) {
    const { cards, technologies } = x;
    if (!Array.isArray(cards) || cards.length > MAX_LIST || !cards.every(isCardId)) return undefined;
    if (!Array.isArray(technologies) || technologies.length > 8 || !technologies.every(isTechnology)) return undefined;
    return { purpose: 'purchase', cards: [...cards], technologies: [...technologies] };
  }
  return undefined;
}

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
    if (!hasOnlyKeys(input, ['kind', 'value', 'absent'])) return malformed('random: unexpected fields');
    if (!isRandomValue(input['value'])) return malformed('random: value must be 64 lower-case hex characters');
    const absent = input['absent'];
    if (absent === undefined) return ok({ kind, value: input['value'] });
    if (!Array.isArray(absent) || absent.length === 0 || !absent.every(isSeat) || absent.some((s, i) => i > 0 && s <= (absent[i - 1] as number)))
      return malformed('random: "absent" must be a non-empty list of seats in increasing order');
    return ok({ kind, value: input['value'], absent: [...absent] });
  }
  const seat = input['seat'];
  if (!isSeat(seat)) return malformed(`${kind}: "seat" must be an integer from 0 to ${MAX_PLAYERS - 1}`);
  switch (kind) {
    case 'commitTiles':
    case 'commitCards': {
      const c = input['commitments'];
      const max = kind === 'commitTiles' ? 16 : MAX_DEAL;
      if (!hasOnlyKeys(input, ['kind', 'seat', 'commitments'])) return malformed(`${kind}: unexpected fields`);
      if (!Array.isArray(c) || c.length > max || !c.every(isDigest)) return malformed(`${kind}: commitments must be a list of at most ${max} 64-hex digests`);
      return ok({ kind, seat, commitments: [...c] });
    }
    case 'drawTile':
    case 'removePortal':
    case 'endTurn':
    case 'done':
    case 'absent':
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
    case 'moveTroops':
    case 'exercise': {
      const keys = kind === 'moveTroops' ? ['kind', 'seat', 'from', 'to', 'count'] : ['kind', 'seat', 'from', 'to'];
      if (!hasOnlyKeys(input, keys)) return malformed(`${kind}: unexpected fields`);
      const from = parseHex(input['from']);
      const to = parseHex(input['to']);
      if (!from || !to) return malformed(`${kind}: "from" and "to" must be hexes`);
      if (kind === 'exercise') return ok({ kind, seat, from, to });
      if (!isCount(input['count']) || input['count'] < 1) return malformed('moveTroops: "count" must be a positive integer');
      return ok({ kind, seat, from, to, count: input['count'] });
    }
    case 'spread':
    case 'withdraw': {
      if (!hasOnlyKeys(input, ['kind', 'seat', 'at', 'dir', 'count'])) return malformed(`${kind}: unexpected fields`);
      const at = parseHex(input['at']);
      if (!at || !isDir(input['dir']) || !isCount(input['count'])) return malformed(`${kind}: needs "at" (a hex), "dir" (0-5) and "count" (an integer >= 0)`);
      return ok({ kind, seat, at, dir: input['dir'], count: input['count'] });
    }
    case 'commitSecret':
      if (!hasOnlyKeys(input, ['kind', 'seat', 'digest']) || !isDigest(input['digest'])) return malformed('commitSecret: needs a 64-hex "digest"');
      return ok({ kind, seat, digest: input['digest'] });
    case 'revealSecret': {
      if (!hasOnlyKeys(input, ['kind', 'seat', 'choice', 'salt'])) return malformed('revealSecret: unexpected fields');
      const choice = parseChoice(input['choice']);
      if (!choice || !isSalt(input['salt'])) return malformed('revealSecret: needs a feint or purchase "choice" and a 32-hex "salt"');
      return ok({ kind, seat, choice, salt: input['salt'] });
    }
    case 'chooseCombat':
    case 'joinCamp': {
      const field = kind === 'chooseCombat' ? 'combat' : 'camp';
      const v = input[field];
      if (!hasOnlyKeys(input, ['kind', 'seat', field]) || typeof v !== 'string' || v.length > 64) return malformed(`${kind}: needs a string "${field}"`);
      return kind === 'chooseCombat' ? ok({ kind, seat, combat: v }) : ok({ kind, seat, camp: v });
    }
    case 'answer':
      if (!hasOnlyKeys(input, ['kind', 'seat', 'accept']) || typeof input['accept'] !== 'boolean') return malformed('answer: needs a boolean "accept"');
      return ok({ kind, seat, accept: input['accept'] });
    case 'playUnit': {
      const opening = parseCardOpening(input['opening']);
      if (!hasOnlyKeys(input, ['kind', 'seat', 'opening']) || !opening) return malformed('playUnit: needs the card\'s "opening" {ref, value, salt}');
      return ok({ kind, seat, opening });
    }
    case 'afterCombat': {
      if (!hasOnlyKeys(input, ['kind', 'seat', 'toWorld', 'account'])) return malformed('afterCombat: unexpected fields');
      const { toWorld, account } = input;
      if (!Array.isArray(toWorld) || toWorld.length > MAX_LIST || !toWorld.every(isCardId)) return malformed('afterCombat: "toWorld" must be a list of cards');
      if (account === null) return ok({ kind, seat, toWorld: [...toWorld], account: null });
      if (!Array.isArray(account) || account.length > MAX_LIST) return malformed('afterCombat: "account" must be null or the hand\'s openings');
      const openings = account.map(parseCardOpening);
      if (!openings.every((o) => o)) return malformed('afterCombat: every opening needs {ref, value, salt}');
      return ok({ kind, seat, toWorld: [...toWorld], account: openings as CardOpening[] });
    }
    case 'cycleHand': {
      const list = input['discards'];
      if (!hasOnlyKeys(input, ['kind', 'seat', 'discards']) || !Array.isArray(list) || list.length > MAX_LIST) return malformed('cycleHand: needs "discards", a list of card openings');
      const discards = list.map(parseCardOpening);
      if (!discards.every((o) => o)) return malformed('cycleHand: every opening needs {ref, value, salt}');
      return ok({ kind, seat, discards: discards as CardOpening[] });
    }
    case 'request': {
      const at = parseHex(input['at']);
      if (!hasOnlyKeys(input, ['kind', 'seat', 'vassal', 'at']) || !at || !isSeat(input['vassal'])) return malformed('request: needs "vassal" (a seat) and "at" (a hex)');
      return ok({ kind, seat, vassal: input['vassal'], at });
    }
    case 'placeTroops': {
      const at = parseHex(input['at']);
      if (!hasOnlyKeys(input, ['kind', 'seat', 'at']) || !at) return malformed('placeTroops: needs "at" (a hex)');
      return ok({ kind, seat, at });
    }
    default:
      return err(ruleError('UnknownAction', 'A1', `unknown action kind "${kind.slice(0, 40)}"`));
  }
}
