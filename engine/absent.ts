import type { SeatAction } from './core/actions.js';
import { type RuleError, ruleError } from './core/errors.js';
import { err, ok, type Result } from './core/result.js';
import type { GameState } from './core/state.js';
import { deal, tileCommitments } from './core/vault.js';
import type { Seat } from './core/vocabulary.js';
import { absentReveal, passiveChoice, pendingDeal, publicVault } from './conquest/apply.js';
import { conquestLegal } from './conquest/legal.js';
import { phaseOf } from './conquest/flow.js';
import { secretDigest, secretSalt } from './conquest/secret.js';
import { landSites, portalSites } from './map/blacks.js';
import { mapLegalActions, setAsideUnrevealed } from './map/flow.js';

/**
 * The passive choice the table makes for an absent seat (T5, ruling 9): no card played, army
 * complete, no purchase, no feint, no move; where the rules allow no passive choice, the first
 * legal one. What would need the seat's secrets is done without them: an absent seat's new deals
 * use a public vault (its cards become open information), and its drawn tile is set aside unseen.
 * Returns the action to apply, or a state when no action of the seat can express the choice.
 */
export function passiveFor(state: GameState, seat: Seat): Result<SeatAction | GameState, RuleError> {
  const phase = state.phase;
  const first = (actions: readonly SeatAction[]) =>
    actions.length > 0 ? ok(actions[0]!) : err(ruleError('NotAbsent', 'T5', 'no passive choice exists here'));
  const pub = publicVault(seat);
  switch (phase.name) {
    case 'setup':
      return ok({ kind: 'commitTiles', seat, commitments: tileCommitments(pub) });
    case 'finalRound':
      return ok({ kind: 'endTurn', seat });
    case 'mapCreation': {
      const me = state.seats[seat]!;
      if (phase.step === 'take') {
        if (me.faceUp) {
          const sites = landSites(state);
          return ok(sites.length > 0 ? { kind: 'placeTile', seat, from: 'faceUp', at: sites[0]! } : { kind: 'setAsideTile', seat, from: 'faceUp' });
        }
        return ok({ kind: 'drawTile', seat });
      }
      if (phase.step === 'place') return ok(setAsideUnrevealed(state, phase));
      if (phase.step === 'portal') {
        const legal = mapLegalActions(state, seat);
        const passive: SeatAction[] = legal.filter((a) => a.kind === 'endTurn');
        return first(passive.concat(portalSites(state, seat).map((at): SeatAction => ({ kind: 'placePortal', seat, at }))));
      }
      return first(mapLegalActions(state, seat));
    }
    case 'conquest': {
      const stage = phase.stage;
      switch (stage.kind) {
        case 'deal':
        case 'reshuffle': {
          const pending = pendingDeal(state, seat)!;
          return ok({ kind: 'commitCards', seat, commitments: deal(pub, pending.id, pending.refs, pending.values).commitments });
        }
        case 'secret': {
          if (stage.round.step === 'reveal') return ok(absentReveal(state)!);
          const choice = passiveChoice(stage.round.purpose);
          return ok({ kind: 'commitSecret', seat, digest: secretDigest(seat, phaseOf(state).day, choice, secretSalt(pub, state, stage.round.purpose)) });
        }
        case 'choose':
          return first(conquestLegal(state, seat));
        case 'battle': {
          const b = stage.battle;
          if (b.proposal) return ok({ kind: 'answer', seat, accept: false });
          if (b.step === 'after') return ok({ kind: 'afterCombat', seat, toWorld: [], account: null });
          return ok({ kind: 'done', seat });
        }
        case 'vassalTroops':
          return first(conquestLegal(state, seat));
        default:
          return ok({ kind: 'done', seat });
      }
    }
  }
}

export type { GameState };
