import type { AnyStage, CardId, DecisionKind, GameState, HexKey, Option, Seat, SeatAction, Stage, TileColour, Vault } from '../../../engine/index.js';
import type { Language } from '../../display/index.js';
import type { Cart, FeintOption, PurchaseOption } from '../conquest/SecretPanel.js';
import type { TakeOption } from '../conquest/TakePanel.js';
import type { WhyLine } from './why.js';

/**
 * The person's unsent choices at the decision on screen: one immutable value, held whole in a
 * signal and replaced on every change, dropped when the position changes. Each controller reads
 * the fields its stage uses.
 */
export interface Draft {
  /** Reversible steps staged (moves, spreading): previewed by the engine, sent on Done. */
  readonly staged: readonly SeatAction[];
  /** The hex picked first: a step's source, a tile to spread, a site to place on or to send troops to. */
  readonly picked: HexKey | null;
  /** The hex picked next: a step's target. */
  readonly target: HexKey | null;
  /** A count being chosen (a step's troops, the energy set aside); null: the engine's maximum. */
  readonly count: number | null;
  /** Troops spread onto each side of the picked tile, by direction (unset: the option's current count). */
  readonly sides: Readonly<Record<number, number>>;
  /** A count per row of the stage's panel: feints by stack, troops taken by direction, troops withdrawn by row. */
  readonly counts: Readonly<Record<number, number>>;
  readonly cart: Cart;
  /** The items chosen of a subset (cards discarded, units returned). */
  readonly chosen: ReadonlySet<string>;
  /** The combat framed on the board (hovered or clicked), by its index among the combats offered. */
  readonly framed: number | null;
  /** Map creation: the face-up tile was taken, its sites glow. */
  readonly faceUp: boolean;
  /** An irreversible choice waiting for "yes": the question, and what "yes" sends. */
  readonly asking: { readonly question: string; readonly send: readonly SeatAction[] } | null;
  /** An ability being activated (K15): its targets chosen so far. */
  readonly ability: AbilityDraft | null;
  /** Cards revealed to the seat (K5c): what becomes of the first, and the order the others go back in. */
  readonly peek: PeekDraft | null;
}

/** One choice made for an ability's effect: the effect's place in the ability, and what was chosen (abilityChoice.ts). */
export interface AbilityPick {
  readonly effect: number;
  readonly key: string;
}

/** An ability being activated: its unit, its place on the card, the choices made so far. */
export interface AbilityDraft {
  readonly unit: number;
  readonly index: number;
  readonly picks: readonly AbilityPick[];
}

export type PeekFirst = 'play' | 'discard' | 'keep';

/** The revealed cards' fate (K5c): the first played, discarded or kept, and the references put back, the first drawn first. */
export interface PeekDraft {
  readonly first: PeekFirst;
  readonly order: readonly string[];
}

/**
 * What a button, a click on a hex or a panel's control does, as data: the draft's fields it
 * changes, then the actions it sends in order (stopping at the first the table refuses), or a
 * hint to show instead.
 */
export interface Intent {
  readonly draft?: Partial<Draft>;
  readonly send?: readonly SeatAction[];
  readonly hint?: string;
}

export interface TurnButton {
  readonly id: string;
  readonly label: string;
  readonly does: Intent;
  readonly primary?: boolean;
  readonly disabled?: boolean;
  /** A keyboard shortcut shown on the button (the screen presses the button on that key). */
  readonly key?: string;
  /** Hovering or focusing it (a combat frames its hexes on the board): the draft's change on entering and on leaving. */
  readonly hover?: { readonly enter: Partial<Draft>; readonly leave: Partial<Draft> };
}

/** A count between the engine's bounds, and the draft's change that sets it. */
export interface StepperRow {
  readonly id: string;
  readonly label: string;
  readonly value: number;
  readonly min: number;
  readonly max: number;
  /** The "All" shortcut (off for a spread's sides). */
  readonly all: boolean;
  readonly set: (n: number) => Partial<Draft>;
  /** A button beside the stepper that acts on its count (withdrawing troops). */
  readonly go?: TurnButton;
}

/** A stage's private panel, as data: the screen renders it (TurnPanel.tsx); its controls change the draft. */
export type Panel =
  /** Steppers (a step's count, a spread's sides, the energy accounted, withdrawals), with the staged steps where they stage. */
  | { readonly kind: 'steppers'; readonly class: 'count' | 'spread' | 'account' | 'withdraw'; readonly title: string | null; readonly help: string | null; readonly rows: readonly StepperRow[]; readonly staged: readonly SeatAction[] | null }
  | { readonly kind: 'feints'; readonly option: FeintOption; readonly counts: Readonly<Record<number, number>>; readonly set: (stack: number, n: number) => Partial<Draft> }
  | { readonly kind: 'shop'; readonly option: PurchaseOption; readonly cart: Cart; readonly set: (cart: Cart) => Partial<Draft> }
  | { readonly kind: 'take'; readonly option: TakeOption; readonly counts: Readonly<Record<number, number>>; readonly set: (dir: number, n: number) => Partial<Draft> }
  | { readonly kind: 'subset'; readonly id: string; readonly title: string; readonly help: string; readonly items: readonly { readonly key: string; readonly label: string }[]; readonly chosen: ReadonlySet<string>; readonly toggle: (key: string) => Partial<Draft> }
  /** K5c: the cards revealed to the seat alone (read with its vault), the first's fate and the order of the others. */
  | { readonly kind: 'peek'; readonly first: PeekCard; readonly fate: PeekFirst; readonly fates: readonly PeekFirst[]; readonly order: readonly PeekCard[]; readonly setFate: (fate: PeekFirst) => Partial<Draft>; readonly move: (from: number, to: number) => Partial<Draft> };

/** A revealed card: its reference and what it is. */
export interface PeekCard {
  readonly ref: string;
  readonly card: CardId;
}

/** A card to choose in the combat view (of the discard pile, the World or the hand): its face, a note (what choosing it would do), and the choice. */
export interface CardChoice {
  readonly id: string;
  readonly card: CardId;
  readonly note: string | null;
  readonly does: Intent;
}

/** What the combat view offers for the decision on screen (K15): buttons beside units (abilities, targets, sides), cards to choose. */
export interface BattleChoices<B = TurnButton, C = CardChoice> {
  readonly beside: Readonly<Record<number, readonly B[]>>;
  readonly cards: { readonly title: string; readonly items: readonly C[] } | null;
  /** The unit whose ability is being chosen, framed in the view. */
  readonly active: number | null;
}

export interface Arrow {
  readonly from: HexKey;
  readonly to: HexKey;
}

/** What the screen shows for the decision of the person at the device: the prompt, its buttons, the board's highlights, a panel. */
export interface StageView {
  readonly text: string;
  /** Why the decision matters, and the rule it explains (why.ts): beside the prompt's "what". */
  readonly why: WhyLine | null;
  readonly buttons: readonly TurnButton[];
  /** The hexes a click may pick now. */
  readonly legal: ReadonlySet<HexKey>;
  readonly selected: HexKey | null;
  readonly panel: Panel | null;
  /** A step being chosen, drawn as an arrow on the board (the staged steps are drawn too). */
  readonly arrows: readonly Arrow[];
  /** Map creation: the colour a legal hex would show once Confirm places there (the hovered hex's ghost). */
  readonly ghost: TileColour | null;
  /** Map creation: what Confirm would play on the picked hex, previewed on the board. */
  readonly placing: SeatAction | null;
  /** A combat's choices shown in the combat view, beside the units (abilities). */
  readonly battle: BattleChoices | null;
}

/** What a controller sees: the position (with the staged steps played), the seat, and the engine's legal options there. */
export interface TurnBase {
  readonly state: GameState;
  readonly seat: Seat;
  readonly options: readonly Option[];
  readonly vault: Vault | null;
  readonly lang: Language;
}

/** ... and the stage awaited, of the controller's kind. */
export interface TurnContext<K extends DecisionKind = DecisionKind> extends TurnBase {
  readonly stage: StageByKind[K];
}
/** The engine's stages by kind (an indexed type, so that a controller for two kinds serves each). */
type StageByKind = { readonly [S in AnyStage as S['kind']]: S };

/**
 * A stage's interactions, as plain functions of the engine's legal options and the draft: the
 * view (null: nothing for the person to do here), and what a click on a hex does (null: the
 * stage does not use it). They decide no rule: every choice offered is one of the options.
 */
export interface Controller<K extends DecisionKind> {
  view(ctx: TurnContext<K>, draft: Draft): Partial<StageView> | null;
  pick?(ctx: TurnContext<K>, draft: Draft, key: HexKey): Intent | null;
}

/** Every decision stage of the engine has its controller: a stage added without one does not compile (test/types/controllers.ts). */
export type Controllers = { readonly [K in DecisionKind]: Controller<K> };
type ConquestKind = Extract<DecisionKind, Stage['kind']>;
/** The two families, each in its own module (mapCreation.ts, conquest.ts), joined in controllers.ts. */
export type MapControllers = { readonly [K in Exclude<DecisionKind, ConquestKind>]: Controller<K> };
export type ConquestControllers = { readonly [K in ConquestKind]: Controller<K> };
