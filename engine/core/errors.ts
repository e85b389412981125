/**
 * Why an action was refused. `code` names the broken rule as a stable identifier;
 * `rule` is its number in docs/rules.md; `message` explains it to a person.
 */
export const ERROR_CODES = [
  // Any phase
  'MalformedAction',
  'UnknownAction',
  'GameOver',
  'NotYourTurn',
  'WrongStep',
  'UnknownSeat',
  // Set-up (M2)
  'BadCommitments',
  // Taking a tile (M5)
  'PileEmpty',
  'FaceUpTileUsed',
  'NoDrawnTile',
  'UnknownTile',
  'OpeningMismatch',
  'OpeningNotInPile',
  // Placing a tile (M6-M10)
  'CellOccupied',
  'NotTouchingMap',
  'PortalNearHeart',
  'PortalNearPortal',
  'PortalCrowded',
  'TileNearPortal',
  'PositionAvailable',
  // Portals (M11, M13, M14, M15)
  'PortalNotOnMap',
  'PortalMandatory',
  'PortalHoldsMap',
  'BlackTileNotOwed',
  'BlackTileUseless',
  // Randomness
  'BadRandom',
  // Cards (K)
  'UnknownCard',
  'NotAUnit',
  'CannotAfford',
  'NotInWorld',
  'TechnologyOwned',
  'NotForSale',
  // Troops and combats (E, B, S, L)
  'NotYourTerritory',
  'NotConnected',
  'NotEnoughTroops',
  'BadFrontier',
  'UnknownCombat',
  'NotInvolved',
  'BadCamp',
  'ArrangementSeen',
  'NoProposal',
  'SecretMismatch',
  'IllegalChoice',
  'NotAbsent',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface RuleError {
  readonly code: ErrorCode;
  /** Rule number in docs/rules.md, e.g. "M7". */
  readonly rule: string;
  readonly message: string;
}

export const ruleError = (code: ErrorCode, rule: string, message: string): RuleError => ({ code, rule, message });
