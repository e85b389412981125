import { hexKey } from '../hex/index.js';
import { type CardId, startingDeck } from '../cards/catalogue.js';
import type { Action, SecretChoice } from '../core/actions.js';
import { ruleError } from '../core/errors.js';
import { RandomStream } from '../core/random.js';
import { err, ok } from '../core/result.js';
import type { Battle, GameState, Stage } from '../core/state.js';
import type { Seat } from '../core/vocabulary.js';
import { publicVault } from '../core/vault.js';
import { afterCombat, answer, campCount, cycleHand, involvedSeats, joinCamp, openExercise, playUnit, resolve, withdraw } from './battle.js';
import { requestError, applyRequest } from './requests.js';
import { addSegment, countsToList, draw, nextRefs } from './cards.js';
import { type Step, availableCombats, checkSupremacy as checkSupremacyAfter, enter, exercisePairs, nextExercise, phaseOf, replenish, vassalSites, withPhase } from './flow.js';
import { applyFeints, feintError, moveTroops, settleEmpty, spread } from './expansion.js';
import { applyPurchase, purchaseError } from './logistics.js';
import { activeSeats, firstInOrder, nextInOrder } from './order.js';
import { secretDigest } from './secret.js';
import { withTerritories } from './territory.js';

export { publicVault };

/** The values and references of the deal a seat must commit now (K5 starting deck, K5 reshuffle). */
export function pendingDeal(state: GameState, seat: Seat): { id: string; refs: string[]; values: CardId[] } | null {
  const stage = phaseOf(state).stage;
  const cards = state.players[seat]!.cards;
  const values =
    stage.kind === 'deal' ? [...startingDeck(state.seats[seat]!.civilisation)].sort() : stage.kind === 'reshuffle' && stage.seat === seat ? countsToList(cards.discard) : null;
  if (!values) return null;
  return { id: `deal:${seat}:${cards.segments.length}`, refs: nextRefs(seat, cards, values.length), values };
}

function commitDeal(state: GameState, seat: Seat, commitments: readonly string[]): Step {
  const stage = phaseOf(state).stage;
  const pending = pendingDeal(state, seat);
  if (!pending) return err(ruleError('WrongStep', 'K5', 'no deal of yours is awaited'));
  const cards = state.players[seat]!.cards;
  const added = addSegment(seat, cards, pending.values, commitments);
  if (!added.ok) return added;
  const next: GameState = {
    ...state,
    players: state.players.map((p, i) => (i === seat ? { ...p, cards: { ...added.value, discard: stage.kind === 'reshuffle' ? {} : added.value.discard } } : p)),
  };
  if (stage.kind === 'deal') {
    const awaiting = stage.awaiting.filter((s) => s !== seat);
    if (awaiting.length > 0) return ok(withPhase(next, { stage: { kind: 'deal', awaiting } }));
    return ok(replenish(next, activeSeats(next), { kind: 'production' }));
  }
  if (stage.kind === 'reshuffle') return ok(enter(next, { kind: 'reshuffle', seat, pending: stage.pending }));
  return err(ruleError('WrongStep', 'K5', 'no deal is awaited'));
}

/** Applies a conquest action for the seat the game waits for (the caller has checked it is that seat). */
/** `byTable`: the table applies an absent seat's passive choice (T5), which is not the seat acting (T6). */
export function applyConquest(input: GameState, action: Action, byTable = false): Step {
  let state = input;
  const stage = phaseOf(state).stage;
  const wrong = (what: string, rule = 'A2') => err(ruleError('WrongStep', rule, `cannot ${action.kind} now: ${what}`));
  if (action.kind === 'random') {
    if (stage.kind !== 'drawing') return err(ruleError('WrongStep', 'A3', 'no random event is expected now'));
    const stream = new RandomStream(action.value);
    const absent = action.absent ?? [];
    // T5b: a seat that withheld its beacon link is absent at this event (T6) and draws nothing at it.
    let players = state.players.map((p, i) => (absent.includes(i) ? { ...p, absentToday: true } : p));
    for (const d of stage.pending.draws) if (!absent.includes(d.seat)) players = players.map((p, i) => (i === d.seat ? { ...p, cards: draw(p.cards, d.count, stream) } : p));
    return ok(enter({ ...state, players, randomEvents: state.randomEvents + 1 }, stage.pending.then));
  }
  const seat = action.seat;
  // T6: the seat acted today. Marked before the action, which may end the day; the deal comes before day 1 and does not count.
  if (stage.kind !== 'deal' && !byTable) state = { ...state, players: state.players.map((p, i) => (i === seat ? { ...p, actedToday: true } : p)) };
  const result = ((): Step => {
    switch (stage.kind) {
      case 'deal':
      case 'reshuffle':
        return action.kind === 'commitCards' ? commitDeal(state, seat, action.commitments) : wrong('commit your shuffled cards first', 'K5');
      case 'moves':
        if (action.kind === 'moveTroops') return moveTroops(state, seat, action.from, action.to, action.count);
        if (action.kind === 'done') return ok(enter(state, { kind: 'moves', turn: nextInOrder(state, seat, activeSeats(state)) ?? seat, left: stage.left - 1 }));
        return wrong('move troops or declare you are done', 'E2');
      case 'spread':
        if (action.kind === 'spread') return spread(state, seat, action.at, action.dir, action.count);
        if (action.kind === 'done') return ok(enter(state, { kind: 'spread', turn: nextInOrder(state, seat, activeSeats(state)) ?? seat, left: stage.left - 1 }));
        return wrong('spread troops or declare you are done', 'E4');
      case 'secret':
        return secretStep(state, stage, action);
      case 'choose': {
        if (action.kind !== 'chooseCombat') return wrong('choose a combat', 'E9');
        const found = availableCombats(state, seat).find((c) => c.id === action.combat);
        if (!found) return err(ruleError('UnknownCombat', 'E9', `"${action.combat}" is not an unresolved combat involving your troops`));
        return ok(withPhase(state, { stage: { kind: 'battle', battle: found.battle, then: { kind: 'choose', turn: nextInOrder(state, seat, activeSeats(state)) ?? seat } } }));
      }
      case 'battle':
        return battleStep(state, stage.battle, stage.then, action);
      case 'exercise': {
        if (action.kind === 'done') return ok(enter(state, nextExercise(state, stage)));
        if (action.kind !== 'exercise') return wrong('hold a military exercise or pass', 'E16');
        const from = hexKey(action.from);
        const to = hexKey(action.to);
        if (!exercisePairs(state, seat).some(([a, b]) => (a === from && b === to) || (a === to && b === from)))
          return err(ruleError('NotYourTerritory', 'E16', 'an exercise uses two adjacent territories you control'));
        return ok(withPhase(state, { stage: { kind: 'battle', battle: openExercise(state, seat, from, to), then: nextExercise(state, stage) } }));
      }
      case 'requests': {
        if (action.kind === 'done') return ok(enter(state, { kind: 'requests', turn: nextInOrder(state, seat, activeSeats(state)) ?? seat, left: stage.left - 1 }));
        if (action.kind !== 'request') return wrong('make a request to a vassal or pass', 'L9');
        const bad = requestError(state, seat, action.vassal, hexKey(action.at));
        if (bad) return err(bad);
        return ok(applyRequest(state, seat, action.vassal, hexKey(action.at)));
      }
      case 'vassalTroops': {
        if (action.kind !== 'placeTroops') return wrong('place your new troops', 'L8');
        const key = hexKey(action.at);
        if (!vassalSites(state, seat).includes(key)) return err(ruleError('NotConnected', 'S4', 'a vassal places his troops on a territory he controls, connected to his and his suzerain\'s portals'));
        const t = state.territories[key]!;
        return ok(enter(withTerritories(state, { [key]: { ...t, troops: t.troops + stage.troops } }), stage.then));
      }
      default:
        return err(ruleError('GameOver', 'A2', 'the game is over'));
    }
  })();
  return result;
}

// ---------------------------------------------------------------- secret rounds (E5, L1, ruling 5)

export const passiveChoice = (purpose: 'feint' | 'purchase'): SecretChoice => (purpose === 'feint' ? { purpose, feints: [] } : { purpose, cards: [], technologies: [] });

function secretStep(state: GameState, stage: Extract<Stage, { kind: 'secret' }>, action: Action): Step {
  const round = stage.round;
  const seat = round.turn;
  const day = phaseOf(state).day;
  const order = activeSeats(state);
  const next = nextInOrder(state, seat, order) ?? seat;
  const allIn = (n: number) => n === order.length;
  if (round.step === 'commit') {
    if (action.kind !== 'commitSecret') return err(ruleError('WrongStep', round.purpose === 'feint' ? 'E5' : 'L1', 'commit your secret choice first'));
    const commits = { ...round.commits, [seat]: action.digest };
    const done = allIn(Object.keys(commits).length);
    return ok(withPhase(state, { stage: { kind: 'secret', round: { ...round, commits, step: done ? 'reveal' : 'commit', turn: done ? firstInOrder(state, phaseOf(state).first, order)! : next } } }));
  }
  if (action.kind !== 'revealSecret') return err(ruleError('WrongStep', round.purpose === 'feint' ? 'E5' : 'L1', 'reveal your secret choice'));
  const { choice, salt } = action;
  if (choice.purpose !== round.purpose) return err(ruleError('IllegalChoice', 'T2', `this round is for a ${round.purpose}`));
  if (secretDigest(seat, day, choice, salt) !== round.commits[seat]) return err(ruleError('SecretMismatch', 'T2', 'the revealed choice does not match your commitment'));
  const bad = choice.purpose === 'feint' ? feintError(state, seat, choice.feints) : purchaseError(state, seat, choice);
  if (bad) return err(bad);
  return ok(afterReveal(state, stage, choice));
}

/** A withheld reveal (T5): the absent seat's choice is the passive one, whatever it committed. */
export function absentReveal(state: GameState): GameState | null {
  const stage = phaseOf(state).stage;
  if (stage.kind !== 'secret' || stage.round.step !== 'reveal') return null;
  return afterReveal(state, stage, passiveChoice(stage.round.purpose));
}

function afterReveal(state: GameState, stage: Extract<Stage, { kind: 'secret' }>, choice: SecretChoice): GameState {
  const round = stage.round;
  const order = activeSeats(state);
  const reveals = { ...round.reveals, [round.turn]: choice };
  if (Object.keys(reveals).length < order.length)
    return withPhase(state, { stage: { kind: 'secret', round: { ...round, reveals, turn: nextInOrder(state, round.turn, order) ?? round.turn } } });
  // Everyone has revealed: the choices are carried out together.
  let next = state;
  for (const s of order) {
    const c = reveals[s] as SecretChoice;
    if (c.purpose === 'feint') next = applyFeints(next, s, c.feints);
    else next = applyPurchase(next, s, c);
  }
  return round.purpose === 'feint'
    ? enter(next, { kind: 'combats' })
    : enter(next, { kind: 'troops', turn: phaseOf(next).first, left: next.seats.length });
}

// ---------------------------------------------------------------- a combat (E10-E14, B)

/** A seat that forfeited (T7) still fights with the troops it has, but makes no choice: it is always ready, complete, and keeps its hand. */
const acts = (state: GameState, seat: Seat): boolean => !state.players[seat]!.forfeited;

function battleStep(state: GameState, b: Battle, then: Stage, action: Action): Step {
  const seat = 'seat' in action ? action.seat : -1;
  const put = (s: GameState, battle: Battle) => withPhase(s, { stage: { kind: 'battle', battle, then } });
  if (b.proposal) {
    if (action.kind !== 'answer') return err(ruleError('WrongStep', 'E11', 'answer the proposal to join your camp'));
    const nb = answer(state, b, seat, action.accept);
    return ok(put(state, nb.proposal ? nb : { ...nb, turn: b.turn }));
  }
  if (b.step === 'camps') {
    switch (action.kind) {
      case 'joinCamp': {
        const r = joinCamp(state, b, seat, action.camp);
        return r.ok ? ok(put(state, r.value)) : r;
      }
      case 'withdraw': {
        const r = withdraw(state, b, seat, hexKey(action.at), action.dir, action.count);
        if (!r.ok) return r;
        if (!involvedSeats(r.value.battle).includes(seat)) return ok(nextInCamps(r.value.state, r.value.battle, then));
        return ok(put(r.value.state, r.value.battle));
      }
      case 'done':
        return ok(nextInCamps(state, { ...b, done: [...b.done, seat] }, then));
      default:
        return err(ruleError('WrongStep', 'E11', 'join a camp, withdraw troops, or declare yourself ready'));
    }
  }
  if (b.step === 'armies') {
    if (action.kind === 'playUnit') {
      const r = playUnit(state, b, seat, action.opening);
      return r.ok ? ok(nextBuilder(r.value.state, r.value.battle, then)) : r;
    }
    if (action.kind === 'done') return ok(nextBuilder(state, { ...b, done: [...b.done, seat] }, then));
    if (action.kind === 'cycleHand') {
      const r = cycleHand(state, b, seat, action.discards);
      if (!r.ok) return r;
      // S2a: replenish, then back to this seat's turn in the same combat.
      return ok(replenish(r.value.state, [seat], { kind: 'battle', battle: r.value.battle, then }));
    }
    return err(ruleError('WrongStep', 'B3', 'play a unit or declare your army complete'));
  }
  if (action.kind !== 'afterCombat') return err(ruleError('WrongStep', 'E14', 'return or discard your units, then keep or account for your hand'));
  const r = afterCombat(state, b, seat, action.toWorld, action.account);
  if (!r.ok) return r;
  const done = [...b.done, seat];
  const rest = involvedSeats(b).filter((s) => !done.includes(s) && acts(r.value, s));
  if (rest.length > 0) return ok(put(r.value, { ...b, done, turn: nextInOrder(r.value, seat, rest)! }));
  const finished = b.exercise ? r.value : withPhase(r.value, { resolved: [...phaseOf(r.value).resolved, b.id] });
  return ok(replenish(finished, involvedSeats(b).filter((s) => acts(finished, s)), then));
}

/** Negotiation goes round the involved seats until all are ready (E11); then the combat starts, or is dropped (E12). */
function nextInCamps(state: GameState, b: Battle, then: Stage): GameState {
  const seats = involvedSeats(b);
  const waiting = seats.filter((s) => !b.done.includes(s) && acts(state, s));
  if (waiting.length > 0 && campCount(b) >= 2) return withPhase(state, { stage: { kind: 'battle', battle: { ...b, turn: nextInOrder(state, b.turn, waiting)! }, then } });
  if (campCount(b) < 2) {
    const dropped = withPhase(settleEmpty(state), { resolved: [...phaseOf(state).resolved, b.id] });
    return enter(dropped, then);
  }
  return withPhase(state, { stage: { kind: 'battle', battle: { ...b, step: 'armies', done: [], turn: firstInOrder(state, b.chooser, seats)! }, then } });
}

/** Armies are built in turn order, one unit or "complete" a turn, until all are complete (B3); then the combat is resolved. */
function nextBuilder(state: GameState, b: Battle, then: Stage): GameState {
  const waiting = involvedSeats(b).filter((s) => !b.done.includes(s) && acts(state, s));
  if (waiting.length > 0) return withPhase(state, { stage: { kind: 'battle', battle: { ...b, turn: nextInOrder(state, b.turn, waiting)! }, then } });
  const { state: resolved, participants } = resolve(state, b);
  const marked: GameState = { ...resolved, players: resolved.players.map((p, i) => (participants.includes(i) ? { ...p, fought: true } : p)) };
  const checked = checkSupremacyAfter(marked);
  if (phaseOf(checked).winner !== null) return withPhase(checked, { stage: { kind: 'over' } });
  return withPhase(checked, { stage: { kind: 'battle', battle: { ...b, step: 'after', done: [], turn: firstInOrder(checked, b.chooser, involvedSeats(b))! }, then } });
}
