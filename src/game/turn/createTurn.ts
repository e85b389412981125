import { type Accessor, createEffect, createMemo, createSignal, on } from 'solid-js';
import { type GameState, type Hex, type Seat, type SeatAction, type Vault, hexKey } from '../../../engine/index.js';
import { language } from '../../i18n/index.js';
import { applyAll } from '../conquest/options.js';
import type { PromptButton } from '../PromptBar.js';
import { contextAt, pickAt, stageView } from './controllers.js';
import { DROP_SELECTION, EMPTY_DRAFT, withPatch } from './parts.js';
import type { DraftKeeper } from './keptDraft.js';
import type { BattleChoices, CardChoice, Draft, Intent, StageView, TurnButton, TurnContext } from './types.js';

export interface TurnInput {
  readonly state: Accessor<GameState>;
  /** The seat whose choice this device shows now (the awaited person, revealed), else null. */
  readonly seat: Accessor<Seat | null>;
  readonly vault: Accessor<Vault | null>;
  readonly seq: Accessor<number>;
  /** Sends one action to the table; true when it was applied. */
  readonly submit: (action: SeatAction) => Promise<boolean>;
  readonly setHint: (text: string | null) => void;
  /** Where the unsent draft is kept across a refresh (keptDraft.ts); none: it is not. */
  readonly keep?: DraftKeeper;
}

/** A card to choose in the combat view, bound: its face, note and click. */
export interface BoundCardChoice extends Omit<CardChoice, 'does'> {
  readonly onClick: () => void;
}

/** The view the screen renders: the controller's, its buttons bound to the draft and the table. */
export interface TurnView extends Omit<StageView, 'buttons' | 'battle'> {
  readonly buttons: readonly PromptButton[];
  readonly battle: BattleChoices<PromptButton, BoundCardChoice> | null;
}

export interface Turn {
  /** Null when there is nothing for the person here to choose. */
  readonly view: Accessor<TurnView | null>;
  /** The position the draft would make (the staged steps, or the placement picked), for the board; null without one. */
  readonly preview: Accessor<GameState | null>;
  /** An action on its way to the table: the buttons wait. */
  readonly busy: Accessor<boolean>;
  /** Does what a button, a pick or a panel's control says. */
  run(intent: Intent): void;
  /** A click on a hex of the board: true when the decision used it. */
  pick(hex: Hex): boolean;
  /** Esc: drops the selection and a question asked (not the staged steps). */
  cancel(): void;
}

/**
 * The decision of the person at the device, map creation or conquest: the draft (one immutable
 * value in a signal, dropped when the position changes), the engine's legal options at the
 * position the draft's staged steps make, and the stage's controller (controllers.ts) turning
 * both into a view. Reversible steps are previewed by the engine and sent on Done; no rule is
 * decided here, and what is sent is checked by the engine again.
 */
export function createTurn(input: TurnInput): Turn {
  // A new position, or another seat at the device, starts from nothing, or from the draft a
  // refresh interrupted there. A draft is kept with the position and seat it was made at: never
  // with the next position (the state changes before the draft is dropped) nor for another seat.
  let madeAt = { state: input.state(), seat: input.seat() };
  const restored = (): Draft => {
    madeAt = { state: input.state(), seat: input.seat() };
    return (madeAt.seat === null ? null : input.keep?.load(madeAt.state, madeAt.seat)) ?? EMPTY_DRAFT;
  };
  const [draft, setDraft] = createSignal<Draft>(restored());
  const [busy, setBusy] = createSignal(false);
  createEffect(on([input.seq, input.seat], () => setDraft(restored()), { defer: true }));
  createEffect(() => {
    const d = draft();
    if (madeAt.seat !== null) input.keep?.save(madeAt.state, madeAt.seat, d);
  });

  // The staged steps alone drive the engine's preview and the options: changing a count does not replay them.
  const staged = createMemo(() => draft().staged);
  const draftState = createMemo<GameState | null>(() => (staged().length === 0 ? null : applyAll(input.state(), staged())));
  const context = createMemo<TurnContext | null>(() => {
    const seat = input.seat();
    return seat === null ? null : contextAt(draftState() ?? input.state(), seat, input.vault(), language());
  });
  const stage = createMemo<StageView | null>(() => {
    const ctx = context();
    return ctx ? stageView(ctx, draft()) : null;
  });

  /** Sends actions in order; stops at the first refused. */
  const send = async (actions: readonly SeatAction[]): Promise<void> => {
    if (busy()) return;
    setBusy(true);
    try {
      for (const a of actions) if (!(await input.submit(a))) break;
    } finally {
      setBusy(false);
    }
  };
  const run = (intent: Intent): void => {
    if (intent.draft) setDraft((d) => withPatch(d, intent.draft!));
    if (intent.hint) input.setHint(intent.hint);
    if (intent.send && intent.send.length > 0) void send(intent.send);
  };
  const bound = (b: TurnButton): PromptButton => ({
    id: b.id,
    label: b.label,
    onClick: () => run(b.does),
    primary: b.primary,
    key: b.key,
    disabled: busy() || !!b.disabled,
    onHover: b.hover ? (on: boolean) => run({ draft: on ? b.hover!.enter : b.hover!.leave }) : undefined,
  });

  const boundBattle = (b: BattleChoices): BattleChoices<PromptButton, BoundCardChoice> => ({
    beside: Object.fromEntries(Object.entries(b.beside).map(([unit, buttons]) => [unit, buttons.map(bound)])),
    cards: b.cards ? { title: b.cards.title, items: b.cards.items.map((c) => ({ id: c.id, card: c.card, note: c.note, onClick: () => run(c.does) })) } : null,
    active: b.active,
  });
  const view = createMemo<TurnView | null>(() => {
    const v = stage();
    return v ? { ...v, buttons: v.buttons.map(bound), battle: v.battle ? boundBattle(v.battle) : null } : null;
  });
  // What Confirm would place, previewed (the engine's own result: energy-rich markers appear where they would).
  const placing = createMemo(() => stage()?.placing ?? null);
  const placed = createMemo<GameState | null>(() => {
    const a = placing();
    return a ? applyAll(input.state(), [a]) : null;
  });

  return {
    view,
    preview: () => draftState() ?? placed(),
    busy,
    run,
    pick(hex) {
      const ctx = context();
      const intent = ctx ? pickAt(ctx, draft(), hexKey(hex)) : null;
      if (intent) run(intent);
      return intent !== null;
    },
    cancel: () => run({ draft: DROP_SELECTION }),
  };
}
