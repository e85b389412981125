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
  readonly ended: boolean;
}

/** The events of the inputs since the latest `combatBegan` (looked for among the last `window` inputs). */
export function combatReport(states: readonly GameState[], inputs: readonly unknown[], window = 80): CombatReport | null {
  const events: GameEvent[][] = [];
  for (let i = inputs.length - 1; i >= Math.max(0, inputs.length - window); i--) {
    const found = eventsAfter(states[i]!, inputs[i]);
    if (!found) break;
    events.unshift([...found]);
    if (found.some((e) => e.kind === 'combatBegan')) {
      const flat = events.flat();
      let start = flat.length - 1;
      while (start > 0 && flat[start]!.kind !== 'combatBegan') start--;
      return summarise(flat.slice(start));
    }
  }
  return null;
}

function summarise(events: readonly GameEvent[]): CombatReport {
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
  return { strengths, wild, lost, taken, fighters, ended };
}
