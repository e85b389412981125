import {
  type GameState,
  type HexKey,
  type Seat,
  type SeatAction,
  type TileColour,
  type Vault,
  hexKey,
  legalActions,
  tileOpening,
} from '../../engine/index.js';

/**
 * What a seat may do now in map creation, shaped for the prompt and the board: grouped from the
 * engine's legal actions (like chessground's dests), never a rule of its own.
 */
export type MapChoice =
  | { readonly kind: 'take'; readonly draw: SeatAction | null; readonly pileLeft: number; readonly faceUp: TileColour | null; readonly faceUpSites: ReadonlyMap<HexKey, SeatAction>; readonly setAside: SeatAction | null }
  | { readonly kind: 'place'; readonly tile: TileColour | null; readonly sites: ReadonlyMap<HexKey, SeatAction>; readonly setAside: SeatAction | null }
  | { readonly kind: 'black'; readonly owed: number; readonly sites: ReadonlyMap<HexKey, SeatAction> }
  | { readonly kind: 'portal'; readonly final: boolean; readonly mandatory: boolean; readonly moving: boolean; readonly sites: ReadonlyMap<HexKey, SeatAction>; readonly remove: SeatAction | null; readonly done: SeatAction | null }
  | null;

const byHex = (actions: readonly SeatAction[]): Map<HexKey, SeatAction> => {
  const out = new Map<HexKey, SeatAction>();
  for (const a of actions) if ('at' in a) out.set(hexKey(a.at), a);
  return out;
};

/** The map-creation choice of `seat` now (null when it is not his to make, or not map creation). */
export function mapChoice(state: GameState, seat: Seat, vault: Vault | null): MapChoice {
  const phase = state.phase;
  if (phase.name !== 'mapCreation') return null;
  const stage = phase.stage;
  const legal = legalActions(state, seat, vault ?? undefined);
  if (legal.length === 0) return null;
  const me = state.seats[seat]!;
  switch (stage.kind) {
    case 'portal':
    case 'finalRound': {
      const done = legal.find((a) => a.kind === 'endTurn') ?? null;
      return {
        kind: 'portal',
        final: stage.kind === 'finalRound',
        mandatory: done === null,
        moving: me.portal !== null,
        sites: byHex(legal.filter((a) => a.kind === 'placePortal')),
        remove: legal.find((a) => a.kind === 'removePortal') ?? null,
        done,
      };
    }
    case 'take':
      return {
        kind: 'take',
        draw: legal.find((a) => a.kind === 'drawTile') ?? null,
        pileLeft: me.pile?.refs.length ?? 0,
        faceUp: me.faceUp,
        faceUpSites: byHex(legal.filter((a) => a.kind === 'placeTile')),
        setAside: legal.find((a) => a.kind === 'setAsideTile') ?? null,
      };
    case 'place': {
      const tile = me.drawn && vault ? (tileOpening(vault, me.drawn, state)?.value ?? null) : null;
      return { kind: 'place', tile, sites: byHex(legal.filter((a) => a.kind === 'placeTile')), setAside: legal.find((a) => a.kind === 'setAsideTile') ?? null };
    }
    case 'blacks':
      return { kind: 'black', owed: stage.owed, sites: byHex(legal.filter((a) => a.kind === 'placeBlack')) };
    default:
      return null;
  }
}

/** The colour a site would show once Confirm places it (the ghost), for the prompt's current choice. */
export function ghostColour(choice: MapChoice, state: GameState, seat: Seat, source: 'faceUp' | 'drawn'): TileColour | null {
  if (!choice) return null;
  if (choice.kind === 'take') return source === 'faceUp' ? choice.faceUp : null;
  if (choice.kind === 'place') return choice.tile;
  if (choice.kind === 'black') return 'black';
  return state.seats[seat]!.colour;
}
