import { type Ability, type Battle, type BattleUnit, type CardId, COMMON, type EffectKind, type StageOf, designOf, isCommonCard } from '../../../engine/index.js';
import type { Language } from '../../display/index.js';
import { type Key, textIn } from '../../i18n/index.js';

/**
 * The words of card effects (K14-K18) as a person reads them. Records over the engine's
 * vocabularies (effect words, ability types), so that a word added to engine/cards/abilities.ts
 * without its words here does not compile.
 */

/** What a person is asked to choose for an effect when the engine offers it several targets; null: it takes none. */
export const EFFECT_PICK: Readonly<Record<EffectKind, Key | null>> = {
  draw: null,
  peek: null,
  boost: null,
  harvest: 'effect.pick.harvest',
  gain: null,
  destroyFromDiscard: 'effect.pick.destroyFromDiscard',
  destroySelf: null,
  discardFromHand: 'effect.pick.discardFromHand',
  buyUnit: 'effect.pick.buyUnit',
  summon: null,
  playBeside: 'effect.pick.playBeside',
  neutralise: 'effect.pick.neutralise',
  removeRow: null,
  pay: null,
  raise: 'effect.pick.raise',
  sacrifice: 'effect.pick.sacrifice',
  boostRow: null,
};

/** When an ability may be activated (K16), in a word. */
export const ABILITY_TYPE_WORD: Readonly<Record<Ability['type'], Key>> = {
  immediate: 'ability.type.immediate',
  delayed: 'ability.type.delayed',
  postCombat: 'ability.type.postCombat',
  event: 'ability.type.event',
  condition: 'ability.type.condition',
};

/** A negative effect a player may ignore (K18): the engine's word. */
export type NegativeKind = StageOf<'ignore'>['pending']['effect'];

/** The negative effects, named (the log), and what each would do to the seat it reaches (the ignore decision). */
export const NEGATIVE_NAME: Readonly<Record<NegativeKind, Key>> = {
  neutralise: 'effect.name.neutralise',
  removeRow: 'effect.name.removeRow',
};
export const NEGATIVE_THREAT: Readonly<Record<NegativeKind, Key>> = {
  neutralise: 'ignore.neutralise',
  removeRow: 'ignore.removeRow',
};

/** A unit of the combat, in play or removed from it. */
export const unitIn = (b: Battle, id: number): BattleUnit | undefined => b.units.find((u) => u.id === id) ?? b.aside.find((u) => u.id === id);

/** A common card as the catalogue describes it: with its abilities where it carries them (a common card played like a unit). */
interface CommonInfo {
  readonly name: { readonly en: string; readonly fr: string };
  readonly abilities?: readonly Ability[];
}

/** The ability at `index` of a card (a designed unit's, or a common card's played like a unit), or null. */
export function abilityOf(card: CardId, index: number): Ability | null {
  const common: CommonInfo | null = isCommonCard(card) ? COMMON[card] : null;
  return (designOf(card)?.abilities ?? common?.abilities ?? [])[index] ?? null;
}

/** An ability in words: "Immediate: Draw 1 card." (its type and the card's own text for it). */
export function abilityWords(card: CardId, index: number, lang: Language): string {
  const a = abilityOf(card, index);
  return a ? textIn(lang, 'abilities.button', { type: textIn(lang, ABILITY_TYPE_WORD[a.type]), text: a.text[lang] }) : `#${index}`;
}
