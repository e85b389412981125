import {
  type Camp,
  type CombatChoice,
  type GameState,
  type HexKey,
  type Option,
  type Seat,
  type SeatAction,
  applyAction,
  hexKey,
  neighbour,
} from '../../../engine/index.js';
import { DIRECTION_NAME, hexLabel } from '../../board/describe.js';
import { type Language, playerLabel } from '../../display/index.js';
import { textIn } from '../../i18n/index.js';

/**
 * The engine's legal options shaped for clicks (like chessground's dests): grouped by the hex a
 * person clicks first, then by the hex he clicks next. Nothing here decides a rule: every entry
 * is one of the engine's options, and what is submitted is checked by the engine again.
 */
export type CountOption = Extract<Option, { kind: 'count' }>;
export type OneOption = Extract<Option, { kind: 'one' }>;

/** An option that goes from one hex to another (a move, a request, an exercise): a step on the board. */
export interface HexStep {
  readonly from: HexKey;
  readonly to: HexKey;
  readonly option: CountOption | OneOption;
}

/** Steps grouped by their source hex, then by their target. */
export function stepsBySource(steps: readonly HexStep[]): ReadonlyMap<HexKey, ReadonlyMap<HexKey, HexStep>> {
  const out = new Map<HexKey, Map<HexKey, HexStep>>();
  for (const s of steps) {
    const targets = out.get(s.from) ?? new Map<HexKey, HexStep>();
    if (!targets.has(s.to)) targets.set(s.to, s);
    out.set(s.from, targets);
  }
  return out;
}

/** Moves (E1) and requests (L9: from the suzerain's territory onto the vassal's) as steps. */
export function countSteps(options: readonly Option[], kind: 'moveTroops' | 'request'): HexStep[] {
  return options.flatMap((o): HexStep[] => {
    if (o.kind !== 'count' || o.action.kind !== kind) return [];
    const a = o.action;
    return a.kind === 'moveTroops' ? [{ from: hexKey(a.from), to: hexKey(a.to), option: o }] : a.kind === 'request' ? [{ from: hexKey(a.from), to: hexKey(a.at), option: o }] : [];
  });
}

/** Exercises (E16) as steps: the attacking territory, then the attacked one. */
export function exerciseSteps(options: readonly Option[]): HexStep[] {
  return options.flatMap((o): HexStep[] => (o.kind === 'one' && o.action.kind === 'exercise' ? [{ from: hexKey(o.action.from), to: hexKey(o.action.to), option: o }] : []));
}

/** Single-hex choices (a vassal's new troops, vacating) by the hex clicked. */
export function actionsByHex(options: readonly Option[]): ReadonlyMap<HexKey, SeatAction> {
  const out = new Map<HexKey, SeatAction>();
  for (const o of options) {
    if (o.kind !== 'one') continue;
    const a = o.action;
    if (a.kind === 'placeTroops') out.set(hexKey(a.at), a);
    else if (a.kind === 'vacate') out.set(hexKey(a.to), a);
  }
  return out;
}

/** Spreading options (E3) by tile, each side with its bounds. */
export function spreadByTile(options: readonly Option[]): ReadonlyMap<HexKey, readonly CountOption[]> {
  const out = new Map<HexKey, CountOption[]>();
  for (const o of options) {
    if (o.kind !== 'count' || o.action.kind !== 'spread') continue;
    const k = hexKey(o.action.at);
    out.set(k, [...(out.get(k) ?? []), o]);
  }
  return out;
}

export const ones = (options: readonly Option[], kind: SeatAction['kind']): SeatAction[] =>
  options.flatMap((o) => (o.kind === 'one' && o.action.kind === kind ? [o.action] : []));

export const findOption = <K extends Option['kind']>(options: readonly Option[], kind: K): Extract<Option, { kind: K }> | null =>
  (options.find((o) => o.kind === kind) as Extract<Option, { kind: K }> | undefined) ?? null;

/** The state after `actions`, applied one by one by the engine (the draft's preview); null if one is refused. */
export function applyAll(state: GameState, actions: readonly SeatAction[]): GameState | null {
  let s = state;
  for (const a of actions) {
    const r = applyAction(s, a);
    if (!r.ok) return null;
    s = r.value;
  }
  return s;
}

export const dirName = (dir: number, lang: Language): string => DIRECTION_NAME[lang][dir] ?? String(dir);

/** The hexes a combat choice covers: the territory, or both sides of the frontier. */
export function combatHexes(c: CombatChoice): HexKey[] {
  return c.kind === 'territory' ? [hexKey(c.at)] : [hexKey(c.at), hexKey(neighbour(c.at, c.dir))];
}

export function combatWords(c: CombatChoice, lang: Language): string {
  return c.kind === 'territory'
    ? textIn(lang, 'conquest.combat.territory', { at: hexLabel(c.at) })
    : textIn(lang, 'conquest.combat.frontier', { at: hexLabel(c.at), dir: dirName(c.dir, lang) });
}

export function campWords(state: GameState, camp: Camp, lang: Language): string {
  if (camp === 'defender') return textIn(lang, 'conquest.camp.defender');
  return textIn(lang, 'conquest.camp.of', { player: playerLabel(camp, state.seats[camp]!.colour, lang) });
}

export const seatWords = (state: GameState, seat: Seat, lang: Language): string => playerLabel(seat, state.seats[seat]!.colour, lang);
