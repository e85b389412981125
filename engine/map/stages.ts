import type { Hex } from '../hex/index.js';
import type { ActionOf, SeatAction, TileOpening, TileSource } from '../core/actions.js';
import { openingMatches } from '../core/commit.js';
import type { Emit } from '../core/events.js';
import { type RuleError, ruleError } from '../core/errors.js';
import type { Option } from '../core/options.js';
import { RandomStream } from '../core/random.js';
import { err, ok, type Result } from '../core/result.js';
import type { ActionRule, DecisionRules, Next, Step } from '../core/stages.js';
import type { GameState, MapStage, SeatState, TilePile } from '../core/state.js';
import { type Vault, publicVault, tileCommitments, tileOpening } from '../core/vault.js';
import type { Seat, TileColour } from '../core/vocabulary.js';
import { blackTilesNeeded, landSites, portalSites } from './blacks.js';
import { withLandTile } from './board.js';
import { landPlacementError, portalHoldsMap, portalPlacementError } from './constraints.js';
import { PILE_TILES, tileRef } from './setup.js';

/**
 * Map creation (M2-M16) as stages of the game's flow: each stage says who it awaits, the actions
 * it accepts (checked and offered by the same code) and the table's passive choice (T5a).
 */

type At<K extends MapStage['kind']> = Extract<MapStage, { kind: K }>;

const go = (state: GameState, stage: MapStage): Next => ({ state, stage });
const one = (action: SeatAction): Option => ({ kind: 'one', action });
const seatTurn = (stage: { turn: Seat }) => ({ kind: 'seat' as const, seat: stage.turn });

const withSeat = (state: GameState, seat: Seat, patch: Partial<SeatState>): GameState => ({
  ...state,
  seats: state.seats.map((s, i) => (i === seat ? { ...s, ...patch } : s)),
});

/** Non-portal tiles a seat still has to place: its pile, its face-up tile, its drawn tile. */
export const tilesLeft = (s: SeatState): number => (s.pile?.refs.length ?? PILE_TILES.length) + (s.faceUp ? 1 : 0) + (s.drawn ? 1 : 0);

/** After his last tile, a player's portal must be on the map (M13). */
const portalMandatory = (s: SeatState): boolean => tilesLeft(s) === 0;

// ---------------------------------------------------------------- M2: committing the piles

function commitPile(state: GameState, stage: At<'pile'>, action: ActionOf<'commitTiles'>, emit: Emit): Step {
  const { commitments, seat } = action;
  if (commitments.length !== PILE_TILES.length || new Set(commitments).size !== commitments.length)
    return err(ruleError('BadCommitments', 'M2', `a pile is ${PILE_TILES.length} distinct commitments, one per tile`));
  const refs = commitments.map((_, i) => tileRef(seat, i));
  const pile: TilePile = {
    refs,
    commitments: Object.fromEntries(refs.map((r, i) => [r, commitments[i]!])),
    remaining: Object.fromEntries(PILE_TILES.map((c) => [c, 1])) as Record<TileColour, number>,
  };
  emit({ kind: 'pileCommitted', seat });
  const awaiting = stage.awaiting.filter((s) => s !== seat);
  const next = withSeat(state, seat, { pile });
  return ok(go(next, awaiting.length > 0 ? { kind: 'pile', awaiting } : { kind: 'take', turn: state.settings.firstSeat }));
}

// ---------------------------------------------------------------- M5-M10: taking and placing a tile

/** Checks the tile being taken (M5) and says what it is and how the seat changes. */
function takeTile(state: GameState, seat: Seat, from: TileSource, opening: TileOpening | undefined): Result<{ colour: TileColour; seatPatch: Partial<SeatState> }, RuleError> {
  const me = state.seats[seat]!;
  if (from === 'faceUp') {
    if (!me.faceUp) return err(ruleError('FaceUpTileUsed', 'M5', 'your face-up tile is already on the map'));
    if (opening) return err(ruleError('MalformedAction', 'A1', 'the face-up tile needs no opening'));
    return ok({ colour: me.faceUp, seatPatch: { faceUp: null } });
  }
  if (!me.drawn) return err(ruleError('NoDrawnTile', 'M5', 'you have not drawn a tile'));
  if (!opening) return err(ruleError('OpeningMismatch', 'M5', 'placing a drawn tile reveals it: the action must carry its opening'));
  if (opening.ref !== me.drawn) return err(ruleError('UnknownTile', 'M5', `you drew ${me.drawn}, not ${opening.ref}`));
  const pile = me.pile!;
  if (!openingMatches(opening, pile.commitments[opening.ref]!))
    return err(ruleError('OpeningMismatch', 'M5', `the revealed tile does not match the commitment of ${opening.ref}`));
  if ((pile.remaining[opening.value] ?? 0) <= 0) return err(ruleError('OpeningNotInPile', 'M2', `your pile cannot hold another ${opening.value} tile`));
  return ok({
    colour: opening.value,
    seatPatch: { drawn: null, pile: { ...pile, remaining: { ...pile.remaining, [opening.value]: pile.remaining[opening.value] - 1 } } },
  });
}

/** The source a stage takes its tile from: the face-up tile while taking, the drawn tile once drawn. */
const sourceOf = (stage: At<'take' | 'place'>): TileSource => (stage.kind === 'take' ? 'faceUp' : 'drawn');

function placeTile(state: GameState, stage: At<'take' | 'place'>, action: ActionOf<'placeTile'>, emit: Emit): Step {
  const seat = stage.turn;
  if (action.from !== sourceOf(stage)) return err(wrongSource(stage));
  const taken = takeTile(state, seat, action.from, action.opening);
  if (!taken.ok) return taken;
  const bad = landPlacementError(state, action.at);
  if (bad) return err(bad);
  emit({ kind: 'tilePlaced', seat, at: action.at, colour: taken.value.colour, from: action.from });
  const next = withSeat(state, seat, taken.value.seatPatch);
  return ok(afterTile({ ...next, map: withLandTile(next.map, action.at, { kind: 'land', colour: taken.value.colour }) }, seat, emit));
}

function setAsideTile(state: GameState, stage: At<'take' | 'place'>, action: ActionOf<'setAsideTile'>, emit: Emit): Step {
  const seat = stage.turn;
  if (action.from !== sourceOf(stage)) return err(wrongSource(stage));
  const taken = takeTile(state, seat, action.from, action.opening);
  if (!taken.ok) return taken;
  if (landSites(state).length > 0) return err(ruleError('PositionAvailable', 'M16', 'a tile may be set aside only when no position on the map is valid'));
  emit({ kind: 'tileSetAside', seat, colour: taken.value.colour });
  return ok(afterTile(withSeat(state, seat, taken.value.seatPatch), seat, emit));
}

const wrongSource = (stage: At<'take' | 'place'>): RuleError =>
  stage.kind === 'take'
    ? ruleError('NoDrawnTile', 'M5', 'draw a tile or take your face-up tile first')
    : ruleError('WrongStep', 'M5', 'place the tile you drew');

/** The placements a seat may make of the tile from `from`: one per valid position, or setting it aside (M16). */
function placements(state: GameState, seat: Seat, from: TileSource, vault: Vault | undefined, kind: 'placeTile' | 'setAsideTile'): Option[] {
  const me = state.seats[seat]!;
  if (from === 'faceUp' && !me.faceUp) return [];
  if (from === 'drawn' && !me.drawn) return [];
  const sites = landSites(state);
  if (kind === 'setAsideTile' && sites.length > 0) return [];
  const opening = from === 'drawn' && vault ? tileOpening(vault, me.drawn!, state) : undefined;
  if (kind === 'setAsideTile') return [one(opening ? { kind, seat, from, opening } : { kind, seat, from })];
  return sites.map((at) => one(opening ? { kind, seat, from, at, opening } : { kind, seat, from, at }));
}

/** T5a: an absent player's drawn tile is set aside unseen (nobody else can reveal it); his turn goes on. */
export function setAsideUnseen(state: GameState, seat: Seat, emit: Emit): Next {
  const me = state.seats[seat]!;
  emit({ kind: 'tileSetAside', seat, colour: null });
  return afterTile(withSeat(state, seat, { drawn: null, unseen: me.drawn ? [...me.unseen, me.drawn] : me.unseen }), seat, emit);
}

/** After a tile: the portal step, mandatory after the last tile, with black tiles if the portal has nowhere to go (M13, M14). */
function afterTile(state: GameState, seat: Seat, emit: Emit): Next {
  const me = state.seats[seat]!;
  const portal = go(state, { kind: 'portal', turn: seat });
  if (!portalMandatory(me) || me.portal) return portal;
  const owed = blackTilesNeeded(state, seat);
  if (owed === 0) return portal;
  if (Number.isFinite(owed)) {
    emit({ kind: 'blacksOwed', seat, count: owed });
    return go(state, { kind: 'blacks', turn: seat, owed, fenced: false });
  }
  // Fenced in by the other portals: the black tiles may ignore the 4th constraint (ruling M14b).
  const fencedOwed = blackTilesNeeded(state, seat, true);
  if (!Number.isFinite(fencedOwed)) throw new Error(`map creation: no portal position for seat ${seat} even past the fence`);
  emit({ kind: 'blacksOwed', seat, count: fencedOwed });
  return go(state, { kind: 'blacks', turn: seat, owed: fencedOwed, fenced: true });
}

const placeTileRule = <K extends 'take' | 'place'>(): ActionRule<K, 'placeTile'> => ({
  apply: (state, stage, action, emit) => placeTile(state, stage, action, emit),
  options: (state, stage, seat, vault) => placements(state, seat, sourceOf(stage), vault, 'placeTile'),
});
const setAsideRule = <K extends 'take' | 'place'>(): ActionRule<K, 'setAsideTile'> => ({
  apply: (state, stage, action, emit) => setAsideTile(state, stage, action, emit),
  options: (state, stage, seat, vault) => placements(state, seat, sourceOf(stage), vault, 'setAsideTile'),
});

// ---------------------------------------------------------------- M11-M15: the portal, black tiles, the last round

/** Why placing a black tile at `at` is refused, or null (M14): a valid position, and still a portal position within the tiles left owed. */
function blackError(state: GameState, stage: At<'blacks'>, at: Hex): RuleError | null {
  const bad = landPlacementError(state, at, stage.fenced);
  if (bad) return bad;
  const after: GameState = { ...state, map: withLandTile(state.map, at, { kind: 'land', colour: 'black' }) };
  if (blackTilesNeeded(after, stage.turn, stage.fenced) > stage.owed - 1)
    return ruleError('BlackTileUseless', 'M14', `this black tile does not lead to a valid portal position with ${stage.owed - 1} more`);
  return null;
}

/** Why `seat`'s portal cannot move to `at` now, or null (M6-M9, M11a). */
function portalMoveError(state: GameState, seat: Seat, at: Hex): RuleError | null {
  if (state.seats[seat]!.portal && portalHoldsMap(state, seat)) return ruleError('PortalHoldsMap', 'M11a', 'the map would fall apart without your portal: it cannot move');
  return portalPlacementError(state, seat, at);
}

const portalOptions = (state: GameState, seat: Seat): Option[] =>
  state.seats[seat]!.portal && portalHoldsMap(state, seat) ? [] : portalSites(state, seat).map((at) => one({ kind: 'placePortal', seat, at }));

function removalError(state: GameState, seat: Seat): RuleError | null {
  const me = state.seats[seat]!;
  if (!me.portal) return ruleError('PortalNotOnMap', 'M11', 'your portal is not on the map');
  if (portalMandatory(me)) return ruleError('PortalMandatory', 'M13', 'after your last tile your portal must stay on the map');
  if (portalHoldsMap(state, seat)) return ruleError('PortalHoldsMap', 'M11a', 'the map would fall apart without your portal: it cannot be removed');
  return null;
}

function endTurnError(state: GameState, seat: Seat): RuleError | null {
  const me = state.seats[seat]!;
  return portalMandatory(me) && !me.portal ? ruleError('PortalMandatory', 'M13', 'after your last tile you must add your portal to the map') : null;
}

function placePortal(state: GameState, seat: Seat, at: Hex, emit: Emit): GameState {
  emit({ kind: 'portalPlaced', seat, at, from: state.seats[seat]!.portal });
  return withSeat(state, seat, { portal: at, portalPlacedAt: state.seq });
}

/** The end of a map turn: the next seat takes a tile, or the last round begins once every tile is placed (M15, ruling M15a). */
function endMapTurn(state: GameState, seat: Seat, emit: Emit): Next {
  emit({ kind: 'turnEnded', seat });
  const n = state.seats.length;
  const following = (seat + 1) % n;
  if (state.seats.every((s) => tilesLeft(s) === 0)) {
    emit({ kind: 'finalRoundBegan' });
    return go(state, { kind: 'finalRound', turn: following, left: n });
  }
  return go(state, { kind: 'take', turn: following });
}

function endFinalTurn(state: GameState, stage: At<'finalRound'>, emit: Emit): Next {
  emit({ kind: 'turnEnded', seat: stage.turn });
  const left = stage.left - 1;
  return go(state, left === 0 ? { kind: 'built' } : { kind: 'finalRound', turn: (stage.turn + 1) % state.seats.length, left });
}

/**
 * Why `seat` may not put the piece it is placing now on `at`, or null if it may (or places
 * nothing now): the check placing it there would make, for the stage at hand. A land tile: M6,
 * M10; a black tile: M6, M10 unless fenced in (M14b), M14; its portal: M6-M9, M11a. Hover hints ask
 * this rather than choosing a check themselves.
 */
export function whyNotAt(state: GameState, seat: Seat, at: Hex): RuleError | null {
  if (state.phase.name !== 'mapCreation') return null;
  const stage = state.phase.stage;
  if (!('turn' in stage) || stage.turn !== seat) return null;
  switch (stage.kind) {
    case 'take':
    case 'place':
      return landPlacementError(state, at);
    case 'blacks':
      return blackError(state, stage, at);
    case 'portal':
    case 'finalRound':
      return portalMoveError(state, seat, at);
    case 'draw':
      return null;
  }
}

// ---------------------------------------------------------------- the stages

const pile: DecisionRules<'pile'> = {
  expects: { rule: 'M2', text: 'commit your face-down tile pile' },
  awaits: (_s, stage) => ({ kind: 'seat', seat: stage.awaiting[0]! }),
  actions: {
    commitTiles: {
      apply: commitPile,
      options: (_s, _stage, seat, vault) => (vault ? [one({ kind: 'commitTiles', seat, commitments: tileCommitments(vault) })] : []),
    },
  },
  // T5: an absent seat's pile is committed with a public key: its tiles are open information.
  passive: (_s, _stage, seat) => ({ kind: 'action', action: { kind: 'commitTiles', seat, commitments: tileCommitments(publicVault(seat)) } }),
};

const take: DecisionRules<'take'> = {
  expects: { rule: 'M5', text: 'draw a tile from your pile or take your face-up tile' },
  awaits: (_s, stage) => seatTurn(stage),
  actions: {
    drawTile: {
      apply: (state, stage, _a, emit) => {
        const me = state.seats[stage.turn]!;
        if (!me.pile || me.pile.refs.length === 0) return err(ruleError('PileEmpty', 'M5', 'your face-down pile is empty'));
        emit({ kind: 'tileDrawn', seat: stage.turn });
        return ok(go(state, { kind: 'draw', turn: stage.turn }));
      },
      options: (state, _stage, seat) => ((state.seats[seat]!.pile?.refs.length ?? 0) > 0 ? [one({ kind: 'drawTile', seat })] : []),
    },
    placeTile: placeTileRule<'take'>(),
    setAsideTile: setAsideRule<'take'>(),
  },
  // T5a: the face-up tile at the first valid position if he still has it, else a draw.
  passive: (state, stage, seat) => {
    if (!state.seats[seat]!.faceUp) return { kind: 'action', action: { kind: 'drawTile', seat } };
    const sites = landSites(state);
    return { kind: 'action', action: sites.length > 0 ? { kind: 'placeTile', seat, from: 'faceUp', at: sites[0]! } : { kind: 'setAsideTile', seat, from: sourceOf(stage) } };
  },
};

const draw: DecisionRules<'draw'> = {
  expects: { rule: 'M5', text: 'wait for the random draw' },
  awaits: () => ({ kind: 'random' }),
  actions: {
    random: {
      apply: (state, stage, action, emit) => {
        const seat = stage.turn;
        const pileNow = state.seats[seat]!.pile!;
        const i = new RandomStream(action.value).index(pileNow.refs.length);
        const drawn = withSeat({ ...state, randomEvents: state.randomEvents + 1 }, seat, { drawn: pileNow.refs[i]!, pile: { ...pileNow, refs: pileNow.refs.filter((_, j) => j !== i) } });
        emit({ kind: 'randomEvent', absent: action.absent ?? [] });
        // T5b: a drawer who withheld his beacon link is absent at his draw: the tile is set aside unseen (T5a).
        return ok(action.absent?.includes(seat) ? setAsideUnseen(drawn, seat, emit) : go(drawn, { kind: 'place', turn: seat }));
      },
      options: () => [],
    },
  },
  passive: () => null,
};

const place: DecisionRules<'place'> = {
  expects: { rule: 'M5', text: 'place the tile you drew' },
  awaits: (_s, stage) => seatTurn(stage),
  actions: { placeTile: placeTileRule<'place'>(), setAsideTile: setAsideRule<'place'>() },
  // T5a: nobody else can reveal his drawn tile: it is set aside unseen.
  passive: (state, stage, seat) => ({ kind: 'table', next: setAsideUnseen(state, stage.turn, () => undefined), action: null }),
};

const blacks: DecisionRules<'blacks'> = {
  expects: { rule: 'M14', text: 'place the black tile you were given' },
  awaits: (_s, stage) => seatTurn(stage),
  actions: {
    placeBlack: {
      apply: (state, stage, action, emit) => {
        const bad = blackError(state, stage, action.at);
        if (bad) return err(bad);
        emit({ kind: 'blackPlaced', seat: stage.turn, at: action.at });
        const next: GameState = { ...state, map: withLandTile(state.map, action.at, { kind: 'land', colour: 'black' }) };
        const owed = stage.owed - 1;
        return ok(go(next, owed > 0 ? { ...stage, owed } : { kind: 'portal', turn: stage.turn }));
      },
      options: (state, stage, seat) => landSites(state, stage.fenced).filter((at) => blackError(state, stage, at) === null).map((at) => one({ kind: 'placeBlack', seat, at })),
    },
  },
  passive: (state, stage, seat) => firstOption(blacks.actions.placeBlack.options(state, stage, seat)),
};

const portal: DecisionRules<'portal'> = {
  expects: { rule: 'M11', text: 'add, remove or move your portal, or end your turn' },
  awaits: (_s, stage) => seatTurn(stage),
  actions: {
    placePortal: {
      apply: (state, stage, action, emit) => {
        const bad = portalMoveError(state, stage.turn, action.at);
        return bad ? err(bad) : ok(endMapTurn(placePortal(state, stage.turn, action.at, emit), stage.turn, emit));
      },
      options: (state, _stage, seat) => portalOptions(state, seat),
    },
    removePortal: {
      apply: (state, stage, _a, emit) => {
        const bad = removalError(state, stage.turn);
        if (bad) return err(bad);
        emit({ kind: 'portalRemoved', seat: stage.turn, from: state.seats[stage.turn]!.portal! });
        return ok(endMapTurn(withSeat(state, stage.turn, { portal: null, portalPlacedAt: null }), stage.turn, emit));
      },
      options: (state, _stage, seat) => (removalError(state, seat) ? [] : [one({ kind: 'removePortal', seat })]),
    },
    endTurn: {
      apply: (state, stage, _a, emit) => {
        const bad = endTurnError(state, stage.turn);
        return bad ? err(bad) : ok(endMapTurn(state, stage.turn, emit));
      },
      options: (state, _stage, seat) => (endTurnError(state, seat) ? [] : [one({ kind: 'endTurn', seat })]),
    },
  },
  // T5a: a pass, unless M13 requires the portal: then its first valid position.
  passive: (state, stage, seat) => firstOption([...portal.actions.endTurn.options(state, stage, seat), ...portalOptions(state, seat)]),
};

const finalRound: DecisionRules<'finalRound'> = {
  expects: { rule: 'M15', text: 'in the last round you may only move your portal or pass' },
  awaits: (_s, stage) => seatTurn(stage),
  actions: {
    placePortal: {
      apply: (state, stage, action, emit) => {
        const bad = portalMoveError(state, stage.turn, action.at);
        return bad ? err(bad) : ok(endFinalTurn(placePortal(state, stage.turn, action.at, emit), stage, emit));
      },
      options: (state, _stage, seat) => portalOptions(state, seat),
    },
    endTurn: {
      apply: (state, stage, _a, emit) => ok(endFinalTurn(state, stage, emit)),
      options: (_s, _stage, seat) => [one({ kind: 'endTurn', seat })],
    },
  },
  passive: (_s, _stage, seat) => ({ kind: 'action', action: { kind: 'endTurn', seat } }),
};

/** The first offered action, as the passive choice where the rules offer no passive one (T5). */
function firstOption(options: readonly Option[]): { kind: 'action'; action: SeatAction } | null {
  const first = options[0];
  return first?.kind === 'one' ? { kind: 'action', action: first.action } : null;
}

export const MAP_STAGES = { pile, take, draw, place, blacks, portal, finalRound } as const;
