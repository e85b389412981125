import type { Direction, Hex } from '../hex/index.js';
import { isCardId, isTechnology } from '../cards/catalogue.js';
import type { Action, ActionKind, ActionOf, CampChoice, CardOpening, CombatChoice, Feint, SecretChoice, Take, Target, TileOpening, TileSource } from './actions.js';
import { isSalt } from './commit.js';
import { type RuleError, ruleError } from './errors.js';
import { isDigest } from './hash.js';
import { isRandomValue } from './random.js';
import { SEALED_BYTES } from './secret.js';
import { err, ok, type Result } from './result.js';
import { isTileColour, MAX_PLAYERS } from './vocabulary.js';

/** Hex coordinates beyond this are refused: no map of 6 players comes near it. */
export const MAX_COORD = 64;

type Obj = Record<string, unknown>;
type Parsed<K extends ActionKind> = Result<ActionOf<K>, RuleError>;

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const malformed = (message: string) => err(ruleError('MalformedAction', 'A1', message));
const isSeat = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0 && (x as number) < MAX_PLAYERS;
const isDir = (x: unknown): x is Direction => Number.isInteger(x) && (x as number) >= 0 && (x as number) < 6;
/** Troop counts: non-negative integers, bounded so that no arithmetic goes astray. */
const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 10_000;
/** The longest list a message may carry (cards in a purchase, feints, targets): what a legal choice may hold too. */
export const MAX_LIST = 64;
/** A deal is at most a whole discard pile; no game comes near this many cards. */
const MAX_DEAL = 4096;
/** A sealed memo: exactly 2 x SEALED_BYTES lower-case hex digits (length first: the digits are then checked once). */
function isSealed(x: unknown): x is string {
  return typeof x === 'string' && x.length === 2 * SEALED_BYTES && isLowerHex(x);
}

/** Character codes of the lower-case hex digits. */
const HEX_DIGITS = new Uint8Array(128);
for (const c of '0123456789abcdef') HEX_DIGITS[c.charCodeAt(0)] = 1;

/** Only lower-case hex digits? A loop over a table: on a 2 KB memo, several times faster than /[^0-9a-f]/ (a memo comes with every secret commitment). */
function isLowerHex(x: string): boolean {
  for (let i = 0; i < x.length; i++) if (HEX_DIGITS[x.charCodeAt(i)] !== 1) return false;
  return true;
}

/** Exactly these keys, no others: a message with extra fields is malformed, not silently trimmed. */
const hasOnlyKeys = (o: Obj, keys: readonly string[]): boolean => Object.keys(o).every((k) => keys.includes(k));

function parseHex(x: unknown): Hex | undefined {
  if (!isObj(x) || !hasOnlyKeys(x, ['q', 'r'])) return undefined;
  const { q, r } = x;
  if (!Number.isInteger(q) || !Number.isInteger(r)) return undefined;
  if (Math.abs(q as number) > MAX_COORD || Math.abs(r as number) > MAX_COORD) return undefined;
  return { q: (q as number) + 0, r: (r as number) + 0 };
}

function parseTileOpening(x: unknown): TileOpening | undefined {
  if (!isObj(x) || !hasOnlyKeys(x, ['ref', 'value', 'salt'])) return undefined;
  const { ref, value, salt } = x;
  if (typeof ref !== 'string' || ref.length > 64 || !isTileColour(value) || !isSalt(salt)) return undefined;
  return { ref, value, salt };
}

function parseCardOpening(x: unknown): CardOpening | undefined {
  if (!isObj(x) || !hasOnlyKeys(x, ['ref', 'value', 'salt'])) return undefined;
  const { ref, value, salt } = x;
  if (typeof ref !== 'string' || ref.length > 64 || !isCardId(value) || !isSalt(salt)) return undefined;
  return { ref, value, salt };
}

function parseList<T>(x: unknown, item: (y: unknown) => T | undefined, max = MAX_LIST): T[] | undefined {
  if (!Array.isArray(x) || x.length > max) return undefined;
  const out = x.map(item);
  return out.every((y) => y !== undefined) ? (out as T[]) : undefined;
}

function parseFeint(x: unknown): Feint | undefined {
  if (!isObj(x) || !hasOnlyKeys(x, ['at', 'dir', 'count'])) return undefined;
  const at = parseHex(x['at']);
  if (!at || !isDir(x['dir']) || !isCount(x['count'])) return undefined;
  return { at, dir: x['dir'], count: x['count'] };
}

function parseTake(x: unknown): Take | undefined {
  if (!isObj(x) || !hasOnlyKeys(x, ['dir', 'count']) || !isDir(x['dir']) || !isCount(x['count'])) return undefined;
  return { dir: x['dir'], count: x['count'] };
}

function parseChoice(x: unknown): SecretChoice | undefined {
  if (!isObj(x)) return undefined;
  if (x['purpose'] === 'feint' && hasOnlyKeys(x, ['purpose', 'feints'])) {
    const feints = parseList(x['feints'], parseFeint);
    return feints ? { purpose: 'feint', feints } : undefined;
  }
  if (x['purpose'] === 'purchase' && hasOnlyKeys(x, ['purpose', 'cards', 'technologies'])) {
    const cards = parseList(x['cards'], (c) => (isCardId(c) ? c : undefined));
    const technologies = parseList(x['technologies'], (t) => (isTechnology(t) ? t : undefined), 8);
    return cards && technologies ? { purpose: 'purchase', cards, technologies } : undefined;
  }
  return undefined;
}

function parseCombat(x: unknown): CombatChoice | undefined {
  if (!isObj(x)) return undefined;
  const at = parseHex(x['at']);
  if (!at) return undefined;
  if (x['kind'] === 'territory' && hasOnlyKeys(x, ['kind', 'at'])) return { kind: 'territory', at };
  if (x['kind'] === 'frontier' && hasOnlyKeys(x, ['kind', 'at', 'dir']) && isDir(x['dir'])) return { kind: 'frontier', at, dir: x['dir'] };
  return undefined;
}

const parseCamp = (x: unknown): CampChoice | undefined => (x === 'defender' || isSeat(x) ? x : undefined);

/** An ability's target (K15): one of the shapes of `Target`, exactly. */
function parseTarget(x: unknown): Target | null | undefined {
  if (x === null) return null;
  if (!isObj(x)) return undefined;
  switch (x['kind']) {
    case 'card':
      return hasOnlyKeys(x, ['kind', 'card']) && isCardId(x['card']) ? { kind: 'card', card: x['card'] } : undefined;
    case 'hand': {
      if (!hasOnlyKeys(x, ['kind', 'opening', 'side'])) return undefined;
      const opening = parseCardOpening(x['opening']);
      const side = x['side'];
      if (!opening || (side !== undefined && side !== 'left' && side !== 'right')) return undefined;
      return side === undefined ? { kind: 'hand', opening } : { kind: 'hand', opening, side };
    }
    case 'camp': {
      if (!hasOnlyKeys(x, ['kind', 'camp', 'units'])) return undefined;
      const camp = parseCamp(x['camp']);
      const units = parseList(x['units'], (u) => (isCount(u) ? u : undefined), MAX_PLAYERS);
      return camp !== undefined && units ? { kind: 'camp', camp, units } : undefined;
    }
    case 'tile': {
      const at = hasOnlyKeys(x, ['kind', 'at']) ? parseHex(x['at']) : undefined;
      return at ? { kind: 'tile', at } : undefined;
    }
    case 'unit':
      return hasOnlyKeys(x, ['kind', 'unit']) && isCount(x['unit']) ? { kind: 'unit', unit: x['unit'] } : undefined;
    default:
      return undefined;
  }
}
const isRef = (x: unknown): x is string => typeof x === 'string' && x.length <= 64;

/** A field parser: the value, or the message saying what it must be. */
type Field<T> = (x: unknown) => T | undefined;
const fields = {
  seat: isSeatField,
  at: parseHex,
  from: parseHex,
  to: parseHex,
  dir: (x: unknown) => (isDir(x) ? x : undefined),
  count: (x: unknown) => (isCount(x) ? x : undefined),
  positive: (x: unknown) => (isCount(x) && x >= 1 ? x : undefined),
} satisfies Record<string, Field<unknown>>;
function isSeatField(x: unknown): number | undefined {
  return isSeat(x) ? x : undefined;
}

/**
 * A parser for one action kind from its fields' parsers: refuses missing (unless optional), extra
 * or ill-typed fields. Built once per kind: parsing is on every peer's hot path.
 */
function shaped<K extends ActionKind>(kind: K, shape: Readonly<Record<string, Field<unknown>>>, optional: readonly string[] = []): (input: Obj) => Parsed<K> {
  const entries = Object.entries(shape);
  const keys = ['kind', ...Object.keys(shape)];
  return (input) => {
    for (const k in input) if (!keys.includes(k)) return malformed(`${kind}: unexpected fields`);
    const out: Record<string, unknown> = { kind };
    for (const [key, parse] of entries) {
      if (input[key] === undefined && optional.includes(key)) continue;
      const v = parse(input[key]);
      if (v === undefined) return malformed(`${kind}: "${key}" is missing or not valid`);
      out[key] = v;
    }
    return ok(out as unknown as ActionOf<K>);
  };
}

const seatOnly = <K extends ActionKind>(kind: K) => shaped(kind, { seat: fields.seat });

/**
 * One parser per action kind: a mapped type, so an action kind without its parser does not
 * compile. Shape only: whether the action is legal now is the rules' business.
 */
const PARSERS: { readonly [K in ActionKind]: (input: Obj) => Parsed<K> } = {
  commitTiles: shaped('commitTiles', { seat: fields.seat, commitments: (x) => parseList(x, (d) => (isDigest(d) ? d : undefined), 16) }),
  drawTile: seatOnly('drawTile'),
  placeTile: shaped('placeTile', { seat: fields.seat, from: (x) => (isSource(x) ? x : undefined), at: fields.at, opening: parseTileOpening }, ['opening']),
  setAsideTile: shaped('setAsideTile', { seat: fields.seat, from: (x) => (isSource(x) ? x : undefined), opening: parseTileOpening }, ['opening']),
  placeBlack: shaped('placeBlack', { seat: fields.seat, at: fields.at }),
  placePortal: shaped('placePortal', { seat: fields.seat, at: fields.at }),
  removePortal: seatOnly('removePortal'),
  endTurn: seatOnly('endTurn'),
  commitCards: shaped('commitCards', { seat: fields.seat, commitments: (x) => parseList(x, (d) => (isDigest(d) ? d : undefined), MAX_DEAL) }),
  moveTroops: shaped('moveTroops', { seat: fields.seat, from: fields.from, to: fields.to, count: fields.positive }),
  spread: shaped('spread', { seat: fields.seat, at: fields.at, dir: fields.dir, count: fields.count }),
  done: seatOnly('done'),
  commitSecret: shaped('commitSecret', { seat: fields.seat, digest: (x) => (isDigest(x) ? x : undefined), sealed: (x) => (isSealed(x) ? x : undefined) }),
  revealSecret: shaped('revealSecret', { seat: fields.seat, choice: parseChoice, salt: (x) => (isSalt(x) ? x : undefined) }),
  chooseCombat: shaped('chooseCombat', { seat: fields.seat, combat: parseCombat }),
  joinCamp: shaped('joinCamp', { seat: fields.seat, camp: parseCamp }),
  answer: shaped('answer', { seat: fields.seat, accept: (x) => (typeof x === 'boolean' ? x : undefined) }),
  withdraw: shaped('withdraw', { seat: fields.seat, at: fields.at, dir: fields.dir, count: fields.positive }),
  discardExtra: shaped('discardExtra', { seat: fields.seat, cards: (x) => parseList(x, parseCardOpening) }),
  playUnit: shaped('playUnit', { seat: fields.seat, opening: parseCardOpening }),
  activate: shaped('activate', { seat: fields.seat, unit: fields.count, ability: fields.count, targets: (x) => parseList(x, parseTarget, 16) }),
  putBack: shaped(
    'putBack',
    { seat: fields.seat, first: (x) => (x === 'play' || x === 'discard' || x === 'keep' ? x : undefined), opening: parseCardOpening, order: (x) => parseList(x, (r) => (isRef(r) ? r : undefined), 16) },
    ['opening'],
  ),
  ignoreEffect: shaped('ignoreEffect', { seat: fields.seat, ignore: (x) => (typeof x === 'boolean' ? x : undefined) }),
  chooseOpposing: shaped('chooseOpposing', { seat: fields.seat, camp: parseCamp }),
  allocateLosses: shaped('allocateLosses', { seat: fields.seat, at: fields.at, take: (x) => parseList(x, parseTake, 6) }),
  refill: shaped('refill', { seat: fields.seat, at: fields.at, take: (x) => parseList(x, parseTake, 6) }),
  returnUnits: shaped('returnUnits', { seat: fields.seat, units: (x) => parseList(x, (u) => (isCount(u) ? u : undefined)) }),
  keepHand: seatOnly('keepHand'),
  accountHand: shaped('accountHand', { seat: fields.seat, cards: (x) => parseList(x, parseCardOpening), setAside: fields.count }),
  exercise: shaped('exercise', { seat: fields.seat, from: fields.from, to: fields.to }),
  placeTroops: shaped('placeTroops', { seat: fields.seat, at: fields.at }),
  request: shaped('request', { seat: fields.seat, vassal: fields.seat, at: fields.at, from: fields.from, count: fields.positive }),
  vacate: shaped('vacate', { seat: fields.seat, to: fields.to }),
  random: (i) => {
    if (!hasOnlyKeys(i, ['kind', 'value', 'absent'])) return malformed('random: unexpected fields');
    if (!isRandomValue(i['value'])) return malformed('random: value must be 64 lower-case hex characters');
    const absent = i['absent'];
    if (absent === undefined) return ok({ kind: 'random', value: i['value'] });
    if (!Array.isArray(absent) || absent.length === 0 || !absent.every(isSeat) || absent.some((s, k) => k > 0 && s <= (absent[k - 1] as number)))
      return malformed('random: "absent" must be a non-empty list of seats in increasing order');
    return ok({ kind: 'random', value: i['value'], absent: [...absent] });
  },
  absent: seatOnly('absent'),
};

const isSource = (x: unknown): x is TileSource => x === 'faceUp' || x === 'drawn';

/** Parses anything from outside (a peer, a replay, a test) into an Action, or says what is wrong. */
export function parseAction(input: unknown): Result<Action, RuleError> {
  if (!isObj(input)) return malformed('an action must be an object');
  const kind = input['kind'];
  if (typeof kind !== 'string') return malformed('an action needs a string "kind"');
  if (!Object.hasOwn(PARSERS, kind)) return err(ruleError('UnknownAction', 'A1', `unknown action kind "${kind.slice(0, 40)}"`));
  return (PARSERS[kind as ActionKind] as (i: Obj) => Result<Action, RuleError>)(input);
}
