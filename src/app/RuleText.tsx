import { For } from 'solid-js';
import { t } from '../i18n/index.js';

/** A rule id of the rulebook: a part's letter and a number, a sub-rule's small letter ("E15", "B12a"). */
const RULE_ID = /\b([ABCDEKLMPSTW]\d{1,2}[a-z]?)\b/g;

/** The address of a rule in the rules page: `#/rules#E15` (the rule's anchor is `rule-E15`, RulesPage.tsx). */
export const ruleHref = (id: string): string => `#/rules#${id}`;

/** The rule ids a text cites, in order. */
export const ruleIdsIn = (text: string): string[] => [...text.matchAll(RULE_ID)].map((m) => m[1]!);

/** A text split into its words and the rule ids it cites. */
function pieces(text: string): { readonly text: string; readonly rule: boolean }[] {
  const out: { text: string; rule: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(RULE_ID)) {
    if (m.index! > at) out.push({ text: text.slice(at, m.index), rule: false });
    out.push({ text: m[1]!, rule: true });
    at = m.index! + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), rule: false });
  return out;
}

/** A link to a rule; a new tab, so that a game in progress stays where it is. */
export function RuleLink(props: { rule: string }) {
  return (
    <a class="rule-link" href={ruleHref(props.rule)} target="_blank" rel="noopener" title={t('why.ruleLink', { rule: props.rule })} data-rule={props.rule}>
      {props.rule}
    </a>
  );
}

/** A prompt's text with every rule id it cites made a link to the rule. */
export function RuleText(props: { text: string }) {
  return <For each={pieces(props.text)}>{(p) => (p.rule ? <RuleLink rule={p.text} /> : p.text)}</For>;
}
