import { type Accessor, createMemo, createSignal } from 'solid-js';
import { type GameState, type Hex, type HexKey, type Seat, hexKey, occupant, parseHexKey, whyNotAt } from '../../../engine/index.js';
import { describeHex } from '../../board/describe.js';
import type { Highlights } from '../../board/types.js';
import { language } from '../../i18n/index.js';
import { ruleHint } from '../ruleText.js';
import type { Turn } from '../turn/createTurn.js';

const NONE: ReadonlySet<HexKey> = new Set();

/** The board's input for the decision on screen: clicks, hovering, the keyboard's hex cursor, and the highlights they make. */
export interface BoardInput {
  readonly highlights: Accessor<Highlights>;
  pick(hex: Hex): void;
  hover(hex: Hex | null): void;
  /** Arrows move the hex cursor, which says what is under it. */
  moveCursor(dq: number, dr: number): void;
  /** Enter on the cursor's hex picks it: true when there was one to pick. */
  pickCursor(): boolean;
  /** `[` and `]`: the previous or next glowing hex. */
  cycle(step: number): void;
  /** Esc, and a new position: no cursor. */
  clear(): void;
}

export function createBoardInput(input: { state: Accessor<GameState>; lastInput: Accessor<unknown>; viewer: Accessor<Seat>; turn: Turn; setHint: (text: string | null) => void }): BoardInput {
  const { state, turn, setHint } = input;
  const [cursor, setCursor] = createSignal<HexKey | null>(null);
  const [hovered, setHovered] = createSignal<HexKey | null>(null);

  /**
   * Why an empty hex is not a legal place for the current choice: the engine's reason, in the
   * rulebook's words. Over a tile it says nothing: the tile shows for itself (the keyboard cursor describes it).
   */
  const whyNot = (hex: Hex): string | null => {
    const legal = turn.view()?.legal ?? NONE;
    if (legal.size === 0 || legal.has(hexKey(hex)) || occupant(state(), hex) !== null) return null;
    const error = whyNotAt(state(), input.viewer(), hex);
    return error ? ruleHint(error) : null;
  };
  const pick = (hex: Hex): void => {
    if (turn.pick(hex)) return void setHint(null);
    const why = whyNot(hex);
    if (why) setHint(why);
  };

  const lastHexes = (): HexKey[] => {
    const a = input.lastInput() as { at?: Hex; from?: Hex; to?: Hex } | null;
    return [a?.at, a?.from, a?.to].flatMap((h) => (h && typeof h === 'object' ? [hexKey(h)] : []));
  };
  // Hovering a glowing space shows a ghost of the tile; picking it previews the position Confirm would make.
  const highlights = createMemo<Highlights>(() => {
    const v = turn.view();
    if (!v) return { legal: NONE, selected: null, last: lastHexes(), cursor: cursor(), ghost: null };
    const h = hovered();
    const at = v.selected ?? (h && v.legal.has(h) ? h : null);
    const ghost = at && v.ghost && !turn.preview() ? { at, colour: v.ghost } : null;
    return { legal: v.legal, selected: v.selected, last: lastHexes(), cursor: cursor(), ghost, arrows: v.arrows };
  });

  return {
    highlights,
    pick,
    hover(hex) {
      setHovered(hex ? hexKey(hex) : null);
      setHint(hex ? whyNot(hex) : null);
    },
    moveCursor(dq, dr) {
      const from = parseHexKey(cursor() ?? turn.view()?.selected ?? '0,0');
      const next = { q: from.q + dq, r: from.r + dr };
      setCursor(hexKey(next));
      setHint(whyNot(next) ?? describeHex(state(), next, language()));
    },
    pickCursor() {
      const at = cursor();
      if (!at || at === turn.view()?.selected) return false;
      pick(parseHexKey(at));
      return true;
    },
    cycle(step) {
      const v = turn.view();
      const keys = [...(v?.legal ?? NONE)];
      if (keys.length === 0) return;
      const next = keys[(keys.indexOf(v?.selected ?? '') + step + keys.length) % keys.length]!;
      // Picking the hex already picked would confirm it: cycling only moves the selection.
      if (next !== v?.selected) turn.pick(parseHexKey(next));
    },
    clear: () => setCursor(null),
  };
}
