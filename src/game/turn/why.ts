import type { DecisionKind } from '../../../engine/index.js';
import { type Key, type TextArgs, t } from '../../i18n/index.js';
import type { TurnContext } from './types.js';

/**
 * Why a decision matters, beside what it is (issue 22, item 3): one line for the newcomer who
 * stops at a prompt, and the rule it explains, linked to the rulebook (#/rules#ID). Each line
 * says what the rule says, no more; the rule cited is the one the line explains.
 */
export interface Why {
  readonly key: Key;
  /** The rule id in docs/rules.md (and docs/rules.fr.md). */
  readonly rule: string;
  /** What the line's placeholders are filled with, where it says the case at hand (the counts of K18). */
  readonly args?: TextArgs;
}

const why = (key: Key, rule: string, args?: TextArgs): Why => (args ? { key, rule, args } : { key, rule });

/** K18: how often the seat suffered the effect, and its author caused it, in this combat. */
function ignoreWhy(ctx: TurnContext<'ignore'>): Why {
  const p = ctx.stage.pending;
  const e = ctx.stage.battle.effects;
  return why('why.ignore', 'K18b', { suffered: e?.suffered[p.effect]?.[ctx.seat] ?? 0, caused: e?.caused[p.effect]?.[p.by] ?? 0 });
}

/** A why for every decision stage of the engine (a stage added without one does not compile); null where the stage asks nobody anything. */
type Whys = { readonly [K in DecisionKind]: (ctx: TurnContext<K>) => Why | null };

const WHYS: Whys = {
  pile: () => null,
  draw: () => null,
  take: () => why('why.take', 'M5'),
  place: () => why('why.place', 'M6'),
  blacks: () => why('why.blacks', 'M14'),
  // Early in the map no space is far enough from the Heart (M7) or from the other portals (M8): the step is then a pass.
  portal: (ctx) => (!ctx.options.some((o) => o.kind === 'one' && o.action.kind === 'placePortal') && ctx.state.seats[ctx.seat]!.portal === null ? why('why.portalNowhere', 'M7') : why('why.portal', 'M11')),
  finalRound: () => why('why.finalRound', 'M15'),
  deal: () => why('why.deal', 'K5b'),
  reshuffle: () => why('why.deal', 'K5b'),
  drawing: () => null,
  moves: () => why('why.moves', 'E1'),
  spread: () => why('why.spread', 'E3'),
  secretCommit: (ctx) => (ctx.stage.round.purpose === 'feint' ? why('why.feints', 'E5') : why('why.purchase', 'L2')),
  secretReveal: () => why('why.reveal', 'T2'),
  choose: () => why('why.choose', 'E9'),
  camps: () => why('why.camps', 'E10'),
  proposal: () => why('why.proposal', 'E11'),
  discards: () => why('why.discards', 'S2a'),
  armies: () => why('why.armies', 'B5'),
  abilities: () => why('why.abilities', 'K15'),
  peek: () => why('why.peek', 'K5c'),
  ignore: ignoreWhy,
  opposing: () => why('why.opposing', 'B8'),
  losses: () => why('why.losses', 'B11'),
  refill: () => why('why.refill', 'B12a'),
  returnUnits: () => why('why.returnUnits', 'K9'),
  keepOrAccount: () => why('why.keepOrAccount', 'E15'),
  exercise: () => why('why.exercise', 'E16'),
  vassalTroops: () => why('why.vassalTroops', 'S4'),
  requests: () => why('why.requests', 'L9'),
  vacate: () => why('why.vacate', 'L9'),
  over: () => null,
};

/** The why of the decision at `ctx`. */
export function whyAt(ctx: TurnContext): Why | null {
  const of = WHYS[ctx.stage.kind] as (c: TurnContext) => Why | null;
  return of(ctx);
}

/** The why as the prompt shows it: its line in the page's language, and its rule. */
export interface WhyLine {
  readonly text: string;
  readonly rule: string;
}

export function whyLineAt(ctx: TurnContext): WhyLine | null {
  const w = whyAt(ctx);
  return w ? { text: t(w.key, w.args), rule: w.rule } : null;
}
