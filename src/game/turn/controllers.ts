import { type AnyStage, type DecisionKind, type GameState, type HexKey, type Seat, type Vault, hexKey, legalOptions, neighbour } from '../../../engine/index.js';
import type { Language } from '../../display/index.js';
import { t } from '../../i18n/index.js';
import { seatWords } from '../conquest/options.js';
import { CONQUEST_CONTROLLERS } from './conquest.js';
import { MAP_CONTROLLERS } from './mapCreation.js';
import { button } from './parts.js';
import type { Controller, Controllers, Draft, Intent, StageView, TurnContext } from './types.js';
import { whyLineAt } from './why.js';

/**
 * The UI's one table of interactions, keyed like the engine's table of rules
 * (engine/game/registry.ts): a controller for every decision stage of map creation and of the
 * conquest. A mapped type over the engine's decision kinds, so a stage added to the engine without
 * its controller here does not compile (test/types/controllers.ts).
 */
export const CONTROLLERS: Controllers = { ...MAP_CONTROLLERS, ...CONQUEST_CONTROLLERS };

const NONE: ReadonlySet<HexKey> = new Set();

/** Whether the stage waits for a decision (the others are run through by the engine at once). */
export const isDecision = (stage: AnyStage): stage is Extract<AnyStage, { kind: DecisionKind }> => stage.kind in CONTROLLERS;

/** What the controllers see of `seat`'s decision at `state`: null where the stage awaits no decision. */
export function contextAt(state: GameState, seat: Seat, vault: Vault | null, lang: Language): TurnContext | null {
  const stage = state.phase.stage;
  return isDecision(stage) ? { state, stage, seat, options: legalOptions(state, seat, vault ?? undefined), vault, lang } : null;
}

const controllerOf = <K extends DecisionKind>(kind: K): Controller<K> => CONTROLLERS[kind];

/** "Yes" sends what the draft's question is about; "Cancel" drops the question. */
function askingView(ctx: TurnContext, asking: NonNullable<Draft['asking']>): StageView {
  return {
    text: t('conquest.prompt', { player: seatWords(ctx.state, ctx.seat, ctx.lang), what: asking.question }),
    why: whyLineAt(ctx),
    buttons: [button('confirm-yes', t('conquest.yes'), { draft: { asking: null }, send: asking.send }, { primary: true, key: 'Enter' }), button('confirm-no', t('game.cancel'), { draft: { asking: null } })],
    legal: NONE,
    selected: null,
    panel: null,
    arrows: [],
    ghost: null,
    placing: null,
    battle: null,
  };
}

/** The view of the decision at `ctx` with `draft`, its gaps filled; null when there is nothing for the person to do. */
export function stageView(ctx: TurnContext, draft: Draft): StageView | null {
  if (draft.asking) return askingView(ctx, draft.asking);
  const v = controllerOf(ctx.stage.kind).view(ctx, draft);
  if (!v) return null;
  // Staged moves, and troops staged onto a frontier (to the neighbour it faces), as arrows.
  const staged = draft.staged.flatMap((d) =>
    d.kind === 'moveTroops' ? [{ from: hexKey(d.from), to: hexKey(d.to) }] : d.kind === 'spread' && d.count > 0 ? [{ from: hexKey(d.at), to: hexKey(neighbour(d.at, d.dir)) }] : [],
  );
  return {
    text: v.text ?? '',
    why: v.why === undefined ? whyLineAt(ctx) : v.why,
    buttons: v.buttons ?? [],
    legal: v.legal ?? NONE,
    selected: v.selected ?? null,
    panel: v.panel ?? null,
    arrows: [...staged, ...(v.arrows ?? [])],
    ghost: v.ghost ?? null,
    placing: v.placing ?? null,
    battle: v.battle ?? null,
  };
}

/** What a click on the hex `key` does at `ctx`: null when the stage does not use it (or a question waits for its answer). */
export function pickAt(ctx: TurnContext, draft: Draft, key: HexKey): Intent | null {
  if (draft.asking) return null;
  return controllerOf(ctx.stage.kind).pick?.(ctx, draft, key) ?? null;
}
