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

function parseSettings(x: unknown): ProtocolSettings | undefined {
  if (!isObj(x) || !hasOnlyKeys(x, ['beaconLength', 'timer', 'limit', 'days', 'maxMessageBytes'])) return undefined;
  const { beaconLength, timer, limit, days, maxMessageBytes } = x;
  if (days !== undefined && days !== null && (!isCount(days, 100_000) || days < 1)) return undefined;
  if (!isCount(beaconLength, 1_000_000) || beaconLength < 1) return undefined;
  if (timer !== null && (!isCount(timer, Number.MAX_SAFE_INTEGER) || timer < 1)) return undefined;
  if (limit !== null && (!isCount(limit, 10_000_000) || limit < 1)) return undefined;
  if (!isCount(maxMessageBytes, 1 << 24) || maxMessageBytes < 4096) return undefined;
  return days === undefined ? { beaconLength, timer, limit, maxMessageBytes } : { beaconLength, timer, limit, days, maxMessageBytes };
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
  const settings = parseSettings(g['settings']);
  if (!settings) return malformed('genesis: bad settings');
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
