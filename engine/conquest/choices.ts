import { hexKey } from '../hex/index.js';
import { isCommonCard, isUnitCard, unitCiv } from '../cards/catalogue.js';
import type { Feint, SecretChoice } from '../core/actions.js';
import { compareCodeUnits } from '../core/canonical.js';
import { type RuleError, ruleError } from '../core/errors.js';
import type { Option } from '../core/options.js';
import { MAX_LIST } from '../core/parse.js';

/** The option a secret choice is made within: feints (E5) or a purchase (L1-L5). */
export type SecretOption = Extract<Option, { kind: 'feints' | 'purchase' }>;
type Purchase = Extract<SecretChoice, { purpose: 'purchase' }>;

/**
 * The one definition of a legal secret choice (E5, L1-L5): why `choice` is not one of the
 * option's choices, naming the rule it breaks, or null. The reveal checks a revealed choice with
 * it against the seat's option, the shop asks it why an item cannot be added, and
 * `choiceIncluded` is its null; `expandChoices` lists exactly the choices it accepts.
 */
export function choiceError(option: SecretOption, choice: SecretChoice): RuleError | null {
  if (option.kind === 'feints') return choice.purpose === 'feint' ? feintError(option, choice.feints) : purposeError('feint');
  return choice.purpose === 'purchase' ? purchaseError(option, choice) : purposeError('purchase');
}

/** Whether a secret choice is one of a feint or purchase option's choices (canonical form included). */
export const choiceIncluded = (option: SecretOption, choice: SecretChoice): boolean => choiceError(option, choice) === null;

/** A choice revealed in the wrong round: a feint where purchases are made, or the other way round. */
export const purposeError = (purpose: 'feint' | 'purchase'): RuleError => ruleError('IllegalChoice', purpose === 'feint' ? 'E5' : 'L1', `this round is for a ${purpose}`);

/** E5: a feint calls back troops from the seat's frontier stacks, each stack once, in the stacks' order (ruling 5). */
function feintError(option: Extract<SecretOption, { kind: 'feints' }>, feints: readonly Feint[]): RuleError | null {
  if (feints.length > MAX_LIST) return ruleError('IllegalChoice', 'E5a', `a secret choice lists at most ${MAX_LIST} feints`);
  let last = -1;
  for (const f of feints) {
    const key = hexKey(f.at);
    if (!option.stacks.some((s) => hexKey(s.at) === key)) return ruleError('NotYourTerritory', 'E5', 'a feint calls back your own frontier troops');
    const i = option.stacks.findIndex((s) => hexKey(s.at) === key && s.dir === f.dir);
    if (i < 0 || f.count < 1 || f.count > option.stacks[i]!.count) return ruleError('NotEnoughTroops', 'E5', 'a feint calls back between 1 and the troops at that frontier');
    if (i <= last) return ruleError('IllegalChoice', 'E5', 'feints are listed once each, by tile then direction');
    last = i;
  }
  return null;
}

const isSorted = (xs: readonly string[]): boolean => xs.every((x, i) => i === 0 || compareCodeUnits(xs[i - 1]!, x) <= 0);

/** L1-L5: the cards and technologies bought, checked against the seat's offer (its World's copies, the cards for sale, the budgets). */
function purchaseError(offer: Extract<SecretOption, { kind: 'purchase' }>, choice: Purchase): RuleError | null {
  if (!isSorted(choice.cards) || !isSorted(choice.technologies)) return ruleError('IllegalChoice', 'L1', 'list the cards and technologies bought in sorted order');
  // L1b: what a message can carry; a choice beyond it could be committed but never revealed.
  if (choice.cards.length > MAX_LIST) return ruleError('IllegalChoice', 'L1b', `a purchase lists at most ${MAX_LIST} cards`);
  let units = 0;
  let commons = 0;
  let pure = 0;
  const wanted = new Map<string, number>();
  for (const c of choice.cards) {
    wanted.set(c, (wanted.get(c) ?? 0) + 1);
    if (isUnitCard(c)) {
      if (unitCiv(c) !== offer.civilisation) return ruleError('NotInWorld', 'L2', `${c} is not a unit of your World`);
      const unit = offer.units.find((u) => u.card === c);
      if (!unit || wanted.get(c)! > unit.max) return ruleError('NotInWorld', 'K11', `your World has no more ${c}`);
      units += unit.cost;
    } else if (isCommonCard(c)) {
      const common = offer.commons.find((u) => u.card === c);
      if (!common) return ruleError('NotForSale', 'L3', `${c} is not on offer`);
      commons += common.cost;
    } else return ruleError('IllegalChoice', 'L4', 'technologies are listed apart');
  }
  const techs = new Set<string>();
  for (const t of choice.technologies) {
    // Every technology is for sale (L4): one missing from the offer is one the seat owns already.
    const tech = offer.technologies.find((x) => x.card === t);
    if (!tech || techs.has(t)) return ruleError('TechnologyOwned', 'L4', `at most one copy of ${t}`);
    techs.add(t);
    pure += tech.cost;
  }
  if (units > offer.setAside) return ruleError('CannotAfford', 'L2', `units cost ${units}, and only the ${offer.setAside} stocks set aside can pay for them`);
  if (units + commons > offer.setAside + offer.energy) return ruleError('CannotAfford', 'L3', `these cards cost ${units + commons} energy stocks; you have ${offer.setAside + offer.energy}`);
  if (pure > offer.pure) return ruleError('CannotAfford', 'L4', `these technologies cost ${pure} pure energy; you have ${offer.pure}`);
  return null;
}
