import { type GameState, type HexKey, type Seat, type SeatAction, type Technology, isTechnology, parseAction, stateHash } from '../../../engine/index.js';
import type { Cart } from '../conquest/SecretPanel.js';
import { applyAll } from '../conquest/options.js';
import { EMPTY_DRAFT } from './parts.js';
import type { Draft } from './types.js';

/**
 * The person's unsent draft kept in the tab's sessionStorage, so that a refresh in the middle of a
 * decision (moves staged, counts set, a cart filled) finds it again. It is kept with the position
 * it was made at (its seq and the state's hash) and the seat that made it, and given back only
 * there: a draft of another position, of another game or of another seat (hot-seat: the next
 * person at the device) is never restored. What comes back is parsed, never trusted: its
 * staged steps must parse as actions and apply, in order, at the position.
 */
export interface DraftKeeper {
  /** The draft `seat` kept at `state`, or null. */
  load(state: GameState, seat: Seat): Draft | null;
  /** Keeps `draft`, made by `seat` at `state`; an untouched draft forgets the one kept for that position. */
  save(state: GameState, seat: Seat, draft: Draft): void;
}

const KEY = 'bfe.draft';

/** What is written: the draft's lasting fields (no question asked, no combat framed), the Set as an array. */
interface Written {
  readonly seq: number;
  readonly seat: Seat;
  readonly hash: string;
  readonly staged: readonly SeatAction[];
  readonly picked: HexKey | null;
  readonly target: HexKey | null;
  readonly count: number | null;
  readonly sides: Readonly<Record<number, number>>;
  readonly counts: Readonly<Record<number, number>>;
  readonly cart: Cart;
  readonly chosen: readonly string[];
  readonly faceUp: boolean;
}

export function makeDraftKeeper(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null): DraftKeeper {
  // The hash of the last state asked about: a position's draft is saved on every change.
  let hashed: { state: GameState; hash: string } | null = null;
  const hashOf = (state: GameState): string => {
    if (hashed?.state !== state) hashed = { state, hash: stateHash(state) };
    return hashed.hash;
  };
  const read = (): Written | null => {
    try {
      return parseWritten(JSON.parse(storage?.getItem(KEY) ?? 'null'));
    } catch {
      return null;
    }
  };
  const write = (text: string | null): void => {
    try {
      if (text === null) storage?.removeItem(KEY);
      else if (storage?.getItem(KEY) !== text) storage?.setItem(KEY, text);
    } catch {
      // storage refused (private mode, full): the draft is simply not kept
    }
  };
  return {
    load(state, seat) {
      const w = read();
      if (!w || w.seq !== state.seq || w.seat !== seat || w.hash !== hashOf(state)) return null;
      if (w.staged.length > 0 && applyAll(state, w.staged) === null) return null;
      return { ...EMPTY_DRAFT, ...w, chosen: new Set(w.chosen) };
    },
    save(state, seat, draft) {
      if (draft === EMPTY_DRAFT) {
        // Nothing chosen here: forget a draft kept for this position or an earlier one (not for one
        // the page is still catching up to, after a refresh).
        const kept = read();
        if (kept && kept.seq <= state.seq) write(null);
        return;
      }
      const { staged, picked, target, count, sides, counts, cart, faceUp } = draft;
      const w: Written = { seq: state.seq, seat, hash: hashOf(state), staged, picked, target, count, sides, counts, cart, chosen: [...draft.chosen], faceUp };
      write(JSON.stringify(w));
    },
  };
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const isHexKey = (x: unknown): x is HexKey => typeof x === 'string' && /^-?\d{1,3},-?\d{1,3}$/.test(x);
const counts = (x: unknown): Record<number, number> | null =>
  isObject(x) && Object.entries(x).every(([k, v]) => /^\d{1,3}$/.test(k) && isCount(v)) ? (x as Record<number, number>) : null;

function parseCart(x: unknown): Cart | null {
  if (!isObject(x) || !isObject(x['cards']) || !Array.isArray(x['technologies'])) return null;
  const cards = x['cards'];
  if (!Object.entries(cards).every(([k, v]) => k.length <= 40 && isCount(v))) return null;
  const technologies = x['technologies'] as unknown[];
  return technologies.every(isTechnology) ? { cards: cards as Record<string, number>, technologies: technologies as Technology[] } : null;
}

/** A kept draft, or null for anything malformed (nothing is half-used). */
function parseWritten(x: unknown): Written | null {
  if (!isObject(x) || !isCount(x['seq']) || !isCount(x['seat']) || typeof x['hash'] !== 'string' || !Array.isArray(x['staged']) || !Array.isArray(x['chosen'])) return null;
  const staged: SeatAction[] = [];
  for (const a of x['staged'] as unknown[]) {
    const parsed = parseAction(a);
    if (!parsed.ok || !('seat' in parsed.value)) return null;
    staged.push(parsed.value as SeatAction);
  }
  const picked = x['picked'] === null || isHexKey(x['picked']) ? x['picked'] : undefined;
  const target = x['target'] === null || isHexKey(x['target']) ? x['target'] : undefined;
  const count = x['count'] === null || isCount(x['count']) ? x['count'] : undefined;
  const sides = counts(x['sides']);
  const rows = counts(x['counts']);
  const cart = parseCart(x['cart']);
  const chosen = (x['chosen'] as unknown[]).every((c) => typeof c === 'string' && c.length <= 40) ? (x['chosen'] as string[]) : null;
  if (picked === undefined || target === undefined || count === undefined || !sides || !rows || !cart || !chosen || typeof x['faceUp'] !== 'boolean') return null;
  return { seq: x['seq'], seat: x['seat'], hash: x['hash'], staged, picked, target, count, sides, counts: rows, cart, chosen, faceUp: x['faceUp'] };
}
