import type { Direction, Hex } from '../hex/index.js';
import type { CardId, Technology } from '../cards/catalogue.js';
import type { Feint, SeatAction, TileSource } from './actions.js';
import type { AbilityWindow, BattleUnit, Camp, CombatRef } from './state.js';
import type { Seat, TileColour } from './vocabulary.js';

/** One fighter's losses as worked out (B6-B10): a player on one frontier (S2d), the attacked territory's defender, or the wild territory (S1a). */
export interface FighterLoss {
  readonly seat: Seat | 'wild';
  /** Where its involved troops stand: a tile and its frontier, or (dir null) the attacked territory. */
  readonly at: Hex;
  readonly dir: Direction | null;
  /** B5. */
  readonly strength: number;
  /** E8: its involved troops (0 for the wild territory). */
  readonly involved: number;
  /** B6: the formula; B9: all strengths equal. */
  readonly rule: 'B6' | 'B9';
  /** B6 step 1 (B8 where tied camps differ): the strongest opposing camp counted; null when nobody is stronger, or under B9. */
  readonly camp: Camp | null;
  /** B6 step 2: each stronger player of that camp, his strength and the troops the difference costs (⌊difference / 3⌋). */
  readonly gaps: readonly { readonly seat: Seat | 'wild'; readonly strength: number; readonly loss: number }[];
  /** B6 step 3: the opponents stronger than it, in any camp (a player on several frontiers once for each, S2d). */
  readonly stronger: readonly (Seat | 'wild')[];
  /** The troops the rule asks for. */
  readonly owed: number;
  /** B10 when its involved troops cannot pay: case i (attacking an undefended frontier: loses them all) or ii (troops missing); null when they can. */
  readonly short: 'i' | 'ii' | null;
  /** Involved troops lost, and troops missing, taken from the rest of its tile (B10 case ii, B11). */
  readonly lost: number;
  readonly missing: number;
}

/**
 * What happened, as typed data: every rule step reports its events, in order. The protocol, the
 * log shown to players and (later) card abilities read them. Events carry public information only:
 * a drawn card or tile is named only once the rules reveal it.
 */
export type GameEvent =
  // Map creation
  | { readonly kind: 'pileCommitted'; readonly seat: Seat }
  | { readonly kind: 'tileDrawn'; readonly seat: Seat }
  | { readonly kind: 'tilePlaced'; readonly seat: Seat; readonly at: Hex; readonly colour: TileColour; readonly from: TileSource }
  /** M16, T5a: a tile set aside; its colour is null when it stays unseen. */
  | { readonly kind: 'tileSetAside'; readonly seat: Seat; readonly colour: TileColour | null }
  | { readonly kind: 'blackPlaced'; readonly seat: Seat; readonly at: Hex }
  | { readonly kind: 'blacksOwed'; readonly seat: Seat; readonly count: number }
  | { readonly kind: 'portalPlaced'; readonly seat: Seat; readonly at: Hex; readonly from: Hex | null }
  | { readonly kind: 'portalRemoved'; readonly seat: Seat; readonly from: Hex }
  | { readonly kind: 'turnEnded'; readonly seat: Seat }
  | { readonly kind: 'finalRoundBegan' }
  | { readonly kind: 'conquestBegan'; readonly first: Seat }
  // Days and cards
  | { readonly kind: 'dayBegan'; readonly day: number; readonly first: Seat }
  | { readonly kind: 'produced'; readonly seat: Seat; readonly energy: number; readonly pure: number }
  | { readonly kind: 'tributePaid'; readonly seat: Seat; readonly to: Seat; readonly energy: number; readonly pure: number }
  | { readonly kind: 'deckCommitted'; readonly seat: Seat; readonly cards: number }
  | { readonly kind: 'cardsDrawn'; readonly seat: Seat; readonly count: number }
  /** A card effect revealed the top `count` cards of the seat's draw pile to him alone. */
  | { readonly kind: 'cardsPeeked'; readonly seat: Seat; readonly count: number }
  /** Cards put back on top of the draw pile, in the order their owner chose (their references only). */
  | { readonly kind: 'cardsPutBack'; readonly seat: Seat; readonly count: number }
  /** Cards destroyed (K8): back to their World, or to their supply pile. */
  | { readonly kind: 'cardsDestroyed'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | { readonly kind: 'cardsDiscarded'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | { readonly kind: 'cardsBought'; readonly seat: Seat; readonly cards: readonly CardId[]; readonly technologies: readonly Technology[] }
  // Expansion
  | { readonly kind: 'troopsMoved'; readonly seat: Seat; readonly from: Hex; readonly to: Hex; readonly count: number }
  | { readonly kind: 'troopsSpread'; readonly seat: Seat; readonly at: Hex; readonly dir: Direction; readonly before: number; readonly after: number }
  | { readonly kind: 'finished'; readonly seat: Seat; readonly step: 'moves' | 'spread' | 'camps' | 'army' | 'abilities' | 'exercise' | 'requests' }
  | { readonly kind: 'choiceCommitted'; readonly seat: Seat; readonly purpose: 'feint' | 'purchase' }
  | { readonly kind: 'feintsRevealed'; readonly seat: Seat; readonly feints: readonly Feint[] }
  | { readonly kind: 'combatsListed'; readonly combats: readonly CombatRef[] }
  | { readonly kind: 'combatBegan'; readonly combat: CombatRef; readonly chooser: Seat; readonly camps: Readonly<Record<number, Camp>> }
  | { readonly kind: 'combatDropped'; readonly combat: CombatRef }
  | { readonly kind: 'campJoined'; readonly seat: Seat; readonly camp: Camp }
  | { readonly kind: 'proposed'; readonly seat: Seat; readonly camp: Camp }
  | { readonly kind: 'proposalAnswered'; readonly seat: Seat; readonly accept: boolean }
  | { readonly kind: 'troopsWithdrawn'; readonly seat: Seat; readonly at: Hex; readonly dir: Direction; readonly count: number }
  | { readonly kind: 'abilityWindow'; readonly window: AbilityWindow; readonly seats: readonly Seat[] }
  | { readonly kind: 'unitEntered'; readonly unit: BattleUnit }
  /** K15: an ability activated (the unit's number and the ability's place on its card). */
  | { readonly kind: 'abilityActivated'; readonly seat: Seat; readonly unit: number; readonly ability: number }
  /** K14, K15: a unit's strength changed for the rest of the combat (unit null: every unit of the seat's army). */
  | { readonly kind: 'strengthBoosted'; readonly seat: Seat; readonly unit: number | null; readonly amount: number }
  | { readonly kind: 'unitNeutralised'; readonly unit: BattleUnit }
  | { readonly kind: 'energyGained'; readonly seat: Seat; readonly count: number }
  | { readonly kind: 'unitBought'; readonly seat: Seat; readonly card: CardId; readonly cost: number }
  /** K18: a negative effect reaches a player, who ignores it or suffers it; `shield`: ignored with his Energy Shield (K13a). */
  | { readonly kind: 'effectIgnored'; readonly seat: Seat; readonly by: Seat; readonly effect: string; readonly shield?: true }
  | { readonly kind: 'unitLeft'; readonly unit: BattleUnit }
  | { readonly kind: 'unitDestroyed'; readonly unit: BattleUnit }
  | { readonly kind: 'strengths'; readonly strengths: Readonly<Record<number, number>>; readonly wild: number | null }
  | { readonly kind: 'opposingChosen'; readonly seat: Seat; readonly camp: Camp }
  /** B6-B10: every fighter's losses as worked out, step by step, before any is taken. */
  | { readonly kind: 'lossesWorkedOut'; readonly fighters: readonly FighterLoss[] }
  | { readonly kind: 'troopsLost'; readonly seat: Seat; readonly at: Hex; readonly dir: Direction | null; readonly count: number }
  | { readonly kind: 'wildDefeated'; readonly at: Hex }
  | { readonly kind: 'territoryRefilled'; readonly seat: Seat; readonly at: Hex; readonly count: number }
  | { readonly kind: 'territoryLost'; readonly seat: Seat; readonly at: Hex }
  | { readonly kind: 'territoryTaken'; readonly seat: Seat; readonly at: Hex; readonly troops: number }
  | { readonly kind: 'portalTaken'; readonly seat: Seat; readonly owner: Seat; readonly at: Hex }
  | { readonly kind: 'vassalMade'; readonly vassal: Seat; readonly suzerain: Seat }
  | { readonly kind: 'vassalFreed'; readonly vassal: Seat; readonly suzerain: Seat }
  | { readonly kind: 'troopsCalledBack'; readonly seat: Seat; readonly at: Hex; readonly count: number }
  | { readonly kind: 'unitsReturned'; readonly seat: Seat; readonly cards: readonly CardId[] }
  | { readonly kind: 'handKept'; readonly seat: Seat }
  /** E15; `pure`: pure energy spent with the Resonance Amplifier (absent when none). */
  | { readonly kind: 'handAccounted'; readonly seat: Seat; readonly cards: readonly CardId[]; readonly value: number; readonly setAside: number; readonly pure?: number }
  | { readonly kind: 'combatEnded'; readonly combat: CombatRef; readonly participants: readonly Seat[] }
  // Logistics
  | { readonly kind: 'newTroops'; readonly seat: Seat; readonly at: Hex; readonly count: number }
  | { readonly kind: 'requestMade'; readonly suzerain: Seat; readonly vassal: Seat; readonly at: Hex; readonly from: Hex; readonly count: number }
  | { readonly kind: 'territoryVacated'; readonly seat: Seat; readonly at: Hex; readonly to: Hex; readonly count: number }
  // The table
  | { readonly kind: 'randomEvent'; readonly absent: readonly Seat[] }
  | { readonly kind: 'passiveChoice'; readonly seat: Seat; readonly action: SeatAction | null }
  | { readonly kind: 'forfeited'; readonly seat: Seat }
  | { readonly kind: 'won'; readonly seat: Seat; readonly how: 'supremacy' | 'energy' }
  | { readonly kind: 'gameOver'; readonly winner: Seat | null }
  // Card effects (K15), continued
  /** Energy stocks paid for an ability's effect. */
  | { readonly kind: 'energyPaid'; readonly seat: Seat; readonly count: number }
  /** A unit card taken from its owner's discard pile into his army (it then enters: unitEntered). */
  | { readonly kind: 'unitRaised'; readonly seat: Seat; readonly card: CardId };

export type EventKind = GameEvent['kind'];

/** Where rule steps report their events: one collector per applied action. */
export type Emit = (event: GameEvent) => void;
