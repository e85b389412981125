import { canonicalJson } from '../../core/canonical.js';
import { err, ok, type Result } from '../../core/result.js';
import { RULES_VERSION, newGame, type GameSetup } from '../../map/setup.js';
import { isColour, isCivilisation, MAX_PLAYERS } from '../../core/vocabulary.js';
import { fromHex, isHexOf } from '../crypto/bytes.js';
import { PROTOCOL, TAGS, taggedDigest } from '../crypto/digest.js';
import { publicKeyProblem } from '../crypto/ed25519.js';
import { type Violation, violation } from '../errors.js';
import { hasOnlyKeys, isCanonical, isCount, isObj, malformed, parseJson } from './json.js';

/** Protocol settings, fixed in the genesis and so signed by every seat. */
export interface ProtocolSettings {
  /** Links in each seat's beacon chain: the most random events a game can have. */
  readonly beaconLength: number;
  /** The decision timer in ticks of the peers' logical clock; null for no timer (local and bot games). */
  readonly timer: number | null;
  /** The game ends (and closes) after this many log elements; null for no limit. For tests and short matches. */
  readonly limit: number | null;
  /** The game ends (and closes) when the conquest reaches this day + 1; null for no day cap (optional, default null). */
  readonly days?: number | null;
  /** The largest message a peer accepts, in UTF-8 bytes. */
  readonly maxMessageBytes: number;
}

export const DEFAULT_SETTINGS: ProtocolSettings = { beaconLength: 4096, timer: 60, limit: null, maxMessageBytes: 65536 };

/** A seat's public identity: its Ed25519 public key and the tip of its beacon chain. */
export interface SeatIdentity {
  readonly key: string;
  readonly beacon: string;
}

/**
 * The record every seat signs before the first action: it binds keys and beacon tips to
 * seats, and fixes the rules and the set-up. Its hash is the game's identity, named by every entry.
 */
export interface Genesis {
  readonly protocol: typeof PROTOCOL;
  /** The lobby's name for the game (not unique by itself: the genesis hash is). */
  readonly game: string;
  readonly rules: string;
  readonly setup: GameSetup;
  readonly seats: readonly SeatIdentity[];
  readonly settings: ProtocolSettings;
}

export interface ParsedGenesis {
  readonly genesis: Genesis;
  readonly text: string;
  /** H(genesis text): the game id every entry carries. */
  readonly id: string;
  readonly keys: readonly Uint8Array[];
}

export const makeGenesisText = (genesis: Genesis): string => canonicalJson(genesis);

export const genesisId = (text: string): string => taggedDigest(TAGS.genesis, text);

const isName = (x: unknown): x is string => typeof x === 'string' && /^[A-Za-z0-9_.:-]{1,64}$/.test(x);

function parseSetup(x: unknown): GameSetup | undefined {
  if (!isObj(x) || !hasOnlyKeys(x, ['players', 'firstSeat'])) return undefined;
  const { players, firstSeat } = x;
  if (!Array.isArray(players) || players.length > MAX_PLAYERS || !isCount(firstSeat, MAX_PLAYERS)) return undefined;
  const parsed = players.map((p: unknown) =>
    isObj(p) && hasOnlyKeys(p, ['colour', 'civilisation']) && isColour(p['colour']) && isCivilisation(p['civilisation'])
      ? { colour: p['colour'], civilisation: p['civilisation'] }
      : undefined,
  );
  if (parsed.some((p) => !p)) return undefined;
  return { players: parsed as GameSetup['players'], firstSeat };
}

/**
 * The bounds every genesis setting must respect: a peer's memory and time per game follow from
 * them (a beacon chain is computed and held whole, every message is read whole before it is
 * refused, the timer decides how long a game can wait for one seat).
 */
export const SETTING_BOUNDS = {
  /** Links per beacon chain: the most random events of a game (a long game uses a few hundred). */
  beaconLength: { min: 1, max: 65_536 },
  /** Ticks of the logical clock (seconds in play): one second to one day. */
  timer: { min: 1, max: 86_400 },
  /** Bytes: room for the largest entry (final openings of every hidden card) and its echo, at most 1 MiB. */
  maxMessageBytes: { min: 4096, max: 1 << 20 },
  limit: { min: 1, max: 10_000_000 },
  days: { min: 1, max: 100_000 },
} as const;

const inBounds = (x: unknown, b: { min: number; max: number }): x is number => isCount(x, b.max) && x >= b.min;
const bound = (name: keyof typeof SETTING_BOUNDS, nullable: boolean): string => {
  const b = SETTING_BOUNDS[name];
  return `genesis: settings.${name} must be ${nullable ? 'null or ' : ''}an integer from ${b.min} to ${b.max}`;
};

function parseSettings(x: unknown): Result<ProtocolSettings, Violation> {
  if (!isObj(x) || !hasOnlyKeys(x, ['beaconLength', 'timer', 'limit', 'days', 'maxMessageBytes'])) return malformed('genesis: settings are {beaconLength, timer, limit, days?, maxMessageBytes}');
  const { beaconLength, timer, limit, days, maxMessageBytes } = x;
  if (days !== undefined && days !== null && !inBounds(days, SETTING_BOUNDS.days)) return malformed(bound('days', true));
  if (!inBounds(beaconLength, SETTING_BOUNDS.beaconLength)) return malformed(bound('beaconLength', false));
  if (timer !== null && !inBounds(timer, SETTING_BOUNDS.timer)) return malformed(bound('timer', true));
  if (limit !== null && !inBounds(limit, SETTING_BOUNDS.limit)) return malformed(bound('limit', true));
  if (!inBounds(maxMessageBytes, SETTING_BOUNDS.maxMessageBytes)) return malformed(bound('maxMessageBytes', false));
  return ok(days === undefined ? { beaconLength, timer, limit, maxMessageBytes } : { beaconLength, timer, limit, days, maxMessageBytes });
}

/** Parses a genesis text: shape, canonical form, a valid set-up for this engine, valid distinct keys and tips. */
export function parseGenesisText(text: string): Result<ParsedGenesis, Violation> {
  const json = parseJson(text);
  if (!json.ok) return malformed('genesis: not JSON');
  const g = json.value;
  if (!isObj(g) || !hasOnlyKeys(g, ['protocol', 'game', 'rules', 'setup', 'seats', 'settings'])) return malformed('genesis: not a genesis record');
  if (g['protocol'] !== PROTOCOL) return err(violation('WrongVersion', `genesis: protocol ${String(g['protocol']).slice(0, 40)}, this is ${PROTOCOL}`));
  if (g['rules'] !== RULES_VERSION) return err(violation('WrongVersion', `genesis: rules ${String(g['rules']).slice(0, 40)}, this engine plays ${RULES_VERSION}`));
  if (!isName(g['game'])) return malformed('genesis: game must be 1-64 characters of [A-Za-z0-9_.:-]');
  const setup = parseSetup(g['setup']);
  if (!setup) return malformed('genesis: bad set-up');
  const created = newGame(setup);
  if (!created.ok) return err(violation('BadGenesis', `genesis: ${created.error.message}`));
  const parsedSettings = parseSettings(g['settings']);
  if (!parsedSettings.ok) return parsedSettings;
  const settings = parsedSettings.value;
  const seats = g['seats'];
  if (!Array.isArray(seats) || seats.length !== setup.players.length) return malformed('genesis: one identity per player');
  const identities: SeatIdentity[] = [];
  for (const [i, s] of seats.entries()) {
    if (!isObj(s) || !hasOnlyKeys(s, ['key', 'beacon']) || !isHexOf(s['key'], 32) || !isHexOf(s['beacon'], 32))
      return malformed(`genesis: seat ${i} needs a 32-byte hex key and beacon tip`);
    const problem = publicKeyProblem(fromHex(s['key'])!);
    if (problem) return err(violation('BadKey', `genesis: seat ${i}'s public key is refused (${problem})`, { seat: i }));
    identities.push({ key: s['key'], beacon: s['beacon'] });
  }
  if (new Set(identities.map((s) => s.key)).size !== identities.length) return err(violation('BadGenesis', 'genesis: two seats share a key'));
  if (new Set(identities.map((s) => s.beacon)).size !== identities.length) return err(violation('BadGenesis', 'genesis: two seats share a beacon tip'));
  const genesis: Genesis = { protocol: PROTOCOL, game: g['game'], rules: RULES_VERSION, setup, seats: identities, settings };
  if (!isCanonical(g, text)) return malformed('genesis: not in canonical form');
  return ok({ genesis, text, id: genesisId(text), keys: identities.map((s) => fromHex(s.key)!) });
}
