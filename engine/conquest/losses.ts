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

/** B6 (with B8): the losses a fighter of strength `strength` takes against `opponents`. */
export function formulaLoss(strength: number, opponents: readonly Fighter[]): number {
  const stronger = opponents.filter((o) => o.strength > strength);
  if (stronger.length === 0) return 0;
  const top = Math.max(...opponents.map((o) => o.strength));
  // The strongest opposing camps (B8: on a tie, the one that costs the most).
  const topCamps = [...new Set(opponents.filter((o) => o.strength === top).map((o) => o.camp))];
  const gapLoss = Math.max(
    ...topCamps.map((camp) =>
      opponents.filter((o) => o.camp === camp && o.strength > strength).reduce((sum, o) => sum + Math.floor((o.strength - strength) / 3), 0),
    ),
  );
  return gapLoss + stronger.length;
}

export interface Loss {
  /** Involved troops lost. */
  readonly lost: number;
  /** Troops missing (B10 case ii), to be taken from the rest of the tile. */
  readonly missing: number;
}

/** Every fighter's losses (B6-B10). */
export function troopLosses(fighters: readonly Fighter[]): Record<string, Loss> {
  const out: Record<string, Loss> = {};
  const allEqual = fighters.every((f) => f.strength === fighters[0]!.strength);
  for (const f of fighters) {
    const opponents = fighters.filter((o) => o.camp !== f.camp);
    if (allEqual) {
      out[f.id] = { lost: f.atFrontier ? Math.min(1, f.involved) : 0, missing: 0 };
      continue;
    }
    const loss = formulaLoss(f.strength, opponents);
    if (loss <= f.involved || f.undefended) {
      out[f.id] = { lost: Math.min(loss, f.involved), missing: 0 };
      continue;
    }
    // B10 case ii: the smallest m >= 1 such that m more troops (and m more strength) would be enough.
    let m = 1;
    while (formulaLoss(f.strength + m, opponents) > f.involved + m) m++;
    out[f.id] = { lost: f.involved, missing: m };
  }
  return out;
}
