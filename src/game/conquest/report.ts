import type { FighterLoss, GameEvent, GameState, Hex, Seat } from '../../../engine/index.js';
import { eventsAfter } from '../eventLines.js';

/** What the last (or current) combat came to, read from the engine's events: strengths, troops lost, territories taken. */
export interface CombatReport {
  readonly strengths: Readonly<Record<number, number>>;
  /** The wild territory's strength, when it defended. */
  readonly wild: number | null;
  readonly lost: Readonly<Record<number, number>>;
  readonly taken: readonly { readonly seat: Seat; readonly at: Hex }[];
  /** How each fighter's losses were worked out (B6-B10), once they were. */
  readonly fighters: readonly FighterLoss[];
  /** Every card effect that happened in it, in order, with the state and input it came from (its words: eventLines.ts). */
  readonly effects: readonly EffectEvent[];
  readonly ended: boolean;
}

/** An effect's event, with what its line is read with. */
export interface EffectEvent {
  readonly event: GameEvent;
  readonly before: GameState;
  readonly after: GameState | undefined;
  readonly input: unknown;
}

/** The events of card effects (K14-K18), said in the combat's explanation. */
const EFFECT_EVENTS: ReadonlySet<GameEvent['kind']> = new Set<GameEvent['kind']>([
  'abilityActivated',
  'unitEntered',
  'strengthBoosted',
  'unitNeutralised',
  'energyGained',
  'unitBought',
  'effectIgnored',
  'unitLeft',
  'unitDestroyed',
  'cardsDestroyed',
  'cardsDiscarded',
  'cardsPeeked',
  'cardsPutBack',
  'cardsDrawn',
]);

/** The events of the inputs since the latest `combatBegan` (looked for among the last `window` inputs). */
export function combatReport(states: readonly GameState[], inputs: readonly unknown[], window = 80): CombatReport | null {
  const events: EffectEvent[][] = [];
  for (let i = inputs.length - 1; i >= Math.max(0, inputs.length - window); i--) {
    const found = eventsAfter(states[i]!, inputs[i]);
    if (!found) break;
    events.unshift(found.map((event) => ({ event, before: states[i]!, after: states[i + 1], input: inputs[i] })));
    if (found.some((e) => e.kind === 'combatBegan')) {
      const flat = events.flat();
      let start = flat.length - 1;
      while (start > 0 && flat[start]!.event.kind !== 'combatBegan') start--;
      return summarise(flat.slice(start));
    }
  }
  return null;
}

function summarise(found: readonly EffectEvent[]): CombatReport {
  const events = found.map((x) => x.event);
  const effects = found.filter((x) => EFFECT_EVENTS.has(x.event.kind));
  let strengths: Record<number, number> = {};
  let wild: number | null = null;
  const lost: Record<number, number> = {};
  const taken: { seat: Seat; at: Hex }[] = [];
  let fighters: readonly FighterLoss[] = [];
  let ended = false;
  for (const e of events) {
    if (e.kind === 'strengths') (strengths = { ...e.strengths }), (wild = e.wild);
    else if (e.kind === 'lossesWorkedOut') fighters = e.fighters;
    else if (e.kind === 'troopsLost') lost[e.seat] = (lost[e.seat] ?? 0) + e.count;
    else if (e.kind === 'territoryTaken') taken.push({ seat: e.seat, at: e.at });
    else if (e.kind === 'combatEnded' || e.kind === 'combatDropped') ended = true;
  }
  return { strengths, wild, lost, taken, fighters, effects, ended };
}
