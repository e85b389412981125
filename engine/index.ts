// The rules of Battle For Eden: pure, deterministic, no DOM. What the page, the scripts and the
// benchmarks use; the rest is reached inside (tests import it there). Bots: engine/agents; local
// play: engine/local; the peer-to-peer protocol: engine/protocol.
export { type Hex, type HexKey, DIRECTIONS, hexKey, hexToPixel, neighbour, parseHexKey, pixelToHex } from './hex/index.js';
export { type Result, ok, err } from './core/result.js';
export { type Colour, type Seat, type TileColour, COLOURS, MAX_PLAYERS, MIN_PLAYERS, TILE_COLOURS, isColour, seatName } from './core/vocabulary.js';
export type { AnyStage, Battle, BattleUnit, Camp, GameState, Stage, StageOf } from './core/state.js';
export type { Action, CombatChoice, SeatAction, SeatActionKind, SecretChoice, Take, Target } from './core/actions.js';
// For the cards' faces and the abilities' interface: a designed unit's names, text and abilities (K14-K18).
export type { Ability, Effect, EffectKind, UnitDesign } from './cards/abilities.js';
// For Home, the lobby and the cards page: what each civilisation is like; for the cards page, each World whole.
export { type CivilisationIdentity, CIVILISATION_IDENTITY } from './cards/identities.js';
export { type CommonCard, type UnitCard, type UnitRank, fullWorld } from './cards/catalogue.js';
// For the combat view: a unit's strength as the engine counts it (boosts, neighbours, neutralised).
export { unitStrength } from './conquest/abilities/permanent.js';
export type { FighterLoss, GameEvent } from './core/events.js';
export type { ErrorCode, RuleError } from './core/errors.js';
export { compareCodeUnits } from './core/canonical.js';
export { fromHex, hashText, toHex, utf8 } from './core/hash.js';
export { RandomStream } from './core/random.js';
export { parseAction } from './core/parse.js';
export { type Vault, cardOpening, tileOpening } from './core/vault.js';
export { type Option, commitFor, optionIncludes } from './core/options.js';
export { choiceError, choiceIncluded } from './conquest/choices.js';
export type { Awaiting, DecisionKind } from './core/stages.js';
export { type GameSetup, RULES_VERSION, newGame } from './map/setup.js';
export { occupant, occupiedHexes, portalsOnMap } from './map/board.js';
export { energyRichTiles } from './map/energy.js';
export { tilesLeft, whyNotAt } from './map/stages.js';
export { applyAction, awaiting, legalActions, legalOptions, play, stateHash } from './game/play.js';
export { seatSummaries } from './game/summary.js';
export { type EnergyVictoryStop, type EnergyVictoryThreat, energyVictoryThreats } from './conquest/energyVictory.js';
// For the combat view: the troops and strength the engine counts for a seat in a battle (read only).
export { involvedTroops, seatStrength } from './conquest/battle.js';
export {
  type CardId,
  type Civilisation,
  type Technology,
  CIVILISATIONS,
  COMMON,
  COMMON_CARDS,
  COMMON_FOR_SALE,
  RANKS,
  TECHNOLOGIES,
  TECHNOLOGIES_FOR_SALE,
  TECHNOLOGY,
  UNIT_RANKS,
  costOf,
  crystalValue,
  designOf,
  isCivilisation,
  isCommonCard,
  isTechnology,
  isUnitCard,
  strengthOf,
  unitCard,
  unitCiv,
  unitRank,
} from './cards/catalogue.js';
