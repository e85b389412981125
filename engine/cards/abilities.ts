import type { Civilisation, UnitRank } from './catalogue.js';

/**
 * The vocabulary of card effects (K14-K18, docs/cards.md "Effect vocabulary"): what a card module
 * declares. A card is data: a rank, a name and a text in both languages, permanent effects and
 * abilities, each ability a list of effects of the kinds below. The engine resolves every kind
 * with one small function of its registry (engine/conquest/abilities/effects.ts), chosen by an
 * exhaustive switch over the kind, so that a kind added here without its rule does not compile.
 */

export interface Text {
  readonly en: string;
  readonly fr: string;
}

/** K16: when an ability may be activated. `event` and `condition` are the two kinds of reaction. */
export const ABILITY_TYPES = ['immediate', 'delayed', 'postCombat', 'event', 'condition'] as const;
export type AbilityType = (typeof ABILITY_TYPES)[number];

/** Events an event reaction answers (K16): "this unit is removed from the combat", "another unit of your army is destroyed". */
export const EVENTS = ['removed', 'allyDestroyed'] as const;
export type EventName = (typeof EVENTS)[number];

/** Conditions a condition reaction answers (K16): "your hand is empty". */
export const CONDITIONS = ['handEmpty'] as const;
export type ConditionName = (typeof CONDITIONS)[number];

/**
 * One effect of an ability. "X to do Y" (X pour Y) is a list [X, Y]: the ability is activated only
 * if every effect of the list can be resolved, in order (K15). An effect that waits for luck or for
 * another player (draw, peek, neutralise, removeRow) is the last of its list.
 */
export type Effect =
  /** Draw `count` cards (K5 reshuffles first if needed). */
  | { readonly kind: 'draw'; readonly count: number }
  /** Reveal the top `count` cards of your deck to yourself alone; you may play the first if it is a unit, or discard it; put the rest back on top in the order you choose. */
  | { readonly kind: 'peek'; readonly count: number }
  /** For the rest of the combat: this unit (`self`) or every unit of your army (`army`) gets +`amount` strength. */
  | { readonly kind: 'boost'; readonly amount: number; readonly who: 'self' | 'army' }
  /** Harvest: 1 energy stock for each non-black territory next to a tile of your involved troops (beyond the map's edge counts as black). */
  | { readonly kind: 'harvest' }
  /** Gain `amount` energy stocks. */
  | { readonly kind: 'gain'; readonly amount: number }
  /** Destroy a card of your discard pile (K8). */
  | { readonly kind: 'destroyFromDiscard' }
  /** Destroy this unit (K8): it leaves the combat and goes back to your World. */
  | { readonly kind: 'destroySelf' }
  /** Discard a card from your hand. */
  | { readonly kind: 'discardFromHand' }
  /** Buy a unit of your World at once, paying its cost in energy stocks, and put it in your hand. */
  | { readonly kind: 'buyUnit' }
  /** Add a `card` from your World to your army, as a new row at the bottom. */
  | { readonly kind: 'summon'; readonly card: string }
  /** Play a unit from your hand to the left or right of this unit, on its row (B2). */
  | { readonly kind: 'playBeside' }
  /** Negative, on an opponent (K18): neutralise one unit of each player of an opposing camp (it counts 0 and its abilities are lost). */
  | { readonly kind: 'neutralise' }
  /** Negative, on the opponents (K18): every player of every opposing camp removes from the combat his units on this unit's row. */
  | { readonly kind: 'removeRow' }
  /** Pay `amount` energy stocks (a cost: it cannot be resolved with fewer). */
  | { readonly kind: 'pay'; readonly amount: number }
  /** Add a unit of cost `maxCost` or less from your discard pile to your army, as a new row at the bottom. */
  | { readonly kind: 'raise'; readonly maxCost: number }
  /** Destroy another unit of your army (K8): it leaves the combat and goes back to your World. */
  | { readonly kind: 'sacrifice' }
  /** For the rest of the combat: every unit of your army on this unit's row (itself included) gets +`amount` strength. */
  | { readonly kind: 'boostRow'; readonly amount: number };
export type EffectKind = Effect['kind'];
export type EffectOf<K extends EffectKind> = Extract<Effect, { kind: K }>;

/** The negative effects an opponent may ignore by K18's N-times rule. */
export const NEGATIVE_EFFECTS = ['neutralise', 'removeRow'] as const satisfies readonly EffectKind[];
export type NegativeKind = (typeof NEGATIVE_EFFECTS)[number];

export interface Ability {
  readonly type: AbilityType;
  /** The event or condition of a reaction. */
  readonly on?: EventName | ConditionName;
  readonly effects: readonly Effect[];
  readonly text: Text;
}

/** K14: permanent effects, mandatory (no choice). */
export type Permanent =
  /** +`amount` strength while another unit stands beside it on its row. */
  | { readonly kind: 'strengthBeside'; readonly amount: number }
  /** Negative: if this unit must be removed from the combat, it is destroyed instead. */
  | { readonly kind: 'destroyedIfRemoved' }
  /** Cost: `amount` less while its buyer controls the Heart of Eden. */
  | { readonly kind: 'cheaperWithHeart'; readonly amount: number }
  /** From the hand, value: counts as an Energy Crystal of value `value` when the hand is accounted for (E15). */
  | { readonly kind: 'crystalInHand'; readonly value: number }
  /**
   * A common card played like a unit (B3, S7), with this strength; `onColour`: only in a combat on its
   * player's terrain, where the attacked territory or a tile of his involved troops is of his colour (P2).
   */
  | { readonly kind: 'playedAsUnit'; readonly strength: number; readonly onColour: boolean }
  /** +`amount` strength while the Heart of Eden is the attacked territory, or a player of an opposing camp controls it. */
  | { readonly kind: 'strengthAgainstHeart'; readonly amount: number }
  /** Technology: its owner's Energy Crystals may be played like units, each of strength equal to its value. */
  | { readonly kind: 'crystalsAsUnits' }
  /** Technology: in each combat, its owner may ignore the first negative effect (K18) he would suffer. */
  | { readonly kind: 'ignoreFirstNegative' }
  /** Technology: `amount` more new troops in each Logistics phase (L7). */
  | { readonly kind: 'moreTroops'; readonly amount: number }
  /** Technology: when its owner accounts for his hand (E15), each pure energy he spends counts `value`. */
  | { readonly kind: 'pureInAccount'; readonly value: number }
  /** Steadfast: this unit cannot be removed from the combat nor neutralised (K18c). */
  | { readonly kind: 'steadfast' }
  /** +`amount` strength while its player defends the attacked territory (he controls it). */
  | { readonly kind: 'strengthDefending'; readonly amount: number }
  /** +`amount` strength while its player fights on his terrain: the attacked territory or a tile of his involved troops is of his colour (as Favourable Ground, K12a). */
  | { readonly kind: 'strengthOnTerrain'; readonly amount: number }
  /** +1 strength for each unit card in its player's discard pile, up to +`max`. */
  | { readonly kind: 'strengthFromDiscard'; readonly max: number };
export type PermanentKind = Permanent['kind'];

/** A designed unit card: it takes `copies` of its rank's places in its civilisation's World. */
export interface UnitDesign {
  readonly id: `${Civilisation}.${string}`;
  readonly civilisation: Civilisation;
  readonly rank: UnitRank;
  readonly copies: number;
  /** How many of the starting deck's three cost-1 units it is (K4). */
  readonly starting?: number;
  readonly name: Text;
  readonly text: Text;
  readonly permanent: readonly Permanent[];
  readonly abilities: readonly Ability[];
}
