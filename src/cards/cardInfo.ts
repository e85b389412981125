import {
  type CardId,
  type Civilisation,
  type CommonCard,
  type Technology,
  type UnitRank,
  COMMON,
  COMMON_FOR_SALE,
  TECHNOLOGIES_FOR_SALE,
  TECHNOLOGY,
  costOf,
  crystalValue,
  designOf,
  isCommonCard,
  isTechnology,
  isUnitCard,
  strengthOf,
  unitCiv,
  unitRank,
} from '../../engine/index.js';
import { CIVILISATION_NAME, type Language } from '../display/index.js';
import { textIn } from '../i18n/index.js';

export type CardType = 'unit' | 'common' | 'technology';

/** What a card's picture is drawn from (src/cards/CardArt.tsx): a unit's type and civilisation, or the card itself. */
export type CardArt =
  | { readonly kind: 'unit'; readonly rank: UnitRank; readonly civilisation: Civilisation }
  | { readonly kind: 'common'; readonly card: CommonCard }
  | { readonly kind: 'technology'; readonly card: Technology };

/** A card as a person reads it, in one language: all from the catalogue, nothing invented here. */
export interface CardFace {
  readonly id: CardId;
  readonly type: CardType;
  readonly name: string;
  /** "Unit · Elves", "Common card", "Technology". */
  readonly typeLine: string;
  readonly cost: number;
  /** What the cost is paid in, in words. */
  readonly costLine: string;
  readonly strength: number | null;
  readonly text: string;
  readonly forSale: boolean;
  readonly art: CardArt;
  /** The picture in words (its glyph and emblem): "Warrior · Dwarves". */
  readonly artLabel: string;
}

/** A common card or a technology as the catalogue describes it: with its rules text where it carries one. */
interface SupplyInfo {
  readonly name: { readonly en: string; readonly fr: string };
  readonly text?: { readonly en: string; readonly fr: string };
}
/** The catalogue's own rules text of a card of the supply, else the page's words for it. */
const supplyText = (info: SupplyInfo, lang: Language, fallback: string): string => info.text?.[lang] ?? fallback;

export function cardFace(id: CardId, lang: Language): CardFace {
  const cost = costOf(id);
  if (isUnitCard(id)) {
    const civ = unitCiv(id);
    // A designed unit has its own name and text in the catalogue; a plain one is named by its rank.
    const design = designOf(id);
    return {
      id,
      type: 'unit',
      name: design ? design.name[lang] : textIn(lang, `rank.${unitRank(id)}`),
      typeLine: `${textIn(lang, 'cards.type.unit')} · ${CIVILISATION_NAME[civ][lang]}`,
      cost,
      costLine: textIn(lang, 'cards.costSetAside', { count: cost }),
      strength: strengthOf(id),
      text: design ? design.text[lang] : textIn(lang, 'cards.text.unit'),
      forSale: true,
      art: { kind: 'unit', rank: unitRank(id), civilisation: civ },
      artLabel: `${textIn(lang, `rank.${unitRank(id)}`)} · ${CIVILISATION_NAME[civ][lang]}`,
    };
  }
  if (isTechnology(id)) {
    return {
      id,
      type: 'technology',
      name: TECHNOLOGY[id].name[lang],
      typeLine: textIn(lang, 'cards.type.technology'),
      cost,
      costLine: textIn(lang, 'cards.costPure', { cost }),
      strength: null,
      text: supplyText(TECHNOLOGY[id], lang, textIn(lang, id === 'supremacy' ? 'cards.text.supremacy' : 'cards.text.technology')),
      forSale: TECHNOLOGIES_FOR_SALE.includes(id),
      art: { kind: 'technology', card: id },
      artLabel: textIn(lang, 'cards.type.technology'),
    };
  }
  if (!isCommonCard(id)) throw new Error(`cardFace: unknown card ${String(id)}`);
  const crystal = crystalValue(id);
  return {
    id,
    type: 'common',
    name: COMMON[id].name[lang],
    typeLine: textIn(lang, 'cards.type.common'),
    cost,
    costLine: textIn(lang, 'cards.costStocks', { count: cost }),
    strength: null,
    text: supplyText(COMMON[id], lang, crystal > 0 ? textIn(lang, 'cards.text.crystal', { count: crystal }) : textIn(lang, id === 'terrain' ? 'cards.text.terrain' : 'cards.text.opportunity')),
    forSale: COMMON_FOR_SALE.includes(id),
    art: { kind: 'common', card: id },
    artLabel: textIn(lang, 'cards.type.common'),
  };
}
