import type { Direction, Hex } from '../hex/index.js';
import { TECHNOLOGIES, isCardId, type CardCounts, type CardId } from '../cards/catalogue.js';
import type { Feint, SecretChoice } from '../core/actions.js';
import { canonicalJson } from '../core/canonical.js';
import { type RuleError, ruleError } from '../core/errors.js';
import { frozen } from '../core/freeze.js';
import { err, ok, type Result } from '../core/result.js';
import { type Schema, arr, bool, fail, int, isTrue, literal, nullable, obj, oneOf, parseWith, record, str, tagged, tuple6 } from '../core/schema.js';
import type {
  Battle,
  BattleEffects,
  BattleUnit,
  Boost,
  Inflicting,
  Camp,
  Cards,
  CombatRef,
  ConquestPhase,
  Frontier,
  GameState,
  LandTile,
  MapStage,
  PendingDraws,
  PlayerState,
  SeatState,
  SecretRound,
  Segment,
  Stage,
  Territory,
  TilePile,
} from '../core/state.js';
import { ABILITY_WINDOWS } from '../core/state.js';
import { NEGATIVE_EFFECTS } from '../cards/abilities.js';
import { CIVILISATIONS, COLOURS, MAX_PLAYERS, TILE_COLOURS, type TileColour } from '../core/vocabulary.js';
import { awaiting } from './play.js';

/**
 * The canonical state codec (chessops' parseFen/makeFen): `makeState` writes a state as its
 * canonical JSON; `parseState` reads any text back into a state, checking every field's shape and
 * range, or says where it is wrong. parse(make(s)) equals s. For stored games, test positions and
 * replays: a state read this way is checked like any outside input.
 */

export const makeState = (state: GameState): string => canonicalJson(state);

/** States are small: a 6-player game's stays well under this. */
export const MAX_STATE_BYTES = 2_000_000;

const seat = int(0, MAX_PLAYERS - 1);
const count = int(0, 1_000_000);
const dir = int(0, 5) as Schema<Direction>;
const hexKey = str(/^-?\d{1,3},-?\d{1,3}$/, 9);
const hex: Schema<Hex> = obj<Hex>({ q: int(-1000, 1000), r: int(-1000, 1000) });
const digest = str(/^[0-9a-f]{64}$/, 64);
const ref = str(/^[a-z]+:\d+:\d+$/, 64);
const cardId: Schema<CardId> = (x, p) => (isCardId(x) ? x : fail(p, 'a card id'));
const counts: Schema<CardCounts> = (x, p) => record((k, q) => cardId(k, q), int(1, 10_000), 200)(x, p);
const tileColour = oneOf(TILE_COLOURS);
const camp: Schema<Camp> = (x, p) => (x === 'defender' ? 'defender' : seat(x, p));

const pile: Schema<TilePile> = obj<TilePile>({
  refs: arr(ref, 16),
  commitments: record(ref, digest, 16),
  remaining: (x, p) => record(oneOf(TILE_COLOURS), int(0, 16), 7)(x, p) as Record<TileColour, number>,
});

const seatState: Schema<SeatState> = obj<SeatState>({
  colour: oneOf(COLOURS),
  civilisation: oneOf(CIVILISATIONS),
  pile: nullable(pile),
  faceUp: nullable(tileColour),
  drawn: nullable(ref),
  unseen: arr(ref, 16),
  portal: nullable(hex),
  portalPlacedAt: nullable(count),
});

const landTile: Schema<LandTile> = tagged<LandTile, 'kind'>('kind', {
  heart: obj({ kind: literal('heart') }),
  land: obj({ kind: literal('land'), colour: tileColour }),
});

const territory: Schema<Territory> = obj<Territory>({ owner: nullable(seat), troops: count, frontier: tuple6(count), wild: arr(int(0, 100), 8) });

const segment: Schema<Segment> = obj<Segment>({ id: str(/^deal:\d+:\d+$/), deal: arr(ref, 4096), values: arr(cardId, 4096), refs: arr(ref, 4096), remaining: counts });
const cards: Schema<Cards> = obj<Cards>(
  {
    segments: arr(segment, 1000),
    hand: arr(ref, 1000),
    discard: counts,
    commitments: record(ref, digest, 100_000),
    origin: record(ref, int(0, 100_000), 100_000),
    top: arr(ref, 1000, 1),
    peeked: arr(ref, 64, 1),
  },
  ['top', 'peeked'],
);

const player: Schema<PlayerState> = obj<PlayerState>({
  energy: count,
  setAside: count,
  pure: count,
  cards,
  world: counts,
  supremacyDay: nullable(count),
  technologies: arr(oneOf(TECHNOLOGIES), TECHNOLOGIES.length, 1),
  absentDays: count,
  actedToday: bool,
  absentToday: bool,
  withheldToday: isTrue,
  suzerain: nullable(seat),
  fought: bool,
  forfeited: bool,
}, ['withheldToday', 'technologies']);

const seatKey = str(/^[0-5]$/, 1);
const frontier: Schema<Frontier> = obj<Frontier>({ at: hexKey, dir });
const combat: Schema<CombatRef> = tagged<CombatRef, 'kind'>('kind', {
  frontier: obj({ kind: literal('frontier'), at: hexKey, dir }),
  territory: obj({ kind: literal('territory'), at: hexKey }),
  exercise: obj({ kind: literal('exercise'), at: hexKey, dir }),
});
const unit: Schema<BattleUnit> = obj<BattleUnit>({ id: count, card: cardId, owner: seat, row: count, column: count, face: oneOf(['up', 'down'] as const) });
const abilityKey = str(/^\d{1,4}:\d{1,2}$/, 8);
const seatCounts = record(seatKey, count, 6);
const effects: Schema<BattleEffects> = obj<BattleEffects>({
  used: arr(abilityKey, 5000),
  fresh: arr(count, 500),
  armed: arr(abilityKey, 5000),
  held: arr(abilityKey, 5000),
  boosts: arr(obj<Boost>({ seat, unit: nullable(count), amount: int(-100, 100) }), 1000),
  suffered: record(oneOf(NEGATIVE_EFFECTS), seatCounts, 8),
  caused: record(oneOf(NEGATIVE_EFFECTS), seatCounts, 8),
  shielded: arr(seat, 6, 1),
}, ['shielded']);
const battle: Schema<Battle> = obj<Battle>(
  {
  combat,
  target: nullable(hexKey),
  chooser: seat,
  stacks: record(seatKey, arr(frontier, 6), 6),
  defender: (x, p) => (x === null || x === 'wild' ? x : seat(x, p)),
  camps: record(seatKey, camp, 6),
  seen: arr(str(/^[0-9:,a-z]*$/, 200), 10_000),
  units: arr(unit, 500),
  aside: arr(unit, 500),
  cycles: record(seatKey, count, 6),
  opposing: record(seatKey, camp, 6),
  participants: arr(seat, 6),
  effects,
  },
  ['effects'],
);
const seats = arr(seat, MAX_PLAYERS);

const feint: Schema<Feint> = obj<Feint>({ at: hex, dir, count });
const choice: Schema<SecretChoice> = tagged<SecretChoice, 'purpose'>('purpose', {
  feint: obj({ purpose: literal('feint'), feints: arr(feint, 64) }),
  purchase: obj({ purpose: literal('purchase'), cards: arr(cardId, 64), technologies: arr(oneOf(TECHNOLOGIES), 8) }),
});
const round: Schema<SecretRound> = obj<SecretRound>({ purpose: oneOf(['feint', 'purchase'] as const), commits: record(seatKey, digest, 6), sealed: record(seatKey, str(/^[0-9a-f]+$/, 8192), 6), reveals: record(seatKey, choice, 6) });

/** Conquest stages: a recursive union (`then` holds another stage). */
const stage: Schema<Stage> = (x, p) => stageCases(x, p);
const pending: Schema<PendingDraws> = obj<PendingDraws>({ draws: arr(obj({ seat, count }), 6), into: literal('peeked'), then: stage }, ['into']);
const inflicting: Schema<Inflicting> = obj<Inflicting>({ by: seat, unit: count, effect: oneOf(NEGATIVE_EFFECTS), targets: arr(obj({ seat, units: arr(count, 500) }), 6, 1) });
const inBattle = { battle, then: stage };
const pendingLoss = obj({ seat, at: hexKey, count, skip: nullable(dir) });
const stageCases: Schema<Stage> = tagged<Stage, 'kind'>('kind', {
  deal: obj({ kind: literal('deal'), awaiting: seats }),
  reshuffle: obj({ kind: literal('reshuffle'), seat, pending }),
  drawing: obj({ kind: literal('drawing'), pending }),
  moves: obj({ kind: literal('moves'), turn: seat, left: count }),
  spread: obj({ kind: literal('spread'), turn: seat, left: count }),
  secretCommit: obj({ kind: literal('secretCommit'), round, turn: seat }),
  secretReveal: obj({ kind: literal('secretReveal'), round, turn: seat }),
  choose: obj({ kind: literal('choose'), turn: seat }),
  camps: obj({ kind: literal('camps'), turn: seat, ready: seats, ...inBattle }),
  proposal: obj({ kind: literal('proposal'), turn: seat, ready: seats, proposer: seat, camp, accepted: seats, ...inBattle }),
  discards: obj({ kind: literal('discards'), turn: seat, ...inBattle }),
  armies: obj({ kind: literal('armies'), turn: seat, complete: seats, ...inBattle }),
  abilities: obj({ kind: literal('abilities'), window: oneOf(ABILITY_WINDOWS), waiting: seats, passed: arr(seat, 6, 1), ...inBattle }, ['passed']),
  peek: obj({ kind: literal('peek'), seat, ...inBattle }),
  ignore: obj({ kind: literal('ignore'), pending: inflicting, ...inBattle }),
  opposing: obj({ kind: literal('opposing'), waiting: seats, ...inBattle }),
  losses: obj({ kind: literal('losses'), pending: arr(pendingLoss, 36), ...inBattle }),
  refill: obj({ kind: literal('refill'), pending: arr(obj({ seat, at: hexKey }), 36), ...inBattle }),
  returnUnits: obj({ kind: literal('returnUnits'), waiting: seats, ...inBattle }),
  keepOrAccount: obj({ kind: literal('keepOrAccount'), waiting: seats, ...inBattle }),
  exercise: obj({ kind: literal('exercise'), turn: seat, left: count }),
  vassalTroops: obj({ kind: literal('vassalTroops'), seat, troops: count, then: stage }),
  requests: obj({ kind: literal('requests'), turn: seat, left: count }),
  vacate: obj({ kind: literal('vacate'), request: obj({ suzerain: seat, vassal: seat, at: hexKey, from: hexKey, count }), left: count }),
  over: obj({ kind: literal('over') }),
  production: obj({ kind: literal('production') }),
  combats: obj({ kind: literal('combats') }),
  strengths: obj({ kind: literal('strengths'), ...inBattle }),
  consequences: obj({ kind: literal('consequences'), ...inBattle }),
  endCombat: obj({ kind: literal('endCombat'), ...inBattle }),
  troops: obj({ kind: literal('troops'), turn: seat, left: count }),
  endDay: obj({ kind: literal('endDay') }),
});

// 'built' is left out: the flow goes on from it at once (a transient stage), so no state holds it.
const mapStage: Schema<MapStage> = tagged<Exclude<MapStage, { kind: 'built' }>, 'kind'>('kind', {
  pile: obj({ kind: literal('pile'), awaiting: seats }),
  take: obj({ kind: literal('take'), turn: seat }),
  draw: obj({ kind: literal('draw'), turn: seat }),
  place: obj({ kind: literal('place'), turn: seat }),
  blacks: obj({ kind: literal('blacks'), turn: seat, owed: int(1, 64), fenced: bool }),
  portal: obj({ kind: literal('portal'), turn: seat }),
  finalRound: obj({ kind: literal('finalRound'), turn: seat, left: int(1, MAX_PLAYERS) }),
});

const conquest: Schema<ConquestPhase> = obj<ConquestPhase>({
  name: literal('conquest'),
  day: int(1, 1_000_000),
  first: seat,
  stage,
  combats: arr(combat, 1000),
  resolved: arr(combat, 1000),
  winner: nullable(seat),
});

const state: Schema<GameState> = obj<GameState>({
  players: arr(player, MAX_PLAYERS),
  settings: obj({ rules: str(undefined, 64), firstSeat: seat }),
  seq: count,
  randomEvents: count,
  seats: arr(seatState, MAX_PLAYERS, 2),
  map: record(hexKey, landTile, 1000),
  territories: record(hexKey, territory, 1000),
  phase: tagged<GameState['phase'], 'name'>('name', { mapCreation: obj({ name: literal('mapCreation'), stage: mapStage }), conquest }),
});

/** Reads a state from its text, or says where the text is wrong. */
export function parseState(text: string): Result<GameState, RuleError> {
  if (typeof text !== 'string' || text.length > MAX_STATE_BYTES) return err(ruleError('MalformedAction', 'A1', `a state is a text of at most ${MAX_STATE_BYTES} characters`));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return err(ruleError('MalformedAction', 'A1', 'a state is JSON text'));
  }
  const parsed = parseWith(state, json);
  if (!parsed.ok) return err(ruleError('MalformedAction', 'A1', `state ${parsed.message}`));
  const s = parsed.value;
  const n = s.seats.length;
  if (s.settings.firstSeat >= n) return err(ruleError('MalformedAction', 'A1', 'state: the first seat is not a seat'));
  if (s.players.length !== 0 && s.players.length !== n) return err(ruleError('MalformedAction', 'A1', 'state: one player record per seat'));
  if ((s.phase.name === 'conquest') !== (s.players.length === n)) return err(ruleError('MalformedAction', 'A1', 'state: players exist from the conquest on'));
  const who = awaitingSafely(s);
  if (who === null || (who.kind === 'seat' && who.seat >= n)) return err(ruleError('MalformedAction', 'A1', 'state: its stage awaits no seat of the game'));
  return ok(frozen(s));
}

function awaitingSafely(s: GameState): ReturnType<typeof awaiting> | null {
  try {
    return awaiting(s);
  } catch {
    return null;
  }
}
