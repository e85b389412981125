import type { HexKey, SeatAction } from '../../../engine/index.js';
import { type Key, t } from '../../i18n/index.js';
import { type HexStep, actionsByHex, applyAll, countSteps, dirName, exerciseSteps, seatWords, spreadByTile, stepsBySource } from '../conquest/options.js';
import { button, doneButton, said, undoButton } from './parts.js';
import type { Controller, Draft, Intent, Panel, StageView, TurnButton, TurnBase } from './types.js';

/**
 * Choices made on the board: hex-to-hex steps (moves E1, exercises E16, requests L9), spreading
 * troops onto a tile's sides (E3), and a single hex (a vassal's new troops S4, vacating L9).
 */

interface StepWords {
  /** Staged steps are drafted and sent with Done (moves); the others are sent at once. */
  readonly staged: boolean;
  readonly verb: Key;
  readonly pickFrom: Key;
  readonly pickTo: Key;
}

const hexLabelOf = (key: HexKey): string => `(${key})`;

/** The step picked (a source, then a target), with the count the draft gives it. */
function stepPicked(steps: readonly HexStep[], draft: Draft) {
  const bySource = stepsBySource(steps);
  const targets = draft.picked ? bySource.get(draft.picked) : undefined;
  const step = draft.target ? targets?.get(draft.target) : undefined;
  const max = step?.option.kind === 'count' ? step.option.max : 1;
  const count = Math.min(draft.count ?? max, max);
  const action: SeatAction | null = step ? (step.option.kind === 'count' ? { ...step.option.action, count } : step.option.action) : null;
  return { bySource, targets, step, count, action };
}

function stepView(ctx: TurnBase, draft: Draft, steps: readonly HexStep[], words: StepWords, done: readonly TurnButton[]): Partial<StageView> {
  const { bySource, targets, step, count, action } = stepPicked(steps, draft);
  const go: Intent = !action ? {} : words.staged ? { draft: { staged: [...draft.staged, action], picked: null, target: null } } : { send: [action] };
  const buttons: TurnButton[] = [];
  if (step) buttons.push(button('stage', t(words.verb, { count, from: hexLabelOf(step.from), to: hexLabelOf(step.to) }), go, { primary: true, key: 'Enter' }));
  if (draft.picked) buttons.push(button('cancel', t('game.cancel'), { draft: { picked: null, target: null } }));
  buttons.push(...undoButton(draft), ...done);
  const stepper = step?.option.kind === 'count'
    ? [{ id: 'count', label: t('conquest.count', { from: hexLabelOf(step.from), to: hexLabelOf(step.to) }), value: count, min: step.option.min, max: step.option.max, all: true, set: (n: number) => ({ count: n }) }]
    : [];
  const panel: Panel | null = stepper.length > 0 || draft.staged.length > 0 ? { kind: 'steppers', class: 'count', title: null, help: null, rows: stepper, staged: draft.staged } : null;
  return {
    text: said(ctx, t(step ? 'conquest.howMany' : draft.picked ? words.pickTo : words.pickFrom)),
    buttons,
    legal: new Set(targets ? targets.keys() : bySource.keys()),
    selected: draft.target ?? draft.picked,
    panel,
    arrows: step ? [{ from: step.from, to: step.to }] : [],
  };
}

/** A click: the source again drops it, a target of the source picks it (its count at the most), another source picks that. */
function pickStep(steps: readonly HexStep[], draft: Draft, key: HexKey): Intent | null {
  const bySource = stepsBySource(steps);
  if (draft.picked === key) return { draft: { picked: null, target: null } };
  const step = draft.picked ? bySource.get(draft.picked)?.get(key) : undefined;
  if (step) return { draft: { target: key, count: step.option.kind === 'count' ? step.option.max : 1 } };
  if (bySource.has(key)) return { draft: { picked: key, target: null } };
  return null;
}

export const moves: Controller<'moves'> = {
  view: (ctx, draft) =>
    stepView(ctx, draft, countSteps(ctx.options, 'moveTroops'), { staged: true, verb: 'moves.stage', pickFrom: 'moves.pickFrom', pickTo: 'moves.pickTo' }, doneButton(ctx, draft, draft.staged.length > 0 ? 'moves.doneStaged' : 'moves.done')),
  pick: (ctx, draft, key) => pickStep(countSteps(ctx.options, 'moveTroops'), draft, key),
};

export const exercise: Controller<'exercise'> = {
  view: (ctx, draft) => stepView(ctx, draft, exerciseSteps(ctx.options), { staged: false, verb: 'exercise.go', pickFrom: 'exercise.pickFrom', pickTo: 'exercise.pickTo' }, doneButton(ctx, draft, 'exercise.pass')),
  pick: (ctx, draft, key) => pickStep(exerciseSteps(ctx.options), draft, key),
};

export const requests: Controller<'requests'> = {
  view: (ctx, draft) => stepView(ctx, draft, countSteps(ctx.options, 'request'), { staged: false, verb: 'requests.go', pickFrom: 'requests.pickFrom', pickTo: 'requests.pickTo' }, doneButton(ctx, draft, 'requests.pass')),
  pick: (ctx, draft, key) => pickStep(countSteps(ctx.options, 'request'), draft, key),
};

/** E3: pick a tile, set each side's troops with a stepper, stage; Done sends the staged spreading. */
export const spread: Controller<'spread'> = {
  view(ctx, draft) {
    const byTile = spreadByTile(ctx.options);
    const tile = draft.picked;
    const sides = tile ? (byTile.get(tile) ?? []) : [];
    const dirOf = (o: (typeof sides)[number]): number => (o.action.kind === 'spread' ? o.action.dir : 0);
    const valueOf = (o: (typeof sides)[number]): number => draft.sides[dirOf(o)] ?? o.except ?? 0;
    const changed = sides.filter((o) => o.action.kind === 'spread' && valueOf(o) !== (o.except ?? 0));
    const actions = changed.map((o) => ({ ...o.action, count: valueOf(o) }) as SeatAction);
    // The engine checks the counts together (a tile's troops are shared by its sides): refused, they stay to be changed.
    const stage: Intent = applyAll(ctx.state, actions) === null ? { hint: t('spread.refused') } : { draft: { staged: [...draft.staged, ...actions], sides: {}, picked: null } };
    const buttons: TurnButton[] = [];
    if (changed.length > 0) buttons.push(button('stage', t('spread.stage', { count: changed.length }), stage, { primary: true, key: 'Enter' }));
    if (tile) buttons.push(button('cancel', t('game.cancel'), { draft: { picked: null, sides: {} } }));
    buttons.push(...undoButton(draft), ...doneButton(ctx, draft, draft.staged.length > 0 ? 'spread.doneStaged' : 'spread.done'));
    const rows = sides.map((o) => ({
      id: `side-${dirOf(o)}`,
      label: t('spread.side', { dir: dirName(dirOf(o), ctx.lang) }),
      value: valueOf(o),
      min: o.min,
      max: o.max,
      all: false,
      set: (n: number) => ({ sides: { ...draft.sides, [dirOf(o)]: n } }),
    }));
    const title = tile ? t('spread.title', { at: tile, troops: ctx.state.territories[tile]?.troops ?? 0 }) : null;
    return {
      text: said(ctx, t(tile ? 'spread.sides' : 'spread.pick')),
      buttons,
      legal: new Set(byTile.keys()),
      selected: tile,
      panel: tile || draft.staged.length > 0 ? { kind: 'steppers', class: 'spread', title, help: null, rows, staged: draft.staged } : null,
    };
  },
  pick: (ctx, draft, key) => (spreadByTile(ctx.options).has(key) ? { draft: { picked: draft.picked === key ? null : key, sides: {} } } : null),
};

/** S4, L9: one hex among those the engine offers, then Confirm. */
function siteView(ctx: TurnBase, draft: Draft, text: string): Partial<StageView> {
  const sites = actionsByHex(ctx.options);
  const action = draft.picked ? sites.get(draft.picked) : undefined;
  return {
    text: said(ctx, text),
    buttons: [button('confirm', t('game.confirm'), action ? { send: [action] } : {}, { primary: true, disabled: !action, key: 'Enter' })],
    legal: new Set(sites.keys()),
    selected: draft.picked,
  };
}
const pickSite = (ctx: TurnBase, key: HexKey): Intent | null => (actionsByHex(ctx.options).has(key) ? { draft: { picked: key } } : null);

export const vassalTroops: Controller<'vassalTroops'> = {
  view: (ctx, draft) => siteView(ctx, draft, t('vassal.prompt', { count: ctx.stage.troops })),
  pick: (ctx, _draft, key) => pickSite(ctx, key),
};

export const vacate: Controller<'vacate'> = {
  view: (ctx, draft) => siteView(ctx, draft, t('vacate.prompt', { at: ctx.stage.request.at, player: seatWords(ctx.state, ctx.stage.request.suzerain, ctx.lang) })),
  pick: (ctx, _draft, key) => pickSite(ctx, key),
};
