/**
 * Troop losses (B6-B10), as pure arithmetic over the fighters of one combat.
 * A fighter is one player on one frontier (a player on k frontiers is k fighters of one camp, S2d),
 * or the wild territory (S1a).
 */
export interface Fighter {
  readonly id: string;
  readonly camp: string;
  readonly strength: number;
  /** Involved troops (E8); 0 for a wild territory. */
  readonly involved: number;
  /** Its troops stand at a frontier (B9): attackers and both sides of a frontier combat. */
  readonly atFrontier: boolean;
  /** An attacker of an undefended frontier (B10 case i). */
  readonly undefended: boolean;
}

/** Step 2 of B6 against one opposing camp: 1 per full 3 points to each of its players stronger than `strength`. */
const gapLoss = (strength: number, opponents: readonly Fighter[], camp: string): number =>
  opponents.filter((o) => o.camp === camp && o.strength > strength).reduce((sum, o) => sum + Math.floor((o.strength - strength) / 3), 0);

/** The strongest opposing camps (B6 step 1): those holding an opponent of the highest strength. */
const topCamps = (opponents: readonly Fighter[]): string[] => {
  const top = Math.max(...opponents.map((o) => o.strength));
  return [...new Set(opponents.filter((o) => o.strength === top).map((o) => o.camp))];
};

/**
 * B8: the strongest opposing camps a fighter of strength `strength` must choose between: the tied
 * ones, when counting one or another changes its losses; empty when there is nothing to choose.
 */
export function opposingChoices(strength: number, opponents: readonly Fighter[]): string[] {
  if (!opponents.some((o) => o.strength > strength)) return [];
  const camps = topCamps(opponents);
  return new Set(camps.map((c) => gapLoss(strength, opponents, c))).size > 1 ? camps : [];
}

/** B6 (with B8): the losses a fighter of strength `strength` takes against `opponents`, counting `camp` among tied strongest camps. */
export function formulaLoss(strength: number, opponents: readonly Fighter[], camp?: string): number {
  const stronger = opponents.filter((o) => o.strength > strength);
  if (stronger.length === 0) return 0;
  const camps = topCamps(opponents);
  const counted = camp !== undefined && camps.includes(camp) ? camp : camps[0]!;
  return gapLoss(strength, opponents, counted) + stronger.length;
}

export interface Loss {
  /** Involved troops lost. */
  readonly lost: number;
  /** Troops missing (B10 case ii), to be taken from the rest of the tile. */
  readonly missing: number;
}

/**
 * Every fighter's losses (B6-B10); `chosen`: the strongest opposing camp each fighter counts where
 * tied ones differ (B8). Read off the reckonings: the rules are worked out in one place.
 */
export function troopLosses(fighters: readonly Fighter[], chosen: Readonly<Record<string, string>> = {}): Record<string, Loss> {
  const out: Record<string, Loss> = {};
  for (const [id, r] of Object.entries(lossReckonings(fighters, chosen))) out[id] = { lost: r.lost, missing: r.missing };
  return out;
}

/** B6 step 2 for one stronger player of the counted camp: his strength and the troops the difference costs, ⌊(his − mine) / 3⌋. */
export interface Gap {
  readonly id: string;
  readonly strength: number;
  readonly loss: number;
}

/** How a fighter's losses are worked out (B6-B10), step by step, for the people at the table. */
export interface Reckoning {
  /** B6: the formula; B9: all strengths equal (1 troop for a fighter at a frontier). */
  readonly rule: 'B6' | 'B9';
  /** B6 step 1: the strongest opposing camp counted (B8 where tied ones differ); null when nobody is stronger, or under B9. */
  readonly camp: string | null;
  /** B6 step 2: the stronger players of that camp. */
  readonly gaps: readonly Gap[];
  /** B6 step 3: the opponents, in any camp, stronger than the fighter. */
  readonly stronger: readonly string[];
  /** The troops the rule asks for. */
  readonly owed: number;
  /** B10 when the involved troops cannot pay: case i (an attacker of an undefended frontier) or ii (troops missing); null when they can. */
  readonly short: 'i' | 'ii' | null;
  /** Involved troops lost: what is owed, at most the involved troops (B10). */
  readonly lost: number;
  /** B10 case ii: the troops missing, taken from the rest of the tile (the smallest m such that m more troops, and m more strength, would have paid); else 0. */
  readonly missing: number;
}

/** Every fighter's reckoning (B6-B10), step by step: the losses themselves (troopLosses) and their explanation. */
export function lossReckonings(fighters: readonly Fighter[], chosen: Readonly<Record<string, string>> = {}): Record<string, Reckoning> {
  const out: Record<string, Reckoning> = {};
  const allEqual = fighters.every((f) => f.strength === fighters[0]!.strength);
  for (const f of fighters) {
    const opponents = fighters.filter((o) => o.camp !== f.camp);
    if (allEqual) {
      const owed = f.atFrontier && f.involved > 0 ? 1 : 0;
      out[f.id] = { rule: 'B9', camp: null, gaps: [], stronger: [], owed, short: null, lost: owed, missing: 0 };
      continue;
    }
    const stronger = opponents.filter((o) => o.strength > f.strength);
    const tops = stronger.length === 0 ? [] : topCamps(opponents);
    const wanted = chosen[f.id];
    const camp = tops.length === 0 ? null : wanted !== undefined && tops.includes(wanted) ? wanted : tops[0]!;
    const gaps = camp === null ? [] : stronger.filter((o) => o.camp === camp).map((o) => ({ id: o.id, strength: o.strength, loss: Math.floor((o.strength - f.strength) / 3) }));
    const owed = formulaLoss(f.strength, opponents, wanted);
    const short = owed <= f.involved ? null : f.undefended ? 'i' : 'ii';
    // B10 case ii: the smallest m >= 1 such that m more troops (and m more strength) would be enough.
    let missing = 0;
    if (short === 'ii') for (missing = 1; formulaLoss(f.strength + missing, opponents, wanted) > f.involved + missing; ) missing++;
    out[f.id] = { rule: 'B6', camp, gaps, stronger: stronger.map((o) => o.id), owed, short, lost: Math.min(owed, f.involved), missing };
  }
  return out;
}
