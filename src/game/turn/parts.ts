import type { SeatAction } from '../../../engine/index.js';
import { type Key, t } from '../../i18n/index.js';
import { stageKey } from '../conquestPrompt.js';
import { EMPTY_CART } from '../conquest/SecretPanel.js';
import { ones, seatWords } from '../conquest/options.js';
import type { Draft, Intent, TurnButton, TurnBase } from './types.js';

/** The pieces the controllers build their views with. */

export const EMPTY_DRAFT: Draft = {
  staged: [],
  picked: null,
  target: null,
  count: null,
  sides: {},
  counts: {},
  cart: EMPTY_CART,
  chosen: new Set<string>(),
  framed: null,
  faceUp: false,
  asking: null,
  ability: null,
  peek: null,
};

/** What Esc drops: the selection and a question asked, never the staged steps nor the counts chosen. */
export const DROP_SELECTION: Partial<Draft> = { picked: null, target: null, sides: {}, faceUp: false, asking: null, ability: null };

/**
 * The draft with `patch`, or the same draft where the patch changes nothing: the view is then not
 * rebuilt (hovering a combat's button frames it again and again; a new view would replace the
 * button under the pointer, which would hover it anew).
 */
export function withPatch(draft: Draft, patch: Partial<Draft>): Draft {
  const keys = Object.keys(patch) as (keyof Draft)[];
  return keys.every((k) => draft[k] === patch[k]) ? draft : { ...draft, ...patch };
}

export const button = (id: string, label: string, does: Intent, extra: Partial<TurnButton> = {}): TurnButton => ({ id, label, does, ...extra });

/** An irreversible choice asks first: "yes" sends it. */
export const ask = (question: string, send: readonly SeatAction[]): Intent => ({ draft: { asking: { question, send } } });

/** "Done" (Ready, Pass...) where the engine offers it: the staged steps are sent with it. */
export function doneButton(ctx: TurnBase, draft: Draft, label: Key, extra: Partial<TurnButton> = {}): TurnButton[] {
  const done = ones(ctx.options, 'done')[0];
  return done ? [button('done', t(label), { send: [...draft.staged, done] }, extra)] : [];
}

/** Undo drops the last staged step (nothing was sent). */
export const undoButton = (draft: Draft): TurnButton[] => (draft.staged.length > 0 ? [button('undo', t('game.undo'), { draft: { staged: draft.staged.slice(0, -1) } }, { key: 'Z' })] : []);

/** A conquest prompt: who, what the stage waits for, and the step's own words. */
export function said(ctx: TurnBase, detail?: string): string {
  const head = t('conquest.prompt', { player: seatWords(ctx.state, ctx.seat, ctx.lang), what: t(stageKey(ctx.state)) });
  return detail ? `${head} · ${detail}` : head;
}

/** A set with `key` added, or removed if it was there. */
export function toggled(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(set);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}
