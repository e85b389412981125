import { type Direction, type Hex, type HexKey, DIRECTION_INDICES, hexKey, neighbour, parseHexKey } from '../hex/index.js';
import { type CardId, COMMON_FOR_SALE, TECHNOLOGIES_FOR_SALE, UNIT_RANKS, costOf, crystalValue, isUnitCard, startingDeck, unitCard } from '../cards/catalogue.js';
import type { CardOpening, CombatChoice, SeatAction, SecretChoice } from '../core/actions.js';
import type { Emit } from '../core/events.js';
import { type RuleError, ruleError } from '../core/errors.js';
import type { Option } from '../core/options.js';
import { RandomStream } from '../core/random.js';
import { err, ok } from '../core/result.js';
import { sealChoice, sealKeyOf, secretDigest, secretSalt, unsealChoice } from '../core/secret.js';
import { parseAction } from '../core/parse.js';
import type { DecisionRules, Next, Passive, Step } from '../core/stages.js';
import type { Battle, CombatRef, GameState, Stage, StageOf } from '../core/state.js';
import { type Vault, cardOpening, deal, publicVault } from '../core/vault.js';
import type { Seat } from '../core/vocabulary.js';
import { addUnit, arrangement, openExercise, campChange, campChoices, campCount, cyclesLeft, followers, involvedSeats, proposalMembers, withdraw, withdrawBound } from './battle.js';
import { addCounts, addSegment, countOf, countsToList, discard, nextRefs, revealFromHand, revealMany } from './cards.js';
import { availableCombats, exercisePairs, exercises, hasRequests, nextChooser, nextDeclarer, nextExercise, secretRound, vassalSites } from './days.js';
import { applyFeints, feintError, frontierCombat, moveOptions, moveTroops, settleEmpty, spread, spreadBounds, stacksOf } from './expansion.js';
import { applyPurchase, owned, purchaseError } from './logistics.js';
import { activeSeats, firstInOrder, nextInOrder, turnOrder } from './order.js';
import { go, patchPhase, phaseOf, replenish, drawsStage, takeDraws, withPlayer } from './phase.js';
import { requestError, requestOptions, passiveVacate, vacate, vacateSites } from './requests.js';
import { afterConsequences, allocate, lossStacks, opposingCamps, participantsInOrder, passiveRefill, passiveTake, refill, refillStacks, takeLosses } from './resolve.js';
import { territoriesOf, withTerritories } from './territory.js';

/**
 * The conquest's decision stages (K, E, B, S, L): for each, who it awaits, the actions it accepts
 * (each checked and offered by the same code) and the table's passive choice for an absent seat
 * (T5). The game's registry (engine/game/registry.ts) gathers them.
 */

type At<K extends Stage['kind']> = StageOf<K>;
const one = (action: SeatAction): Option => ({ kind: 'one', action });
const act = (action: SeatAction): Passive => ({ kind: 'action', action });
const seatOf = (seat: Seat) => ({ kind: 'seat' as const, seat });
const hex = parseHexKey;
const acting = (state: GameState, seat: Seat): boolean => !state.players[seat]!.forfeited;
const neighbourKeyOf = (at: HexKey, dir: Direction): HexKey => hexKey(neighbour(parseHexKey(at), dir));



// ---------------------------------------------------------------- K5: deals

/** The values and references of the deal a seat must commit now (K5 starting deck, K5 reshuffle). */
export function pendingDeal(state: GameState, seat: Seat): { id: string; refs: string[]; values: CardId[] } | null {
  const stage = phaseOf(state).stage;
  const cards = state.players[seat]!.cards;
  const values =
    stage.kind === 'deal' ? [...startingDeck(state.seats[seat]!.civilisation)].sort() : stage.kind === 'reshuffle' && stage.seat === seat ? countsToList(cards.discard) : null;
  if (!values) return null;
  return { id: `deal:${seat}:${cards.segments.length}`, refs: nextRefs(seat, cards, values.length), values };
}

function commitCards(state: GameState, seat: Seat, commitments: readonly string[], emit: Emit): Step {
  const pending = pendingDeal(state, seat);
  if (!pending) return err(ruleError('WrongStep', 'K5', 'no deal of yours is awaited'));
  const added = addSegment(seat, state.players[seat]!.cards, pending.values, commitments);
  if (!added.ok) return added;
  emit({ kind: 'deckCommitted', seat, cards: pending.values.length });
  const reshuffle = phaseOf(state).stage.kind === 'reshuffle';
  return ok(go(withPlayer(state, seat, (p) => ({ ...p, cards: { ...added.value, discard: reshuffle ? {} : added.value.discard } })), phaseOf(state).stage));
}

const dealOptions = (state: GameState, seat: Seat, vault?: Vault): Option[] => {
  const pending = pendingDeal(state, seat);
  return pending && vault ? [one({ kind: 'commitCards', seat, commitments: deal(vault, pending.id, pending.refs, pending.values).commitments })] : [];
};

/** T5: an absent seat's deal is committed with a public key: its cards become open information. */
const publicDeal = (state: GameState, seat: Seat): Passive => {
  const pending = pendingDeal(state, seat)!;
  return act({ kind: 'commitCards', seat, commitments: deal(publicVault(seat), pending.id, pending.refs, pending.values).commitments });
};

const dealStage: DecisionRules<'deal'> = {
  expects: { rule: 'K5', text: 'commit your shuffled cards' },
  awaits: (_s, stage) => seatOf(stage.awaiting[0]!),
  actions: {
    commitCards: {
      apply: (state, stage, action, emit) => {
        const r = commitCards(state, action.seat, action.commitments, emit);
        if (!r.ok) return r;
        const awaiting = stage.awaiting.filter((s) => s !== action.seat);
        const next = r.value.state;
        return ok(awaiting.length > 0 ? go(next, { kind: 'deal', awaiting }) : replenish(next, activeSeats(next), { kind: 'production' }));
      },
      options: (state, _stage, seat, vault) => dealOptions(state, seat, vault),
    },
  },
  passive: (state, _stage, seat) => publicDeal(state, seat),
};

const reshuffleStage: DecisionRules<'reshuffle'> = {
  expects: { rule: 'K5', text: 'commit your reshuffled discard pile' },
  awaits: (_s, stage) => seatOf(stage.seat),
  actions: {
    commitCards: {
      apply: (state, stage, action, emit) => {
        const r = commitCards(state, action.seat, action.commitments, emit);
        return r.ok ? ok(go(r.value.state, { kind: 'drawing', pending: stage.pending })) : r;
      },
      options: (state, _stage, seat, vault) => dealOptions(state, seat, vault),
    },
  },
  passive: (state, _stage, seat) => publicDeal(state, seat),
  enter: (state, stage) => drawsStage(state, stage.pending, stage),
};

const drawingStage: DecisionRules<'drawing'> = {
  expects: { rule: 'K2', text: 'wait for the random draw' },
  awaits: () => ({ kind: 'random' }),
  actions: {
    random: {
      apply: (state, stage, action, emit) => {
        emit({ kind: 'randomEvent', absent: action.absent ?? [] });
        return ok(go(takeDraws(state, stage.pending, new RandomStream(action.value), action.absent ?? [], emit), stage.pending.then));
      },
      options: () => [],
    },
  },
  passive: () => null,
  enter: (state, stage) => drawsStage(state, stage.pending, stage),
};

// ---------------------------------------------------------------- E1-E4: moves and spreading

const movesStage: DecisionRules<'moves'> = {
  expects: { rule: 'E2', text: 'move troops or declare you are done' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    moveTroops: {
      apply: (state, stage, a, emit) => {
        const r = moveTroops(state, a.seat, a.from, a.to, a.count, emit);
        return r.ok ? ok(go(r.value, stage)) : r;
      },
      options: (state, _stage, seat) =>
        moveOptions(state, seat).map(({ from, to, max }): Option => ({ kind: 'count', action: { kind: 'moveTroops', seat, from: hex(from), to: hex(to), count: 1 }, min: 1, max, except: null })),
    },
    done: {
      apply: (state, stage, a, emit) => {
        emit({ kind: 'finished', seat: a.seat, step: 'moves' });
        return ok(go(state, nextDeclarer(state, stage)));
      },
      options: (_s, _stage, seat) => [one({ kind: 'done', seat })],
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  enter: (state, stage) => (stage.left <= 0 ? go(state, { kind: 'spread', turn: firstInOrder(state, phaseOf(state).first, activeSeats(state))!, left: activeSeats(state).length }) : null),
};

const spreadStage: DecisionRules<'spread'> = {
  expects: { rule: 'E4', text: 'spread troops or declare you are done' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    spread: {
      apply: (state, stage, a, emit) => {
        const r = spread(state, a.seat, a.at, a.dir, a.count, emit);
        return r.ok ? ok(go(r.value, stage)) : r;
      },
      options: (state, _stage, seat) => {
        const out: Option[] = [];
        for (const key of territoriesOf(state, seat)) {
          for (const dir of DIRECTION_INDICES) {
            const b = spreadBounds(state, seat, key, dir);
            if (!b.ok || (b.value.max === 0 && b.value.current === 0)) continue;
            out.push({ kind: 'count', action: { kind: 'spread', seat, at: hex(key), dir, count: 0 }, min: 0, max: b.value.max, except: b.value.current });
          }
        }
        return out;
      },
    },
    done: {
      apply: (state, stage, a, emit) => {
        emit({ kind: 'finished', seat: a.seat, step: 'spread' });
        return ok(go(state, nextDeclarer(state, stage)));
      },
      options: (_s, _stage, seat) => [one({ kind: 'done', seat })],
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  enter: (state, stage) => (stage.left <= 0 ? go(state, secretRound(state, 'feint')) : null),
};

// ---------------------------------------------------------------- E5, L1: secret choices (ruling 5)

export const passiveChoice = (purpose: 'feint' | 'purchase'): SecretChoice => (purpose === 'feint' ? { purpose, feints: [] } : { purpose, cards: [], technologies: [] });

/** The secret choice a seat may commit: any feint of its frontier troops, or any purchase within its budgets. */
export function secretOption(state: GameState, seat: Seat, purpose: 'feint' | 'purchase', vault?: Vault): Option {
  const day = phaseOf(state).day;
  const secret = vault ? { salt: secretSalt(vault, state, purpose), seal: sealKeyOf(vault) } : null;
  if (purpose === 'feint') return { kind: 'feints', seat, day, secret, stacks: stacksOf(state, seat).map((s) => ({ at: hex(s.at), dir: s.dir, count: s.count })) };
  const me = state.players[seat]!;
  const civ = state.seats[seat]!.civilisation;
  return {
    kind: 'purchase',
    seat,
    day,
    secret,
    setAside: me.setAside,
    energy: me.energy,
    pure: me.pure,
    units: UNIT_RANKS.map((r) => unitCard(civ, r))
      .map((card) => ({ card, cost: costOf(card), max: countOf(me.world, card) }))
      .filter((u) => u.max > 0)
      .sort((a, b) => (a.card < b.card ? -1 : 1)),
    commons: COMMON_FOR_SALE.map((card) => ({ card, cost: costOf(card) })),
    technologies: TECHNOLOGIES_FOR_SALE.filter((t) => owned(me.cards, t) === 0).map((card) => ({ card, cost: costOf(card) })),
  };
}

const choiceError = (state: GameState, seat: Seat, choice: SecretChoice): RuleError | null =>
  choice.purpose === 'feint' ? feintError(state, seat, choice.feints) : purchaseError(state, seat, choice);

const commitStage: DecisionRules<'secretCommit'> = {
  expects: (stage) => ({ rule: stage.round.purpose === 'feint' ? 'E5' : 'L1', text: `commit your secret ${stage.round.purpose === 'feint' ? 'feints' : 'purchases'}` }),
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    commitSecret: {
      apply: (state, stage, a, emit) => {
        const order = activeSeats(state);
        const commits = { ...stage.round.commits, [a.seat]: a.digest };
        const round = { ...stage.round, commits, sealed: { ...stage.round.sealed, [a.seat]: a.sealed } };
        emit({ kind: 'choiceCommitted', seat: a.seat, purpose: round.purpose });
        if (Object.keys(commits).length < order.length) return ok(go(state, { kind: 'secretCommit', round, turn: nextInOrder(state, a.seat, order) ?? a.seat }));
        return ok(go(state, { kind: 'secretReveal', round, turn: firstInOrder(state, phaseOf(state).first, order)! }));
      },
      options: (state, stage, seat, vault) => [secretOption(state, seat, stage.round.purpose, vault)],
    },
  },
  // T5: no feint, no purchase, committed (and sealed) with the seat's public vault.
  passive: (state, stage, seat) => {
    const pub = publicVault(seat);
    const day = phaseOf(state).day;
    const choice = passiveChoice(stage.round.purpose);
    const salt = secretSalt(pub, state, stage.round.purpose);
    return act({ kind: 'commitSecret', seat, digest: secretDigest(seat, day, choice, salt), sealed: sealChoice(sealKeyOf(pub), seat, day, choice, salt)! });
  },
};

/** Everyone's choices carried out together once all are revealed (E5, L1-L6). */
function afterReveal(state: GameState, stage: At<'secretReveal'>, choice: SecretChoice, emit: Emit): Next {
  const order = activeSeats(state);
  const reveals = { ...stage.round.reveals, [stage.turn]: choice };
  if (Object.keys(reveals).length < order.length) return go(state, { kind: 'secretReveal', round: { ...stage.round, reveals }, turn: nextInOrder(state, stage.turn, order) ?? stage.turn });
  let next = state;
  for (const s of order) {
    const c = reveals[s]!;
    if (c.purpose === 'feint') {
      emit({ kind: 'feintsRevealed', seat: s, feints: c.feints });
      next = applyFeints(next, s, c.feints);
    } else next = applyPurchase(next, s, c, emit);
  }
  return stage.round.purpose === 'feint' ? go(next, { kind: 'combats' }) : go(next, { kind: 'troops', turn: phaseOf(next).first, left: next.seats.length });
}

/** The committed choice, opened from its sealed memo with the seat's vault (or the public one, if the table committed it). */
function committedChoice(state: GameState, stage: At<'secretReveal'>, seat: Seat, vault: Vault): { choice: SecretChoice; salt: string } | null {
  const day = phaseOf(state).day;
  const sealed = stage.round.sealed[seat];
  if (sealed === undefined) return null;
  for (const v of [vault, publicVault(seat)]) {
    const memo = unsealChoice(sealKeyOf(v), seat, day, stage.round.purpose, sealed);
    if (!memo) continue;
    const parsed = parseAction({ kind: 'revealSecret', seat, choice: memo.choice, salt: memo.salt });
    if (parsed.ok && parsed.value.kind === 'revealSecret' && secretDigest(seat, day, parsed.value.choice, parsed.value.salt) === stage.round.commits[seat])
      return { choice: parsed.value.choice, salt: parsed.value.salt };
  }
  return null;
}

const revealStage: DecisionRules<'secretReveal'> = {
  expects: (stage) => ({ rule: stage.round.purpose === 'feint' ? 'E5' : 'L1', text: `reveal your secret ${stage.round.purpose === 'feint' ? 'feints' : 'purchases'}` }),
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    revealSecret: {
      apply: (state, stage, a, emit) => {
        const { choice, salt } = a;
        const rule = stage.round.purpose === 'feint' ? 'E5' : 'L1';
        if (choice.purpose !== stage.round.purpose) return err(ruleError('IllegalChoice', rule, `this round is for a ${stage.round.purpose}`));
        if (secretDigest(a.seat, phaseOf(state).day, choice, salt) !== stage.round.commits[a.seat])
          return err(ruleError('SecretMismatch', 'T2', 'the revealed choice does not match your commitment'));
        const bad = choiceError(state, a.seat, choice);
        return bad ? err(bad) : ok(afterReveal(state, stage, choice, emit));
      },
      options: (state, stage, seat, vault) => {
        if (!vault) return [];
        const found = committedChoice(state, stage, seat, vault);
        return found && choiceError(state, seat, found.choice) === null ? [one({ kind: 'revealSecret', seat, choice: found.choice, salt: found.salt })] : [];
      },
    },
  },
  // T5: a withheld reveal: the absent seat's choice is the passive one, whatever it committed.
  passive: (state, stage) => ({ kind: 'table', next: afterReveal(state, stage, passiveChoice(stage.round.purpose), () => undefined), action: null }),
};

// ---------------------------------------------------------------- E9: choosing combats

/** The combat an action names, in its canonical form; null if it names no frontier of the map. */
export function combatOf(state: GameState, choice: CombatChoice): CombatRef | null {
  const at = hexKey(choice.at);
  if (!state.territories[at]) return null;
  return choice.kind === 'territory' ? { kind: 'territory', at } : frontierCombat(state, at, choice.dir);
}

const choiceOf = (c: CombatRef): CombatChoice => (c.kind === 'territory' ? { kind: 'territory', at: hex(c.at) } : { kind: 'frontier', at: hex(c.at), dir: c.dir });

const sameRef = (a: CombatRef, b: CombatRef): boolean => a.kind === b.kind && a.at === b.at && (a.kind === 'territory' || (b.kind !== 'territory' && a.dir === b.dir));

/** E10: a combat starts with its camps in negotiation, in turn order from its chooser. */
function startCombat(state: GameState, battle: Battle, then: Stage, emit: Emit): Next {
  emit({ kind: 'combatBegan', combat: battle.combat, chooser: battle.chooser, camps: battle.camps });
  const first = firstInOrder(state, battle.chooser, involvedSeats(battle).filter((s) => acting(state, s))) ?? battle.chooser;
  return go(state, { kind: 'camps', turn: first, ready: [], battle, then });
}

const chooseStage: DecisionRules<'choose'> = {
  expects: { rule: 'E9', text: 'choose a combat' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    chooseCombat: {
      apply: (state, stage, a, emit) => {
        const combat = combatOf(state, a.combat);
        const found = combat && availableCombats(state, a.seat).find((c) => sameRef(c.combat, combat));
        if (!found) return err(ruleError('UnknownCombat', 'E9', 'that is not an unresolved combat involving your troops'));
        return ok(startCombat(state, found.battle, { kind: 'choose', turn: nextInOrder(state, a.seat, activeSeats(state)) ?? a.seat }, emit));
      },
      options: (state, _stage, seat) => availableCombats(state, seat).map(({ combat }) => one({ kind: 'chooseCombat', seat, combat: choiceOf(combat) })),
    },
  },
  // T5: choosing is mandatory (E9a): the first combat in the table's fixed order.
  passive: (state, _stage, seat) => firstPassive(chooseStage.actions.chooseCombat.options(state, _stage, seat)),
  enter: (state, stage) => {
    const chooser = nextChooser(state, stage.turn);
    if (chooser === undefined) return go(state, exercises(state));
    return chooser === stage.turn ? null : go(state, { kind: 'choose', turn: chooser });
  },
};

function firstPassive(options: readonly Option[]): Passive | null {
  const first = options[0];
  return first?.kind === 'one' ? act(first.action) : null;
}

// ---------------------------------------------------------------- E10-E12: camps and negotiation

/** E12a: fewer than two camps: the combat is not resolved and leaves the list; B12 may still apply. */
function dropCombat(state: GameState, b: Battle, then: Stage, emit: Emit): Next {
  emit({ kind: 'combatDropped', combat: b.combat });
  const settled = settleEmpty(state, emit);
  return go(patchPhase(settled, { resolved: [...phaseOf(settled).resolved, b.combat] }), then);
}

/** E13: the camps are settled; the participants are fixed, and army building begins (S2a discards first). */
function settleCamps(state: GameState, b: Battle, then: Stage): Next {
  const seats = involvedSeats(b);
  const participants = turnOrder(state, b.chooser).filter((s) => seats.includes(s)).concat(seats.filter((s) => !acting(state, s)));
  const battle: Battle = { ...b, participants };
  return go(state, { kind: 'discards', turn: firstInOrder(state, b.chooser, participants) ?? b.chooser, battle, then });
}

const campsStage: DecisionRules<'camps'> = {
  expects: { rule: 'E11', text: 'join a camp, withdraw troops, or declare yourself ready' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    joinCamp: {
      apply: (state, stage, a, emit) => {
        const b = stage.battle;
        const change = campChange(state, b, a.seat, a.camp);
        if (!change.ok) return change;
        if (change.value.kind === 'propose') {
          const proposed = followers(state, b, a.seat, { ...b.camps, [a.seat]: a.camp });
          emit({ kind: 'proposed', seat: a.seat, camp: a.camp });
          const battle = { ...b, seen: [...b.seen, arrangement(proposed)] };
          return ok(go(state, { kind: 'proposal', turn: stage.turn, ready: stage.ready, proposer: a.seat, camp: a.camp, accepted: [], battle, then: stage.then }));
        }
        emit({ kind: 'campJoined', seat: a.seat, camp: a.camp });
        const camps = change.value.camps;
        return ok(go(state, { ...stage, ready: [], battle: { ...b, camps, seen: [...b.seen, arrangement(camps)] } }));
      },
      options: (state, stage, seat) => campChoices(state, stage.battle, seat).map((camp) => one({ kind: 'joinCamp', seat, camp })),
    },
    withdraw: {
      apply: (state, stage, a, emit) => {
        const r = withdraw(state, stage.battle, a.seat, hexKey(a.at), a.dir, a.count, emit);
        return r.ok ? ok(go(r.value.state, { ...stage, ready: [], battle: r.value.battle })) : r;
      },
      options: (state, stage, seat) =>
        (stage.battle.stacks[seat] ?? []).flatMap((s): Option[] => {
          const max = withdrawBound(state, stage.battle, seat, s.at, s.dir);
          return max.ok && max.value > 0 ? [{ kind: 'count', action: { kind: 'withdraw', seat, at: hex(s.at), dir: s.dir, count: 1 }, min: 1, max: max.value, except: null }] : [];
        }),
    },
    done: {
      apply: (state, stage, a, emit) => {
        emit({ kind: 'finished', seat: a.seat, step: 'camps' });
        return ok(go(state, { ...stage, ready: [...stage.ready, a.seat] }));
      },
      options: (_s, _stage, seat) => [one({ kind: 'done', seat })],
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  // E11: negotiation goes round the involved seats until all are ready; then the combat starts (E12), or is dropped (E12a).
  enter: (state, stage, emit) => {
    const b = stage.battle;
    const waiting = involvedSeats(b).filter((s) => !stage.ready.includes(s) && acting(state, s));
    if (waiting.length === 0) return campCount(b) < 2 ? dropCombat(state, b, stage.then, emit) : settleCamps(state, b, stage.then);
    if (waiting.includes(stage.turn)) return null;
    return go(state, { ...stage, turn: nextInOrder(state, stage.turn, waiting)! });
  },
};

/** The member of the proposed camp whose answer is awaited, in turn order from the proposer. */
const proposalAwaits = (state: GameState, stage: At<'proposal'>): Seat | undefined =>
  proposalMembers(state, stage.battle, stage.proposer, stage.camp).find((s) => !stage.accepted.includes(s));

const proposalStage: DecisionRules<'proposal'> = {
  expects: { rule: 'E11', text: 'answer the proposal to join your camp' },
  awaits: (state, stage) => seatOf(proposalAwaits(state, stage) ?? stage.proposer),
  actions: {
    answer: {
      apply: (state, stage, a, emit) => {
        emit({ kind: 'proposalAnswered', seat: a.seat, accept: a.accept });
        const back = (battle: Battle, ready: readonly Seat[]): Next => go(state, { kind: 'camps', turn: stage.turn, ready, battle, then: stage.then });
        if (!a.accept) return ok(back(stage.battle, stage.ready));
        const accepted = [...stage.accepted, a.seat];
        const next = { ...stage, accepted };
        if (proposalAwaits(state, next) !== undefined) return ok(go(state, next));
        const camps = followers(state, stage.battle, stage.proposer, { ...stage.battle.camps, [stage.proposer]: stage.camp });
        emit({ kind: 'campJoined', seat: stage.proposer, camp: stage.camp });
        return ok(back({ ...stage.battle, camps }, []));
      },
      options: (_s, _stage, seat) => [one({ kind: 'answer', seat, accept: true }), one({ kind: 'answer', seat, accept: false })],
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'answer', seat, accept: false }),
};

// ---------------------------------------------------------------- S2a, B2-B4: armies

function handOpenings(state: GameState, seat: Seat, vault: Vault | undefined): CardOpening[] | null {
  if (!vault) return null;
  const out: CardOpening[] = [];
  for (const ref of state.players[seat]!.cards.hand) {
    const o = cardOpening(vault, state, ref);
    if (!o) return null;
    out.push(o);
  }
  return out;
}

const discardsStage: DecisionRules<'discards'> = {
  expects: { rule: 'S2a', text: 'discard cards for your extra frontier, or none' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    discardExtra: {
      apply: (state, stage, a, emit) => {
        const b = stage.battle;
        if (cyclesLeft(b, a.seat) <= 0) return err(ruleError('WrongStep', 'S2a', 'only a player on several frontiers of this combat discards, once per extra frontier'));
        const revealed = revealMany(state.players[a.seat]!.cards, a.cards);
        if (!revealed.ok) return revealed;
        const battle = { ...b, cycles: { ...b.cycles, [a.seat]: (b.cycles[a.seat] ?? 0) + 1 } };
        const stay: Stage = { kind: 'discards', turn: a.seat, battle, then: stage.then };
        if (a.cards.length === 0) return ok(go(state, stay));
        emit({ kind: 'cardsDiscarded', seat: a.seat, cards: revealed.value.played });
        const next = withPlayer(state, a.seat, (p) => ({ ...p, cards: discard(revealed.value.cards, revealed.value.played) }));
        return ok(replenish(next, [a.seat], stay));
      },
      options: (state, stage, seat, vault) => {
        const hand = handOpenings(state, seat, vault);
        return hand && cyclesLeft(stage.battle, seat) > 0 ? [{ kind: 'discard', seat, hand }] : [];
      },
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'discardExtra', seat, cards: [] }),
  enter: (state, stage) => {
    const b = stage.battle;
    const order = turnOrder(state, stage.turn).filter((s) => b.participants.includes(s));
    const next = order.find((s) => cyclesLeft(b, s) > 0);
    if (next === undefined) return go(state, { kind: 'armies', turn: firstInOrder(state, b.chooser, b.participants) ?? b.chooser, complete: [], battle: b, then: stage.then });
    return next === stage.turn ? null : go(state, { ...stage, turn: next });
  },
};

const armiesStage: DecisionRules<'armies'> = {
  expects: { rule: 'B3', text: 'play a unit or declare your army complete' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    playUnit: {
      apply: (state, stage, a, emit) => {
        const revealed = revealFromHand(state.players[a.seat]!.cards, a.opening);
        if (!revealed.ok) return revealed;
        if (!isUnitCard(revealed.value.card)) return err(ruleError('NotAUnit', 'B3', `${revealed.value.card} is not a unit card`));
        const { battle, unit } = addUnit(stage.battle, a.seat, revealed.value.card);
        emit({ kind: 'unitEntered', unit });
        const next = withPlayer(state, a.seat, (p) => ({ ...p, cards: revealed.value.cards }));
        const waiting = battle.participants.filter((s) => !stage.complete.includes(s) && acting(state, s));
        const after: Stage = { kind: 'armies', turn: nextInOrder(state, a.seat, waiting) ?? a.seat, complete: stage.complete, battle, then: stage.then };
        // K16: the unit's immediate abilities, right after it is added.
        return ok(go(next, { kind: 'abilities', window: 'immediate', waiting: [a.seat], battle, then: after }));
      },
      options: (state, _stage, seat, vault) => (handOpenings(state, seat, vault) ?? []).filter((o) => isUnitCard(o.value)).map((opening) => one({ kind: 'playUnit', seat, opening })),
    },
    done: {
      apply: (state, stage, a, emit) => {
        emit({ kind: 'finished', seat: a.seat, step: 'army' });
        return ok(go(state, { ...stage, complete: [...stage.complete, a.seat] }));
      },
      options: (_s, _stage, seat) => [one({ kind: 'done', seat })],
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  // B3: one unit or "complete" a turn, in turn order, until all are complete; then delayed abilities (B4) and strengths (B5).
  enter: (state, stage) => {
    const b = stage.battle;
    const waiting = b.participants.filter((s) => !stage.complete.includes(s) && acting(state, s));
    if (waiting.length === 0) {
      const seats = participantsInOrder(state, b);
      return go(state, { kind: 'abilities', window: 'delayed', waiting: seats, battle: b, then: { kind: 'strengths', battle: b, then: stage.then } });
    }
    return waiting.includes(stage.turn) ? null : go(state, { ...stage, turn: nextInOrder(state, stage.turn, waiting)! });
  },
};

/** K15-K17: whether `seat` has an ability it may activate in this window. No card has abilities yet (the card-ability engine). */
const hasAbilities = (_state: GameState, _b: Battle, _seat: Seat, _window: At<'abilities'>['window']): boolean => false;

/** Goes on after a window, the combat as the window left it. */
const afterWindow = (stage: At<'abilities'>): Stage => ('battle' in stage.then ? ({ ...stage.then, battle: stage.battle } as Stage) : stage.then);

const abilitiesStage: DecisionRules<'abilities'> = {
  expects: { rule: 'K17', text: 'activate abilities or pass' },
  awaits: (_s, stage) => seatOf(stage.waiting[0]!),
  actions: {
    done: {
      apply: (state, stage, a, emit) => {
        emit({ kind: 'finished', seat: a.seat, step: 'abilities' });
        return ok(go(state, { ...stage, waiting: stage.waiting.slice(1) }));
      },
      options: (_s, _stage, seat) => [one({ kind: 'done', seat })],
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  // K17: priority in turn order; a seat with nothing to activate is skipped.
  enter: (state, stage, emit) => {
    const waiting = stage.waiting.filter((s) => acting(state, s) && hasAbilities(state, stage.battle, s, stage.window));
    if (waiting.length === 0) return go(state, afterWindow(stage));
    if (waiting.length === stage.waiting.length) return null;
    emit({ kind: 'abilityWindow', window: stage.window, seats: waiting });
    return go(state, { ...stage, waiting });
  },
};

// ---------------------------------------------------------------- B8, B11, B12a: choices while resolving

const opposingStage: DecisionRules<'opposing'> = {
  expects: { rule: 'B8', text: 'choose which tied strongest opposing camp you count' },
  awaits: (_s, stage) => seatOf(stage.waiting[0]!),
  actions: {
    chooseOpposing: {
      apply: (state, stage, a, emit) => {
        if (!opposingCamps(state, stage.battle, a.seat).includes(a.camp)) return err(ruleError('BadCamp', 'B8', 'choose one of the tied strongest opposing camps'));
        emit({ kind: 'opposingChosen', seat: a.seat, camp: a.camp });
        const battle = { ...stage.battle, opposing: { ...stage.battle.opposing, [a.seat]: a.camp } };
        const waiting = stage.waiting.slice(1);
        return ok(waiting.length > 0 ? go(state, { ...stage, battle, waiting }) : takeLosses(state, battle, stage.then, emit));
      },
      options: (state, stage, seat) => opposingCamps(state, stage.battle, seat).map((camp) => one({ kind: 'chooseOpposing', seat, camp })),
    },
  },
  // T5: the first of the tied camps in canonical order.
  passive: (state, stage, seat) => firstPassive(opposingStage.actions.chooseOpposing.options(state, stage, seat)),
};

const lossesStage: DecisionRules<'losses'> = {
  expects: { rule: 'B11', text: 'choose which frontiers pay your missing troops' },
  awaits: (_s, stage) => seatOf(stage.pending[0]!.seat),
  actions: {
    allocateLosses: {
      apply: (state, stage, a, emit) => {
        const p = stage.pending[0]!;
        if (hexKey(a.at) !== p.at) return err(ruleError('IllegalChoice', 'B11', `the troops to allocate are those of ${p.at}`));
        const r = allocate(state, p, a.take, emit);
        if (!r.ok) return r;
        const pending = stage.pending.slice(1);
        return ok(go(r.value, pending.length > 0 ? { ...stage, pending } : { kind: 'consequences', battle: stage.battle, then: stage.then }));
      },
      options: (state, stage, seat) => {
        const p = stage.pending[0]!;
        return [{ kind: 'take', action: { kind: 'allocateLosses', seat, at: hex(p.at), take: [] }, stacks: lossStacks(state, p), min: p.count, max: p.count }];
      },
    },
  },
  // T5: the frontiers in direction order (east, then clockwise).
  passive: (state, stage, seat) => {
    const p = stage.pending[0]!;
    return act({ kind: 'allocateLosses', seat, at: hex(p.at), take: passiveTake(lossStacks(state, p), p.count) });
  },
};

const refillStage: DecisionRules<'refill'> = {
  expects: { rule: 'B12a', text: 'refill your emptied territory from its frontiers' },
  awaits: (_s, stage) => seatOf(stage.pending[0]!.seat),
  actions: {
    refill: {
      apply: (state, stage, a, emit) => {
        const p = stage.pending[0]!;
        if (hexKey(a.at) !== p.at) return err(ruleError('IllegalChoice', 'B12a', `the territory to refill is ${p.at}`));
        const r = refill(state, p, a.take, emit);
        if (!r.ok) return r;
        const pending = stage.pending.slice(1);
        return ok(pending.length > 0 ? go(r.value, { ...stage, pending }) : afterConsequences(r.value, stage.battle, stage.then, emit));
      },
      options: (state, stage, seat) => {
        const p = stage.pending[0]!;
        const stacks = refillStacks(state, p.at);
        return [{ kind: 'take', action: { kind: 'refill', seat, at: hex(p.at), take: [] }, stacks, min: 1, max: stacks.reduce((n, s) => n + s.count, 0) }];
      },
    },
  },
  passive: (state, stage, seat) => {
    const p = stage.pending[0]!;
    return act({ kind: 'refill', seat, at: hex(p.at), take: passiveRefill(state, p) });
  },
};

// ---------------------------------------------------------------- B15, E14, E15: the end of a combat

const ownUnits = (b: Battle, seat: Seat): number[] =>
  [...b.units, ...b.aside]
    .filter((u) => u.owner === seat)
    .map((u) => u.id)
    .sort((x, y) => x - y);

const returnStage: DecisionRules<'returnUnits'> = {
  expects: { rule: 'B15', text: 'return units to your World or discard them' },
  awaits: (_s, stage) => seatOf(stage.waiting[0]!),
  actions: {
    returnUnits: {
      apply: (state, stage, a, emit) => {
        const b = stage.battle;
        const mine = ownUnits(b, a.seat);
        if (a.units.some((id, i) => !mine.includes(id) || (i > 0 && id <= a.units[i - 1]!)))
          return err(ruleError('UnknownCard', 'B15', 'return units you played, each once, by their numbers in increasing order'));
        const all = [...b.units, ...b.aside].filter((u) => u.owner === a.seat);
        const back = all.filter((u) => a.units.includes(u.id)).map((u) => u.card);
        const gone = all.filter((u) => !a.units.includes(u.id)).map((u) => u.card);
        if (back.length > 0) emit({ kind: 'unitsReturned', seat: a.seat, cards: back });
        if (gone.length > 0) emit({ kind: 'cardsDiscarded', seat: a.seat, cards: gone });
        const next = withPlayer(state, a.seat, (p) => ({ ...p, world: addCounts(p.world, back), cards: discard(p.cards, gone) }));
        const waiting = stage.waiting.slice(1);
        if (waiting.length > 0) return ok(go(next, { ...stage, waiting }));
        return ok(go(next, { kind: 'keepOrAccount', waiting: participantsInOrder(next, b), battle: b, then: stage.then }));
      },
      options: (_s, stage, seat) => [{ kind: 'return', seat, units: ownUnits(stage.battle, seat) }],
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'returnUnits', seat, units: [] }),
  enter: (state, stage) =>
    stage.waiting.length === 0 ? go(state, { kind: 'keepOrAccount', waiting: participantsInOrder(state, stage.battle), battle: stage.battle, then: stage.then }) : null,
};

/** E15, E15a: the totals a seat may set aside after accounting for a hand worth `value`. */
export function accountBounds(state: GameState, seat: Seat, value: number): { min: number; max: number } {
  const p = state.players[seat]!;
  return { min: p.setAside, max: Math.max(p.setAside, Math.min(value, p.setAside + p.energy)) };
}

const keepStage: DecisionRules<'keepOrAccount'> = {
  expects: { rule: 'E14', text: 'keep or account for your hand' },
  awaits: (_s, stage) => seatOf(stage.waiting[0]!),
  actions: {
    keepHand: {
      apply: (state, stage, a, emit) => {
        emit({ kind: 'handKept', seat: a.seat });
        return ok(nextKeeper(state, stage));
      },
      options: (_s, _stage, seat) => [one({ kind: 'keepHand', seat })],
    },
    accountHand: {
      apply: (state, stage, a, emit) => {
        const p = state.players[a.seat]!;
        if (p.cards.hand.length === 0) return err(ruleError('IllegalChoice', 'E15', 'your hand is empty: there is nothing to account for'));
        if (a.cards.length !== p.cards.hand.length) return err(ruleError('IllegalChoice', 'E15', 'accounting for the hand reveals every card in it'));
        const revealed = revealMany(p.cards, a.cards);
        if (!revealed.ok) return revealed;
        const value = revealed.value.played.reduce((sum, c) => sum + crystalValue(c), 0);
        const { min, max } = accountBounds(state, a.seat, value);
        if (a.setAside < min || a.setAside > max) return err(ruleError('IllegalChoice', 'E15a', `set aside a total between ${min} and ${max} energy stocks`));
        emit({ kind: 'handAccounted', seat: a.seat, cards: revealed.value.played, value, setAside: a.setAside });
        const next = withPlayer(state, a.seat, (q) => ({
          ...q,
          cards: discard(revealed.value.cards, revealed.value.played),
          energy: q.energy - (a.setAside - q.setAside),
          setAside: a.setAside,
        }));
        return ok(nextKeeper(next, stage));
      },
      options: (state, _stage, seat, vault) => {
        const hand = handOpenings(state, seat, vault);
        if (!hand || hand.length === 0) return [];
        const { min, max } = accountBounds(
          state,
          seat,
          hand.reduce((n, o) => n + crystalValue(o.value), 0),
        );
        return [{ kind: 'account', action: { kind: 'accountHand', seat, cards: hand, setAside: max }, min, max }];
      },
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'keepHand', seat }),
  enter: (state, stage) => (stage.waiting.length === 0 ? go(state, { kind: 'endCombat', battle: stage.battle, then: stage.then }) : null),
};

const nextKeeper = (state: GameState, stage: At<'keepOrAccount'>): Next => go(state, { ...stage, waiting: stage.waiting.slice(1) });

// ---------------------------------------------------------------- E16: military exercises

const exerciseStage: DecisionRules<'exercise'> = {
  expects: { rule: 'E16', text: 'hold a military exercise or pass' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    exercise: {
      apply: (state, stage, a, emit) => {
        const from = hexKey(a.from);
        const to = hexKey(a.to);
        const pair = exercisePairs(state, a.seat).find((p) => {
          const other = neighbourKeyOf(p.at, p.dir);
          return (p.at === from && other === to) || (p.at === to && other === from);
        });
        if (!pair) return err(ruleError('NotYourTerritory', 'E16', 'an exercise uses two adjacent territories you control'));
        const battle = openExercise(a.seat, pair.at, pair.dir);
        emit({ kind: 'combatBegan', combat: battle.combat, chooser: a.seat, camps: battle.camps });
        return ok(go(state, { kind: 'armies', turn: a.seat, complete: [], battle, then: nextExercise(state, stage) }));
      },
      // Either territory may be the one that attacks (E16): both ways are offered, and lead to the same exercise.
      options: (state, _stage, seat) =>
        exercisePairs(state, seat).flatMap((p) => {
          const [a, b] = [hex(p.at), hex(neighbourKeyOf(p.at, p.dir))];
          return [one({ kind: 'exercise', seat, from: a, to: b }), one({ kind: 'exercise', seat, from: b, to: a })];
        }),
    },
    done: {
      apply: (state, stage, a, emit) => {
        emit({ kind: 'finished', seat: a.seat, step: 'exercise' });
        return ok(go(state, nextExercise(state, stage)));
      },
      options: (_s, _stage, seat) => [one({ kind: 'done', seat })],
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  enter: (state, stage) => {
    if (stage.left <= 0) return go(state, secretRound(state, 'purchase'));
    const idle = !state.players[stage.turn]!.fought && acting(state, stage.turn);
    return idle && exercisePairs(state, stage.turn).length > 0 ? null : go(state, nextExercise(state, stage));
  },
};

// ---------------------------------------------------------------- L8, L9: vassals' troops and requests

const vassalTroopsStage: DecisionRules<'vassalTroops'> = {
  expects: { rule: 'L8', text: 'place your new troops' },
  awaits: (_s, stage) => seatOf(stage.seat),
  actions: {
    placeTroops: {
      apply: (state, stage, a, emit) => {
        const key = hexKey(a.at);
        if (!vassalSites(state, a.seat).includes(key))
          return err(ruleError('NotConnected', 'S4', 'a vassal places his troops on a territory he controls, connected to his and his suzerain\'s portals'));
        const t = state.territories[key]!;
        emit({ kind: 'newTroops', seat: a.seat, at: a.at, count: stage.troops });
        return ok(go(withTerritories(state, { [key]: { ...t, troops: t.troops + stage.troops } }), stage.then));
      },
      options: (state, _stage, seat) => vassalSites(state, seat).map((k) => one({ kind: 'placeTroops', seat, at: hex(k) })),
    },
  },
  passive: (state, stage, seat) => firstPassive(vassalTroopsStage.actions.placeTroops.options(state, stage, seat)),
};

const requestsStage: DecisionRules<'requests'> = {
  expects: { rule: 'L9', text: 'make a request to a vassal or pass' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    request: {
      apply: (state, stage, a, emit) => {
        const request = { suzerain: a.seat, vassal: a.vassal, at: hexKey(a.at), from: hexKey(a.from), count: a.count };
        const bad = requestError(state, request);
        if (bad) return err(bad);
        emit({ kind: 'requestMade', suzerain: a.seat, vassal: a.vassal, at: a.at, from: a.from, count: a.count });
        return ok(go(state, { kind: 'vacate', request, left: stage.left }));
      },
      options: (state, _stage, seat) =>
        requestOptions(state, seat).map(({ vassal, at, from, max }): Option => ({
          kind: 'count',
          action: { kind: 'request', seat, vassal, at: hex(at), from: hex(from), count: 1 },
          min: 1,
          max,
          except: null,
        })),
    },
    done: {
      apply: (state, stage, a, emit) => {
        emit({ kind: 'finished', seat: a.seat, step: 'requests' });
        return ok(go(state, nextDeclarer(state, stage)));
      },
      options: (_s, _stage, seat) => [one({ kind: 'done', seat })],
    },
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  enter: (state, stage) => {
    if (stage.left <= 0) return go(state, { kind: 'endDay' });
    return hasRequests(state, stage.turn) ? null : go(state, nextDeclarer(state, stage));
  },
};

const vacateStage: DecisionRules<'vacate'> = {
  expects: { rule: 'L9', text: 'move your troops off the requested territory' },
  awaits: (_s, stage) => seatOf(stage.request.vassal),
  actions: {
    vacate: {
      apply: (state, stage, a, emit) => {
        const r = vacate(state, stage.request, hexKey(a.to), emit);
        return r.ok ? ok(go(r.value, { kind: 'requests', turn: stage.request.suzerain, left: stage.left })) : r;
      },
      options: (state, stage, seat) => vacateSites(state, stage.request.vassal, stage.request.at).map((k) => one({ kind: 'vacate', seat, to: hex(k) })),
    },
  },
  passive: (state, stage, seat) => act({ kind: 'vacate', seat, to: hex(passiveVacate(state, stage.request)) }),
};

const overStage: DecisionRules<'over'> = {
  expects: { rule: 'A2', text: 'the game is over' },
  awaits: () => ({ kind: 'over' }),
  actions: {},
  passive: () => null,
};

export const CONQUEST_STAGES = {
  deal: dealStage,
  reshuffle: reshuffleStage,
  drawing: drawingStage,
  moves: movesStage,
  spread: spreadStage,
  secretCommit: commitStage,
  secretReveal: revealStage,
  choose: chooseStage,
  camps: campsStage,
  proposal: proposalStage,
  discards: discardsStage,
  armies: armiesStage,
  abilities: abilitiesStage,
  opposing: opposingStage,
  losses: lossesStage,
  refill: refillStage,
  returnUnits: returnStage,
  keepOrAccount: keepStage,
  exercise: exerciseStage,
  vassalTroops: vassalTroopsStage,
  requests: requestsStage,
  vacate: vacateStage,
  over: overStage,
} as const;

export type { Hex, HexKey };
