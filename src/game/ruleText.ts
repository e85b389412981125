import type { RuleError } from '../../engine/index.js';
import { isKey, t } from '../i18n/index.js';

/**
 * Why the engine refused, in the player's language (the engine's own messages are English): the
 * text for the error's code and rule where one code covers several rules, else for its code.
 */
export function ruleReason(error: RuleError): string {
  const exact = `rule.${error.code}.${error.rule}`;
  const general = `rule.${error.code}`;
  return t(isKey(exact) ? exact : isKey(general) ? general : 'rule.other');
}

/** "M6: a tile already stands there": the rule the engine names and its reason, as hints show them. */
export const ruleHint = (error: RuleError): string => t('rule.hint', { rule: error.rule, reason: ruleReason(error) });
