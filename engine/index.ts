// The rules of Battle For Eden: pure, deterministic, no DOM. Bots: engine/agents; local play:
// engine/local; the peer-to-peer protocol: engine/protocol.
export * from './hex/index.js';
export { type Result, ok, err } from './core/result.js';
export * from './core/vocabulary.js';
export type * from './core/state.js';
export type { Action, ActionKind, ActionOf, SeatAction, SeatActionKind, TableAction, TileOpening, TileSource, CardOpening, Feint, SecretChoice, Take, CombatChoice, CampChoice } from './core/actions.js';
export { ACTION_KINDS } from './core/actions.js';
export type { GameEvent, EventKind, FighterLoss } from './core/events.js';
export { type RuleError, type ErrorCode, ERROR_CODES } from './core/errors.js';
export { canonicalJson, compareCodeUnits } from './core/canonical.js';
export { hashText, hashValue, hashBytes, toHex, fromHex, isDigest, utf8 } from './core/hash.js';
export { RandomStream, isRandomValue } from './core/random.js';
export { commitment, openingMatches, isSalt } from './core/commit.js';
export { parseAction } from './core/parse.js';
export { setFreezeStates, freezesStates } from './core/freeze.js';
export { type Vault, type Opening, makeVault, deal, cardOpening, tileCommitments, tileOpening, publicVault } from './core/vault.js';
export { type Option, type OptionKind, expandOption, optionSize, optionIncludes, expandChoices, commitFor, sampleOption } from './core/options.js';
export { type SecretOption, choiceError, choiceIncluded } from './conquest/choices.js';
export { type Awaiting } from './core/stages.js';
export { newGame, initialBlackTiles, tileRef, PILE_TILES, RULES_VERSION, type GameSetup, type PlayerSetup } from './map/setup.js';
export { HEART, HEART_KEY, occupant, portalsOnMap, frontierCells, occupiedHexes, type Occupant } from './map/board.js';
export { landPlacementError, portalPlacementError, nonBlackNeighbours } from './map/constraints.js';
export { energyRichTiles, isEnergyRich } from './map/energy.js';
export { blackTilesNeeded, landSites, portalSites } from './map/blacks.js';
export { tilesLeft, whyNotAt } from './map/stages.js';
export { play, applyAction, awaiting, legalOptions, legalActions, passiveAction, stateHash, type Played } from './game/play.js';
export { makeState, parseState } from './game/codec.js';
export { seatSummaries, type SeatSummary } from './game/summary.js';
// For the combat view: the troops and strength the engine counts for a seat in a battle (read only).
export { involvedTroops, seatStrength } from './conquest/battle.js';
export * from './cards/catalogue.js';
