import type { Hex } from '../hex/index.js';
import type { Action, SeatAction, TileOpening, TileSource } from '../core/actions.js';
import { openingMatches } from '../core/commit.js';
import { type RuleError, ruleError } from '../core/errors.js';
import { RandomStream } from '../core/random.js';
import { err, ok, type Result } from '../core/result.js';
import type { GameState, Phase, SeatState, TilePile } from '../core/state.js';
import { type Vault, tileCommitments, tileOpening } from '../core/vault.js';
import type { Seat, TileColour } from '../core/vocabulary.js';
import { blackTilesNeeded, landSites, portalSites } from './blacks.js';
import { landPlacementError, portalHoldsMap, portalPlacementError } from './constraints.js';
import { withLandTile } from './board.js';
import { PILE_TILES, tileRef } from './setup.js';
import { startConquest } from '../conquest/setup.js';

type Step = Result<GameState, RuleError>;
type MapPhase = Extract<Phase, { name: 'mapCreation' }>;
type FinalRound = Extract<Phase, { name: 'finalRound' }>;

const withSeat = (state: GameState, seat: Seat, patch: Partial<SeatState>): GameState => ({
  ...state,
  seats: state.seats.map((s, i) => (i === seat ? { ...s, ...patch } : s)),
});

/** Non-portal tiles a seat still has to place: its pile, its face-up tile, its drawn tile. */
export const tilesLeft = (s: SeatState): number => (s.pile?.refs.length ?? PILE_TILES.length) + (s.faceUp ? 1 : 0) + (s.drawn ? 1 : 0);

/** After his last tile, a player's portal must be on the map (M13). */
const portalMandatory = (s: SeatState): boolean => tilesLeft(s) === 0;

// ---------------------------------------------------------------- set-up (M2)

export function applySetup(state: GameState, action: SeatAction): Step {
  if (state.phase.name !== 'setup') return err(ruleError('WrongStep', 'M2', 'not in set-up'));
  if (action.kind !== 'commitTiles') return err(ruleError('WrongStep', 'M2', 'each player first commits his face-down tile pile'));
  const { commitments } = action;
  if (commitments.length !== PILE_TILES.length || new Set(commitments).size !== commitments.length)
    return err(ruleError('BadCommitments', 'M2', `a pile is ${PILE_TILES.length} distinct commitments, one per tile`));
  const refs = commitments.map((_, i) => tileRef(action.seat, i));
  const pile: TilePile = {
    refs,
    commitments: Object.fromEntries(refs.map((r, i) => [r, commitments[i]!])),
    remaining: Object.fromEntries(PILE_TILES.map((c) => [c, 1])) as Record<TileColour, number>,
  };
  const awaiting = state.phase.awaiting.filter((s) => s !== action.seat);
  const next = withSeat(state, action.seat, { pile });
  const phase: Phase =
    awaiting.length > 0 ? { name: 'setup', awaiting } : { name: 'mapCreation', turn: state.settings.firstSeat, step: 'take', blacksOwed: 0, fenced: false };
  return ok({ ...next, phase });
}

// ---------------------------------------------------------------- map creation (M4-M14)

export function applyMapCreation(state: GameState, phase: MapPhase, action: Action): Step {
  const seat = phase.turn;
  const me = state.seats[seat]!;
  switch (action.kind) {
    case 'drawTile':
      if (phase.step !== 'take') return wrongStep(phase, 'drawTile');
      if (!me.pile || me.pile.refs.length === 0) return err(ruleError('PileEmpty', 'M5', 'your face-down pile is empty'));
      return ok({ ...state, phase: { ...phase, step: 'drawing' } });
    case 'random': {
      if (phase.step !== 'drawing') return err(ruleError('WrongStep', 'M5', 'no random event is expected now'));
      const pile = me.pile!;
      const i = new RandomStream(action.value).index(pile.refs.length);
      const next = withSeat(state, seat, { drawn: pile.refs[i]!, pile: { ...pile, refs: pile.refs.filter((_, j) => j !== i) } });
      const drawn: GameState = { ...next, randomEvents: state.randomEvents + 1, phase: { ...phase, step: 'place' } };
      // T5b: a drawer who withheld his beacon link is absent at his draw: the tile is set aside unseen (T5a).
      return ok(action.absent?.includes(seat) ? setAsideUnrevealed(drawn, { ...phase, step: 'place' }) : drawn);
    }
    case 'placeTile':
    case 'setAsideTile': {
      const taken = takeTile(state, phase, seat, action.from, action.opening);
      if (!taken.ok) return taken;
      const sites = action.kind === 'placeTile' ? null : landSites(state);
      if (action.kind === 'placeTile') {
        const bad = landPlacementError(state, action.at);
        if (bad) return err(bad);
      } else if (sites!.length > 0) {
        return err(ruleError('PositionAvailable', 'M16', 'a tile may be set aside only when no position on the map is valid'));
      }
      let next = withSeat(state, seat, taken.value.seatPatch);
      if (action.kind === 'placeTile') next = { ...next, map: withLandTile(next.map, action.at, { kind: 'land', colour: taken.value.colour }) };
      return ok(afterTile(next, { ...phase, step: 'portal' }));
    }
    case 'placeBlack': {
      if (phase.step !== 'black') return err(ruleError('BlackTileNotOwed', 'M14', 'black tiles are given only when the portal has no valid position'));
      const bad = landPlacementError(state, action.at, phase.fenced);
      if (bad) return err(bad);
      const next: GameState = { ...state, map: withLandTile(state.map, action.at, { kind: 'land', colour: 'black' }) };
      const owed = phase.blacksOwed - 1;
      if (blackTilesNeeded(next, seat, phase.fenced) > owed)
        return err(ruleError('BlackTileUseless', 'M14', `this black tile does not lead to a valid portal position with ${owed} more`));
      return ok({ ...next, phase: { ...phase, blacksOwed: owed, step: owed > 0 ? 'black' : 'portal', fenced: owed > 0 && phase.fenced } });
    }
    case 'placePortal': {
      if (phase.step !== 'portal') return wrongStep(phase, 'placePortal');
      if (me.portal && portalHoldsMap(state, seat)) return err(ruleError('PortalHoldsMap', 'M11a', 'the map would fall apart without your portal: it cannot move'));
      const bad = portalPlacementError(state, seat, action.at);
      if (bad) return err(bad);
      return ok(endMapTurn(withSeat(state, seat, { portal: action.at, portalPlacedAt: state.seq }), seat));
    }
    case 'removePortal':
      if (phase.step !== 'portal') return wrongStep(phase, 'removePortal');
      if (!me.portal) return err(ruleError('PortalNotOnMap', 'M11', 'your portal is not on the map'));
      if (portalMandatory(me)) return err(ruleError('PortalMandatory', 'M13', 'after your last tile your portal must stay on the map'));
      if (portalHoldsMap(state, seat)) return err(ruleError('PortalHoldsMap', 'M11a', 'the map would fall apart without your portal: it cannot be removed'));
      return ok(endMapTurn(withSeat(state, seat, { portal: null, portalPlacedAt: null }), seat));
    case 'endTurn':
      if (phase.step !== 'portal') return wrongStep(phase, 'endTurn');
      if (portalMandatory(me) && !me.portal) return err(ruleError('PortalMandatory', 'M13', 'after your last tile you must add your portal to the map'));
      return ok(endMapTurn(state, seat));
    default:
      return wrongStep(phase, action.kind);
  }
}

function wrongStep(phase: MapPhase, kind: string): { readonly ok: false; readonly error: RuleError } {
  const expected: Record<MapPhase['step'], string> = {
    take: 'draw a tile from your pile or take your face-up tile',
    drawing: 'wait for the random draw',
    place: 'place the tile you drew',
    black: 'place the black tile you were given',
    portal: 'add, remove or move your portal, or end your turn',
  };
  return err(ruleError('WrongStep', 'M4', `cannot ${kind} now: ${expected[phase.step]}`));
}

/** Checks the tile being taken (M5) and says what it is and how the seat changes. */
function takeTile(
  state: GameState,
  phase: MapPhase,
  seat: Seat,
  from: TileSource,
  opening: TileOpening | undefined,
): Result<{ colour: TileColour; seatPatch: Partial<SeatState> }, RuleError> {
  const me = state.seats[seat]!;
  if (from === 'faceUp') {
    if (phase.step !== 'take') return wrongStep(phase, 'take the face-up tile');
    if (!me.faceUp) return err(ruleError('FaceUpTileUsed', 'M5', 'your face-up tile is already on the map'));
    if (opening) return err(ruleError('MalformedAction', 'A1', 'the face-up tile needs no opening'));
    return ok({ colour: me.faceUp, seatPatch: { faceUp: null } });
  }
  if (phase.step !== 'place' || !me.drawn) return err(ruleError('NoDrawnTile', 'M5', 'you have not drawn a tile'));
  if (!opening) return err(ruleError('OpeningMismatch', 'M5', 'placing a drawn tile reveals it: the action must carry its opening'));
  if (opening.ref !== me.drawn) return err(ruleError('UnknownTile', 'M5', `you drew ${me.drawn}, not ${opening.ref}`));
  const pile = me.pile!;
  if (!openingMatches(opening, pile.commitments[opening.ref]!))
    return err(ruleError('OpeningMismatch', 'M5', `the revealed tile does not match the commitment of ${opening.ref}`));
  if ((pile.remaining[opening.value] ?? 0) <= 0)
    return err(ruleError('OpeningNotInPile', 'M2', `your pile cannot hold another ${opening.value} tile`));
  return ok({
    colour: opening.value,
    seatPatch: { drawn: null, pile: { ...pile, remaining: { ...pile.remaining, [opening.value]: pile.remaining[opening.value] - 1 } } },
  });
}

/** T5a: an absent player's drawn tile is set aside unseen (nobody else can reveal it); his turn goes on. */
export function setAsideUnrevealed(state: GameState, phase: MapPhase): GameState {
  const me = state.seats[phase.turn]!;
  const next = withSeat(state, phase.turn, { drawn: null, unseen: me.drawn ? [...me.unseen, me.drawn] : me.unseen });
  return afterTile(next, { ...phase, step: 'portal' });
}

/** After a tile: the portal step, mandatory after the last tile, with black tiles if the portal has nowhere to go (M13, M14). */
function afterTile(state: GameState, phase: MapPhase): GameState {
  const me = state.seats[phase.turn]!;
  if (!portalMandatory(me) || me.portal) return { ...state, phase };
  const owed = blackTilesNeeded(state, phase.turn);
  if (owed === 0) return { ...state, phase };
  if (Number.isFinite(owed)) return { ...state, phase: { ...phase, step: 'black', blacksOwed: owed } };
  // Fenced in by the other portals: the black tiles may ignore the 4th constraint (ruling M14b).
  const fencedOwed = blackTilesNeeded(state, phase.turn, true);
  if (!Number.isFinite(fencedOwed)) throw new Error(`map creation: no portal position for seat ${phase.turn} even past the fence`);
  return { ...state, phase: { ...phase, step: 'black', blacksOwed: fencedOwed, fenced: true } };
}

function endMapTurn(state: GameState, seat: Seat): GameState {
  const n = state.seats.length;
  const next = (seat + 1) % n;
  if (state.seats.every((s) => tilesLeft(s) === 0)) return { ...state, phase: { name: 'finalRound', turn: next, left: n } };
  return { ...state, phase: { name: 'mapCreation', turn: next, step: 'take', blacksOwed: 0, fenced: false } };
}

// ---------------------------------------------------------------- final round (M15)

export function applyFinalRound(state: GameState, phase: FinalRound, action: Action): Step {
  const seat = phase.turn;
  let next = state;
  if (action.kind === 'placePortal') {
    if (portalHoldsMap(state, seat)) return err(ruleError('PortalHoldsMap', 'M11a', 'the map would fall apart without your portal: it cannot move'));
    const bad = portalPlacementError(state, seat, action.at);
    if (bad) return err(bad);
    next = withSeat(state, seat, { portal: action.at, portalPlacedAt: state.seq });
  } else if (action.kind !== 'endTurn') {
    return err(ruleError('WrongStep', 'M15', 'in the last round you may only move your portal or pass'));
  }
  const left = phase.left - 1;
  if (left === 0) return ok(startConquest(next));
  return ok({ ...next, phase: { name: 'finalRound', turn: (seat + 1) % state.seats.length, left } });
}

// ---------------------------------------------------------------- legal actions

export function mapLegalActions(state: GameState, seat: Seat, vault?: Vault): SeatAction[] {
  const phase = state.phase;
  const me = state.seats[seat]!;
  if (phase.name === 'setup') return vault && phase.awaiting[0] === seat ? [{ kind: 'commitTiles', seat, commitments: tileCommitments(vault) }] : [];
  if (phase.name === 'finalRound') {
    if (phase.turn !== seat) return [];
    const moves = portalHoldsMap(state, seat) ? [] : portalSites(state, seat).map((at): SeatAction => ({ kind: 'placePortal', seat, at }));
    return [...moves, { kind: 'endTurn', seat }];
  }
  if (phase.name !== 'mapCreation' || phase.turn !== seat) return [];
  switch (phase.step) {
    case 'take': {
      const out: SeatAction[] = [];
      if (me.pile && me.pile.refs.length > 0) out.push({ kind: 'drawTile', seat });
      if (me.faceUp) {
        const sites = landSites(state);
        if (sites.length === 0) out.push({ kind: 'setAsideTile', seat, from: 'faceUp' });
        for (const at of sites) out.push({ kind: 'placeTile', seat, from: 'faceUp', at });
      }
      return out;
    }
    case 'drawing':
      return [];
    case 'place': {
      const opening = me.drawn && vault ? tileOpening(vault, me.drawn, state) : undefined;
      const sites = landSites(state);
      if (sites.length === 0) return [opening ? { kind: 'setAsideTile', seat, from: 'drawn', opening } : { kind: 'setAsideTile', seat, from: 'drawn' }];
      return sites.map((at): SeatAction => (opening ? { kind: 'placeTile', seat, from: 'drawn', at, opening } : { kind: 'placeTile', seat, from: 'drawn', at }));
    }
    case 'black': {
      const owed = phase.blacksOwed - 1;
      return landSites(state, phase.fenced)
        .filter((at) => blackTilesNeeded({ ...state, map: withLandTile(state.map, at, { kind: 'land', colour: 'black' }) }, seat, phase.fenced) <= owed)
        .map((at): SeatAction => ({ kind: 'placeBlack', seat, at }));
    }
    case 'portal': {
      const held = portalHoldsMap(state, seat);
      const out: SeatAction[] = held ? [] : portalSites(state, seat).map((at): SeatAction => ({ kind: 'placePortal', seat, at }));
      if (me.portal && !portalMandatory(me) && !held) out.push({ kind: 'removePortal', seat });
      if (!portalMandatory(me) || me.portal) out.push({ kind: 'endTurn', seat });
      return out;
    }
  }
}

export type { Hex };
